/**
 * GraphQL over WebSocket at /graphqlws (graphql-ws protocol, SPEC §7; DESIGN §2): authentication in
 * connection_init, the same authorization and limits as over HTTP, notificationAdded filtered to the
 * signed-in user, logout closing the user's sockets, and (with REDIS_URL) events crossing processes.
 */
import { randomBytes } from 'node:crypto';
import type { Client, FormattedExecutionResult } from 'graphql-ws';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { forgetSessions } from '../../server/modules/auth/session-cache.ts';
import { addNotification } from '../../server/modules/notifications/service.ts';
import { appForFile, DEMO, startTestApp, type TestApp } from '../helpers/app.ts';
import { companyOf, userId } from '../helpers/demo-data.ts';
import { gql, probeNote, probeText } from '../helpers/graphql.ts';
import { collectSubscription, graphqlWsClient, type Closed } from '../helpers/graphqlws.ts';
import { redisOrSkip } from '../helpers/redis.ts';
import { proxiedRedis } from '../helpers/tcp-proxy.ts';
import { eventually, until } from '../helpers/wait.ts';

const t = appForFile();

// Every client and socket a test opens is closed after it, whatever happened.
const disposers: (() => unknown)[] = [];
afterEach(async () => {
  for (const dispose of disposers.splice(0).reverse()) await dispose();
});

/**
 * Titles carry this run's tag. The demo users have the same ids in every test database (they are
 * cloned from one template), so with REDIS_URL another test file's events for the same user id can
 * reach this file's sockets; the tag tells ours apart.
 */
const TAG = `ws-${randomBytes(4).toString('hex')}`;
const PROBE = `${TAG}:probe`;

// The test apps reach Redis only through REDIS_URL (startTestApp's bus).
const redis = await redisOrSkip({ fromEnvOnly: true });

const wsUrl = (base: string) => `${base.replace(/^http/, 'ws')}/graphqlws`;

const gqlClient = (base: string, token: string | undefined, onClosed?: (e: Closed) => void): Client => graphqlWsClient(base, token, { dispose: (close) => disposers.push(close), onClosed });

type Result<T> = { data?: T | null; errors?: readonly { message: string; extensions?: Record<string, unknown> }[] };

/** One query or mutation over the socket: its result, or the errors graphql-ws sent for it. */
function run<T = Record<string, unknown>>(client: Client, query: string): Promise<Result<T>> {
  return new Promise((resolve, reject) => {
    let result: FormattedExecutionResult<T, unknown> | undefined;
    client.subscribe<T>(
      { query },
      {
        next: (r) => (result = r),
        error: (err) => (Array.isArray(err) ? resolve({ errors: err }) : reject(err)),
        complete: () => resolve((result ?? {}) as Result<T>),
      },
    );
  });
}

interface Note {
  id: string;
  title: string;
  type: number;
}

const SUBSCRIPTION = 'subscription { notificationAdded { id title type } }';

/** A notificationAdded subscription; `titles()` lists what arrived of this run, probes left out. */
function subscribeNotes(client: Client) {
  const { got, errors } = collectSubscription<Note>(client, { query: SUBSCRIPTION }, 'notificationAdded', (stop) => disposers.push(stop));
  return {
    got,
    errors,
    titles: () => got.map((n) => probeText(n.title)).filter((title) => title.startsWith(`${TAG}:`) && title !== PROBE),
  };
}

/**
 * For the tests that do not wait for the server's `subscribed` ping: probe notifications for the
 * subscriber until a new one arrives, so the test's own notifications cannot race the setup. Run
 * again after the test's own notifications, it is the marker after which none of them can still
 * come (the bus keeps one publisher's order).
 */
