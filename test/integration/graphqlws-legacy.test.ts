/**
 * /graphqlws also speaks the older protocol SPEC §7 names (`graphql-ws`, i.e.
 * subscriptions-transport-ws, and `graphql-subscriptions`), chosen by subprotocol, with the same
 * authentication (Bearer in the connection params), limits and delivery as the current one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { addNotification } from '../../server/modules/notifications/service.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
const open: WebSocket[] = [];
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
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
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = received.find(pred);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no such message; got ${JSON.stringify(received)}`);
      await new Promise<void>((r) => {
        waiters.push(r);
        setTimeout(r, 50);
      });
    }
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
    await new Promise((r) => setTimeout(r, 200));
    const me = await t.database.db.selectFrom('users').select('id').where('email', '=', 'companystaff@demo.test').executeTakeFirstOrThrow();
    const other = await t.database.db.selectFrom('users').select('id').where('email', '=', 'company@demo.test').executeTakeFirstOrThrow();
    await addNotification(t.database.db, t.services.bus, { userId: other.id, type: 1, title: 'not for you' });
    await addNotification(t.database.db, t.services.bus, { userId: me.id, type: 1, title: 'legacy hello' });
    const data = await s.next((m) => m.type === 'data' && m.id === 'n');
    expect(data.payload.data.notificationAdded.title).toBe('legacy hello');
    expect(s.received.filter((m) => m.type === 'data').map((m) => m.payload.data.notificationAdded.title)).toEqual(['legacy hello']);
    s.send({ type: 'stop', id: 'n' });
    await s.next((m) => m.type === 'complete' && m.id === 'n');
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

  it("closes the socket with 4403 when the user logs out", async () => {
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
