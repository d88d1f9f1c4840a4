import path from 'node:path';
import { loadConfig } from '../server/config.ts';
import { connectDatabase, type DB } from '../server/db/connect.ts';
import { startEmbeddedPostgres, withDatabase, type EmbeddedServer } from '../server/db/embedded.ts';
import { ensureDatabase } from '../server/db/ensure.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { seedDemo } from '../server/db/seed/index.ts';

/** The database `npm start` would use (DATABASE_URL, else the embedded one in DATA_DIR), migrated and seeded. */
export async function openAppDatabase(): Promise<{ db: DB; url: string; close(): Promise<void> }> {
  const config = loadConfig();
  let embedded: EmbeddedServer | undefined;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres({ dir: path.join(config.dataDir, 'pg') });
    url = withDatabase(embedded.url, 'tsunagu');
    await ensureDatabase(embedded.url, 'tsunagu');
  }
  // Scripts load and measure large data sets: no statement time limit.
  const { db } = connectDatabase(url, { statementTimeoutMs: 0 });
  await migrateToLatest(db);
  await seedDemo(db, { password: config.demoPassword });
  return {
    db,
    url,
    async close() {
      await db.destroy();
      await embedded?.stop();
    },
  };
}
