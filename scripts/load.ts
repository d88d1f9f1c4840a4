import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { Redis } from 'ioredis';
import { ChatConnection } from '../client/api/chat-socket.ts';
import type { ChatMessage } from '../server/chat/events.ts';
import { TokenService } from '../server/auth/tokens.ts';
import { connectDatabase } from '../server/db/connect.ts';
import { ensureDatabase } from '../server/db/ensure.ts';
import { freePort, startEmbeddedPostgres, withDatabase, type EmbeddedServer } from '../server/db/embedded.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { seedDemo } from '../server/db/seed/index.ts';
import { percentile } from './percentile.ts';

/**
 * npm run load — the proof under load of docs/operations.md ("Load"): the cluster (from source, as `npm run start:cluster:dev`) on
 * a scratch database, SOCKETS chat sockets (half as many candidates, each with two tabs on its own
 * conversation, plus a few company admins who hear every conversation) sending steadily, page
 * traffic beside them, RSS sampled every 10 s, for DURATION seconds; then every socket sends at
 * once and one worker is killed with SIGKILL in the middle of that burst. It checks that nothing
 * failed in the steady phase, and that after the kill no acknowledged message was lost or stored
 * twice and every tab caught up on its conversation.
 *
 *   npm run load -- [--sockets 1000] [--duration 300] [--workers 2] [--send-every 20] [--pages 10] [--admins 4]
 *
 * Needs Redis for more than one worker (REDIS_URL, default redis://127.0.0.1:6379). The database
 * is a scratch embedded PostgreSQL in a temporary directory (or a scratch database on the server
 * DATABASE_URL names), dropped at the end. Not part of `npm test`.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PASSWORD = 'load-password';
const JWT_SECRET = `load-${randomBytes(24).toString('hex')}`;

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const n = Number(process.argv[i + 1]);
  if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} needs a number`);
  return n;
}
const SOCKETS = Math.max(2, Math.round(flag('sockets', 1000) / 2) * 2);
const DURATION_S = flag('duration', 300);
const WORKERS = flag('workers', 2);
const SEND_EVERY_S = flag('send-every', 20);
const PAGES_PER_S = flag('pages', 10);
const ADMINS = flag('admins', 4);
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const log = (msg: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${msg}`);
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

async function until(check: () => boolean | Promise<boolean>, label: string, ms: number) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out: ${label}`);
    await sleep(100);
  }
}

function rssKb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/** The cluster's worker processes (its Node children). */
function workerPids(primary: number): number[] {
  const out: number[] = [];
  for (const d of readdirSync('/proc')
    .filter((n) => /^\d+$/.test(n))
    .map(Number)) {
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === primary && stat.includes('(node)')) out.push(d);
    } catch {
      // gone meanwhile
    }
  }
  return out.sort((a, b) => a - b);
}

