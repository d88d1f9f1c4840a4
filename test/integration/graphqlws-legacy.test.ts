/**
 * /graphqlws also speaks the older protocol SPEC §7 names (`graphql-ws`, i.e.
 * subscriptions-transport-ws, and `graphql-subscriptions`), chosen by subprotocol, with the same
 * authentication (Bearer in the connection params), limits and delivery as the current one.
 */
import { SubscriptionClient } from 'subscriptions-transport-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { probeNote, probeText } from '../helpers/graphql.ts';
import { addNotification } from '../../server/modules/notifications/service.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { until, within } from '../helpers/wait.ts';
import { userId } from '../helpers/demo-data.ts';

let t: TestApp;
const open: WebSocket[] = [];
beforeAll(async () => {
  t = await startTestApp();
});
const clients: SubscriptionClient[] = [];
afterAll(async () => {
  for (const c of clients) c.close();
  for (const s of open) s.terminate();
  await t?.close();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the protocol's payloads are whatever the server sent; each test reads the fields it asserts
type Msg = { type: string; id?: string; payload?: any };

/** A raw socket speaking the older protocol, with every message it received in order. */
async function legacySocket(protocol: 'graphql-ws' | 'graphql-subscriptions') {
  const socket = new WebSocket(`${t.url.replace(/^http/, 'ws')}/graphqlws`, protocol);
  open.push(socket);
  const received: Msg[] = [];
  const waiters: (() => void)[] = [];
  socket.on('message', (raw) => {
    received.push(JSON.parse(String(raw)));
    for (const w of waiters.splice(0)) w();
  });
  const closed = new Promise<{ code: number }>((resolve) => socket.on('close', (code) => resolve({ code })));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const send = (m: Msg) => socket.send(JSON.stringify(m));
  const next = async (pred: (m: Msg) => boolean, timeoutMs = 3000): Promise<Msg> => {
    // Each message wakes the waiters: look again then, until one matches or the time is up.
    const found = (async () => {
      for (;;) {
        const m = received.find(pred);
        if (m) return m;
        await new Promise<void>((r) => waiters.push(r));
      }
    })();
    return within(found, 'message', timeoutMs).catch(() => {
      throw new Error(`no such message; got ${JSON.stringify(received)}`);
    });
  };
  return { socket, protocol: socket.protocol, send, next, received, closed };
}

describe('the older protocol at /graphqlws', () => {
  it.each(['graphql-ws', 'graphql-subscriptions'] as const)('is chosen by the subprotocol %s and runs a query for the Bearer token of connection_init', async (protocol) => {
    const token = await t.login('company_admin');
    const s = await legacySocket(protocol);
    expect(s.protocol).toBe(protocol);
    s.send({ type: 'connection_init', payload: { Authorization: `Bearer ${token}` } });
    await s.next((m) => m.type === 'connection_ack');
    s.send({ type: 'start', id: '1', payload: { query: '{ me { email role } }' } });
    const data = await s.next((m) => m.type === 'data' && m.id === '1');
    expect(data.payload.data.me).toEqual({ email: 'company@demo.test', role: 'company_admin' });
    await s.next((m) => m.type === 'complete' && m.id === '1');
  });

  it('refuses a socket without a valid token with connection_error and 4403', async () => {
    const s = await legacySocket('graphql-ws');
    s.send({ type: 'connection_init', payload: { Authorization: 'Bearer not-a-token' } });
    await s.next((m) => m.type === 'connection_error');
    expect((await s.closed).code).toBe(4403);
  });

  it("delivers a user's own notifications until it stops, and nobody else's", async () => {
    const token = await t.login('company_staff');
    const s = await legacySocket('graphql-ws');
    s.send({ type: 'connection_init', payload: { Authorization: `Bearer ${token}` } });
    await s.next((m) => m.type === 'connection_ack');
    s.send({ type: 'start', id: 'n', payload: { query: 'subscription { notificationAdded { title } }' } });
    const me = await userId(t, 'companystaff@demo.test');
    const other = await userId(t, 'company@demo.test');
    // The subscription has no answer of its own: probe until it delivers, then start counting.
    const titles = () => s.received.filter((m) => m.type === 'data' && m.id === 'n').map((m) => probeText(m.payload.data.notificationAdded.title as string));
    let probes = 0;
    await until(
      async () => titles().length > 0 || (await addNotification(t.database.db, t.services.bus, me, { type: 1, ...probeNote(`probe ${probes++}`) }), false),
      'the subscription delivers',
      10_000,
    );
    const before = titles().length;
    await addNotification(t.database.db, t.services.bus, other, { type: 1, ...probeNote('not for you') });
    await addNotification(t.database.db, t.services.bus, me, { type: 1, ...probeNote('legacy hello') });
    await until(() => titles().includes('legacy hello'), 'legacy hello delivered');
    expect(
      titles()
        .slice(before)
        .filter((title) => !title.startsWith('probe ')),
    ).toEqual(['legacy hello']);
    s.send({ type: 'stop', id: 'n' });
    await s.next((m) => m.type === 'complete' && m.id === 'n');
    // Only this protocol's messages: the current protocol's `subscribed` ping is not sent here.
    expect(new Set(s.received.map((m) => m.type))).toEqual(new Set(['connection_ack', 'ka', 'data', 'complete']));
  });

  it('applies the same limits: a query with 20 aliases is refused with errors and no data', async () => {
    const token = await t.login('company_admin');
    const s = await legacySocket('graphql-ws');
    s.send({ type: 'connection_init', payload: { Authorization: `Bearer ${token}` } });
    await s.next((m) => m.type === 'connection_ack');
    const aliases = Array.from({ length: 20 }, (_, i) => `a${i}: me { id }`).join(' ');
    s.send({ type: 'start', id: 'x', payload: { query: `{ ${aliases} }` } });
    const err = await s.next((m) => m.id === 'x' && (m.type === 'error' || m.type === 'data'));
    expect(err.type).toBe('error');
    expect(err.payload[0].extensions.code).toBeTruthy();
  });

  it('closes the socket with 4403 when the user logs out', async () => {
    const token = await t.login('client_admin');
    const s = await legacySocket('graphql-ws');
    s.send({ type: 'connection_init', payload: { Authorization: `Bearer ${token}` } });
    await s.next((m) => m.type === 'connection_ack');
    await fetch(`${t.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ query: 'mutation { logout }' }) });
    expect((await s.closed).code).toBe(4403);
  });

  it('keeps serving the current protocol to clients that ask for it', async () => {
    const socket = new WebSocket(`${t.url.replace(/^http/, 'ws')}/graphqlws`, ['graphql-transport-ws', 'graphql-ws']);
    open.push(socket);
    await new Promise((r) => socket.once('open', r));
    expect(socket.protocol).toBe('graphql-transport-ws');
  });
});

/**
 * subscriptions-transport-ws's own client (the library SPEC §7's protocol names come from), on the
 * `ws` package: it sends connection_init and, at once, every operation asked for while the socket
 * was opening, without waiting for connection_ack. What each client noticed is recorded.
 */
function realClient(protocol: 'graphql-ws' | 'graphql-subscriptions', token: string) {
  const seen = { connected: false, connectionError: undefined as unknown, disconnects: 0, errors: [] as unknown[] };
  const client = new SubscriptionClient(
    `${t.url.replace(/^http/, 'ws')}/graphqlws`,
    {
      connectionParams: { Authorization: `Bearer ${token}` },
      reconnect: false,
      // The client gives up on a socket that is not open after minTimeout (1 s by default). Eighty
      // handshakes at once on a shared test machine can take longer than that; what is under test
      // is the server's answer to the messages, whose timing this does not change.
      minTimeout: 15_000,
      connectionCallback: (err) => {
        if (err) seen.connectionError = err;
        else seen.connected = true;
      },
    },
    WebSocket,
    protocol,
  );
  clients.push(client);
  client.onDisconnected(() => seen.disconnects++);
  client.on('error', (err: unknown) => seen.errors.push(err));
  // Asked for before the socket is open: the client queues them and sends them right after connection_init.
  const query = new Promise<Msg['payload']>((resolve, reject) => {
    client.request({ query: '{ me { email role } }' }).subscribe({ next: resolve, error: reject });
  });
  const notifications: string[] = [];
  const subscriptionErrors: unknown[] = [];
  client.request({ query: 'subscription { notificationAdded { title } }' }).subscribe({
    next: (r) => void notifications.push(probeText((r.data as { notificationAdded: { title: string } }).notificationAdded.title)),
    error: (e) => void subscriptionErrors.push(e),
  });
  return { client, seen, query, notifications, subscriptionErrors };
}

describe("the older protocol with subscriptions-transport-ws's own client and timing", () => {
  it('serves 40 clients per protocol name at once: every query answers and every subscription delivers', async () => {
    const token = await t.login('company_staff');
    const all = (['graphql-ws', 'graphql-subscriptions'] as const).flatMap((protocol) => Array.from({ length: 40 }, () => ({ protocol, ...realClient(protocol, token) })));

    const answers = await within(Promise.all(all.map((c) => c.query)), 'every query answered', 20_000);
    for (const a of answers) expect(a.data.me).toEqual({ email: 'companystaff@demo.test', role: 'company_staff' });

    // The subscriptions start without an answer of their own: notify until each one has heard.
    const me = await userId(t, 'companystaff@demo.test');
    let sent = 0;
    await until(
      async () => {
        if (all.every((c) => c.notifications.length > 0 || c.subscriptionErrors.length > 0 || c.seen.disconnects > 0)) return true;
        await addNotification(t.database.db, t.services.bus, me, { type: 1, ...probeNote(`to every client ${sent++}`) });
        return false;
      },
      'every subscription delivered or failed',
      20_000,
    );
    for (const c of all) {
      expect({ protocol: c.protocol, connected: c.seen.connected, disconnects: c.seen.disconnects, errors: c.subscriptionErrors }).toEqual({
        protocol: c.protocol,
        connected: true,
        disconnects: 0,
        errors: [],
      });
      expect(c.notifications[0]).toMatch(/^to every client \d+$/);
    }
  });

  it.each(['graphql-ws', 'graphql-subscriptions'] as const)('%s: a refused connection answers the operations sent with connection_init with an error', async (protocol) => {
    const c = realClient(protocol, 'not-a-token');
    await expect(within(c.query, 'the query is answered', 10_000)).rejects.toMatchObject({ extensions: { code: 'UNAUTHENTICATED' } });
    await until(() => c.subscriptionErrors.length > 0, 'the subscription is answered', 10_000);
    expect(c.subscriptionErrors[0]).toMatchObject({ extensions: { code: 'UNAUTHENTICATED' } });
    await until(() => c.seen.connectionError, 'connection_error');
    expect(c.notifications).toEqual([]);
  });
});

describe('operations that arrive before the connection is accepted', () => {
  it('wait for connection_init and its check, and run in order once it passes', async () => {
    const token = await t.login('company_admin');
    const s = await legacySocket('graphql-ws');
    // Even before connection_init: the operation waits for it.
    s.send({ type: 'start', id: '1', payload: { query: '{ me { email } }' } });
    s.send({ type: 'connection_init', payload: { Authorization: `Bearer ${token}` } });
    s.send({ type: 'start', id: '2', payload: { query: '{ me { role } }' } });
    s.send({ type: 'start', id: '3', payload: { query: '{ me { id } }' } });
    s.send({ type: 'stop', id: '3' });
    await s.next((m) => m.type === 'complete' && m.id === '2');
    expect((await s.next((m) => m.type === 'data' && m.id === '1')).payload.data.me).toEqual({ email: 'company@demo.test' });
    expect((await s.next((m) => m.type === 'data' && m.id === '2')).payload.data.me).toEqual({ role: 'company_admin' });
    // The stopped one never ran; the ack came before any answer.
    expect(s.received.filter((m) => m.id === '3').map((m) => m.type)).toEqual(['complete']);
    expect(s.received.findIndex((m) => m.type === 'connection_ack')).toBeLessThan(s.received.findIndex((m) => m.type === 'data'));
  });

  it('are bounded in number: past the limit one is refused with an error, the others still run', async () => {
    const token = await t.login('company_admin');
    const s = await legacySocket('graphql-subscriptions');
    // All of them before connection_init, so none can run before the limit is reached.
    for (let i = 0; i < 51; i++) s.send({ type: 'start', id: `q${i}`, payload: { query: '{ me { email } }' } });
    s.send({ type: 'connection_init', payload: { Authorization: `Bearer ${token}` } });
    const refused = await s.next((m) => m.type === 'error' && m.id === 'q50');
    expect(refused.payload[0].extensions.code).toBe('TOO_MANY_REQUESTS');
    await s.next((m) => m.type === 'complete' && m.id === 'q49');
    expect(s.received.filter((m) => m.type === 'data').length).toBe(50);
  });

  it('are bounded in time: without connection_init they are answered with an error before the 4408 close', async () => {
    const s = await legacySocket('graphql-ws');
    s.send({ type: 'start', id: 'early', payload: { query: '{ me { email } }' } });
    expect((await s.closed).code).toBe(4408);
    const answer = s.received.find((m) => m.id === 'early');
    expect(answer?.type).toBe('error');
    expect(answer?.payload[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});