async function untilSubscribed(app: TestApp, sub: ReturnType<typeof subscribeNotes>, forUser: string): Promise<void> {
  const probes = () => sub.got.filter((n) => probeText(n.title) === PROBE).length;
  const before = probes();
  await until(
    async () => {
      await addNotification(app.services.db, app.services.bus, forUser, { type: 1, ...probeNote(PROBE) });
      // A probe published before the subscription was active is lost: after a while, another.
      return vi
        .waitFor(() => expect(probes()).toBeGreaterThan(before), { timeout: 250, interval: 10 })
        .then(
          () => true,
          () => false,
        );
    },
    `the subscription delivers a probe: ${JSON.stringify(sub.errors)}`,
    5_000,
  );
}

/** A raw socket speaking graphql-transport-ws: when and how the server closed it. */
function rawSocket(
  base: string,
  opts: { init?: Record<string, unknown> | null; headers?: Record<string, string>; origin?: string } = {},
): { closed: Promise<Closed & { afterMs: number }>; acked: Promise<boolean>; socket: WebSocket } {
  const started = Date.now();
  const socket = new WebSocket(wsUrl(base), 'graphql-transport-ws', { headers: opts.headers, origin: opts.origin });
  disposers.push(() => socket.terminate());
  let ack: (v: boolean) => void = () => {};
  const acked = new Promise<boolean>((resolve) => (ack = resolve));
  socket.on('message', (data) => {
    if (JSON.parse(String(data)).type === 'connection_ack') ack(true);
  });
  socket.on('error', () => {});
  if (opts.init !== null) {
    socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', ...(opts.init ? { payload: opts.init } : {}) })));
  }
  const closed = new Promise<Closed & { afterMs: number }>((resolve) =>
    socket.on('close', (code, reason) => {
      ack(false);
      resolve({ code, reason: reason.toString(), afterMs: Date.now() - started });
    }),
  );
  return { closed, acked, socket };
}

describe('queries over the socket', () => {
  it('runs { me { email role } } for the token given in connection_init', async () => {
    const client = gqlClient(t.url, await t.login('company_admin'));
    const r = await run<{ me: { email: string; role: string } }>(client, '{ me { email role } }');
    expect(r.errors).toBeUndefined();
    expect(r.data?.me).toEqual({ email: DEMO.company_admin, role: 'company_admin' });
  });

  it('applies the same authorization as over HTTP: company staff may not list companies', async () => {
    const token = await t.login('company_staff');
    // `companies { __typename }` selects validly whether companies is a list or a page of rows.
    const query = '{ companies { __typename } }';
    const overHttp = await gql(t.url, query, {}, { token });
    const r = await run(gqlClient(t.url, token), query);
    expect(r.errors?.map((e) => e.extensions?.code)).toEqual(['FORBIDDEN']);
    expect(r.data ?? null).toBeNull();
    // The same answer as POST /graphql gives.
    expect(overHttp.errors?.map((e) => e.extensions?.code)).toEqual(['FORBIDDEN']);
    // And an allowed caller gets data over the socket.
    const allowed = await run(gqlClient(t.url, await t.login('admin')), query);
    expect(allowed.errors, JSON.stringify(allowed.errors)).toBeUndefined();
    expect(allowed.data).toHaveProperty('companies');
  });

  it('accepts the session cookie of a same-origin page, and not of another origin', async () => {
    const token = await t.login('company_admin');
    const same = rawSocket(t.url, { init: {}, headers: { cookie: `token=${token}` }, origin: t.url });
    expect(await same.acked).toBe(true);
    const other = rawSocket(t.url, { init: {}, headers: { cookie: `token=${token}` }, origin: 'https://evil.example' });
    expect((await other.closed).code).toBe(4403);
  });
});

