import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { connectDatabase } from '../server/db/connect.ts';
import { freePort } from '../server/db/embedded.ts';
import { seedLargeJobs } from '../server/modules/jobs/large-seed.ts';
import { buildClient } from './build-client.ts';
import { BENCH_PASSWORD, demoDatabase, listenBenchApp, scratchDatabase } from './bench-server.ts';
import { buildServer } from './build-server.ts';
import { kb, pageWeight } from './js-weight.ts';
import { statementLog } from './statement-log.ts';
import { percentile } from './percentile.ts';

/**
 * The pages table of `npm run bench`, measured in one run on one machine:
 * the logged-in admin list page at 50 rows, the public board and a job page, each next to a bare
 * `renderToString` of the same page (same layout, view and rows, nothing else per request) and a
 * static string of the same HTML, both served by scripts/bench-bare.ts in a process of its own.
 * The app runs as `npm start` runs it (the esbuild bundle under plain node, NODE_ENV=production)
 * on a scratch database with the demo data and BENCH_PAGE_JOBS (3,000) more jobs. Load: 50
 * requests kept in flight on keep-alive connections, the targets taking turns every
 * BENCH_SLICE_MS (500) for BENCH_SECONDS (20) each after a 3 s warm-up; req/s is the mean of
 * BENCH_PAGE_ROUNDS (4) rounds, whose range is shown. Fine turns, not long runs one after the
 * other: a shared virtual machine's speed drifts by half over minutes (the same bare render drew
 * 432 to 940 pages a second in one session), and taking turns lets the app and its bare render
 * see the same drift. Also: SQL statements per page
 * (every statement the pool runs for one warm request, counted in this process) and the
 * JavaScript each page type loads (gzip -9, scripts/js-weight.ts). BENCH_PAGES=list,daily,job
 * limits the load to some pages; BENCH_PROFILE=dir keeps the app's and the bare server's CPU
 * profiles. Both run with the node flags of `npm start`; the CPU each request took in the serving
 * process and in PostgreSQL is printed under the table (from /proc).
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PUBLIC = path.join(ROOT, 'public');
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-00';
const JOBS = Number(process.env.BENCH_PAGE_JOBS ?? 3_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const ROUNDS = Number(process.env.BENCH_PAGE_ROUNDS ?? 4);
const SLICE_MS = Number(process.env.BENCH_SLICE_MS ?? 500);
const CONNECTIONS = 50;

/** The goals of the page at ≥ 70% of its bare render, ≤ 3 statements per admin page, ≤ 100 KB of JS. */
const GOAL_RATIO = 0.7;
const GOAL_QUERIES = 3;

interface Target {
  name: string;
  url: string;
  cookie?: string;
}
interface Result {
  rps: number[];
  p99: number[];
}

/** The node flags of package.json's `start` script (`node <flags> dist/server/main.js`). */
function nodeFlagsOfStart(): string[] {
  const start = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.start!;
  const m = /^node((?: --?[\w-]+(?:=\S+)?)*) dist\/server\/main\.js$/.exec(start);
  if (!m) throw new Error(`package.json's start script is not "node <flags> dist/server/main.js": ${start}`);
  return m[1]!.split(' ').filter(Boolean);
}

/** CPU time (user + system) of each process, in ms, from /proc (none where there is no /proc). */
function cpuMs(pids: number[]): Map<number, number> {
  const ms = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // After "pid (comm) ": state, ppid, …; utime and stime are the 14th and 15th fields, in ticks (100 a second).
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ms.set(pid, (Number(f[11]) + Number(f[12])) * 10);
    } catch {
      // gone, or no /proc
    }
  }
  return ms;
}
/** The CPU the processes used between two readings; one gone meanwhile counts up to its last reading only (a new one from 0). */
function cpuSince(before: Map<number, number>, after: Map<number, number>): number {
  let sum = 0;
  for (const [pid, t] of after) sum += t - (before.get(pid) ?? 0);
  return sum;
}
const postgresPids = () => {
  try {
    return readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .map(Number)
      .filter((pid) => {
        try {
          return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
        } catch {
          return false;
        }
      });
  } catch {
    return [];
  }
};

