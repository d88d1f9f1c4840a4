import { createHash } from 'node:crypto';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Database } from './database.ts';
import { sharedConnectionsDialect } from './shared-connections.ts';

// bigint counts as numbers; a calendar date (no time zone) stays the string YYYY-MM-DD, since a
// JS Date would shift it by the server's zone.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1082, (v) => v);

export type DB = Kysely<Database>;

export interface ConnectOptions {
  max?: number;
  /** A statement running longer is cancelled by the server (PostgreSQL statement_timeout). */
  statementTimeoutMs?: number;
  /** Giving up on opening a connection (the database is down or unreachable). */
  connectTimeoutMs?: number;
  /**
   * Pooled connections kept for statements run on their own, pipelined (server/db/shared-connections.ts);
   * by default 2 when the pool has 4 or more, else none.
   */
  shared?: number;
  log?: Logger;
}

export const DEFAULT_STATEMENT_TIMEOUT_MS = 15_000;
export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;

/**
 * A pool and Kysely over it. The database may go away at any time (restart, failover, a network
 * cut): no connection's error may end the process. An idle client's error reaches the pool's
 * handler; a checked-out client's (one inside a transaction between two queries) reaches its own
 * handler, attached to every client the moment it connects. The query in flight fails with the
 * error, the pool drops the broken client, and the next query opens a new connection.
 */
export function connectDatabase(url: string, opts: number | ConnectOptions = {}): { db: DB; pool: pg.Pool } {
  const o: ConnectOptions = typeof opts === 'number' ? { max: opts } : opts;
  const statementMs = o.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  const bounds = timeBounds(statementMs, o.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS);
  const max = o.max ?? 10;
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: bounds.connectMs,
    statement_timeout: bounds.serverMs,
    // No JIT compilation: PostgreSQL's default (on) compiles a statement whose estimated cost
    // passes jit_above_cost, and for this app's statements compiling costs more than it saves (the
    // company chat badges at 50,000 conversations: 165 ms with it, 32 ms without). A DATABASE_URL
    // that sets `options` itself keeps its own.
    options: '-c jit=off',
    // A server that stops answering without closing the socket: the client gives up at the limit
    // itself (the server's own limit, a little shorter, stops a slow statement first). No statement
    // limit (0: migrations, the seed, benchmarks) means no read limit either.
    ...(bounds.readMs > 0 ? { query_timeout: bounds.readMs } : {}),
  });
  const health = new DatabaseHealth();
  healthOf.set(pool, health);
  const lost = (err: Error) => {
    health.failed();
    o.log?.warn({ err: { message: err.message, code: (err as { code?: string }).code } }, 'a database connection was lost');
  };
  pool.on('error', lost);
  pool.on('connect', (client) => {
    client.on('error', lost);
    namedStatements(client);
    silentDropped(client, health);
  });
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  // A connection that could not be opened in time (a silent or gone server) is known at once.
  (pool as unknown as { connect: (cb?: unknown) => unknown }).connect = (cb?: unknown) => {
    if (typeof cb === 'function') return (pool.connect as unknown as (...a: unknown[]) => unknown).call(pool, cb);
    return connect().catch((err: unknown) => {
      health.failed();
      throw err;
    });
  };
  const shared = o.shared ?? (max >= 4 ? 2 : 0);
  const db = new Kysely<Database>({ dialect: sharedConnectionsDialect(pool, shared) });
  if (shared > 0) {
    // `db.connection()` is a session of its own (SET, then statements that rely on it): a pooled
    // connection for its whole callback, as Kysely's own dialect gives, not the shared ones.
    const pooled = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    db.connection = () => pooled.connection();
  }
  return { db, pool };
}

/**
 * The time limits of the app's connections, from DB_STATEMENT_TIMEOUT_MS and DB_CONNECT_TIMEOUT_MS:
 * the statement limit is the most a query may keep a request waiting, whether the server is busy or
 * silent. The client stops reading at the limit (`readMs`: a server that accepts and says nothing,
 * or stops answering mid-run, never sends the cancel); PostgreSQL's own statement_timeout is a
 * little shorter (`serverMs`: by a tenth, at least 0.1 s and at most 1 s), so a statement that is merely slow is cancelled
 * by the server first, with its own error, and the connection lives on. Opening a connection waits
 * no longer than the statement limit either. 0 (no statement limit) keeps the connect limit and
 * sets no read limit.
 */
