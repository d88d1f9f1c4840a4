/**
 * The cluster as an operator runs it (the bundle `npm run start:cluster` runs): a primary and two
 * workers behind one port, events between them through Redis (docs/operations.md
 * "Several processes behind one port"). Two chat clients on different workers talk to each other;
 * a worker killed with SIGKILL is replaced and its client reconnects and catches up; SIGTERM drains
 * every worker and the primary exits 0. Without Redis, more than one worker is refused.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { DEMO, loginToken } from '../helpers/app.ts';
import type { ChatMessage } from '../../server/chat/events.ts';
import { acked, applyToDailyShift, type Chatter, chatter, defaultSocket, drained, type RawChatSocket, socketConnected, socketUpgraded, probeBothWays, transportsOf } from '../helpers/chat.ts';
import { redisOrSkip } from '../helpers/redis.ts';
import { answeringWorkers, getFresh, nodeChildPids, processGround, replacementAnswers, startCluster, type ProcessGround, type ServerProcess } from '../helpers/server-process.ts';
import { until, within } from '../helpers/wait.ts';

describe('a cluster without Redis', () => {
  it('refuses to start more than one worker, saying what to set', async () => {
    const ground = await processGround('cluster');
    try {
      const start = ground.start({ script: 'dist/server/cluster.js', env: { WEB_CONCURRENCY: '2' } });
      await expect(start).rejects.toThrow(/"code":2[\s\S]*needs Redis[\s\S]*REDIS_URL[\s\S]*WEB_CONCURRENCY=1/);
    } finally {
      await ground.remove();
    }
  });
});

const redis = await redisOrSkip();

redis.describe('a cluster of two workers with Redis', () => {
  let ground: ProcessGround;
  let cluster: ServerProcess;
  let candidateToken: string;
  let adminToken: string;
  let conversationId: string;
  let candidate: Chatter;
  let admin: Chatter;
  const reasons: string[] = [];
  // The chat clients live across the tests below (the kill and the shutdown act on them).
  const closers: (() => void)[] = [];
  const keep = (close: () => void) => void closers.push(close);

  beforeAll(async () => {
    // Both workers listen: fresh connections are answered by worker 1 and worker 2.
    ground = await processGround('cluster');
    cluster = await startCluster(ground, 'cluster');
    [candidateToken, adminToken] = await Promise.all([loginToken(cluster.url, DEMO.candidate), loginToken(cluster.url, DEMO.company_admin)]);
    ({ conversationId } = await applyToDailyShift({ url: cluster.url, db: ground.database.db, candidateToken }));
  });
  afterAll(async () => {
    for (const close of closers) close();
    await cluster?.kill();
    await ground?.remove();
  });

  const report = () => onTestFailed(() => console.log(`--- output of the cluster (pid ${cluster.child.pid}):\n${cluster.output()}`));
  it('two chat clients on different workers hear each other', async () => {
    report();
    // Opened one right after the other, nothing else connecting: the primary hands the two
    // connections to the two workers in turn (which the kill below confirms).
    candidate = chatter({ url: cluster.url, token: candidateToken, conversationId, dispose: keep });
    admin = chatter({ url: cluster.url, token: adminToken, conversationId, dispose: keep });
    await until(() => candidate.conn.socket.connected && admin.conn.socket.connected, 'both connected', 10_000);
    for (const c of [candidate, admin]) {
      c.conn.track(conversationId, 0);
      c.conn.socket.on('disconnect', (r) => reasons.push(r));
    }
    // Redis subscriptions are asynchronous: probe each way until one crosses.
    await probeBothWays(candidate, admin, ['the candidate reaches the admin', 'the admin reaches the candidate'], 10_000);
    for (let i = 0; i < 3; i++) {
      candidate.send(`候補者から ${i}`);
      admin.send(`from the company ${i}`);
    }
    await within(Promise.all([...candidate.sent, ...admin.sent].map((s) => s.stored)), 'every send acknowledged', 10_000);
    await until(() => admin.sent.every((s) => candidate.heard.has(s.client_msg_id)) && candidate.sent.every((s) => admin.heard.has(s.client_msg_id)), 'both heard everything');
  });

  it('socket.io clients with default options (long-polling, then WebSocket) connect on both workers and chat', async () => {
    report();
    // Six at once: the primary hands their sessions to the two workers in turn, and every request
    // of a session (polls, sends, the upgrade) must reach the worker that holds it.
    const clients = Array.from({ length: 6 }, (_, i) => {
      const side = i % 2 === 0 ? 'candidate' : 'admin';
      const socket = defaultSocket(cluster.url, side === 'candidate' ? candidateToken : adminToken, { dispose: keep });
      const heard = new Set<string>();
      const problems: string[] = [];
      socket.on('newMessage', (m: ChatMessage) => void (m.conversation_id === conversationId && heard.add(m.id)));
      socket.on('disconnect', (r) => void problems.push(`disconnect: ${r}`));
      socket.on('connect_error', (e) => void problems.push(`connect_error: ${e.message}`));
      return { side, socket, heard, problems };
    });
    // Should it fail, each client's state says where it stopped.
    onTestFailed(() =>
      console.log(
        clients
          .map((c, i) => `client ${i} (${c.side}): ${c.socket.connected ? 'connected' : 'not connected'}, ${transportsOf(c.socket).join(' > ')}, ${c.problems.join('; ') || 'no problem'}`)
          .join('\n'),
      ),
    );
    await within(Promise.all(clients.map((c) => socketConnected(c.socket))), 'every default client connected', 20_000);
    const admins = clients.filter((c) => c.side === 'admin');
    const candidates = clients.filter((c) => c.side === 'candidate');
    for (const a of admins) acked(await a.socket.timeout(10_000).emitWithAck('joinConversation', { conversation_id: conversationId }));
    await within(Promise.all(clients.map((c) => socketUpgraded(c.socket))), 'every default client upgraded to WebSocket', 20_000);
    for (const c of clients) expect(transportsOf(c.socket)).toEqual(['polling', 'websocket']);

    // SPEC §7's payload as written (no client_msg_id), from each side; everyone on the other side hears each message.
    const send = async (s: RawChatSocket, text: string) =>
      acked(await s.timeout(10_000).emitWithAck('sendMessageMember', { conversation_id: conversationId, message_type: 1, message_content: text })).message;
    const fromCandidates = await Promise.all(candidates.map((c, i) => send(c.socket, `default client, candidate ${i}`)));
    const fromAdmins = await Promise.all(admins.map((c, i) => send(c.socket, `default client, company ${i}`)));
    await until(() => admins.every((a) => fromCandidates.every((m) => a.heard.has(m.id))), 'every admin client heard every candidate message', 10_000);
    await until(() => candidates.every((c) => fromAdmins.every((m) => c.heard.has(m.id))), 'every candidate client heard every company message', 10_000);
    expect(clients.flatMap((c) => c.problems)).toEqual([]);
    for (const c of clients) c.socket.disconnect();
  });

  it('a worker killed with SIGKILL is replaced; the client that was on it reconnects and catches up', async () => {
    report();
    const before = await answeringWorkers(cluster.url);
    const [victim, survivor] = await nodeChildPids(cluster.child.pid!);
    expect(victim).toBeGreaterThan(0);
    expect(survivor).toBeGreaterThan(0);
    const drops = new Map<Chatter, number>([
      [candidate, 0],
      [admin, 0],
    ]);
    for (const c of [candidate, admin]) c.conn.socket.on('disconnect', () => drops.set(c, drops.get(c)! + 1));
    process.kill(victim!, 'SIGKILL');

    // Exactly one of the two clients was on the killed worker: they were on different workers.
    // (It reconnects within ~100 ms, to the surviving worker or the replacement.)
    await until(() => drops.get(candidate)! + drops.get(admin)! > 0, 'a client noticed the kill', 5_000);
    // A client that has not dropped answers a round trip on its connection: it is on a live worker.
    await Promise.all([candidate, admin].filter((c) => drops.get(c) === 0).map((c) => drained(c.conn.socket)));
    const dropped = [candidate, admin].filter((c) => drops.get(c)! > 0);
    const stayed = [candidate, admin].filter((c) => drops.get(c) === 0);
    expect(dropped).toHaveLength(1);
    expect(stayed).toHaveLength(1);
    // The one still connected writes while the other is away.
    const whileAway = [0, 1, 2].map((i) => stayed[0]!.send(`while the other worker is replaced ${i}`));
    const fromDropped = dropped[0]!.send('written while reconnecting');

    // A new worker with a new number takes the dead one's place.
    await replacementAnswers(cluster.url, before);
    expect(await nodeChildPids(cluster.child.pid!)).not.toContain(victim);
    expect(await nodeChildPids(cluster.child.pid!)).toHaveLength(2);

    // The dropped client is back, its outbox sent, and it caught up on what it missed.
    await within(Promise.all([...whileAway.map((s) => s.stored), fromDropped.stored]), 'sends acknowledged after the kill', 20_000);
    await until(() => whileAway.every((s) => dropped[0]!.heard.has(s.client_msg_id)), 'the reconnected client caught up');
    await until(() => stayed[0]!.heard.has(fromDropped.client_msg_id), 'its message reached the other');
    expect(reasons).not.toContain('io server disconnect');

    // Every acknowledged message is stored once, seq 1..n.
    const { rows } = await sql<{ seq: number; client_msg_id: string }>`select seq, client_msg_id from messages where conversation_id = ${conversationId} order by seq`.execute(ground.database.db);
    expect(rows.map((r) => Number(r.seq))).toEqual(rows.map((_, i) => i + 1));
    const ids = rows.map((r) => r.client_msg_id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const s of [...candidate.sent, ...admin.sent]) expect(ids).toContain(s.client_msg_id);
  });

  it('SIGTERM drains every worker (requests in flight are answered) and the primary exits 0', async () => {
    report();
    const workers = await nodeChildPids(cluster.child.pid!);
    expect(workers).toHaveLength(2);
    // Requests in flight on fresh connections (both workers), the signal once the first is answered.
    const requests = Array.from({ length: 8 }, () => getFresh(`${cluster.url}/daily`));
    await Promise.race(requests);
    cluster.child.kill('SIGTERM');
    const answers = await within(Promise.all(requests), 'the requests in flight', 15_000);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(await within(cluster.exited, 'the primary exits', 30_000)).toEqual({ code: 0, signal: null });
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
    // The chat clients were dropped, not told to go away for good: they would reconnect.
    await until(() => !candidate.conn.socket.connected && !admin.conn.socket.connected, 'clients disconnected', 5_000);
    expect(reasons).not.toContain('io server disconnect');
  });
});
