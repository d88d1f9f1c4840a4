/**
 * Redis goes away under two server processes and comes back (docs/operations.md "When Redis goes
 * away"). Redis is reached through a TCP proxy on loopback that the test cuts, as
 * database-loss.test.ts does for PostgreSQL. While it is gone each process keeps serving its own
 * sockets (a message is stored, acknowledged and heard by the sockets on the same process, quickly)
 * and pages, and failed logins are still limited (in the process's memory). Once it is back,
 * messages cross between the processes again and the side on the other process catches up on what
 * it missed.
 */
import { afterAll, beforeAll, expect, it, inject } from 'vitest';
import { LOGIN_LIMITS } from '../../server/modules/auth/service.ts';
import { DEMO, loginToken } from '../helpers/app.ts';
import { candidateConversation, type Chatter, chatter, probeBothWays } from '../helpers/chat.ts';
import { redisOrSkip, redisPrefix, TEST_REDIS_URL } from '../helpers/redis.ts';
import { processGround, reportOnFailure, type ProcessGround, type ServerProcess } from '../helpers/server-process.ts';
import { proxiedRedis, type TcpProxy } from '../helpers/tcp-proxy.ts';
import { until, within } from '../helpers/wait.ts';

const redis = await redisOrSkip();

redis.describe('Redis going away under two processes, and coming back', () => {
  let ground: ProcessGround;
  let proxy: TcpProxy;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  let conversationId: string;
  /** The candidate and a company admin on process A, the same admin's other tab on process B. */
  let candidate: Chatter;
  let adminOnA: Chatter;
  let adminOnB: Chatter;
  const closers: (() => void)[] = [];
  const keep = (close: () => void) => void closers.push(close);

  beforeAll(async () => {
    ground = await processGround('redis');
    const redis = await proxiedRedis(TEST_REDIS_URL);
    proxy = redis.proxy;
    const env = { REDIS_URL: redis.url, REDIS_PREFIX: redisPrefix('redis-loss'), TRUST_PROXY: '1' };
    [a, b] = await ground.startTwo({ env });
    const [opened, adminToken] = await Promise.all([candidateConversation({ url: a.url, database: ground.database }), loginToken(a.url, DEMO.company_admin)]);
    conversationId = opened.conversationId;
    candidate = chatter({ url: a.url, token: opened.candidateToken, conversationId, dispose: keep });
    adminOnA = chatter({ url: a.url, token: adminToken, conversationId, dispose: keep });
    adminOnB = chatter({ url: b.url, token: adminToken, conversationId, dispose: keep });
    // Followed conversations: a message after a hole fetches what is missing (client/api/chat-socket.ts).
    for (const c of [candidate, adminOnA, adminOnB]) c.conn.track(conversationId, 0);
    await until(() => candidate.conn.socket.connected && adminOnA.conn.socket.connected && adminOnB.conn.socket.connected, 'all connected', 10_000);
  });
  afterAll(async () => {
    for (const close of closers) close();
    await Promise.all([a?.kill(), b?.kill()]);
    await proxy?.close();
    await ground?.remove();
  });

  const login = (url: string, email: string, password: string, ip: string) =>
    fetch(`${url}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip, cookie: 'lang=en' },
      body: new URLSearchParams({ email, password }),
    });

  let duringCut: { client_msg_id: string; stored: Promise<unknown> }[] = [];

  it('with Redis: messages cross between the processes', async () => {
    reportOnFailure(() => [a, b]);
    await probeBothWays(candidate, adminOnB, ['A to B', 'B to A']);
  });

  it('without Redis: each process serves its own sockets and pages, and limits failed logins in memory', async () => {
    reportOnFailure(() => [a, b]);
    const lost = (p: ServerProcess) => (p.output().match(/redis connection error/g) ?? []).length;
    const before = [lost(a!), lost(b!)] as const;
    await proxy.cut();
    // Both processes have found Redis gone (a reconnect refused) before the test speaks.
    await until(() => lost(a!) > before[0] && lost(b!) > before[1], 'both processes see Redis gone', 10_000);

    // The candidate's messages on A are stored, acknowledged and heard by the admin's tab on A, quickly.
    const started = Date.now();
    duringCut = [0, 1, 2].map((i) => candidate.send(`Redis がない間 ${i}`));
    await within(Promise.all(duringCut.map((s) => s.stored)), 'acknowledged without Redis', 5_000);
    const ackMs = Date.now() - started;
    expect(ackMs).toBeLessThan(3_000);
    await until(() => duringCut.every((s) => adminOnA.heard.has(s.client_msg_id)), 'heard on the same process', 5_000);

    // Pages and readiness on both processes (readiness is about the database, not Redis).
    for (const p of [a!, b!]) {
      const t0 = Date.now();
      expect((await fetch(`${p.url}/daily`)).status).toBe(200);
      expect((await fetch(`${p.url}/readyz`)).status).toBe(200);
      expect(Date.now() - t0).toBeLessThan(3_000);
    }

    // Failed logins still count: after 10 failures for one account from one address, the right
    // password is refused too (429), counted in A's memory while Redis is away.
    const ip = '203.0.113.50';
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndAddress; i++) expect((await login(a!.url, DEMO.client_staff, `wrong-${i}`, ip)).status).toBe(401);
    const blocked = await login(a!.url, DEMO.client_staff, inject('demoPassword'), ip);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);

    // The cut is real: after all that work on both processes, the tab on B heard none of them.
    expect(duringCut.filter((s) => adminOnB.heard.has(s.client_msg_id))).toEqual([]);

    // Nothing failed on A's clients, and both processes are still running.
    expect([...candidate.warnings, ...adminOnA.warnings]).toEqual([]);
    expect(a!.child.exitCode).toBeNull();
    expect(b!.child.exitCode).toBeNull();
    console.log(`Redis cut: 3 messages acknowledged in ${ackMs} ms`);
  });

  it('Redis back: messages cross again and the other process catches up on what it missed', async () => {
    reportOnFailure(() => [a, b]);
    await proxy.restore();
    const restoredAt = Date.now();
    await probeBothWays(candidate, adminOnB, ['A to B after Redis returned', 'B to A after Redis returned']);
    // The next message that crossed showed B's tab a hole, which it filled from the database.
    await until(() => duringCut.every((s) => adminOnB.heard.has(s.client_msg_id)), 'B caught up on the messages sent without Redis');
    for (const p of [a!, b!]) {
      expect(p.child.exitCode).toBeNull();
      expect(p.output()).not.toMatch(/Unhandled|unhandledRejection/);
    }
    console.log(`Redis back: delivery between the processes resumed ${Date.now() - restoredAt} ms after it returned`);
  });
});
