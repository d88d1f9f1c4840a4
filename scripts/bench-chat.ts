import http from 'node:http';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { pino } from 'pino';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { createApp, type FullApp } from '../server/app.ts';
import type { Ack, ChatMessage, ClientToServerEvents, ServerToClientEvents } from '../server/chat/events.ts';
import { loadConfig } from '../server/config.ts';
import { connectDatabase } from '../server/db/connect.ts';
import { createInProcessBus } from '../server/events/bus.ts';
import { createMailer } from '../server/mail.ts';
import { applyToDailyShift } from '../test/helpers/chat.ts';
import { loginByPassword } from '../test/helpers/graphql.ts';
import { BENCH_PASSWORD, demoDatabase, scratchDatabase, withBenchServer } from './bench-server.ts';
import { percentileOfSorted } from './percentile.ts';

/**
 * The chat delivery benchmark, part of `npm run bench` (BENCH_ONLY=chat runs it alone;
 * `npx tsx scripts/bench-chat.ts` too). On a scratch database it starts the whole app in-process,
 * opens one conversation (the demo candidate applies to a daily job), connects BENCH_SOCKETS
 * (default 500) back-office sockets that join it, sends BENCH_MESSAGES (default 200) messages
 * from candidate sockets and measures, for every receiving socket, emit → `newMessage`. A bare
 * socket.io server (no auth, no database) with the same number of sockets is the baseline.
 *
 * Clients and servers share one process (and one clock, so performance.now() on both sides is
 * comparable); the numbers include the client side's work of decoding N frames per message.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-00';
/** Pause between two messages, after the previous one reached every socket: latency, not queueing. */
const GAP_MS = Number(process.env.BENCH_CHAT_GAP_MS ?? 10);
/** Unmeasured messages first (JIT, pools, prepared paths). */
const WARMUP = 5;
/** How long one message may take to reach every socket before the run moves on (the rest count as lost). */
const DELIVERY_TIMEOUT_MS = 10_000;
/**
 * The server allows each socket 20 sends per 10 s (a token bucket: 20 at once, refilled at 2/s),
 * and that production limit stays as it is. A single sender would be refused after 20 messages,
 * or would have to be paced at 2/s, which measures the limiter rather than delivery. So the
 * messages rotate over several candidate sockets (the same candidate, as one person with several
 * tabs), each sending at most SENDS_PER_SOCKET — half the bucket, so none is ever refused
 * whatever the pacing: 200 messages → 21 sender sockets (with the warm-up).
 */
const SENDS_PER_SOCKET = 10;

type ChatClient = Socket<ServerToClientEvents, ClientToServerEvents>;
interface BareToClient {
  m(p: { i: number; t0: number }): void;
}
interface BareToServer {
  relay(p: { i: number; t0: number }, ack: () => void): void;
}
type BareClient = Socket<BareToClient, BareToServer>;