export function timeBounds(statementMs: number, connectMs: number): { serverMs: number; readMs: number; connectMs: number } {
  if (statementMs <= 0) return { serverMs: 0, readMs: 0, connectMs };
  return { serverMs: Math.max(1, statementMs - Math.min(1_000, Math.max(100, Math.ceil(statementMs / 10)))), readMs: statementMs, connectMs: Math.min(connectMs, statementMs) };
}

/**
 * What the app last saw of its database, without asking it (GET /healthz must answer at once):
 * unreachable from a lost connection, a connection not opened in time or a read that timed out,
 * until a statement answers again.
 */
export class DatabaseHealth {
  private since: number | null = null;
  failed(): void {
    this.since ??= Date.now();
  }
  answered(): void {
    this.since = null;
  }
  /** Null while the database answers; else since when it has not. */
  unreachableSince(): Date | null {
    return this.since === null ? null : new Date(this.since);
  }
}

const healthOf = new WeakMap<pg.Pool, DatabaseHealth>();
/** The health connectDatabase keeps for this pool (a pool made elsewhere has none). */
export function databaseHealth(pool: pg.Pool): DatabaseHealth | undefined {
  return healthOf.get(pool);
}

/**
 * A connection whose read timed out has a statement in flight that may never be answered: every
 * later statement on it would wait behind that one. It is closed, so the pool drops it and opens a
 * new one. (pg closes a pipelined connection itself, server/db/shared-connections.ts.) Any answer
 * marks the database reachable again.
 */
function silentDropped(client: pg.PoolClient, health: DatabaseHealth): void {
  const query = client.query.bind(client) as QueryFn;
  const outcome = (err: unknown) => {
    if (!err) return health.answered();
    if ((err as Error).message !== 'Query read timeout') return;
    health.failed();
    (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
  };
  (client as unknown as { query: QueryFn }).query = (...args: unknown[]) => {
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (err: unknown, ...rest: unknown[]) => {
        outcome(err);
        return (callback as (...a: unknown[]) => unknown)(err, ...rest);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result && typeof (result as Promise<unknown>).then === 'function') (result as Promise<unknown>).then(() => outcome(null), outcome);
    return result;
  };
}

/** A statement is kept prepared on its connection when it is a query with parameters, not a bulk one. */
const PREPARABLE = /^\s*(select|with|insert|update|delete)\b/i;
const MAX_TEXT = 8_000;
const MAX_VALUES = 100;
/** Statements one connection keeps prepared; past it, new texts are sent unnamed (as before). */
export const MAX_PREPARED_PER_CONNECTION = 300;

const names = new Map<string, string>();
/** A statement's name: a digest of its text, so every connection and process calls it the same. */
function nameOf(text: string): string {
  let name = names.get(text);
  if (!name) {
    if (names.size >= 5_000) names.clear();
    name = `t${createHash('sha1').update(text).digest('base64url').slice(0, 22)}`;
    names.set(text, name);
  }
  return name;
}

type QueryFn = (...args: unknown[]) => unknown;

/**
 * Sends the app's statements as named prepared statements, so that PostgreSQL parses each text
 * once per connection and, after a few runs, keeps its plan (plan_cache_mode auto) instead of
 * planning every page's statements again: for the small statements of a page (the session check,
 * a list of 50 rows) parsing and planning took several times longer than running them. pg sends
 * a name's Parse once per connection and Bind/Execute after. Only parameterised statements (a
 * statement without parameters goes by the simple protocol and may hold several commands) and
 * not bulk ones (more than 100 values, or a long text); at most MAX_PREPARED_PER_CONNECTION texts
 * per connection, so varying texts cannot grow a server process without bound.
 */
function namedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as QueryFn;
  const prepared = new Set<string>();
  (client as unknown as { query: QueryFn }).query = (...args: unknown[]) => {
    const [text, values, callback] = args;
    if (typeof text !== 'string' || !Array.isArray(values) || values.length === 0 || values.length > MAX_VALUES || text.length > MAX_TEXT || !PREPARABLE.test(text)) return query(...args);
    const name = nameOf(text);
    if (!prepared.has(name)) {
      if (prepared.size >= MAX_PREPARED_PER_CONNECTION) return query(...args);
      prepared.add(name);
    }
    return query({ name, text, values }, callback);
  };
}

/** Runs `fn` in a transaction: the caller's, when it already is one (Kysely has no nested transactions), else a new one. */
export function inTransaction<T>(db: DB, fn: (trx: DB) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}