/** The machine's idle and total CPU time so far, in ticks (/proc/stat's first line; zeros where there is none). */
function machineTicks(): { idle: number; all: number } {
  try {
    const f = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1).map(Number);
    return { idle: f[3]! + f[4]!, all: f.reduce((a, b) => a + b, 0) };
  } catch {
    return { idle: 0, all: 0 };
  }
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

async function until(url: string, child: ChildProcess, what: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`${what} did not start`);
}

/** The last 4,000 characters each started process wrote to stderr (its warnings: why a request failed). */
const stderrOf = new WeakMap<ChildProcess, () => string>();

function start(what: string, args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (d: Buffer) => void (err = (err + d.toString()).slice(-4000)));
  stderrOf.set(child, () => err);
  child.on('exit', (code) => {
    if (code && code !== 143) console.error(`${what} exited with ${code}\n${err}`);
  });
  return child;
}

/** What one target drew: answers, their times (ms), the failures by status or error code, and the time the load ran. */
interface Drawn {
  requests: number;
  latencies: number[];
  failures: Map<string, number>;
  ms: number;
}
const drawn = (): Drawn => ({ requests: 0, latencies: [], failures: new Map(), ms: 0 });
const failed = (d: Drawn, why: string) => void d.failures.set(why, (d.failures.get(why) ?? 0) + 1);

/** `3 failed requests: 2× 502, 1× ECONNRESET` (most frequent first), or '' when none failed. */
function failureSummary(failures: ReadonlyMap<string, number>): string {
  const n = [...failures.values()].reduce((a, b) => a + b, 0);
  if (!n) return '';
  const parts = [...failures].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([why, k]) => `${k}× ${why}`);
  return `${n} failed request${n === 1 ? '' : 's'}: ${parts.join(', ')}`;
}

/**
 * Keeps CONNECTIONS requests in flight against one target for `ms`, on keep-alive connections
 * that stay open between slices, then lets the last ones finish; counts the time until then.
 */
async function slice(t: Target, agent: http.Agent, ms: number, into: Drawn): Promise<void> {
  const u = new URL(t.url);
  const started = performance.now();
  const end = started + ms;
  // A kept-alive connection the server closes for idleness while the next request is on its way
  // fails with ECONNRESET: Node's documented race (http.ClientRequest `reusedSocket`), sent again
  // once on a new connection; any other failure, or a second one, counts.
  const one = (again = true) =>
    new Promise<void>((resolve) => {
      const t0 = performance.now();
      const req = http.get({ agent, host: u.hostname, port: u.port, path: u.pathname + u.search, headers: t.cookie ? { cookie: t.cookie } : {} }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode === 200) {
            into.requests++;
            into.latencies.push(performance.now() - t0);
          } else failed(into, String(res.statusCode));
          resolve();
        });
      });
      req.on('error', (err: NodeJS.ErrnoException) => {
        if (again && req.reusedSocket && err.code === 'ECONNRESET') return void one(false).then(resolve);
        failed(into, err.code ?? err.message);
        resolve();
      });
    });
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) await one();
    }),
  );
  into.ms += performance.now() - started;
}

/** Every SQL statement the app's pool runs for one request of each page, after a warm-up request. */
async function statementsPerPage(databaseUrl: string, pages: { path: string; cookie?: string }[]): Promise<Map<string, string[]>> {
  const { db, pool } = connectDatabase(databaseUrl, { max: 10 });
  const app = await listenBenchApp(db, pool, JWT_SECRET);
  const log = statementLog(pool);
  const out = new Map<string, string[]>();
  try {
    for (const p of pages) {
      const get = async () => {
        const res = await fetch(app.base + p.path, { headers: p.cookie ? { cookie: p.cookie } : {} });
        await res.text();
        if (res.status !== 200) throw new Error(`${p.path}: ${res.status}`);
      };
      await get();
      out.set(p.path, await log.during(get));
    }
  } finally {
    await app.close();
    await db.destroy();
  }
  return out;
}

