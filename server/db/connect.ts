import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Database } from './database.ts';

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
  const pool = new pg.Pool({
    connectionString: url,
    max: o.max ?? 10,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: o.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    statement_timeout: statementMs,
    // A server that stops answering without closing the socket: give up a little after the server
    // would have. No statement limit (0: migrations, the seed, benchmarks) means no read limit either.
    ...(statementMs > 0 ? { query_timeout: statementMs + 5_000 } : {}),
  });
  const lost = (err: Error) => o.log?.warn({ err: { message: err.message, code: (err as { code?: string }).code } }, 'a database connection was lost');
  pool.on('error', lost);
  pool.on('connect', (client) => client.on('error', lost));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, pool };
}

/** Runs `fn` in a transaction: the caller's, when it already is one (Kysely has no nested transactions), else a new one. */
export function inTransaction<T>(db: DB, fn: (trx: DB) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}