describe('authentication of the socket', () => {
  it('closes the socket with 4403 when connection_init carries no token', async () => {
    const { closed, acked } = rawSocket(t.url, { init: undefined });
    expect((await closed).code).toBe(4403);
    expect(await acked).toBe(false);
  });

  it('closes the socket with 4403 for a bad token', async () => {
    for (const Authorization of ['Bearer not-a-token', 'Bearer a.b.c', 'Basic abc', 'Bearer']) {
      const { closed, acked } = rawSocket(t.url, { init: { Authorization } });
      expect((await closed).code, Authorization).toBe(4403);
      expect(await acked).toBe(false);
    }
  });

  it('closes the socket with 4403 through the graphql-ws client too', async () => {
    let closedWith: Closed | undefined;
    const client = gqlClient(t.url, 'garbage', (e) => (closedWith = e));
    await expect(run(client, '{ me { email } }')).rejects.toBeTruthy();
    expect(closedWith?.code).toBe(4403);
  });

  it('closes a socket that never sends connection_init with 4408 after about 3 s', async () => {
    const { closed } = rawSocket(t.url, { init: null });
    const c = await closed;
    expect(c.code).toBe(4408);
    expect(c.afterMs).toBeGreaterThanOrEqual(2800);
    expect(c.afterMs).toBeLessThan(4500);
  });
});

describe('subscription { notificationAdded }', () => {
  it('is announced by a ping naming it once it listens: a notification published as the ping arrives is delivered', async () => {
    const [a, companyId] = await Promise.all([userId(t, DEMO.company_admin), companyOf(t, DEMO.company_admin)]);
    // A stored notification, added before anyone subscribes (its own event reaches no subscription).
    const note = await addNotification(t.services.db, t.services.bus, a, { type: 1, ...probeNote(`${TAG}:right-after`) });
    const client = gqlClient(t.url, await t.login('company_admin'));
    // The session row comes from the database, not this process's cache, when the subscription is
    // prepared: its setup takes real I/O, which a ping sent too early would not wait for.
    client.on('connected', () => forgetSessions(t.services.db));
    const pings: unknown[] = [];
    client.on('ping', (received, payload) => {
      if (!received) return;
      pings.push(payload);
      // Its event again, in the same turn as the ping and straight onto the bus (no database round
      // trip first): a ping sent before the subscription is on the bus would lose it.
      if (pings.length === 1) void t.services.bus.publish('notification.added', { userId: a, companyId, notification: note });
    });
    const sub = subscribeNotes(client);
    await eventually(() => expect(sub.titles()).toEqual([`${TAG}:right-after`]));
    // One ping, naming the one subscription (graphql-ws's ids are UUIDs).
    expect(pings).toEqual([{ subscribed: expect.stringMatching(/^[0-9a-f-]{36}$/) }]);
    expect(sub.errors).toEqual([]);
  });

  it("delivers a user's own notifications and nobody else's, not even a colleague's", async () => {
    const [a, staff, other] = await Promise.all([userId(t, DEMO.company_admin), userId(t, DEMO.company_staff), userId(t, DEMO.company2)]);
    const subA = subscribeNotes(gqlClient(t.url, await t.login('company_admin')));
    const sub2 = subscribeNotes(gqlClient(t.url, await t.login('company2')));
    await untilSubscribed(t, subA, a);
    await untilSubscribed(t, sub2, other);

    const mine = await addNotification(t.services.db, t.services.bus, a, { type: 1, ...probeNote(`${TAG}:for-a`) });
    await addNotification(t.services.db, t.services.bus, staff, { type: 1, ...probeNote(`${TAG}:for-staff`) });
    await addNotification(t.services.db, t.services.bus, other, { type: 2, ...probeNote(`${TAG}:for-company2`) });

    await eventually(() => expect(subA.titles()).toContain(`${TAG}:for-a`));
    await eventually(() => expect(sub2.titles()).toContain(`${TAG}:for-company2`));
    // A probe after the others, to each: once it has come, none of them can still come.
    await untilSubscribed(t, subA, a);
    await untilSubscribed(t, sub2, other);
    expect(subA.titles()).toEqual([`${TAG}:for-a`]);
    expect(sub2.titles()).toEqual([`${TAG}:for-company2`]);
    expect(subA.got.find((n) => probeText(n.title) === `${TAG}:for-a`)).toMatchObject({ id: mine.id, type: 1 });
    expect(subA.errors).toEqual([]);
    expect(sub2.errors).toEqual([]);
  });
});