async function main() {
  if (WORKERS > 1) {
    const r = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    r.on('error', () => {});
    try {
      await r.connect();
      await r.ping();
    } catch {
      throw new Error(`${WORKERS} workers need Redis: none answers at ${REDIS_URL} (set REDIS_URL, or --workers 1)`);
    } finally {
      r.disconnect();
    }
  }
  log(
    `load: ${SOCKETS} chat sockets (${SOCKETS / 2} candidates × 2 tabs) + ${ADMINS} admin sockets, a message per socket every ${SEND_EVERY_S} s (${(SOCKETS / SEND_EVERY_S).toFixed(0)}/s), ${PAGES_PER_S} pages/s, ${DURATION_S} s, ${WORKERS} workers; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} on ${os.availableParallelism()} cores`,
  );

  // ---------------------------------------------------------------- a scratch database
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'tsunagu-load-'));
  let embedded: EmbeddedServer | undefined;
  let serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    embedded = await startEmbeddedPostgres({ dir: path.join(tmp, 'pg'), ephemeral: true });
    serverUrl = embedded.url;
  }
  const dbName = `tsunagu_load_${Date.now().toString(36)}`;
  await ensureDatabase(serverUrl, dbName);
  const dbUrl = withDatabase(serverUrl, dbName);
  const { db } = connectDatabase(dbUrl, { max: 4, statementTimeoutMs: 0 });
  let cluster: ReturnType<typeof spawn> | undefined;
  const closers: (() => void)[] = [];
  try {
    await migrateToLatest(db);
    await seedDemo(db, { password: PASSWORD });
    const candidates = SOCKETS / 2;
    await sql`
      insert into users
      select (jsonb_populate_record(null::users, to_jsonb(u) || jsonb_build_object('id', gen_random_uuid(), 'email', 'load-' || g || '@load.test', 'name', 'Load ' || g))).*
      from users u, generate_series(1, ${candidates}::int) g
      where u.email = 'candidate@demo.test'`.execute(db);
    const company = await db.selectFrom('users').select(['company_id']).where('email', '=', 'company@demo.test').executeTakeFirstOrThrow();
    const job = await db.selectFrom('jobs').select('id').where('company_id', '=', company.company_id!).where('kind', '=', 'daily').executeTakeFirstOrThrow();
    await sql`
      insert into conversations (company_id, candidate_id, job_id, type)
      select ${company.company_id}, id, ${job.id}, 1 from users where email like 'load-%@load.test'`.execute(db);
    const rows = await db
      .selectFrom('conversations as c')
      .innerJoin('users as u', 'u.id', 'c.candidate_id')
      .select(['c.id as conversation', 'u.id as user', 'u.session_version as sv'])
      .where('u.email', 'like', 'load-%@load.test')
      .orderBy('u.email')
      .execute();
    const admin = await db.selectFrom('users').select(['id', 'session_version', 'role']).where('email', '=', 'company@demo.test').executeTakeFirstOrThrow();
    const tokens = new TokenService(JWT_SECRET);
    const adminToken = await tokens.sign({ sub: admin.id, role: admin.role, sv: admin.session_version, aud: 'admin' });

    // ---------------------------------------------------------------- the cluster
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    cluster = spawn(process.execPath, ['--import', 'tsx', 'server/cluster.ts'], {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: dbUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(tmp, 'data'),
        JWT_SECRET,
        SEED: 'none',
        LOG_LEVEL: 'warn',
        WEB_CONCURRENCY: String(WORKERS),
        CRAWLER_INTERVAL_SECONDS: '0',
        ...(WORKERS > 1 ? { REDIS_URL, REDIS_PREFIX: `tsunagu-load-${randomBytes(4).toString('hex')}:` } : {}),
      },
    });
    const primary = cluster.pid!;
    const clusterExit = new Promise<number | null>((resolve) => cluster!.once('exit', (code) => resolve(code)));
    await until(
      async () => {
        const seen = new Set<number>();
        for (let i = 0; i < 2 * WORKERS; i++) {
          const body = await getText(`${url}/healthz`, false).catch(() => null);
          if (body?.status === 200) seen.add((JSON.parse(body.text) as { worker: number }).worker);
        }
        return seen.size === WORKERS;
      },
      'the cluster answers on every worker',
      90_000,
    );
    log(`cluster up on ${url}: primary ${primary}, workers ${workerPids(primary).join(', ')}`);

    // ---------------------------------------------------------------- counters
    const errors: string[] = [];
    const killErrors: string[] = [];
    let phase: 'steady' | 'kill' = 'steady';
    const fail = (what: string) => (phase === 'steady' ? errors : killErrors).push(what);
    const ackMs: number[] = [];
    const deliveryMs: number[] = [];
    const pageMs: number[] = [];
    let pagesOk = 0;
    let adminDeliveries = 0;
    let adminDuplicates = 0;

    interface Tab {
      conn: ChatConnection;
      conversation: string;
      heard: Map<string, ChatMessage>;
      acked: Map<string, ChatMessage>;
      sent: { client_msg_id: string; stored: Promise<ChatMessage> }[];
    }
    const tabs: Tab[] = [];
    const sentAt = new Map<string, number>();
    const openTab = (token: string, conversation: string): Tab => {
      const heard = new Map<string, ChatMessage>();
      const conn = new ChatConnection({ url, token, storage: null, ackTimeoutMs: 10_000, log: { warn: (...a: unknown[]) => fail(`chat warning: ${String(a[0])}`) } });
      conn.track(conversation, 0);
      conn.on('newMessage', (m) => {
        if (m.conversation_id !== conversation || !m.client_msg_id) return;
        if (!heard.has(m.client_msg_id)) {
          const t0 = sentAt.get(m.client_msg_id);
          if (t0 !== undefined && phase === 'steady') deliveryMs.push(performance.now() - t0);
        }
        heard.set(m.client_msg_id, m);
      });
      conn.socket.on('connect_error', (e) => fail(`connect_error: ${e.message}`));
      conn.socket.on('disconnect', (reason) => {
        if (reason !== 'io client disconnect') fail(`disconnected: ${reason}`);
      });
      closers.push(() => conn.close());
      return { conn, conversation, heard, acked: new Map(), sent: [] };
    };
    const send = (tab: Tab, text: string) => {
      const s = tab.conn.send(tab.conversation, text);
      const t0 = performance.now();
      sentAt.set(s.client_msg_id, t0);
      tab.sent.push(s);
      s.stored.then(
        (m) => {
          tab.acked.set(s.client_msg_id, m);
          if (phase === 'steady') ackMs.push(performance.now() - t0);
        },
        (err: Error) => fail(`send refused: ${err.message}`),
      );
    };

    // ---------------------------------------------------------------- connect
    const connectStarted = Date.now();
    for (let i = 0; i < rows.length; i += 25) {
      const batch = rows.slice(i, i + 25);
      for (const r of batch) {
        const token = await tokens.sign({ sub: r.user, role: 'candidate', sv: r.sv, aud: 'candidate' });
        tabs.push(openTab(token, r.conversation), openTab(token, r.conversation));
      }
      await until(() => tabs.every((t) => t.conn.socket.connected), 'sockets connected', 60_000);
    }
    const admins: ChatConnection[] = [];
    for (let i = 0; i < ADMINS; i++) {
      const conn = new ChatConnection({ url, token: adminToken, storage: null, log: { warn: (...a: unknown[]) => fail(`admin chat warning: ${String(a[0])}`) } });
      const seen = new Set<string>();
      conn.on('newMessage', (m) => {
        adminDeliveries++;
        if (seen.has(m.id)) adminDuplicates++;
        seen.add(m.id);
      });
      closers.push(() => conn.close());
      admins.push(conn);
    }
    await until(() => admins.every((a) => a.socket.connected), 'admin sockets connected', 30_000);
    log(`${tabs.length + admins.length} sockets connected in ${((Date.now() - connectStarted) / 1000).toFixed(1)} s`);

    // ---------------------------------------------------------------- steady traffic
    const samples: { t: number; primary: number; workers: number[]; load: number }[] = [];
    const sample = () => {
      const ws = workerPids(primary);
      samples.push({ t: Math.round((Date.now() - steadyStart) / 1000), primary: rssKb(primary), workers: ws.map(rssKb), load: os.loadavg()[0]! });
      const s = samples.at(-1)!;
      log(`t=${s.t}s rss primary ${mb(s.primary)}, workers ${s.workers.map(mb).join(' / ')}; acks ${ackMs.length}, pages ${pagesOk}, errors ${errors.length}; load ${s.load.toFixed(2)}`);
    };
    const steadyStart = Date.now();
    sample();
    const sampler = setInterval(sample, 10_000);
    const senders = tabs.map((tab, i) => {
      let n = 0;
      const start = setTimeout(
        () => {
          send(tab, `load ${i} ${n++}`);
          timers.push(setInterval(() => send(tab, `load ${i} ${n++}`), SEND_EVERY_S * 1000));
        },
        Math.random() * SEND_EVERY_S * 1000,
      );
      return start;
    });
    const timers: NodeJS.Timeout[] = [];
    const pageAgent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    const pagePaths = ['/', '/daily', '/part-time', `/daily/${job.id}`, '/admin/jobs/list', '/admin/jobs/list?page=2'];
    let pageIndex = 0;
    const pager =
      PAGES_PER_S > 0
        ? setInterval(() => {
            const p = pagePaths[pageIndex++ % pagePaths.length]!;
            const t0 = performance.now();
            getText(`${url}${p}`, pageAgent, p.startsWith('/admin') ? `token=${adminToken}` : undefined).then(
              (r) => {
                if (r.status !== 200) fail(`page ${p} answered ${r.status}`);
                else {
                  pagesOk++;
                  if (phase === 'steady') pageMs.push(performance.now() - t0);
                }
              },
              (err: Error) => fail(`page ${p}: ${err.message}`),
            );
          }, 1000 / PAGES_PER_S)
        : undefined;
    await sleep(DURATION_S * 1000);
    for (const t of [...senders, ...timers]) clearTimeout(t);
    await until(() => tabs.every((t) => t.conn.pending().length === 0), "the steady phase's sends acknowledged", 60_000);
    sample();
    const steady = {
      sent: tabs.reduce((n, t) => n + t.sent.length, 0),
      errors: [...errors],
      ack: { p50: percentile(ackMs, 50), p99: percentile(ackMs, 99) },
      delivery: { p50: percentile(deliveryMs, 50), p99: percentile(deliveryMs, 99) },
      pages: { ok: pagesOk, p50: percentile(pageMs, 50), p99: percentile(pageMs, 99) },
    };

    // ---------------------------------------------------------------- burst and kill -9
    phase = 'kill';
    const victim = workerPids(primary)[0]!;
    const before = tabs.map((t) => t.acked.size);
    tabs.forEach((tab, i) => send(tab, `burst ${i}`));
    const burstTotal = tabs.length;
    await until(() => tabs.reduce((n, t, i) => n + (t.acked.size - before[i]!), 0) >= burstTotal / 10, 'a tenth of the burst acknowledged', 60_000);
    const ackedAtKill = tabs.reduce((n, t, i) => n + (t.acked.size - before[i]!), 0);
    process.kill(victim, 'SIGKILL');
    const killedAt = Date.now();
    log(`burst of ${burstTotal}: worker ${victim} killed (SIGKILL) after ${ackedAtKill} acknowledgements`);
    await until(() => workerPids(primary).length === WORKERS && !workerPids(primary).includes(victim), 'a replacement worker', 60_000);
    const replacedMs = Date.now() - killedAt;
    await until(() => tabs.every((t) => t.conn.socket.connected && t.conn.pending().length === 0), 'every socket reconnected and every send acknowledged', 180_000);
    const drainedMs = Date.now() - killedAt;
    // Every tab has heard every message of its conversation (live, or backfilled after the reconnect).
    const storedRows = await sql<{ conversation_id: string; seq: number; client_msg_id: string }>`
      select conversation_id, seq, client_msg_id from messages m join conversations c on c.id = m.conversation_id
      join users u on u.id = c.candidate_id where u.email like 'load-%@load.test' order by conversation_id, seq`.execute(db);
    const byConversation = new Map<string, { seq: number; client_msg_id: string }[]>();
    for (const r of storedRows.rows) {
      const list = byConversation.get(r.conversation_id) ?? [];
      list.push({ seq: Number(r.seq), client_msg_id: r.client_msg_id });
      byConversation.set(r.conversation_id, list);
    }
    await until(() => tabs.every((t) => (byConversation.get(t.conversation) ?? []).every((m) => t.heard.has(m.client_msg_id))), 'every tab caught up', 120_000).catch(() => {});
    const caughtUpMs = Date.now() - killedAt;

    // ---------------------------------------------------------------- verdict
    const counts = new Map<string, number>();
    let gaps = 0;
    for (const list of byConversation.values()) {
      list.forEach((m, i) => {
        if (m.seq !== i + 1) gaps++;
        counts.set(m.client_msg_id, (counts.get(m.client_msg_id) ?? 0) + 1);
      });
    }
    const acked = tabs.flatMap((t) => [...t.acked.keys()]);
    const sentTotal = tabs.reduce((n, t) => n + t.sent.length, 0);
    const lost = acked.filter((id) => !counts.has(id)).length;
    const doubled = [...counts.values()].filter((n) => n > 1).length;
    const unacked = sentTotal - acked.length;
    const missingDeliveries = tabs.reduce((n, t) => n + (byConversation.get(t.conversation) ?? []).filter((m) => !t.heard.has(m.client_msg_id)).length, 0);
    const first = samples[0]!;
    const last = samples.at(-2) ?? samples.at(-1)!;
    const result = {
      machine: `${os.availableParallelism()} cores, load average at the end ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
      settings: { sockets: tabs.length, admins: ADMINS, durationS: DURATION_S, workers: WORKERS, sendEveryS: SEND_EVERY_S, pagesPerS: PAGES_PER_S },
      steady: { ...steady, errors: steady.errors.length, firstErrors: steady.errors.slice(0, 5) },
      rss: {
        start: { primary: mb(first.primary), workers: first.workers.map(mb) },
        end: { primary: mb(last.primary), workers: last.workers.map(mb) },
        samples: samples.map((s) => `${s.t}s ${s.workers.map(mb).join('/')}`),
      },
      kill: {
        burst: burstTotal,
        ackedAtKill,
        replacedMs,
        drainedMs,
        caughtUpMs,
        errorsDuringKill: killErrors.length,
        kinds: [...new Set(killErrors.map((e) => e.replace(/\d+/g, 'N')))].slice(0, 6),
      },
      messages: { sent: sentTotal, acknowledged: acked.length, stored: storedRows.rows.length, lost, doubled, unacknowledged: unacked, seqGaps: gaps, missingDeliveries },
      admins: { deliveries: adminDeliveries, duplicates: adminDuplicates },
    };
    console.log(JSON.stringify(result, null, 2));
    const ok = steady.errors.length === 0 && lost === 0 && doubled === 0 && unacked === 0 && gaps === 0 && missingDeliveries === 0;

    // ---------------------------------------------------------------- stop
    if (pager) clearInterval(pager);
    clearInterval(sampler);
    for (const c of closers) c();
    pageAgent.destroy();
    cluster.kill('SIGTERM');
    const code = await Promise.race([clusterExit, sleep(30_000).then(() => 'timeout' as const)]);
    log(`cluster stopped (SIGTERM): exit ${code}`);
    log(ok ? 'PASS: no error in the steady phase; after the kill nothing lost, nothing doubled, every tab caught up' : 'FAIL: see the numbers above');
    process.exitCode = ok && code === 0 ? 0 : 1;
  } finally {
    for (const c of closers) c();
    if (cluster && cluster.exitCode === null) cluster.kill('SIGKILL');
    await db.destroy();
    if (embedded) await embedded.stop();
    else {
      const { db: admin } = connectDatabase(serverUrl, { max: 1 });
      await sql`drop database if exists ${sql.id(dbName)} with (force)`.execute(admin);
      await admin.destroy();
    }
    await rm(tmp, { recursive: true, force: true });
  }
}

function getText(url: string, agent: http.Agent | false, cookie?: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: cookie ? { cookie } : {}, timeout: 30_000 }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
  });
}

await main();
