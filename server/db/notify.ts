import type pg from 'pg';
import type { Logger } from 'pino';

/**
 * A LISTEN on one channel of the database every process shares, kept open: on a lost connection
 * it reconnects after a second, and tells its owner when it is (dis)connected, so a cache that
 * relies on the notices trusts itself only while they can arrive (a missed notice must not leave
 * stale data behind). The NOTIFY a transaction sends arrives after it has committed.
 *
 * All the listeners of one pool share one connection (a Hub): the caches of a process (role maps,
 * reference data, boards, ads) hold one of the pool's connections between them, not one each.
 */
export interface NotifyHandlers {
  onNotify(payload: string): void;
  /** Connected (again): whatever was cached before may be stale. */
  onConnected(): void;
  /** The connection is gone: notices may be missed until onConnected. */
  onLost(): void;
}

const CHANNEL = /^[a-z_]+$/;

/** The one listening connection of a pool, with every channel its listeners asked for. */
class Hub {
  private client: pg.PoolClient | null = null;
  private connecting: Promise<void> | null = null;
  private readonly listeners = new Set<NotifyListener>();
  /** Channels LISTENed on the current connection. */
  private readonly listening = new Set<string>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly log?: Logger,
  ) {}

  /** Whether notices on `channel` can arrive now. */
  hears(channel: string): boolean {
    return this.client !== null && this.listening.has(channel);
  }

  async add(l: NotifyListener): Promise<void> {
    this.listeners.add(l);
    if (!this.client) await this.connect();
    const c = this.client;
    if (!c || this.listening.has(l.channel)) return;
    try {
      await this.listenOn(c, l.channel);
    } catch {
      // The connection failed: its error handler reconnects and LISTENs on every channel.
      return;
    }
    l.handlers.onConnected();
  }

  remove(l: NotifyListener): void {
    this.listeners.delete(l);
    if (this.listeners.size) return;
    const c = this.client;
    this.client = null;
    this.listening.clear();
    // Destroy rather than return the connection: it has listeners of ours attached.
    if (c) c.release(true);
  }

  private async listenOn(c: pg.PoolClient, channel: string): Promise<void> {
    if (this.listening.has(channel)) return;
    await c.query(`LISTEN ${channel}`);
    this.listening.add(channel);
  }

  private connect(): Promise<void> {
    this.connecting ??= this.open().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async open(): Promise<void> {
    if (!this.listeners.size) return;
    let client: pg.PoolClient | undefined;
    try {
      client = await this.pool.connect();
      const c = client;
      c.on('notification', (n) => {
        for (const l of this.listeners) if (l.channel === n.channel) l.handlers.onNotify(n.payload ?? '');
      });
      c.on('error', (err) => {
        if (this.client !== c) return;
        this.client = null;
        this.listening.clear();
        for (const l of this.listeners) l.handlers.onLost();
        c.release(true);
        if (!this.listeners.size) return;
        this.log?.warn({ err }, 'database listener lost its connection; reconnecting');
        setTimeout(() => void this.connect(), 1000).unref();
      });
      this.listening.clear();
      for (const channel of new Set([...this.listeners].map((l) => l.channel))) await this.listenOn(c, channel);
      if (!this.listeners.size) return void c.release(true);
      this.client = c;
      for (const l of this.listeners) l.handlers.onConnected();
    } catch (err) {
      client?.release(true);
      if (!this.listeners.size) return;
      this.log?.warn({ err }, 'database listener could not connect; retrying');
      setTimeout(() => void this.connect(), 1000).unref();
    }
  }
}

const hubs = new WeakMap<pg.Pool, Hub>();

export class NotifyListener {
  private hub: Hub | null = null;
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    readonly channel: string,
    readonly handlers: NotifyHandlers,
    private readonly log?: Logger,
  ) {
    if (!CHANNEL.test(channel)) throw new Error(`bad channel name ${channel}`);
  }

  get connected(): boolean {
    return !!this.hub?.hears(this.channel);
  }

  async listen(): Promise<void> {
    if (this.closed || this.hub) return;
    let hub = hubs.get(this.pool);
    if (!hub) hubs.set(this.pool, (hub = new Hub(this.pool, this.log)));
    this.hub = hub;
    await hub.add(this);
  }

  close(): void {
    this.closed = true;
    this.hub?.remove(this);
    this.hub = null;
  }
}