describe('limits on the socket path', () => {
  it('refuses a query with 20 aliases, with errors and no data', async () => {
    const client = gqlClient(t.url, await t.login('company_admin'));
    const aliases = Array.from({ length: 20 }, (_, i) => `a${i}: me { email }`).join(' ');
    const r = await run(client, `{ ${aliases} }`);
    expect(r.data ?? null).toBeNull();
    expect(r.errors?.length).toBeGreaterThan(0);
    expect(r.errors?.some((e) => e.extensions?.code === 'QUERY_TOO_COMPLEX' && /alias/i.test(e.message))).toBe(true);
  });

  it('refuses a query nested deeper than 10 levels, with errors and no data', async () => {
    const client = gqlClient(t.url, await t.login('company_admin'));
    let selection = 'name';
    for (let i = 0; i < 10; i++) selection = `ofType { ${selection} }`;
    // __type (1) › fields (2) › type (3) › ofType ×10 › name: depth 14.
    const r = await run(client, `{ __type(name: "Query") { fields { type { ${selection} } } } }`);
    expect(r.data ?? null).toBeNull();
    expect(r.errors?.some((e) => e.extensions?.code === 'QUERY_TOO_COMPLEX' && /depth/i.test(e.message))).toBe(true);
    // The same document within the limit runs (the refusal is about depth, not the query).
    const ok = await run(client, '{ __type(name: "Query") { fields { type { ofType { name } } } } }');
    expect(ok.errors).toBeUndefined();
  });

  it('applies the limits to subscriptions too', async () => {
    const client = gqlClient(t.url, await t.login('company_admin'));
    const aliases = Array.from({ length: 20 }, (_, i) => `n${i}: notificationAdded { id }`).join(' ');
    const r = await run(client, `subscription { ${aliases} }`);
    expect(r.data ?? null).toBeNull();
    expect(r.errors?.length).toBeGreaterThan(0);
  });
});

describe('logout', () => {
  it("closes the user's subscribed socket with 4403 within 2 s and refuses the old token afterwards", async () => {
    const a = await userId(t, DEMO.company_admin);
    const token = await t.login('company_admin');
    let closedWith: Closed | undefined;
    let closedAt = 0;
    const sub = subscribeNotes(
      gqlClient(t.url, token, (e) => {
        closedWith = e;
        closedAt = Date.now();
      }),
    );
    await untilSubscribed(t, sub, a);

    expect(await gql(t.url, 'mutation { logout }', {}, { token })).toEqual({ status: 200, data: { logout: true } });
    const loggedOutAt = Date.now();
    await eventually(() => expect(closedWith?.code).toBe(4403), 2000);
    expect(closedAt - loggedOutAt).toBeLessThan(2000);

    const again = rawSocket(t.url, { init: { Authorization: `Bearer ${token}` } });
    expect((await again.closed).code).toBe(4403);
    expect(await again.acked).toBe(false);
  });

  it("leaves other users' sockets open", async () => {
    const staffToken = await t.login('company_staff');
    const adminToken = await t.login('company_admin');
    let staffClosed: Closed | undefined;
    const staff = gqlClient(t.url, staffToken, (e) => (staffClosed = e));
    expect((await run<{ me: { email: string } }>(staff, '{ me { email } }')).data?.me?.email).toBe(DEMO.company_staff);
    // The admin's own socket: its closing says the logout has reached the sockets.
    let adminClosed: Closed | undefined;
    const admin = gqlClient(t.url, adminToken, (e) => (adminClosed = e));
    expect((await run<{ me: { email: string } }>(admin, '{ me { email } }')).data?.me?.email).toBe(DEMO.company_admin);

    expect(await gql(t.url, 'mutation { logout }', {}, { token: adminToken })).toEqual({ status: 200, data: { logout: true } });
    await eventually(() => expect(adminClosed?.code).toBe(4403), 5000);
    expect(staffClosed).toBeUndefined();
    expect((await run<{ me: { email: string } }>(staff, '{ me { email } }')).data?.me?.email).toBe(DEMO.company_staff);
  });
});

