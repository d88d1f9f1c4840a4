/**
 * `npm start` as a new user runs it (issue 17 item 7): the server bundled by esbuild
 * (scripts/build-server.ts → dist/server) run by plain node, without the TypeScript loader. It
 * answers the health checks and serves pages, the browser bundles from public/ and the island
 * preloads from public/build/preload.json (paths read at run time resolve from the project root,
 * not from dist/server); SIGTERM stops it cleanly. The cluster bundle starts its workers too.
 * A second `npm start` skips a bundle that is newer than every file it was built from.
 * (The other process tests run the bundle test/global-setup.ts builds; this file builds it itself.)
 */
import { mkdtemp, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../scripts/build-server.ts';
import { upToDate, writeStamp } from '../../scripts/build-stamp.ts';
import { DEMO, loginToken } from '../helpers/app.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { freePort, startServerProcess, type ServerProcess } from '../helpers/server-process.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

let database: TestDatabase;
let dataDir: string;
const started: ServerProcess[] = [];
beforeAll(async () => {
  await buildServer({ root: ROOT });
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'tsunagu-build-'));
}, 120_000);
afterAll(async () => {
  for (const p of started) await p.kill();
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('the bundled server (npm start)', () => {
  it('starts with plain node, answers the health checks and serves pages, scripts and preloads; SIGTERM stops it', async () => {
    const server = await startServerProcess({ script: 'dist/server/main.js', databaseUrl: database.url, port: await freePort(), dataDir });
    started.push(server);
    expect(server.child.spawnargs).not.toContain('tsx');

    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);

    const home = await fetch(`${server.url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<html');
    const boot = await fetch(`${server.url}/build/boot.js`);
    expect(boot.status).toBe(200);
    await boot.body?.cancel();

    // An admin page's islands are named in modulepreload links, read from public/build/preload.json.
    const token = await loginToken(server.url, DEMO.company_admin);
    const page = await fetch(`${server.url}/admin/candidate`, { redirect: 'manual', headers: { cookie: `token=${token}` } });
    expect(page.status).toBe(200);
    const preloads = [...(await page.text()).matchAll(/<link rel="modulepreload" href="([^"]+)"\/>/g)].map((m) => m[1]!);
    expect(preloads.some((f) => f.includes('/chunks/hydrate-'))).toBe(true);

    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });

  it('runs the cluster bundle (npm run start:cluster): a primary and its worker behind one port', async () => {
    const server = await startServerProcess({ script: 'dist/server/cluster.js', databaseUrl: database.url, port: await freePort(), dataDir, env: { WEB_CONCURRENCY: '1' } });
    started.push(server);
    const health = await fetch(`${server.url}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok', worker: 1 });
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });
});

describe('npm start rebuilds only a stale bundle (scripts/build.ts --if-stale)', () => {
  it('counts a bundle up to date until a file it was built from changes or goes, and a missing bundle as stale', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'tsunagu-stamp-'));
    try {
      const stamp = path.join(dir, 'inputs.json');
      expect(await upToDate(stamp, dir)).toBe(false);
      await writeFile(path.join(dir, 'a.ts'), 'export {};');
      await writeFile(path.join(dir, 'build.ts'), 'export {};');
      // Times set apart explicitly: two steps in one millisecond would tell nothing.
      const ago = (s: number) => new Date(Date.now() - s * 1000);
      for (const f of ['a.ts', 'build.ts']) await utimes(path.join(dir, f), ago(60), ago(60));
      await writeStamp(stamp, { inputs: { 'a.ts': {} } }, ago(30).getTime(), 'build.ts');
      expect(await upToDate(stamp, dir)).toBe(true);
      await utimes(path.join(dir, 'a.ts'), ago(10), ago(10));
      expect(await upToDate(stamp, dir)).toBe(false);
      // A file changed in the build's first millisecond may or may not be in it: stale.
      await writeStamp(stamp, { inputs: { 'a.ts': {} } }, ago(10).getTime(), 'build.ts');
      const stampAt = (await stat(stamp)).mtime;
      await utimes(path.join(dir, 'a.ts'), stampAt, stampAt);
      expect(await upToDate(stamp, dir)).toBe(false);
      await writeStamp(stamp, { inputs: { 'a.ts': {} } }, Date.now(), 'build.ts');
      expect(await upToDate(stamp, dir)).toBe(true);
      await rm(path.join(dir, 'a.ts'));
      expect(await upToDate(stamp, dir)).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
