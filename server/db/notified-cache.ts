import type pg from 'pg';
import type { Logger } from 'pino';
import type { DB } from './connect.ts';
import { NotifyListener } from './notify.ts';

/**
 * Values read from the database and kept in the process until a NOTIFY on the cache's channel
 * says one of its tables changed (table triggers send it on any write, from any process or psql;
 * PostgreSQL delivers it when the writing transaction commits). While the listener is not
 * connected nothing is cached, so a missed notice cannot leave stale data. A process that wrote
 * one of the tables itself drops its copy at once (`wroteTable`), before its own notice is back.
 * At most `max` values are kept (the least recently used goes first).
 */
export interface NotifiedCacheOptions {
  /** The NOTIFY channel its tables' triggers send on. */
  channel: string;
  /** The tables whose writes send that notice (the migrations' triggers). */
  tables: readonly string[];
  max?: number;
}

const registry = new WeakMap<DB, Map<string, NotifiedCache>>();

export class NotifiedCache {
  private readonly values = new Map<string, Promise<unknown>>();
  private generation = 0;
  private readonly listener: NotifyListener;
  readonly tables: ReadonlySet<string>;
  private readonly max: number;

  constructor(
    private readonly db: DB,
    pool: pg.Pool,
    private readonly opts: NotifiedCacheOptions,
    log?: Logger,
  ) {
    const drop = () => this.invalidate();
    this.listener = new NotifyListener(pool, opts.channel, { onNotify: drop, onConnected: drop, onLost: drop }, log);
    this.tables = new Set(opts.tables);
    this.max = opts.max ?? 10_000;
    let byChannel = registry.get(db);
    if (!byChannel) registry.set(db, (byChannel = new Map()));
    byChannel.set(opts.channel, this);
  }

  /** The value of `key`, loaded once until the next change (or loaded every time while not listening). */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.listener.connected) return load();
    const hit = this.values.get(key);
    if (hit) {
      // Most recently used last: the first key is the one to forget.
      this.values.delete(key);
      this.values.set(key, hit);
      return hit as Promise<T>;
    }
    const gen = this.generation;
    const p = load();
    if (this.values.size >= this.max) this.values.delete(this.values.keys().next().value!);
    this.values.set(key, p);
    // A failed load is not kept; nor is one that a change overtook while it ran.
    p.then(
      () => {
        if (this.generation !== gen && this.values.get(key) === p) this.values.delete(key);
      },
      () => {
        if (this.values.get(key) === p) this.values.delete(key);
      },
    );
    return p;
  }

  invalidate(): void {
    this.generation++;
    this.values.clear();
  }

  listen(): Promise<void> {
    return this.listener.listen();
  }

  close(): void {
    this.listener.close();
    this.invalidate();
    if (registry.get(this.db)?.get(this.opts.channel) === this) registry.get(this.db)!.delete(this.opts.channel);
  }
}

/** Through the process's cache on `channel` for this database when there is one (the app makes them), else loaded. */
export function cachedOn<T>(db: DB, channel: string, key: string, load: () => Promise<T>): Promise<T> {
  const cache = registry.get(db)?.get(channel);
  return cache ? cache.get(key, load) : load();
}

/** After a committed write to `table` by this process: drops at once every cache of the database that holds it. */
export function wroteTable(db: DB, table: string): void {
  for (const cache of registry.get(db)?.values() ?? []) if (cache.tables.has(table)) cache.invalidate();
}
