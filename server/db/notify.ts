import type pg from 'pg';
import type { Logger } from 'pino';

/**
 * A LISTEN on one channel of the database every process shares, kept open: on a lost connection
 * it reconnects after a second, and tells its owner when it is (dis)connected, so a cache that
 * relies on the notices trusts itself only while they can arrive (a missed notice must not leave
 * stale data behind). The NOTIFY a transaction sends arrives after it has committed.
 */
export interface NotifyHandlers {
  onNotify(payload: string): void;
  /** Connected (again): whatever was cached before may be stale. */
  onConnected(): void;
  /** The connection is gone: notices may be missed until onConnected. */
  onLost(): void;
}

export class NotifyListener {
  private client: pg.PoolClient | null = null;
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly channel: string,
    private readonly handlers: NotifyHandlers,
    private readonly log?: Logger,
  ) {
    if (!/^[a-z_]+$/.test(channel)) throw new Error(`bad channel name ${channel}`);
  }

  get connected(): boolean {
    return this.client !== null;
  }

  async listen(): Promise<void> {
    if (this.closed) return;
    let client: pg.PoolClient | undefined;
    try {
      client = await this.pool.connect();
      const c = client;
      c.on('notification', (n) => {
        if (n.channel === this.channel) this.handlers.onNotify(n.payload ?? '');
      });
      c.on('error', (err) => {
        if (this.client !== c) return;
        this.client = null;
        this.handlers.onLost();
        c.release(true);
        if (this.closed) return;
        this.log?.warn({ err, channel: this.channel }, 'database listener lost its connection; reconnecting');
        setTimeout(() => void this.listen(), 1000).unref();
      });
      await c.query(`LISTEN ${this.channel}`);
      this.client = c;
      this.handlers.onConnected();
    } catch (err) {
      client?.release(true);
      if (this.closed) return;
      this.log?.warn({ err, channel: this.channel }, 'database listener could not connect; retrying');
      setTimeout(() => void this.listen(), 1000).unref();
    }
  }

  close(): void {
    this.closed = true;
    const c = this.client;
    this.client = null;
    // Destroy rather than return the connection: it has listeners of ours attached.
    if (c) c.release(true);
  }
}
