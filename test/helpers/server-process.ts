import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { onTestFailed } from 'vitest';
import { TEST_JWT_SECRET } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { redisPrefix, TEST_REDIS_URL } from './redis.ts';
import { until } from './wait.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Environment variables main.ts reads that must not leak in from the test run's own environment. */
const CLEARED = ['DATABASE_URL', 'REDIS_URL', 'REDIS_PREFIX', 'API_URL', 'PUBLIC_URL', 'SMTP_URL', 'TRUST_PROXY', 'JWT_SECRET', 'DEMO_PASSWORD', 'INTEGRATION_KEY', 'OUTBOUND_ALLOW'];

/** A real `server/main.ts` process, as production runs it (one per deploy, several behind Redis). */
export interface ServerProcess {
  readonly child: ChildProcess;
  readonly port: number;
  /** http://127.0.0.1:<port> */
  readonly url: string;
  /** Everything the process wrote to stdout and stderr so far (the last 64 KB). */
  output(): string;
  /** Resolves once the process has exited (at once when it already has). */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends SIGKILL (if still running) and waits for the exit. */
  kill(): Promise<void>;
}

/** A port nobody listens on right now (listen on 0, close, reuse the number). */
export async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve, reject) => {
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', resolve);
  });
  const addr = srv.address();
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  if (!addr || typeof addr !== 'object') throw new Error('freePort: no address');
  return addr.port;
}

const running = new Set<ChildProcess>();
// Should the test worker die without running its hooks, its servers die with it.
process.once('exit', () => {
  for (const c of running) c.kill('SIGKILL');
});

interface ProcessOptions {
  databaseUrl: string;
  port: number;
  dataDir: string;
  /** Set these variables; one given as undefined is left unset (e.g. NODE_ENV, to start as `npm start` does). */
  env?: Record<string, string | undefined>;
  readyMs?: number;
  /** What to run: the bundle of `server/main.ts` (one process, the default) or of `server/cluster.ts` (a primary and its workers). */
  script?: 'dist/server/main.js' | 'dist/server/cluster.js';
}

/**
 * Starts the server as `npm start` runs it, the bundle `dist/server/main.js` under plain node
 * (test/global-setup.ts builds it from the sources of the run; through tsx a start took twice the
 * CPU), and waits until GET /readyz answers 200. A process that exits or does not get ready in
 * `readyMs` fails the start with its output. The JWT secret is the tests' own (TEST_JWT_SECRET),
 * so tokens outlive a restart and work on every process; SEED=none: the cloned database is
 * already seeded.
 */
