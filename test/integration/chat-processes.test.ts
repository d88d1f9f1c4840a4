/**
 * The chat's guarantees (docs/chat.md "No message lost, none doubled") with real server processes,
 * `node --import tsx server/main.ts` as a deploy runs it, where chat-resilience.test.ts runs the app
 * in the test's own process: a process SIGKILLed in the middle of a conversation and a new one
 * started on the same port and database (ChatConnection reconnects, resends its outbox and
 * backfills), and two processes on one database through Redis.
 */
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, SeenNotice } from '../../server/chat/events.ts';
import { DEMO, loginToken } from '../helpers/app.ts';
import { candidateConversation, type Chatter, chatter, greetEachOther, probeBothWays } from '../helpers/chat.ts';
import { redisOrSkip, redisPrefix, TEST_REDIS_URL } from '../helpers/redis.ts';
import type { TestDatabase } from '../helpers/db.ts';
import { freePort, processGround, reportOnFailure, type ProcessGround, type ServerProcess } from '../helpers/server-process.ts';
import { until, within } from '../helpers/wait.ts';
import { userId } from '../helpers/demo-data.ts';

const login = loginToken;

// Every connection a test opens is closed after it, whatever happened.
const disposers: (() => unknown)[] = [];
afterEach(async () => {
  for (const dispose of disposers.splice(0).reverse()) await dispose();
});

async function stored(database: TestDatabase, conversationId: string) {
  const { rows } = await sql<{ id: string; seq: number; client_msg_id: string | null }>`
    select id, seq, client_msg_id from messages where conversation_id = ${conversationId} order by seq`.execute(database.db);
  return rows.map((r) => ({ ...r, seq: Number(r.seq) }));
}

/**
 * The conversation's invariants: seq 1..n without gaps or twins, every client_msg_id once, every
 * acknowledged message is the stored row, and what each side heard is what is stored.
 */
async function expectConsistent(database: TestDatabase, conversationId: string, chatters: Chatter[]) {
  const sentIds = chatters.flatMap((c) => c.sent.map((s) => s.client_msg_id));
  const rows = await stored(database, conversationId);
  expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i + 1));
  const counts = new Map<string, number>();
  for (const r of rows) if (r.client_msg_id) counts.set(r.client_msg_id, (counts.get(r.client_msg_id) ?? 0) + 1);
  expect([...counts.values()].filter((n) => n !== 1)).toEqual([]);
  expect(sentIds.filter((id) => counts.get(id) !== 1)).toEqual([]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const c of chatters) {
    expect(c.acked.size).toBe(c.sent.length);
    for (const [clientMsgId, m] of c.acked) expect(byId.get(m.id)).toEqual({ id: m.id, seq: m.seq, client_msg_id: clientMsgId });
    for (const m of c.heard.values()) expect(byId.get(m.id)?.seq).toBe(m.seq);
  }
  return rows;
}

/** Each side heard every message of the other. */
async function expectHeardEachOther(a: Chatter, b: Chatter) {
  const aIds = a.sent.map((s) => s.client_msg_id);
  const bIds = b.sent.map((s) => s.client_msg_id);
  await until(() => bIds.every((id) => a.heard.has(id)), `heard by the first side: ${bIds.filter((id) => !a.heard.has(id)).length} missing`);
  await until(() => aIds.every((id) => b.heard.has(id)), `heard by the second side: ${aIds.filter((id) => !b.heard.has(id)).length} missing`);
}

