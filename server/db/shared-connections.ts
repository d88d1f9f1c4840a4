import {
  PostgresAdapter,
  PostgresDriver,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type pg from 'pg';

/**
 * Kysely's PostgreSQL dialect with one change: a statement run on its own (not in a transaction)
 * goes on one of a few connections shared in pipeline mode (pg's `pipeline`), instead of taking a
 * pooled connection for itself and waiting for its answer before the connection takes the next.
 *
 * Why: a request's statement costs the database process a wake-up, and on a machine where the app
 * and PostgreSQL share cores that wake-up (and the process switch that follows it) cost more than
 * running the statement (docs/performance.md). Statements written behind one another on a
 * connection that is already working are read by PostgreSQL as soon as it finishes the one before,
 * with no wake-up. Each still has its own Sync, so it is its own implicit transaction: one that
 * fails or is cancelled (statement_timeout) fails alone.
 *
 * What does not change: a transaction (`db.transaction()`, `inTransaction`) checks out a pooled
 * connection of its own for its whole length, as do streamed queries. The shared connections are
 * taken from the pool and kept, so `max` counts them. A statement joins the shared connection with
 * the fewest statements in flight, unless the oldest there has been running longer than
 * `STALL_MS`: a slow statement (a report) must not hold up the quick ones behind it, so while every
 * shared connection is held up like that, a statement takes a pooled connection as before.
 * A statement queued behind one that turns slow after it joined still waits for it; that is the
 * price, bounded by the statement timeout. `db.connection()` (a session for several statements)
 * is given a pooled connection by `connectDatabase`, not through this driver.
 */
export const STALL_MS = 20;

type Executor = Pick<pg.ClientBase, 'query'>;

/** What Kysely's own PostgreSQL connection does with a compiled statement (its class is not exported). */
async function execute<R>(client: Executor, q: CompiledQuery): Promise<QueryResult<R>> {
  const { command, rowCount, rows } = await client.query(q.sql, [...q.parameters]);
  return {
    numAffectedRows: command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE' ? BigInt(rowCount ?? 0) : undefined,
    rows: (rows ?? []) as R[],
  };
}

class SharedConnection {
  private client: Promise<pg.PoolClient> | null = null;
  /** When each statement in flight was sent, oldest first (a pipeline answers in order). */
  private readonly started: number[] = [];

  constructor(private readonly pool: pg.Pool) {}

  get inFlight(): number {
    return this.started.length;
  }

  stalled(now: number): boolean {
    return this.started.length > 0 && now - this.started[0]! > STALL_MS;
  }

  private connect(): Promise<pg.PoolClient> {
    if (!this.client) {
      const p = this.pool.connect().then((c) => {
        // pg reads the flag on every query it queues; the connection is idle when handed out.
        (c as unknown as { pipeline: boolean }).pipeline = true;
        const drop = (err?: Error) => {
          if (this.client !== p) return;
          this.client = null;
          // Gone (the server closed it, the network broke): the pool must not hand it out again.
          c.release(err ?? new Error('a shared connection ended'));
        };
        c.once('error', drop);
        c.once('end', () => drop());
        return c;
      });
      this.client = p;
      p.catch(() => {
        if (this.client === p) this.client = null;
      });
    }
    return this.client;
  }

  async run<R>(q: CompiledQuery): Promise<QueryResult<R>> {
    const t = performance.now();
    this.started.push(t);
    try {
      return await execute<R>(await this.connect(), q);
    } finally {
      this.started.splice(this.started.indexOf(t), 1);
    }
  }

  /** Hands the connection back to the pool (for the pool's end). */
  async close(): Promise<void> {
    const p = this.client;
    this.client = null;
    if (!p) return;
    try {
      const c = await p;
      (c as unknown as { pipeline: boolean }).pipeline = false;
      c.release();
    } catch {
      // never connected
    }
  }
}

/** A connection Kysely asks for: the shared ones for a lone statement, a pooled one once it is pinned (a transaction, a stream, a second statement). */
class LazyConnection implements DatabaseConnection {
  pinned: DatabaseConnection | undefined;
  private used = false;

  constructor(private readonly owner: SharedConnectionsDriver) {}

  async pin(): Promise<DatabaseConnection> {
    this.pinned ??= await this.owner.pooled.acquireConnection();
    return this.pinned;
  }

  async executeQuery<R>(q: CompiledQuery): Promise<QueryResult<R>> {
    if (!this.pinned && !this.used) {
      this.used = true;
      const shared = this.owner.pick();
      if (shared) return shared.run<R>(q);
    }
    return (await this.pin()).executeQuery<R>(q);
  }

  async *streamQuery<R>(q: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    yield* (await this.pin()).streamQuery<R>(q, chunkSize);
  }
}

/** The pooled connection a transaction began on (Kysely passes back the one it acquired). */
const pinnedOf = (c: DatabaseConnection): DatabaseConnection => {
  const p = (c as LazyConnection).pinned;
  if (!p) throw new Error('no transaction on this connection');
  return p;
};

class SharedConnectionsDriver implements Driver {
  readonly pooled: PostgresDriver;
  private readonly shared: SharedConnection[];

  constructor(pool: pg.Pool, count: number) {
    this.pooled = new PostgresDriver({ pool });
    this.shared = Array.from({ length: count }, () => new SharedConnection(pool));
  }

  /** The shared connection with the fewest statements in flight that is not held up, if any. */
  pick(): SharedConnection | undefined {
    const now = performance.now();
    let best: SharedConnection | undefined;
    for (const s of this.shared) if (!s.stalled(now) && (!best || s.inFlight < best.inFlight)) best = s;
    return best;
  }

  init(): Promise<void> {
    return this.pooled.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new LazyConnection(this);
  }

  async beginTransaction(c: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    // Kysely's driver types its connection as its own (unexported) class; the pooled one is that.
    await this.pooled.beginTransaction((await (c as LazyConnection).pin()) as never, settings);
  }

  commitTransaction(c: DatabaseConnection): Promise<void> {
    return this.pooled.commitTransaction(pinnedOf(c) as never);
  }

  rollbackTransaction(c: DatabaseConnection): Promise<void> {
    return this.pooled.rollbackTransaction(pinnedOf(c) as never);
  }

  savepoint(c: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return this.pooled.savepoint(pinnedOf(c) as never, name, compile);
  }

  rollbackToSavepoint(c: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return this.pooled.rollbackToSavepoint(pinnedOf(c) as never, name, compile);
  }

  releaseSavepoint(c: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return this.pooled.releaseSavepoint(pinnedOf(c) as never, name, compile);
  }

  async releaseConnection(c: DatabaseConnection): Promise<void> {
    const p = (c as LazyConnection).pinned;
    if (p) await this.pooled.releaseConnection(p as never);
  }

  async destroy(): Promise<void> {
    await Promise.all(this.shared.map((s) => s.close()));
    await this.pooled.destroy();
  }
}

/** Kysely's PostgresDialect over `pool`, with `shared` of its connections shared by lone statements (0: none, as PostgresDialect). */
export function sharedConnectionsDialect(pool: pg.Pool, shared: number): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new SharedConnectionsDriver(pool, shared),
    createIntrospector: (db: Kysely<unknown>) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}
