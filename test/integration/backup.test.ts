/**
 * `npm run backup` and `npm run restore` as an operator runs them (the scripts as child processes,
 * here on DATABASE_URL: a database of its own): back up, change data, restore, and every table is
 * as it was at the backup, row for row; a restore while other connections are open is refused
 * unless forced; the app serves the restored database (docs/operations.md "Backups").
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { DEMO, loginToken } from '../helpers/app.ts';
import { freePort, startServerProcess } from '../helpers/server-process.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Runs `node --import tsx scripts/<name>.ts …args` on the database; its exit code and output. */
function script(name: 'backup' | 'restore', databaseUrl: string, args: string[]): Promise<{ code: number; output: string }> {
  const env = { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' };
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, ...args], { cwd: ROOT, env }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, output: stdout + stderr });
    });
  });
}

/** Every table of the app with its row count and a digest of all its rows (the migrator's own tables left out). */
async function fingerprint(url: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'r' and c.relname not like 'kysely_%' order by 1`,
    );
    const out: Record<string, string> = {};
    for (const { name } of tables) {
      const { rows } = await client.query<{ n: string; digest: string | null }>(`select count(*) as n, md5(string_agg(t::text, '|' order by t::text)) as digest from "${name}" t`);
      out[name] = `${rows[0]!.n} ${rows[0]!.digest}`;
    }
    const { rows: seqs } = await client.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'S'`,
    );
    for (const { name } of seqs) {
      const { rows } = await client.query<{ last_value: string }>(`select last_value from "${name}"`);
      out[`sequence ${name}`] = rows[0]!.last_value;
    }
    return out;
  } finally {
    await client.end();
  }
}

let database: TestDatabase;
let dir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  dir = await mkdtemp(path.join(os.tmpdir(), 'tsunagu-backup-'));
});
afterAll(async () => {
  await database?.drop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('npm run backup, then npm run restore', () => {
  it('brings every table back as it was at the backup, after the data changed', async () => {
    const file = path.join(dir, 'demo.backup.gz');
    const before = await fingerprint(database.url);
    // The demo data has rows in the tables that matter most.
    for (const t of ['users', 'companies', 'jobs', 'job_daily_shifts', 'conversations', 'messages']) expect(before[t]).not.toMatch(/^0 /);

    const backup = await script('backup', database.url, ['--out', file]);
    expect(backup.output).toMatch(/backup: \d+ rows in \d+ tables/);
    expect(backup.code).toBe(0);
    expect((await stat(file)).size).toBeGreaterThan(1_000);

    // Changes after the backup: an edit, a deletion (cascading to its children) and an insert.
    await database.db.updateTable('companies').set({ name: 'Renamed after the backup' }).execute();
    const conversation = await database.db.selectFrom('conversations').select('id').where('last_message_at', 'is not', null).executeTakeFirstOrThrow();
    await database.db.deleteFrom('conversations').where('id', '=', conversation.id).execute();
    await database.db.insertInto('contact_messages').values({ kind: 'contact', name: 'After', email: 'after@example.test', message: 'written after the backup', lang: 'en' }).execute();
    const changed = await fingerprint(database.url);
    expect(changed.companies).not.toBe(before.companies);
    expect(changed.messages).not.toBe(before.messages);
    expect(changed.contact_messages).not.toBe(before.contact_messages);

    // The test's own pool is connected: the restore refuses, saying why.
    const refused = await script('restore', database.url, [file]);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/other connection\(s\) to this database: stop the app first/);
    expect(await fingerprint(database.url)).toEqual(changed);

    const restore = await script('restore', database.url, [file, '--force']);
    expect(restore.output).toMatch(/restore: \d+ rows in \d+ tables/);
    expect(restore.code).toBe(0);
    expect(await fingerprint(database.url)).toEqual(before);
  });

  it('the app serves the restored database: a demo login works and the back office lists its jobs', async () => {
    const server = await startServerProcess({ databaseUrl: database.url, port: await freePort(), dataDir: dir });
    try {
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      const token = await loginToken(server.url, DEMO.company_admin);
      const page = await fetch(`${server.url}/admin/jobs/list`, { headers: { cookie: `token=${token}` } });
      expect(page.status).toBe(200);
    } finally {
      await server.kill();
    }
  });

  it('refuses a file that is not a backup, and leaves the database alone', async () => {
    const before = await fingerprint(database.url);
    const r = await script('restore', database.url, [path.join(ROOT, 'package.json'), '--force']);
    expect(r.code).not.toBe(0);
    expect(r.output).toMatch(/incorrect header check|not a Tsunagu backup/);
    expect(await fingerprint(database.url)).toEqual(before);
  });
});
