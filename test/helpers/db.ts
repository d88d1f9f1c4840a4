import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { connectDatabase, type DB } from '../../server/db/connect.ts';
import { withDatabase } from '../../server/db/embedded.ts';

export interface TestDatabase {
  url: string;
  name: string;
  db: DB;
  pool: pg.Pool;
  drop(): Promise<void>;
}

/** A fresh database cloned from the migrated, seeded template (test/global-setup.ts). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = inject('pgServerUrl');
  const template = inject('templateDb');
  const ppid = template.split('_')[2];
  const name = `tsunagu_t_${ppid}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${admin.escapeIdentifier(name)} template ${admin.escapeIdentifier(template)}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(serverUrl, name);
  const { db, pool } = connectDatabase(url, 5);
  return {
    url,
    name,
    db,
    pool,
    async drop() {
      await db.destroy();
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      try {
        await c.query(`drop database if exists ${c.escapeIdentifier(name)} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}