describe('a server process killed (SIGKILL) in the middle of a conversation', () => {
  let ground: ProcessGround;
  let port: number;
  let server: ServerProcess | undefined;
  /** Every process this describe started, for the failure report. */
  const processes: ServerProcess[] = [];
  let candidateToken: string;
  let adminToken: string;
  let conversationId: string;

  const start = async () => {
    const p = await ground.start({ port });
    processes.push(p);
    return p;
  };

  beforeAll(async () => {
    ground = await processGround('proc');
    port = await freePort();
    server = await start();
    [{ candidateToken, conversationId }, adminToken] = await Promise.all([candidateConversation({ url: server.url, database: ground.database }), login(server.url, DEMO.company_admin)]);
  });
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.kill()));
    await ground?.remove();
  });

  it('every message stored once with seq 1..n, every ack stored, both sides hear everything, the outboxes drain', async () => {
    reportOnFailure(() => processes);
    const started = Date.now();
    const url = server!.url;
    const admin = chatter({ url, token: adminToken, conversationId, dispose: (c) => disposers.push(c) });
    const candidate = chatter({ url, token: candidateToken, conversationId, dispose: (c) => disposers.push(c) });
    for (const c of [admin, candidate]) {
      // Follow the conversation: a reconnect backfills after the last seq seen.
      c.conn.track(conversationId, 0);
      await within(c.conn.history(conversationId), 'history');
    }
    const reasons: string[] = [];
    admin.conn.socket.on('disconnect', (r) => reasons.push(r));
    candidate.conn.socket.on('disconnect', (r) => reasons.push(r));

    // A normal exchange first.
    await greetEachOther(admin, candidate);

    // A burst from both sides, not awaited. The process is SIGKILLed as soon as the first of them
    // is acknowledged: the connection has sent the next one by then, so sends are in flight (and
    // some maybe stored without an ack or a broadcast) when it dies.
    const BURST = 15;
    const burst: Promise<ChatMessage>[] = [];
    for (let i = 0; i < BURST; i++) {
      burst.push(admin.send(`admin burst ${i}`).stored, candidate.send(`candidate burst ${i}`).stored);
    }
    const victim = server!;
    const killed = Promise.race(burst).then(() => victim.kill());
    await within(killed, 'the first burst ack and the kill', 10_000);
    expect((await victim.exited).signal).toBe('SIGKILL');
    server = undefined;
    const storedAtKill = (await stored(ground.database, conversationId)).length;

    await until(() => !admin.conn.socket.connected && !candidate.conn.socket.connected, 'both connections noticed the kill', 5_000);
    // Written while no process runs: they wait in the outbox.
    for (let i = 0; i < 4; i++) {
      admin.send(`admin while down ${i}`);
      candidate.send(`candidate while down ${i}`);
    }
    // Most of the burst was still waiting when the process died.
    expect(admin.conn.pending().length + candidate.conn.pending().length).toBeGreaterThan(8);
    expect(storedAtKill).toBeLessThan(2 + 2 * BURST);

    // A new process where the clients expect it: same port, same database.
    const restartAt = Date.now();
    server = await start();
    const readyIn = Date.now() - restartAt;

    // The connections come back by themselves, resend and backfill.
    await within(Promise.all([...admin.sent, ...candidate.sent].map((s) => s.stored)), 'every send acknowledged after the restart');
    await until(() => admin.conn.pending().length === 0 && candidate.conn.pending().length === 0, 'outboxes empty');
    await expectHeardEachOther(admin, candidate);
    const rows = await expectConsistent(ground.database, conversationId, [admin, candidate]);
    expect(rows).toHaveLength(2 + 2 * BURST + 8);
    // A dropped connection, not socket.io's disconnect packet (that one means "never come back").
    expect(reasons.length).toBeGreaterThanOrEqual(2);
    expect(reasons).not.toContain('io server disconnect');
    // The failed sends were reported as warnings (SPEC §8).
    const warnings = [...admin.warnings, ...candidate.warnings].map((w) => String(w[0]));
    expect(warnings.some((w) => /sending a message failed/.test(w))).toBe(true);
    expect(admin.conn.pending()).toEqual([]);
    expect(candidate.conn.pending()).toEqual([]);
    console.log(
      `SIGKILL test: ${storedAtKill} of ${rows.length} messages stored at the kill, new process ready in ${readyIn} ms, all delivered ${Date.now() - restartAt} ms after the restart began, ${Date.now() - started} ms in all`,
    );
  });
});

/**
 * Redis: REDIS_URL, or the machine's own at the default port; skipped or failed as redisOrSkip says.
 */
const REDIS_URL = TEST_REDIS_URL;
const redis = await redisOrSkip();

redis.describe('two server processes on one database through Redis', () => {
  let ground: ProcessGround;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  let candidateToken: string;
  let adminToken: string;
  let conversationId: string;

  beforeAll(async () => {
    ground = await processGround('proc');
    // Started together, as a deploy of two replicas would be.
    [a, b] = await ground.startTwo({ env: { REDIS_URL, REDIS_PREFIX: redisPrefix('proc') } });
    [{ candidateToken, conversationId }, adminToken] = await Promise.all([candidateConversation({ url: a.url, database: ground.database }), login(b.url, DEMO.company_admin)]);
  });
  afterAll(async () => {
    await Promise.all([a?.kill(), b?.kill()]);
    await ground?.remove();
  });

  it('messages both ways are heard live, and a read mark on B reaches the candidate on A', async () => {
    reportOnFailure(() => [a, b]);
    // The conversation is not tracked, so nothing is backfilled: what they hear came live.
    const candidate = chatter({ url: a!.url, token: candidateToken, conversationId, dispose: (c) => disposers.push(c) });
    const admin = chatter({ url: b!.url, token: adminToken, conversationId, dispose: (c) => disposers.push(c) });
    await until(() => candidate.conn.socket.connected && admin.conn.socket.connected, 'both connected', 5_000);

    // Subscriptions to Redis are asynchronous: probe each way until one crosses, so the test's own
    // messages cannot race the processes' setup.
    await probeBothWays(candidate, admin, ['a message from A reaches B', 'a message from B reaches A'], 8_000);

    // Both sides write at once.
    for (let i = 0; i < 5; i++) {
      candidate.send(`A から ${i}`);
      admin.send(`B から ${i}`);
    }
    await within(Promise.all([...admin.sent, ...candidate.sent].map((s) => s.stored)), 'every send acknowledged', 10_000);
    await expectHeardEachOther(candidate, admin);
    const rows = await expectConsistent(ground.database, conversationId, [candidate, admin]);
    expect(candidate.conn.pending()).toEqual([]);
    expect(admin.conn.pending()).toEqual([]);

    // The admin on B has read it all: the candidate on A is told.
    const seen: SeenNotice[] = [];
    candidate.conn.on('seenAdmin', (n) => seen.push(n));
    const mark = await within(admin.conn.seen(conversationId), 'sendSeenAdmin on B', 5_000);
    expect(mark.last_seq).toBe(rows.at(-1)!.seq);
    const adminId = await userId(ground, DEMO.company_admin);
    const notice = await until(() => seen.find((n) => n.last_seq === mark.last_seq), 'seenAdmin reaches the candidate on A', 5_000);
    expect(notice).toEqual({ conversation_id: conversationId, user_id: adminId, last_seq: mark.last_seq });
    // No send failed on the way.
    expect([...candidate.warnings, ...admin.warnings]).toEqual([]);
  });
});
