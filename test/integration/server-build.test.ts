/**
 * `npm start` as a new user runs it: the server bundled by esbuild
 * (scripts/build-server.ts → dist/server) run by plain node, without the TypeScript loader. It
 * answers the health checks and serves pages, the browser bundles from public/ and the island
 * preloads from public/build/preload.json (paths read at run time resolve from the project root,
 * not from dist/server); SIGTERM stops it cleanly. The cluster bundle starts its workers too.
 * A second `npm start` skips a bundle that is newer than every file it was built from.
 * (The other process tests run the bundle test/global-setup.ts builds; this file builds it itself.)
 */
import { mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildServer } from '../../scripts/build-server.ts';
import { upToDate, writeStamp } from '../../scripts/build-stamp.ts';
import { DEMO, loginToken } from '../helpers/app.ts';
import { gql } from '../helpers/graphql.ts';
import { until } from '../helpers/wait.ts';
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

describe('npm start is production-safe by default', () => {
  it('with no NODE_ENV and no secrets set: no introspection over HTTP or WebSocket, the secrets made in DATA_DIR (0600), the outbound guard on, and imported pages read by the bundled worker', async () => {
    // A job site the operator allowed (OUTBOUND_ALLOW=127.0.0.2); 127.0.0.1 stays inside the network.
    const site = http.createServer((req, res) => {
      if (req.url === '/robots.txt') return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'text/html' }).end('<ul><li class="job"><a class="t" href="/j/1">バンドルの求人</a></li></ul>');
    });
    await new Promise<void>((r) => site.listen(0, '127.0.0.2', r));
    const fresh = await mkdtemp(path.join(os.tmpdir(), 'tsunagu-fresh-'));
    try {
      const server = await startServerProcess({
        script: 'dist/server/main.js',
        databaseUrl: database.url,
        port: await freePort(),
        dataDir: fresh,
        env: { NODE_ENV: undefined, JWT_SECRET: undefined, INTEGRATION_KEY: undefined, OUTBOUND_ALLOW: '127.0.0.2', CRAWLER_INTERVAL_SECONDS: '1' },
      });
      started.push(server);
      expect(server.output()).not.toMatch(/development mode|test mode/);

      const http1 = await gql(server.url, '{ __schema { queryType { name } } }');
      expect(http1.data ?? null).toBeNull();
      expect(JSON.stringify(http1.errors)).toMatch(/introspection/i);
      const token = await loginToken(server.url, DEMO.company_admin);
      const ws = createClient({ url: `${server.url.replace('http', 'ws')}/graphqlws`, webSocketImpl: WebSocket, retryAttempts: 0, connectionParams: { Authorization: `Bearer ${token}` } });
      try {
        const answer = await new Promise<unknown>((resolve) => {
          let last: unknown;
          ws.subscribe(
            { query: '{ __type(name: "Query") { name fields { name } } }' },
            { next: (r) => (last = r), error: (e) => resolve({ errors: Array.isArray(e) ? e : String((e as { reason?: string }).reason ?? e) }), complete: () => resolve(last) },
          );
        });
        expect(JSON.stringify(answer)).toMatch(/introspection/i);
        expect(JSON.stringify(answer)).not.toMatch(/"fields"/);
      } finally {
        await ws.dispose();
      }

      // The secrets it needed were made on this first start, readable by its user only.
      for (const name of ['jwt-secret', 'integration-key']) {
        expect((await stat(path.join(fresh, name))).mode & 0o777, name).toBe(0o600);
      }
      expect(Buffer.from((await readFile(path.join(fresh, 'integration-key'), 'utf8')).trim(), 'base64')).toHaveLength(32);

      // The Romuten URL check is on: a company admin cannot point it inside the network.
      const save = await gql(
        server.url,
        'mutation { saveRomutenConnection(input: { baseUrl: "https://localhost.:8443", apiKey: "key-12345678", secret: "secret-12345678", enabled: true }) }',
        {},
        { token },
      );
      expect(JSON.stringify(save.errors)).toMatch(/OUTBOUND_ALLOW/);
      // A public https address is saved, its credentials sealed with the generated key.
      const ok = await gql(
        server.url,
        'mutation { saveRomutenConnection(input: { baseUrl: "https://api.romuten.example", apiKey: "key-12345678", secret: "secret-12345678", enabled: false }) }',
        {},
        { token },
      );
      expect(ok.errors).toBeUndefined();

      // The scheduler imports from the allowed site; the page is read by dist/server/parse-worker.js.
      const company = await database.db.selectFrom('companies').select('id').where('name', 'like', 'さくら%').executeTakeFirstOrThrow();
      const client = await database.db.selectFrom('clients').select('id').where('company_id', '=', company.id).orderBy('name').executeTakeFirstOrThrow();
      const src = await database.db
        .insertInto('crawler_sources')
        .values({
          name: 'bundle',
          url: `http://127.0.0.2:${(site.address() as AddressInfo).port}/list`,
          company_id: company.id,
          client_id: client.id,
          item_selector: 'li.job',
          map_url: 'a.t',
          map_title: 'a.t',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const run = await until(
        () => database.db.selectFrom('crawler_runs').select(['status', 'imported', 'errors']).where('source_id', '=', src.id).where('finished_at', 'is not', null).executeTakeFirst(),
        'the scheduled import run',
        30_000,
      );
      expect(run).toMatchObject({ status: 'ok', imported: 1 });
      server.child.kill('SIGTERM');
      expect(await server.exited).toEqual({ code: 0, signal: null });
    } finally {
      site.closeAllConnections();
      await new Promise((r) => site.close(r));
      await rm(fresh, { recursive: true, force: true });
    }
  });
});

