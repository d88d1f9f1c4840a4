import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { buildClient } from '../scripts/build-client.ts';
import { buildServer } from '../scripts/build-server.ts';
import { connectDatabase } from '../server/db/connect.ts';
import { startEmbeddedPostgres, withDatabase, type EmbeddedServer } from '../server/db/embedded.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { seedDemo } from '../server/db/seed/index.ts';

export const TEST_DEMO_PASSWORD = 'demo-password-for-tests';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A connection string to the test PostgreSQL server's maintenance database. */
    pgServerUrl: string;
    /** The migrated and seeded template each test file clones. */
    templateDb: string;
    demoPassword: string;
  }
}

/**
 * Once per run: the client bundles, one PostgreSQL server (embedded, or the one DATABASE_URL
 * names) and a migrated, seeded template database that every test file clones in ~100 ms.
 */
export default async function setup(project: TestProject) {
  // The unit tests need none of it (`npm run test:unit`).
  if (project.vitest.projects.every((p) => p.name === 'unit')) return;
  const started = Date.now();
  // The browser bundles, and the server bundle the process tests run (as `npm start` does).
  await Promise.all([buildClient(), buildServer()]);

  let embedded: EmbeddedServer | undefined;
  let tmp: string | undefined;
  let serverUrl: string;
  if (process.env.DATABASE_URL) {
    serverUrl = process.env.DATABASE_URL;
  } else {
    // In memory where the machine has it: every test file clones the template, and creating a
    // database's thousand-odd files took 150–1,000 ms on this VM's disk (openat at 170 µs a call).
    tmp = await mkdtemp(path.join(existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir(), 'tsunagu-test-'));
    embedded = await startEmbeddedPostgres({ dir: path.join(tmp, 'pg'), ephemeral: true, fast: true });
    serverUrl = embedded.url;
  }

  const templateDb = `tsunagu_tpl_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${admin.escapeIdentifier(templateDb)}`);
  const { db } = connectDatabase(withDatabase(serverUrl, templateDb), { max: 2, statementTimeoutMs: 0 });
  await migrateToLatest(db);
  await seedDemo(db, { password: TEST_DEMO_PASSWORD });
  await db.destroy();

  project.provide('pgServerUrl', serverUrl);
  project.provide('templateDb', templateDb);
  project.provide('demoPassword', TEST_DEMO_PASSWORD);
  console.log(`test setup: bundles, ${embedded ? 'embedded' : 'external'} PostgreSQL and template database in ${Date.now() - started} ms`);

  return async () => {
    // Drop what this run made: the template and any test database a crashed file left behind.
    const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where datname = $1 or datname like $2`, [templateDb, `tsunagu_t_${process.pid}_%`]);
    for (const { datname } of rows) await admin.query(`drop database if exists ${admin.escapeIdentifier(datname)} with (force)`);
    await admin.end();
    if (embedded) await embedded.stop();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  };
}