export async function startServerProcess(opts: ProcessOptions): Promise<ServerProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of CLEARED) delete env[k];
  Object.assign(env, {
    NODE_ENV: 'test',
    DATABASE_URL: opts.databaseUrl,
    PORT: String(opts.port),
    HOST: '127.0.0.1',
    DATA_DIR: opts.dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: 'warn',
    SEED: 'none',
    ...opts.env,
  });
  for (const [k, v] of Object.entries(opts.env ?? {})) if (v === undefined) delete env[k];
  const script = opts.script ?? 'dist/server/main.js';
  const child = spawn(process.execPath, ['--enable-source-maps', script], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let out = '';
  const collect = (chunk: Buffer) => {
    out += chunk.toString('utf8');
    if (out.length > 65_536) out = out.slice(-65_536);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  // An object, not a let: TypeScript would keep a let narrowed to null across the awaits below.
  const state: { exit: { code: number | null; signal: NodeJS.Signals | null } | null } = { exit: null };
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      state.exit = { code, signal };
      running.delete(child);
      resolve({ code, signal });
    });
    child.once('error', (err) => {
      collect(Buffer.from(`spawn error: ${err.message}\n`));
      state.exit = { code: null, signal: null };
      running.delete(child);
      resolve({ code: null, signal: null });
    });
  });
  const url = `http://127.0.0.1:${opts.port}`;
  const proc: ServerProcess = {
    child,
    port: opts.port,
    url,
    output: () => out,
    exited,
    async kill() {
      if (!state.exit) child.kill('SIGKILL');
      await exited;
    },
  };

  const deadline = Date.now() + (opts.readyMs ?? 30_000);
  for (;;) {
    if (state.exit) throw new Error(`server process exited before it was ready (${JSON.stringify(state.exit)}); its output:\n${out}`);
    try {
      const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1_000) });
      await res.body?.cancel();
      if (res.status === 200) return proc;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await proc.kill();
      throw new Error(`server process not ready on ${url} after ${opts.readyMs ?? 30_000} ms; its output:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The pids of a process's Node children (a cluster primary's workers), from `ps`. */
export async function nodeChildPids(pid: number): Promise<number[]> {
  const out = await new Promise<string>((resolve) => execFile('ps', ['-o', 'pid=,comm=', '--ppid', String(pid)], (_err, stdout) => resolve(stdout)));
  return out
    .split('\n')
    .map((l) => l.trim().split(/\s+/))
    .filter(([, comm]) => comm === 'node')
    .map(([pid]) => Number(pid));
}

/** GET on a new TCP connection each time (no keep-alive), so the primary hands each to the next worker. */
export function getFresh(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

/** The worker numbers that answer /healthz over a few fresh connections. */
export async function answeringWorkers(url: string, tries = 6): Promise<Set<number>> {
  const seen = new Set<number>();
  for (let i = 0; i < tries; i++) {
    const r = await getFresh(`${url}/healthz`).catch(() => null);
    if (r?.status === 200) seen.add((JSON.parse(r.body) as { worker: number }).worker);
  }
  return seen;
}

/** Waits until a cluster's two workers answer again, one with a number not in `before`: the primary has replaced one. */
export async function replacementAnswers(url: string, before: ReadonlySet<number>): Promise<void> {
  await until(
    async () => {
      const now = await answeringWorkers(url);
      return now.size === 2 && [...now].some((w) => !before.has(w));
    },
    'a replacement worker answers',
    30_000,
  );
}

/** What a suite's server processes run on: a database of their own and an empty data folder. */
export interface ProcessGround {
  /** A fresh clone of the seeded template (createTestDatabase). */
  readonly database: TestDatabase;
  readonly dataDir: string;
  /** startServerProcess on this ground: its database (unless `databaseUrl` names another way to it), its folder and, unless told, a free port. */
  start(opts?: Partial<ProcessOptions>): Promise<ServerProcess>;
  /**
   * Two processes started together with `opts`, as a deploy starts two replicas (both run the
   * migrations check and seedBase at once). Should either fail to start, the other is killed and
   * the start fails with the first failure.
   */
  startTwo(opts?: Partial<ProcessOptions>): Promise<[ServerProcess, ServerProcess]>;
  /** Drops the database and deletes the folder: after the processes are gone. */
  remove(): Promise<void>;
}

/** A database and a data folder (named after `name` in the system's temporary folder) for server processes. */
export async function processGround(name: string): Promise<ProcessGround> {
  const database = await createTestDatabase();
  let dataDir: string;
  try {
    dataDir = await mkdtemp(path.join(os.tmpdir(), `tsunagu-${name}-`));
  } catch (err) {
    await database.drop();
    throw err;
  }
  const start = async (opts: Partial<ProcessOptions> = {}) => startServerProcess({ databaseUrl: database.url, dataDir, ...opts, port: opts.port ?? (await freePort()) });
  return {
    database,
    dataDir,
    start,
    async startTwo(opts = {}) {
      const [a, b] = await Promise.allSettled([start(opts), start(opts)]);
      if (a.status === 'fulfilled' && b.status === 'fulfilled') return [a.value, b.value];
      await Promise.all([a, b].map((s) => (s.status === 'fulfilled' ? s.value.kill() : undefined)));
      throw a.status === 'rejected' ? a.reason : (b as PromiseRejectedResult).reason;
    },
    async remove() {
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The bundle of `server/cluster.ts` on the ground, as `npm run start:cluster` runs it: a primary
 * and two workers behind one port, their events through Redis under a prefix of this run's own
 * (named after `name`), `env` added. Resolves once both workers answer.
 */
export async function startCluster(ground: ProcessGround, name: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const cluster = await ground.start({ script: 'dist/server/cluster.js', env: { WEB_CONCURRENCY: '2', REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: redisPrefix(name), ...env }, readyMs: 60_000 });
  try {
    await until(async () => (await answeringWorkers(cluster.url)).size === 2, 'both workers answer', 30_000);
  } catch (err) {
    await cluster.kill();
    throw err;
  }
  return cluster;
}

/** Shows the server processes' output next to a failed test (their logs are warnings and errors only); call it first in the test. */
export function reportOnFailure(processes: () => (ServerProcess | undefined)[]) {
  onTestFailed(() => {
    for (const p of processes()) if (p) console.log(`--- output of the server process on ${p.url} (pid ${p.child.pid}):\n${p.output()}`);
  });
}
