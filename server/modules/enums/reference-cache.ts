import type pg from 'pg';
import type { Logger } from 'pino';
import type { DB } from '../../db/connect.ts';
import { NotifyListener } from '../../db/notify.ts';

/**
 * Reference data cached in the process: the enumeration store (enums with their derived fields,
 * visa types) and the languages, loaded and derived once per change instead of on every request
 * (an admin list page read them a dozen times). Migration 0017's triggers send NOTIFY
 * tsunagu_reference on any write to those tables; every process drops its copy on it. While the
 * listener is not connected nothing is cached, so a missed notice cannot leave stale data.
 */
export const REFERENCE_CHANNEL = 'tsunagu_reference';

/** The tables whose writes send that notice (migrations 0017 and 0035). */
export const REFERENCE_TABLES: ReadonlySet<string> = new Set([
  'job_enums',
  'job_enum_translations',
  'visa_types',
  'languages',
  'job_industries',
  'job_categories',
  'clients',
  'companies',
  'candidate_statuses',
  'jobs',
]);

const caches = new WeakMap<DB, ReferenceCache>();

export class ReferenceCache {
  private readonly values = new Map<string, Promise<unknown>>();
  private generation = 0;
  private readonly listener: NotifyListener;

  constructor(db: DB, pool: pg.Pool, log?: Logger) {
    const drop = () => this.invalidate();
    this.listener = new NotifyListener(pool, REFERENCE_CHANNEL, { onNotify: drop, onConnected: drop, onLost: drop }, log);
    caches.set(db, this);
  }

  /** The value of `key`, loaded once until the next change (or loaded every time while not listening). */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.listener.connected) return load();
    const hit = this.values.get(key);
    if (hit) return hit as Promise<T>;
    const gen = this.generation;
    const p = load();
    this.values.set(key, p);
    // A failed load is not kept; nor is one that a change overtook while it ran.
    p.then(
      () => {
        if (this.generation !== gen) this.values.delete(key);
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
  }
}

/** Through the process's cache for this database when there is one (the app makes it), else loaded. */
export function cachedReference<T>(db: DB, key: string, load: () => Promise<T>): Promise<T> {
  const cache = caches.get(db);
  return cache ? cache.get(key, load) : load();
}

/** Drops this process's cached reference data for the database (after a write it made itself). */
export function invalidateReference(db: DB): void {
  caches.get(db)?.invalidate();
}

/**
 * After a committed write to `table` by this process: drops the cache at once when the table is
 * reference data, so the writer's next page shows it even before its own notice comes back.
 */
export function wroteTable(db: DB, table: string): void {
  if (REFERENCE_TABLES.has(table)) invalidateReference(db);
}
