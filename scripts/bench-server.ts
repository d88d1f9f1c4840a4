import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { pino } from 'pino';
import { createApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { connectDatabase, type DB } from '../server/db/connect.ts';
import { startEmbeddedPostgres, withDatabase, type EmbeddedServer } from '../server/db/embedded.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { seedDemo } from '../server/db/seed/index.ts';
import { createInProcessBus } from '../server/events/bus.ts';
import { createMailer } from '../server/mail.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The PostgreSQL server a benchmark makes its scratch databases on: `DATABASE_URL`'s, or an
 * embedded one (fsync off) started for the run and removed afterwards, even on failure.
 */
export async function withBenchServer<T>(run: (serverUrl: string) => Promise<T>): Promise<T> {
  let embedded: EmbeddedServer | undefined;
  let tmp: string | undefined;
  try {
    let serverUrl = process.env.DATABASE_URL;
    if (!serverUrl) {
      tmp = await mkdtemp(path.join(os.tmpdir(), 'tsunagu-bench-'));
      embedded = await startEmbeddedPostgres({ dir: path.join(tmp, 'pg'), ephemeral: true, fast: true });
      serverUrl = embedded.url;
    }
    return await run(serverUrl);
  } finally {
    await embedded?.stop();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  }
}

/** The demo accounts' password in a bench's scratch database. */
export const BENCH_PASSWORD = 'bench-password';

/**
 * A scratch database of one bench (`tsunagu_bench_<what>_<time>`) on the server at `serverUrl`:
 * `url` to connect to, `drop()` to remove it, with any session still on it, once the bench is done.
 */
export async function scratchDatabase(serverUrl: string, what: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `tsunagu_bench_${what}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } catch (e) {
    await admin.end();
    throw e;
  }
  return {
    url: withDatabase(serverUrl, name),
    async drop() {
      try {
        await admin.query(`drop database if exists ${name} with (force)`);
      } finally {
        await admin.end();
      }
    },
  };
}

/**
 * Connects to a scratch database (`max` pooled clients, no statement limit: a bench's seeding runs
 * long) and fills it as `npm start` does: the migrations, then the demo data, whose accounts log in
 * with BENCH_PASSWORD. The caller destroys it.
 */
export async function demoDatabase(url: string, max: number): Promise<ReturnType<typeof connectDatabase>> {
  const database = connectDatabase(url, { max, statementTimeoutMs: 0 });
  try {
    await migrateToLatest(database.db);
    await seedDemo(database.db, { password: BENCH_PASSWORD });
  } catch (e) {
    await database.db.destroy();
    throw e;
  }
  return database;
}

/**
 * The whole app as `npm start` builds it (NODE_ENV=production, silent logs) on a loopback port,
 * in this process: for the benches that time pages or count their statements on `db`.
 */
export async function listenBenchApp(db: DB, pool: pg.Pool, jwtSecret: string): Promise<{ base: string; close(): Promise<void> }> {
  const config = loadConfig({ NODE_ENV: 'production', PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: path.join(ROOT, 'data/bench') });
  const log = pino({ level: 'silent' });
  const app = await createApp({ config, db, pool, log, mailer: createMailer({ smtpUrl: undefined, from: 'x', log }), bus: createInProcessBus(), jwtSecret, root: ROOT });
  const server = http.createServer(app.app);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  return {
    base: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      await app.close();
    },
  };
}
