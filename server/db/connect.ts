import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './database.ts';

// Return timestamps without time zone and bigint counts as JS values we can use directly.
pg.types.setTypeParser(20, (v) => Number(v));

export type DB = Kysely<Database>;

export function connectDatabase(url: string, max = 10): { db: DB; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 10_000 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, pool };
}
