import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './database.ts';

// bigint counts as numbers; a calendar date (no time zone) stays the string YYYY-MM-DD, since a
// JS Date would shift it by the server's zone.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1082, (v) => v);

export type DB = Kysely<Database>;

export function connectDatabase(url: string, max = 10): { db: DB; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 10_000 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, pool };
}
