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
  const max = o.max ?? 10;
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: o.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    statement_timeout: statementMs,
    // No JIT compilation: PostgreSQL's default (on) compiles a statement whose estimated cost
    // passes jit_above_cost, and for this app's statements compiling costs more than it saves (the
    // company chat badges at 50,000 conversations: 165 ms with it, 32 ms without). A DATABASE_URL
    // that sets `options` itself keeps its own.
    options: '-c jit=off',
    // A server that stops answering without closing the socket: give up a little after the server
    // would have. No statement limit (0: migrations, the seed, benchmarks) means no read limit either.
    ...(statementMs > 0 ? { query_timeout: statementMs + 5_000 } : {}),
  });
  const lost = (err: Error) => o.log?.warn({ err: { message: err.message, code: (err as { code?: string }).code } }, 'a database connection was lost');
  pool.on('error', lost);
  pool.on('connect', (client) => {
    client.on('error', lost);
    namedStatements(client);
  });
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