function stats(xs: number[]): string {
  if (!xs.length) return 'no samples';
  const s = Float64Array.from(xs).sort();
  return `p50 ${percentileOfSorted(s, 50).toFixed(1)} ms, p99 ${percentileOfSorted(s, 99).toFixed(1)} ms, max ${s[s.length - 1]!.toFixed(1)} ms`;
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Who received which message when. Messages 0..warmup-1 are tracked (the sender waits for them
 * too) but left out of the figures.
 */
class Deliveries {
  private readonly latency: Float64Array;
  private readonly counts: Int32Array;
  private readonly waiters = new Map<number, () => void>();
  readonly t0: Float64Array;
  duplicates = 0;

  constructor(
    readonly sockets: number,
    readonly messages: number,
    readonly warmup: number,
  ) {
    const total = messages + warmup;
    this.latency = new Float64Array(total * sockets).fill(Number.NaN);
    this.counts = new Int32Array(total);
    this.t0 = new Float64Array(total);
  }

  record(msg: number, socket: number, t0 = this.t0[msg]!): void {
    const now = performance.now();
    const k = msg * this.sockets + socket;
    if (!Number.isNaN(this.latency[k]!)) {
      this.duplicates++;
      return;
    }
    this.latency[k] = now - t0;
    if (++this.counts[msg]! === this.sockets) this.waiters.get(msg)?.();
  }

  /** Resolves when every socket has message `msg`, or after `ms`. */
  async all(msg: number, ms = DELIVERY_TIMEOUT_MS): Promise<void> {
    if (this.counts[msg]! >= this.sockets) return;
    let timer: NodeJS.Timeout | undefined;
    await new Promise<void>((resolve) => {
      this.waiters.set(msg, resolve);
      timer = setTimeout(resolve, ms);
    });
    clearTimeout(timer);
    this.waiters.delete(msg);
  }

  /** Every measured delivery's latency, and per message the latency of its last delivery. */
  measured(): { each: number[]; last: number[]; delivered: number; expected: number } {
    const each: number[] = [];
    const last: number[] = [];
    for (let m = this.warmup; m < this.warmup + this.messages; m++) {
      let worst = Number.NaN;
      for (let s = 0; s < this.sockets; s++) {
        const v = this.latency[m * this.sockets + s]!;
        if (Number.isNaN(v)) continue;
        each.push(v);
        if (!(v <= worst)) worst = v;
      }
      if (!Number.isNaN(worst)) last.push(worst);
    }
    return { each, last, delivered: each.length, expected: this.sockets * this.messages };
  }
}

/** Opens `n` sockets, `batch` handshakes at a time; every socket goes into `into` at once (cleanup). */
async function connectMany<S extends Socket>(n: number, make: (i: number) => S, into: Socket[], batch = 50): Promise<S[]> {
  const out: S[] = [];
  for (let from = 0; from < n; from += batch) {
    const group = Array.from({ length: Math.min(batch, n - from) }, (_, k) => {
      const s = make(from + k);
      into.push(s);
      out.push(s);
      return s;
    });
    await Promise.all(group.map((s) => connected(s)));
  }
  return out;
}

function connected(s: Socket, ms = 15_000): Promise<void> {
  return new Promise((resolve, reject) => {
    if (s.connected) return resolve();
    const timer = setTimeout(() => reject(new Error('socket connect timed out')), ms);
    s.once('connect', () => {
      clearTimeout(timer);
      resolve();
    });
    s.once('connect_error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

function ok<T>(r: Ack<T>, what: string): T {
  if (!r.ok) throw new Error(`${what} refused: ${r.error} ${r.message}`);
  return r;
}

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const addr = server.address();
  return `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
}

function closeServer(server: http.Server): Promise<void> {
  if (!server.listening) return Promise.resolve();
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
  return closed;
}

export async function benchChat(opts: { serverUrl: string; sockets?: number; messages?: number }): Promise<string[]> {
  const N = opts.sockets ?? Number(process.env.BENCH_SOCKETS ?? 500);
  const M = opts.messages ?? Number(process.env.BENCH_MESSAGES ?? 200);
  if (!(N >= 1 && M >= 1)) throw new Error(`bad BENCH_SOCKETS (${N}) or BENCH_MESSAGES (${M})`);
  const lines: string[] = [];
  const clients: Socket[] = [];
  const scratch = await scratchDatabase(opts.serverUrl, 'chat');
  let database: ReturnType<typeof connectDatabase> | undefined;
  let app: FullApp | undefined;
  const appServer = http.createServer();
  const bareServer = http.createServer();
  let bareIo: Server<BareToServer, BareToClient> | undefined;
  const log = pino({ level: 'silent' });
  const mailer = createMailer({ smtpUrl: undefined, from: 'bench@example.test', log });
  const bus = createInProcessBus();
  try {
    // 1. A scratch database and the whole app on a free loopback port.
    database = await demoDatabase(scratch.url, 10);
    const { db, pool } = database;
    const config = loadConfig({ NODE_ENV: 'production', PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: path.join(ROOT, 'data/bench') });
    app = await createApp({ config, db, pool, log, mailer, bus, jwtSecret: JWT_SECRET, root: ROOT });
    appServer.on('request', app.app);
    app.attach(appServer);
    const url = await listen(appServer);
    config.publicUrl = url;

    // 2. One conversation: the demo candidate applies to an open daily job of company@demo.test.
    const login = (email: string) => loginByPassword(url, email, BENCH_PASSWORD);
    const candidateToken = await login('candidate@demo.test');
    const superadminToken = await login('superadmin@demo.test');
    const { conversationId: conversation_id } = await applyToDailyShift({ url, db, candidateToken });

    // 3. N back-office sockets in the conversation's room, candidate sockets sending.
    const chatOpts = (token: string) => ({ path: '/socket.io', transports: ['websocket'], forceNew: true, reconnection: false, auth: { token } });
    const chat = new Deliveries(N, M, WARMUP);
    const msgIndex = new Map<string, number>();
    let t = performance.now();
    const receivers = await connectMany<ChatClient>(
      N,
      (i) => {
        const s: ChatClient = connect(url, chatOpts(superadminToken));
        s.on('newMessage', (m: ChatMessage) => {
          const idx = m.client_msg_id ? msgIndex.get(m.client_msg_id) : undefined;
          if (idx !== undefined) chat.record(idx, i);
        });
        return s;
      },
      clients,
    );
    const connectMs = performance.now() - t;
    t = performance.now();
    await Promise.all(receivers.map(async (s) => ok(await s.timeout(30_000).emitWithAck('joinConversation', { conversation_id }), 'joinConversation')));
    const joinMs = performance.now() - t;
    const senders = await connectMany<ChatClient>(Math.ceil((M + WARMUP) / SENDS_PER_SOCKET), () => connect(url, chatOpts(candidateToken)), clients);
    // The candidate's sockets join its conversations on connect; give that a moment.
    await sleep(200);

    const ackMs: number[] = [];
    let failed = 0;
    for (let i = 0; i < M + WARMUP; i++) {
      const client_msg_id = `bench-${i}-${randomUUID()}`;
      msgIndex.set(client_msg_id, i);
      const t0 = performance.now();
      chat.t0[i] = t0;
      const ack = await senders[i % senders.length]!.timeout(DELIVERY_TIMEOUT_MS)
        .emitWithAck('sendMessageMember', { conversation_id, message_type: 1, message_content: `bench message ${i} sent at ${t0.toFixed(3)} ms`, client_msg_id })
        .catch((err: unknown) => ({ ok: false as const, error: 'server' as const, message: String(err) }));
      if (i >= WARMUP) ackMs.push(performance.now() - t0);
      if (!ack.ok) {
        if (i >= WARMUP) failed++;
        continue;
      }
      await chat.all(i);
      await sleep(GAP_MS);
    }
    await sleep(500); // stragglers
    const c = chat.measured();
    lines.push(
      `chat setup: ${N} superadmin sockets connected in ${(connectMs / 1000).toFixed(1)} s, joined the conversation in ${(joinMs / 1000).toFixed(1)} s; ` +
        `${M} messages (+${WARMUP} warm-up) from ${senders.length} candidate sockets (≤${SENDS_PER_SOCKET} each: the 20 sends / 10 s per-socket limit), ${GAP_MS} ms gap`,
    );
    lines.push(`chat newMessage delivery @${N} sockets: ${stats(c.each)} (n=${c.delivered} of ${c.expected}, lost ${c.expected - c.delivered}, duplicates ${chat.duplicates})`);
    lines.push(`  last socket per message (emit → all ${N} have it): ${stats(c.last)} (n=${c.last.length})`);
    lines.push(`chat sendMessageMember ack round-trip: ${stats(ackMs)} (n=${ackMs.length}, refused ${failed})`);
    for (const s of clients.splice(0)) s.disconnect();

    // 4. The baseline: plain socket.io, no auth, no database, the same number of sockets.
    bareIo = new Server<BareToServer, BareToClient>(bareServer, { serveClient: false });
    bareIo.on('connection', (socket) => {
      socket.on('relay', (p, ack) => {
        bareIo!.emit('m', p);
        if (typeof ack === 'function') ack();
      });
    });
    const bareUrl = await listen(bareServer);
    let bare = new Deliveries(N, M, WARMUP);
    await connectMany<BareClient>(
      N,
      (i) => {
        const s: BareClient = connect(bareUrl, { transports: ['websocket'], forceNew: true, reconnection: false });
        s.on('m', (p) => bare.record(p.i, i, p.t0));
        return s;
      },
      clients,
    );
    // 4a. Server-side io.emit, timed from the emit.
    for (let i = 0; i < M + WARMUP; i++) {
      bareIo.emit('m', { i, t0: performance.now() });
      await bare.all(i);
      await sleep(GAP_MS);
    }
    await sleep(500);
    let b = bare.measured();
    lines.push(`bare socket.io broadcast @${N} sockets: ${stats(b.each)} (n=${b.delivered} of ${b.expected}, lost ${b.expected - b.delivered})`);
    lines.push(`  last socket per message: ${stats(b.last)}`);
    // 4b. A client emits, the server broadcasts it: the chat's path without auth and database.
    bare = new Deliveries(N, M, WARMUP);
    const [relay] = await connectMany<BareClient>(1, () => connect(bareUrl, { transports: ['websocket'], forceNew: true, reconnection: false }), clients);
    for (let i = 0; i < M + WARMUP; i++) {
      await relay!.timeout(DELIVERY_TIMEOUT_MS).emitWithAck('relay', { i, t0: performance.now() });
      await bare.all(i);
      await sleep(GAP_MS);
    }
    await sleep(500);
    b = bare.measured();
    lines.push(`bare socket.io client→server→broadcast @${N} sockets: ${stats(b.each)} (n=${b.delivered} of ${b.expected}, lost ${b.expected - b.delivered})`);
    return lines;
  } finally {
    // 5. Everything goes, whatever happened above.
    for (const s of clients.splice(0)) s.disconnect();
    if (bareIo) {
      bareIo.local.disconnectSockets(true);
      bareIo.engine.close();
    }
    const closing = [closeServer(bareServer), closeServer(appServer)];
    // The app's close ends the chat's websockets (which keep the HTTP server open), as startTestApp does.
    await app?.close().catch(() => {});
    await Promise.all(closing);
    await bus.close();
    mailer.close();
    await database?.db.destroy().catch(() => {});
    await scratch.drop().catch(() => {});
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await withBenchServer(async (serverUrl) => {
    for (const line of await benchChat({ serverUrl })) console.log(line);
  });
}