describe('npm start runs the process in production mode', () => {
  // Each process of the server records, as it exits, its NODE_ENV and which of React's builds it
  // loaded (a preload that only reads require.cache: React picks its build by NODE_ENV when it is
  // first imported, and Express its `env` when an app is made). Only modules that ran count: Node
  // lists both of React's builds, unrun, when it reads which names an imported CommonJS module exports.
  const probe = `process.on('exit', () => require('node:fs').writeFileSync(process.env.MODE_PROBE_DIR + '/' + process.pid + '.json', JSON.stringify({ env: process.env.NODE_ENV, react: Object.keys(require.cache).filter((k) => require.cache[k].loaded && /node_modules\\/react(-dom)?\\/cjs\\//.test(k)).map((k) => k.replace(/.*node_modules\\//, '')) })));`;
  const run = async (script: 'dist/server/main.js' | 'dist/server/cluster.js', env: Record<string, string | undefined> = {}) => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'tsunagu-mode-'));
    try {
      await writeFile(path.join(dir, 'probe.cjs'), probe);
      const server = await startServerProcess({
        script,
        databaseUrl: database.url,
        port: await freePort(),
        dataDir,
        env: { NODE_ENV: undefined, NODE_OPTIONS: `--require ${path.join(dir, 'probe.cjs')}`, MODE_PROBE_DIR: dir, ...env },
      });
      started.push(server);
      // A page, so that the server renderer has been used.
      expect((await fetch(`${server.url}/`)).status).toBe(200);
      server.child.kill('SIGTERM');
      expect(await server.exited).toEqual({ code: 0, signal: null });
      const files = (await readdir(dir)).filter((f) => f.endsWith('.json'));
      return await Promise.all(files.map(async (f) => JSON.parse(await readFile(path.join(dir, f), 'utf8')) as { env: string; react: string[] }));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };

  it("npm start with NODE_ENV unset: NODE_ENV=production, and React's production builds, not its development ones", async () => {
    const [main, ...more] = await run('dist/server/main.js');
    expect(more).toEqual([]);
    expect(main!.env).toBe('production');
    expect(main!.react).toContain('react-dom/cjs/react-dom-server.node.production.js');
    expect(main!.react.filter((f) => f.includes('development'))).toEqual([]);
  });

  it('npm run start:cluster with NODE_ENV unset: the primary and its worker both in production mode', async () => {
    const processes = await run('dist/server/cluster.js', { WEB_CONCURRENCY: '1' });
    expect(processes).toHaveLength(2);
    for (const p of processes) {
      expect(p.env).toBe('production');
      expect(p.react.filter((f) => f.includes('development'))).toEqual([]);
    }
    // The worker renders pages with the production server renderer.
    expect(processes.some((p) => p.react.includes('react-dom/cjs/react-dom-server.node.production.js'))).toBe(true);
  });

  it("an explicit NODE_ENV still wins (the tests' own start, and `npm run start:dev`'s development)", async () => {
    const [main] = await run('dist/server/main.js', { NODE_ENV: 'development' });
    expect(main!.env).toBe('development');
    expect(main!.react).toContain('react-dom/cjs/react-dom-server.node.development.js');
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