describe('two processes on one database', () => {
  let t2: TestApp;
  beforeAll(async () => {
    t2 = await startTestApp({}, { database: t.database });
  });
  afterAll(async () => t2?.close());

  it("accepts app 1's session on app 2's socket", async () => {
    const client = gqlClient(t2.url, await t.login('company_admin'));
    const r = await run<{ me: { email: string } }>(client, '{ me { email } }');
    expect(r.data?.me?.email).toBe(DEMO.company_admin);
  });

  // The in-process bus cannot cross processes by design (server/events/bus.ts): only with Redis
  // does an event published in one process reach a subscriber connected to another.
  redis.it('delivers a notification added in app 1 to a subscriber on app 2, and a logout in app 1 closes it', async () => {
    const a = await userId(t, DEMO.company_admin);
    const token = await t.login('company_admin');
    let closedWith: Closed | undefined;
    const sub = subscribeNotes(gqlClient(t2.url, token, (e) => (closedWith = e)));
    // Probed through app 1's bus: the subscription is active once an event crossed from app 1.
    await untilSubscribed(t, sub, a);

    await addNotification(t.services.db, t.services.bus, a, { type: 1, ...probeNote(`${TAG}:across`) });
    await eventually(() => expect(sub.titles()).toEqual([`${TAG}:across`]));

    expect(await gql(t.url, 'mutation { logout }', {}, { token })).toEqual({ status: 200, data: { logout: true } });
    await eventually(() => expect(closedWith?.code).toBe(4403), 2000);
  });

  redis.it('pings a subscription on app 3 only once Redis has its SUBSCRIBE: what app 1 publishes on the ping arrives', async () => {
    // App 3 reaches Redis through a proxy that can hold what it sends (a slow link).
    const { proxy, url: viaProxy } = await proxiedRedis(redis.url);
    disposers.push(() => proxy.close());
    const t3 = await startTestApp({ REDIS_URL: viaProxy }, { database: t.database });
    disposers.push(
      () => t3.close(),
      () => proxy.release(),
    );
    const [a, companyId] = await Promise.all([userId(t, DEMO.company_admin), companyOf(t, DEMO.company_admin)]);
    const note = await addNotification(t.services.db, t.services.bus, a, { type: 1, ...probeNote(`${TAG}:on-the-ping`) });
    const client = gqlClient(t3.url, await t.login('company_admin'));
    const me = '{ me { email } }';
    expect((await run(client, me)).data).toEqual({ me: { email: DEMO.company_admin } });
    const pings: unknown[] = [];
    client.on('ping', (received, payload) => {
      if (!received) return;
      pings.push(payload);
      // App 1 publishes in the same turn as the ping arrives: it reaches app 3 only through Redis.
      if (pings.length === 1) void t.services.bus.publish('notification.added', { userId: a, companyId, notification: note });
    });

    proxy.hold();
    const sub = subscribeNotes(client);
    await until(() => proxy.held().includes('notification.added'), 'app 3 asks Redis for the topic');
    // A query sent now is answered after any ping the server sent for the subscription: none, as
    // Redis has not had the SUBSCRIBE.
    await run(client, me);
    expect(pings).toEqual([]);

    proxy.release();
    await eventually(() => expect(sub.titles()).toEqual([`${TAG}:on-the-ping`]));
    expect(pings).toEqual([{ subscribed: expect.stringMatching(/^[0-9a-f-]{36}$/) }]);
    expect(sub.errors).toEqual([]);
  });
});