export async function benchPages(serverUrl: string): Promise<string[]> {
  const scratch = await scratchDatabase(serverUrl, 'pages');
  const databaseUrl = scratch.url;
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'tsunagu-bench-pages-'));
  const children: ChildProcess[] = [];
  try {
    const { db } = await demoDatabase(databaseUrl, 2);
    try {
      await seedLargeJobs(db, { jobs: JOBS, shiftsPerDailyJob: 20 });
    } finally {
      await db.destroy();
    }
    await buildClient({ root: ROOT });
    await buildServer({ root: ROOT });

    const [appPort, barePort] = [await freePort(), await freePort()];
    // CONNECTIONS requests in flight against the app's 10 pooled database connections: on a busy
    // machine a request can wait for one longer than production's DB_CONNECT_TIMEOUT_MS (5 s), and
    // a wait that times out answers 503 (and marks the database unreachable for a moment). The bench
    // measures throughput, not that limit, so it lets the wait run up to the statement limit (15 s,
    // the pool's cap); BENCH_DB_CONNECT_TIMEOUT_MS sets another.
    const connectTimeoutMs = process.env.BENCH_DB_CONNECT_TIMEOUT_MS ?? '15000';
    const env = {
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      JWT_SECRET,
      SEED: 'none',
      LOG_LEVEL: 'warn',
      DATA_DIR: tmp,
      HOST: '127.0.0.1',
      CRAWLER_INTERVAL_SECONDS: '0',
      REMINDER_INTERVAL_SECONDS: '0',
      DB_CONNECT_TIMEOUT_MS: connectTimeoutMs,
    };
    const startedAt = Date.now();
    // BENCH_PROFILE=dir: the app and the bare server write V8 CPU profiles there when they stop (node --cpu-prof).
    // Node's flags as `npm start` gives them (package.json), for the app and the bare server alike.
    const flags = [...nodeFlagsOfStart(), ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE)}`] : [])];
    const appChild = start('the app', [...flags, 'dist/server/main.js'], { ...env, PORT: String(appPort) });
    children.push(appChild);
    const app = `http://127.0.0.1:${appPort}`;
    await until(`${app}/readyz`, appChild, 'the app');
    const startup = Date.now() - startedAt;
    const bareChild = start('the bare server', [...flags, '--import', 'tsx', 'scripts/bench-bare.ts'], { ...env, PORT: String(barePort) });
    children.push(bareChild);
    const bare = `http://127.0.0.1:${barePort}`;

    const login = await fetch(`${app}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'mutation ($e: String!, $p: String!) { login(email: $e, password: $p) { token } }', variables: { e: 'company@demo.test', p: BENCH_PASSWORD } }),
    });
    const token = ((await login.json()) as { data?: { login?: { token?: string } } }).data?.login?.token;
    if (!token) throw new Error('bench login failed');
    const cookie = `token=${token}; lang=ja`;
    const board = await (await fetch(`${app}/daily`, { headers: { cookie: 'lang=ja' } })).text();
    const job = /href="(\/daily\/[^"?#]+)"/.exec(board)?.[1];
    if (!job) throw new Error('no job on /daily');
    const LIST = '/admin/jobs/list?size=50';
    const pages = [
      { label: 'admin list, 50 rows (company admin)', path: LIST, cookie },
      { label: 'public board /daily', path: '/daily', cookie: 'lang=ja' },
      { label: 'job page /daily/{id}', path: job, cookie: 'lang=ja' },
    ];
    await until(`${bare}/readyz`, bareChild, 'the bare server');
    for (const p of pages) {
      const r = await fetch(`${bare}/capture${p.path}`, { headers: { cookie: p.cookie } });
      await r.text();
      if (r.status !== 200) throw new Error(`capture ${p.path}: ${r.status}`);
    }

    // Statements per page and JS per page type, before the load.
    const record = await fetch(`${app}/admin/worker`, { headers: { cookie } }).then((r) => r.text());
    const recordPath = /href="(\/admin\/worker\?id=[^"&]+)"/.exec(record)?.[1]?.replace(/&amp;/g, '&');
    const counted = [...pages, { label: 'admin list /admin/worker', path: '/admin/worker', cookie }, ...(recordPath ? [{ label: 'admin record (worker)', path: recordPath, cookie }] : [])];
    const statements = await statementsPerPage(databaseUrl, counted);
    const js = new Map<string, number>();
    for (const p of counted) js.set(p.path, pageWeight(await fetch(app + p.path, { headers: { cookie: p.cookie } }).then((r) => r.text()), PUBLIC).gzip);

    // The load, interleaved: each real page, then its bare render, then (for the admin list) the static string.
    const targets: Target[] = [];
    const only = process.env.BENCH_PAGES?.split(',');
    const keys = ['list', 'daily', 'job'];
    for (const p of pages.filter((_, i) => !only || only.includes(keys[i]!))) {
      targets.push({ name: `app ${p.path}`, url: app + p.path, cookie: p.cookie });
      targets.push({ name: `bare ${p.path}`, url: `${bare}/bare${p.path}`, cookie: p.cookie });
      if (p.path === LIST) targets.push({ name: `static ${p.path}`, url: `${bare}/static${p.path}` });
    }
    const results = new Map<string, Result>(targets.map((t) => [t.name, { rps: [], p99: [] }]));
    const cpu = new Map<string, { app: number; db: number; requests: number; idle: number; all: number }>();
    // The targets take turns every SLICE_MS, each on its own connections, so a drift in the
    // machine's speed (a shared virtual machine's can halve it for minutes) falls on all alike.
    const agents = new Map(targets.map((t) => [t.name, new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS })]));
    try {
      for (const t of targets) await slice(t, agents.get(t.name)!, 3_000, drawn());
      const slicesPerRound = Math.max(1, Math.round((SECONDS * 1000) / ROUNDS / SLICE_MS));
      for (let round = 0; round < ROUNDS; round++) {
        const inRound = new Map(targets.map((t) => [t.name, drawn()]));
        for (let i = 0; i < slicesPerRound; i++) {
          for (const t of targets) {
            const before = { app: cpuMs([appChild.pid!, bareChild.pid!]), db: cpuMs(postgresPids()), machine: machineTicks() };
            const d = inRound.get(t.name)!;
            const n = d.requests;
            await slice(t, agents.get(t.name)!, SLICE_MS, d);
            const c = cpu.get(t.name) ?? { app: 0, db: 0, requests: 0, idle: 0, all: 0 };
            const machine = machineTicks();
            cpu.set(t.name, {
              app: c.app + cpuSince(before.app, cpuMs([appChild.pid!, bareChild.pid!])),
              db: c.db + cpuSince(before.db, cpuMs(postgresPids())),
              requests: c.requests + d.requests - n,
              idle: c.idle + machine.idle - before.machine.idle,
              all: c.all + machine.all - before.machine.all,
            });
          }
        }
        for (const t of targets) {
          const d = inRound.get(t.name)!;
          if (d.failures.size) throw new Error(`${t.name}: ${failureSummary(d.failures)}\nthe app's last warnings:\n${stderrOf.get(appChild)?.() || '(none)'}`);
          results.get(t.name)!.rps.push((d.requests * 1000) / d.ms);
          results.get(t.name)!.p99.push(Math.round(percentile(d.latencies, 99)));
        }
      }
    } finally {
      for (const a of agents.values()) a.destroy();
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const range = (xs: number[]) => (xs.length > 1 ? ` (${Math.round(Math.min(...xs))}–${Math.round(Math.max(...xs))})` : '');
    const bytes = async (url: string, c?: string) => (await (await fetch(url, { headers: c ? { cookie: c } : {} })).arrayBuffer()).byteLength;
    const lines = [
      `machine: ${os.cpus()[0]?.model ?? 'cpu'} × ${os.cpus().length}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; ${JOBS.toLocaleString('en')} extra jobs; ${CONNECTIONS} requests in flight per target, the targets taking turns every ${SLICE_MS} ms for ${SECONDS} s each (${ROUNDS} rounds) after a 3 s warm-up; app start-up (npm start's bundle to /readyz) ${startup} ms`,
      '',
      '| page | req/s | p99 ms | of bare render | SQL statements | HTML KB | JS gzip -9 |',
      '|---|---|---|---|---|---|---|',
    ];
    const goals: string[] = [];
    for (const p of pages.filter((x) => results.has(`app ${x.path}`))) {
      const real = results.get(`app ${p.path}`)!;
      const b = results.get(`bare ${p.path}`)!;
      const ratio = mean(real.rps) / mean(b.rps);
      const n = statements.get(p.path)!.length;
      const html = kb(await bytes(app + p.path, p.cookie));
      lines.push(`| ${p.label} | ${Math.round(mean(real.rps))}${range(real.rps)} | ${Math.max(...real.p99)} | ${(ratio * 100).toFixed(0)}% | ${n} | ${html} | ${kb(js.get(p.path)!)} |`);
      lines.push(`| ↳ bare renderToString of the same page | ${Math.round(mean(b.rps))}${range(b.rps)} | ${Math.max(...b.p99)} | 100% | 0 | ${kb(await bytes(`${bare}/bare${p.path}`, p.cookie))} | |`);
      if (p.path === LIST) {
        const s = results.get(`static ${p.path}`)!;
        lines.push(`| ↳ the same HTML as a static string | ${Math.round(mean(s.rps))}${range(s.rps)} | ${Math.max(...s.p99)} | ${((mean(s.rps) / mean(b.rps)) * 100).toFixed(0)}% | 0 | ${html} | |`);
      }
      if (p.path === LIST || p.path === '/daily') goals.push(`${p.label} at ${(ratio * 100).toFixed(0)}% of its bare render (goal ≥ ${GOAL_RATIO * 100}%): ${ratio >= GOAL_RATIO ? 'met' : 'NOT MET'}`);
    }
    for (const p of counted.slice(pages.length)) lines.push(`| ${p.label} | | | | ${statements.get(p.path)!.length} | | ${kb(js.get(p.path)!)} |`);
    // Record pages are made of sections (the worker record: profile, shifts, jobs, documents, pay,
    // runs), each one statement run in parallel; test/integration/page-queries.test.ts holds lists.
    const lists = counted.filter((p) => p.path.startsWith('/admin') && !p.path.includes('?id='));
    const most = Math.max(...lists.map((p) => statements.get(p.path)!.length));
    goals.push(`SQL statements per admin list page: at most ${most} (goal ≤ ${GOAL_QUERIES}): ${most <= GOAL_QUERIES ? 'met' : 'NOT MET'}`);
    for (const p of counted.filter((x) => x.path.includes('?id='))) goals.push(`${p.label}: ${statements.get(p.path)!.length} statements, one per section, in parallel`);
    lines.push('', ...goals);
    // Where each request's CPU went: the serving process (app or bare) and PostgreSQL's backends;
    // and how much of the machine stayed idle meanwhile (when some does, the serving process's one
    // thread is the limit, not the cores: docs/performance.md).
    const idle = (c: { idle: number; all: number }) => (c.all ? `, machine idle ${Math.round((100 * c.idle) / c.all)}%` : '');
    lines.push('', 'CPU per request (ms): ' + [...cpu].map(([n, c]) => `${n}: server ${(c.app / c.requests).toFixed(2)}, PostgreSQL ${(c.db / c.requests).toFixed(2)}${idle(c)}`).join('; '));
    if (process.env.BENCH_VERBOSE) for (const [p, s] of statements) lines.push('', `${p}:`, ...s.map((x) => `  ${x.replace(/\s+/g, ' ').slice(0, 160)}`));
    return lines;
  } finally {
    for (const c of children) c.kill('SIGTERM');
    await Promise.all(children.map((c) => (c.exitCode !== null ? undefined : new Promise((r) => c.once('exit', r)))));
    await rm(tmp, { recursive: true, force: true });
    await scratch.drop();
  }
}
