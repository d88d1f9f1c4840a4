/**
 * The chat socket: handshake auth and origin check, messages stored before
 * they are acknowledged, resends deduplicated by client_msg_id, seq and backfill, per-event
 * authorization across tenants, and logout closing open sockets.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Ack, ChatMessage } from '../../server/chat/events.ts';
import { OPS } from '../../server/api/operations.ts';
import { appForFile, DEMO, loginToken } from '../helpers/app.ts';
import {
  acked,
  candidateConversation,
  sendMessage,
  chatter,
  defaultSocket,
  drained,
  type RawChatSocket,
  rawSocket,
  socketConnected,
  socketUpgraded,
  transportOf,
  transportsOf,
} from '../helpers/chat.ts';
import { within } from '../helpers/wait.ts';
import { userId } from '../helpers/demo-data.ts';

type ChatClient = RawChatSocket;

const t = appForFile();
let candidateToken: string;
let conversationId: string;
beforeAll(async () => {
  ({ candidateToken, conversationId } = await candidateConversation(t));
});

const disposers: (() => unknown)[] = [];
afterEach(async () => {
  for (const dispose of disposers.splice(0).reverse()) await dispose();
});

const client = (token: string | undefined, extraHeaders?: Record<string, string>): ChatClient => rawSocket(t.url, token, { extraHeaders, dispose: (close) => disposers.push(close) });
const connected = socketConnected;

const backfill = (s: ChatClient, afterSeq: number): Promise<Ack<{ messages: ChatMessage[] }>> => s.timeout(5_000).emitWithAck('backfill', { conversation_id: conversationId, after_seq: afterSeq });

const nextMessage = (s: ChatClient) => new Promise<ChatMessage>((resolve) => s.once('newMessage', resolve));
const rowCount = async () => Number((await sql<{ n: string }>`select count(*) as n from messages where conversation_id = ${conversationId}`.execute(t.database.db)).rows[0]!.n);

describe('the chat socket', () => {
  it('lets the candidate and the company chat both ways, stored and acknowledged, seq one by one', async () => {
    const staff = client(await t.login('company_admin'));
    const candidate = client(candidateToken);
    await Promise.all([connected(staff), connected(candidate)]);
    acked(await staff.timeout(5_000).emitWithAck('joinConversation', { conversation_id: conversationId }));
    // The candidate's rooms are joined in the handshake, before its socket is connected.

    const heardByStaff = nextMessage(staff);
    const a = acked(await sendMessage(candidate, conversationId, 'こんにちは')).message;
    expect((await heardByStaff).id).toBe(a.id);
    expect(a).toMatchObject({ conversation_id: conversationId, sender_role: 'candidate', content: 'こんにちは', message_type: 1 });

    const heardByCandidate = nextMessage(candidate);
    const b = acked(await sendMessage(staff, conversationId, 'Hello <b>there</b>')).message;
    expect((await heardByCandidate).id).toBe(b.id);
    expect(b.sender_role).toBe('staff');
    expect(b.content).toBe('Hello <b>there</b>');
    expect(b.seq).toBe(a.seq + 1);
    const c = acked(await sendMessage(candidate, conversationId, 'third')).message;
    expect(c.seq).toBe(b.seq + 1);

    const seen = new Promise((resolve) => candidate.once('seenAdmin', resolve));
    const seenAck = acked(await staff.timeout(5_000).emitWithAck('sendSeenAdmin', { conversation_id: conversationId }));
    expect(seenAck.last_seq).toBe(c.seq);
    expect(await seen).toMatchObject({ conversation_id: conversationId, last_seq: c.seq });
  });

  it('answers a resend after a reconnect with the stored message, and backfills exactly what was missed', async () => {
    const token = await t.login('company_admin');
    const first = client(token);
    await connected(first);
    const id = randomUUID();
    const original = acked(await sendMessage(first, conversationId, 'once only', id)).message;
    const before = await rowCount();
    first.disconnect();

    const second = client(token);
    await connected(second);
    const again = acked(await sendMessage(second, conversationId, 'once only', id)).message;
    expect(again.id).toBe(original.id);
    expect(again.seq).toBe(original.seq);
    expect(await rowCount()).toBe(before);

    const missed = [acked(await sendMessage(second, conversationId, 'm1')).message, acked(await sendMessage(second, conversationId, 'm2')).message];
    const back = acked(await backfill(second, original.seq)).messages;
    expect(back.map((m) => m.id)).toEqual(missed.map((m) => m.id));
    expect(back.map((m) => m.seq)).toEqual([original.seq + 1, original.seq + 2]);
    const all = acked(await backfill(second, 0)).messages;
    expect(all.map((m) => m.seq)).toEqual(all.map((_, i) => i + 1));
  });

  it('refuses another tenant every event on the conversation, and broadcasts nothing to it', async () => {
    const other = client(await t.login('company2'));
    const candidate = client(candidateToken);
    await Promise.all([connected(other), connected(candidate)]);
    let leaked = false;
    other.on('newMessage', () => (leaked = true));
    other.on('seenAdmin', () => (leaked = true));
    const before = await rowCount();
    const sent = await sendMessage(other, conversationId, 'intrusion');
    expect(sent).toMatchObject({ ok: false, error: 'forbidden' });
    expect(await backfill(other, 0)).toMatchObject({ ok: false, error: 'forbidden' });
    expect(await other.timeout(5_000).emitWithAck('sendSeenAdmin', { conversation_id: conversationId })).toMatchObject({ ok: false, error: 'forbidden' });
    expect(await other.timeout(5_000).emitWithAck('joinConversation', { conversation_id: conversationId })).toMatchObject({ ok: false, error: 'forbidden' });
    expect(await rowCount()).toBe(before);
    acked(await sendMessage(candidate, conversationId, 'private'));
    await drained(other);
    expect(leaked).toBe(false);
  });

  it('tells the other people of the conversation who is typing, and nobody of another tenant', async () => {
    const candidate = client(candidateToken);
    const admin = client(await t.login('company_admin'));
    const outsider = client(await t.login('company2'));
    await Promise.all([connected(candidate), connected(admin), connected(outsider)]);
    const heard: { who: string; n: unknown }[] = [];
    for (const [who, s] of [
      ['candidate', candidate],
      ['admin', admin],
      ['outsider', outsider],
    ] as const)
      s.on('typing', (n) => heard.push({ who, n }));
    const admin2 = new Promise((resolve) => admin.once('typing', resolve));
    expect(await candidate.timeout(5_000).emitWithAck('typing', { conversation_id: conversationId })).toEqual({ ok: true });
    const candidateUser = await t.database.db.selectFrom('users').select(['id', 'name']).where('email', '=', DEMO.candidate).executeTakeFirstOrThrow();
    expect(await within(admin2, 'admin hears the candidate typing')).toEqual({ conversation_id: conversationId, user_id: candidateUser.id, name: candidateUser.name, sender_role: 'candidate' });
    // company2 may not say it is typing there, and heard nothing; the sender does not hear itself.
    expect(await outsider.timeout(5_000).emitWithAck('typing', { conversation_id: conversationId })).toMatchObject({ ok: false, error: 'forbidden' });
    expect(await outsider.timeout(5_000).emitWithAck('typing', { conversation_id: 'nope' })).toMatchObject({ ok: false, error: 'invalid' });
    await Promise.all([drained(candidate), drained(admin), drained(outsider)]);
    expect(heard.map((h) => h.who)).toEqual(['admin']);
  });

  it('explains invalid payloads in the caller language', async () => {
    const staff = client(await t.login('company_admin'));
    await connected(staff);
    const empty = await sendMessage(staff, conversationId, '   ');
    expect(empty).toMatchObject({ ok: false, error: 'invalid' });
    expect(empty.ok ? '' : empty.message).toMatch(/送信内容|not valid/);
    expect(await sendMessage(staff, conversationId, 'x'.repeat(4001))).toMatchObject({ ok: false, error: 'invalid' });
    expect(await sendMessage(staff, 'not-a-uuid', 'x')).toMatchObject({ ok: false, error: 'invalid' });
    expect(await staff.timeout(5_000).emitWithAck('backfill', { conversation_id: conversationId, after_seq: -1 })).toMatchObject({ ok: false, error: 'invalid' });
  });

  it('refuses a connection without a token, with a bad token or from another origin', async () => {
    await expect(connected(client(undefined))).rejects.toThrow(/unauthorized/);
    await expect(connected(client('not-a-token'))).rejects.toThrow(/unauthorized/);
    await expect(connected(client(await t.login('company_admin'), { origin: 'http://evil.example' }))).rejects.toThrow();
  });

  it('accepts the same-origin session cookie, never a cookie sent from another origin', async () => {
    const cookie = `token=${await t.login('company_admin')}`;
    const same = client(undefined, { cookie, origin: t.url });
    await connected(same);
    acked(await sendMessage(same, conversationId, 'via cookie'));
    await expect(connected(client(undefined, { cookie }))).rejects.toThrow(/unauthorized/);
    await expect(connected(client(undefined, { cookie, origin: 'http://evil.example' }))).rejects.toThrow();
  });

  it('speaks for the session the page names when one browser holds a back-office and a candidate session', async () => {
    const cookie = `token=${await t.login('company_admin')}; candidate_token=${candidateToken}`;
    const as = (who: string | undefined) => rawSocket(t.url, undefined, { extraHeaders: { cookie, origin: t.url }, as: who, dispose: (close) => disposers.push(close) });
    const recentAs = async (who: string | undefined) => {
      const s = as(who);
      await connected(s);
      const page = new Promise<{ data: { candidate_id: string }[] }>((resolve) => s.once('recentChats', resolve));
      acked(await s.timeout(5_000).emitWithAck('getRecentChats', { page: 1, kind: 'all' }));
      return page;
    };
    const candidate = await userId(t, DEMO.candidate);
    // The candidate chat page: only the candidate's own conversations.
    const own = await recentAs('candidate');
    expect(own.data.length).toBeGreaterThan(0);
    expect(own.data.every((r) => r.candidate_id === candidate)).toBe(true);
    // The back office (named, or by default): the company's conversations, other candidates' too.
    for (const who of ['admin', undefined]) expect((await recentAs(who)).data.some((r) => r.candidate_id !== candidate)).toBe(true);
    // A page naming a session the browser does not hold, or something else, is refused.
    const adminOnly = rawSocket(t.url, undefined, { extraHeaders: { cookie: `token=${await t.login('company_admin')}`, origin: t.url }, as: 'candidate', dispose: (close) => disposers.push(close) });
    await expect(connected(adminOnly)).rejects.toThrow(/unauthorized/);
    await expect(connected(as('root'))).rejects.toThrow(/unauthorized/);
  });

  it("lets a client user chat only once its role holds the chat code, and only about its own client's jobs", async () => {
    const db = t.database.db;
    const conv = await db
      .selectFrom('conversations as c')
      .innerJoin('jobs as j', 'j.id', 'c.job_id')
      .select(['j.id', 'j.client_id', 'j.company_id'])
      .where('c.id', '=', conversationId)
      .executeTakeFirstOrThrow();
    const clientUser = await db.selectFrom('users').select(['client_id', 'company_id']).where('email', '=', DEMO.client_admin).executeTakeFirstOrThrow();
    const otherClient = await db.selectFrom('clients').select('id').where('company_id', '=', conv.company_id).where('id', '!=', clientUser.client_id!).executeTakeFirst();
    // The demo data: client@ works for a client of the same company, which has other clients too.
    expect(clientUser.company_id).toBe(conv.company_id);
    expect(otherClient).toBeDefined();
    const setClient = (id: string) => db.updateTable('jobs').set({ client_id: id }).where('id', '=', conv.id).execute();
    const superadmin = await t.login('superadmin');
    const maps = (await t.gql('{ roleMapsAdmin { pageRoles { code roles } actionRoles { code roles } } }', {}, superadmin)).data.roleMapsAdmin;
    const save = async (pageRoles: { code: number; roles: string[] }[]) => {
      const r = await t.gql(OPS.SaveRoleMaps, { pageRoles, actionRoles: maps.actionRoles }, superadmin);
      expect(r.errors).toBeUndefined();
    };
    try {
      await setClient(clientUser.client_id!);
      // DESIGN §5: client roles do not hold 120001 (daily chats), so their own client's conversation is closed to them.
      const s = client(await t.login('client_admin'));
      await connected(s);
      expect(await backfill(s, 0)).toMatchObject({ ok: false, error: 'forbidden' });
      await save(maps.pageRoles.map((e: { code: number; roles: string[] }) => (e.code === 120001 ? { code: e.code, roles: [...e.roles, 'client_admin'] } : e)));
      expect((await backfill(s, 0)).ok).toBe(true);
      await setClient(otherClient!.id);
      expect(await backfill(s, 0)).toMatchObject({ ok: false, error: 'forbidden' });
      expect(await sendMessage(s, conversationId, 'not my client')).toMatchObject({ ok: false, error: 'forbidden' });
    } finally {
      await setClient(conv.client_id);
      await save(maps.pageRoles);
    }
  });

  it('limits the message rate per socket', async () => {
    const staff = client(await t.login('company_admin'));
    await connected(staff);
    const results = await Promise.all(Array.from({ length: 25 }, (_, i) => sendMessage(staff, conversationId, `burst ${i}`)));
    expect(results.filter((r) => r.ok).length).toBeLessThanOrEqual(21);
    const refused = results.find((r) => !r.ok && r.error === 'rate');
    // It says when the socket may send again: when the limit's 10 s window ends.
    expect(refused).toMatchObject({ ok: false, error: 'rate', retry_after_ms: expect.any(Number) });
    expect(!refused!.ok && refused!.retry_after_ms).toBeGreaterThan(8_000);
    expect(!refused!.ok && refused!.retry_after_ms).toBeLessThanOrEqual(10_000);
  });

  it('sends a burst over the limit as soon as the window ends, every message once', async () => {
    const staff = chatter({ url: t.url, token: await t.login('company_admin'), conversationId, dispose: (close) => disposers.push(close) });
    await connected(staff.conn.socket as ChatClient);
    const started = Date.now();
    for (let i = 0; i < 24; i++) staff.send(`over the limit ${i}`);
    await within(Promise.all(staff.sent.map((m) => m.stored)), 'every message stored', 20_000);
    // 20 go at once; the rest wait out the window (10 s), not a backoff grown past it (12.7 s).
    const took = Date.now() - started;
    expect(took).toBeGreaterThan(8_000);
    expect(took).toBeLessThan(11_500);
    expect(staff.warnings.some((w) => /rate/.test(String(w[0])))).toBe(true);
    const ids = staff.sent.map((m) => m.client_msg_id);
    const { rows } = await sql<{ n: string }>`select count(*) as n from messages where client_msg_id in (${sql.join(ids)})`.execute(t.database.db);
    expect(Number(rows[0]!.n)).toBe(24);
  });

  it('tells a call cut off by a lost connection (which pages ask again on reconnect) from a refusal', async () => {
    const staff = chatter({ url: t.url, token: await t.login('company_admin'), conversationId, dispose: (close) => disposers.push(close) });
    await connected(staff.conn.socket as ChatClient);
    expect((await staff.conn.badges()).dailyChats).toBeDefined();
    const cutOff = staff.conn.badges();
    staff.conn.socket.disconnect();
    await expect(cutOff).rejects.toMatchObject({ code: 'disconnected' });
    // A refusal keeps the server's code: company2 may not mark this conversation seen.
    const other = chatter({ url: t.url, token: await t.login('company2'), conversationId, dispose: (close) => disposers.push(close) });
    await connected(other.conn.socket as ChatClient);
    await expect(other.conn.seen(conversationId)).rejects.toMatchObject({ code: expect.not.stringMatching(/^(disconnected|timeout)$/) });
  });

  it('disconnects open sockets when the user logs out, back-office or candidate', async () => {
    const token = await t.login('company_staff');
    const staff = client(token);
    await connected(staff);
    const staffGone = new Promise<string>((resolve) => staff.once('disconnect', resolve));
    const out = await t.gql('mutation { logout }', {}, token);
    expect(out.errors).toBeUndefined();
    expect(await within(staffGone, 'staff socket closed by logout')).toBe('io server disconnect');
    // The old token no longer connects.
    await expect(within(connected(client(token)), 'reconnect refused')).rejects.toThrow(/unauthorized/);

    // A candidate's sessions ending (logout on the candidate site revokes them) closes its sockets too.
    // (GraphQL `logout` is back-office only: Mutation.logout's rule refuses candidates.)
    const candidateToken2 = await loginToken(t.url, 'candidate2@demo.test');
    const candidate = client(candidateToken2);
    await connected(candidate);
    const candidateGone = new Promise<string>((resolve) => candidate.once('disconnect', resolve));
    const candidate2 = await userId(t, 'candidate2@demo.test');
    await t.services.auth.revokeSessions(candidate2);
    expect(await within(candidateGone, 'candidate socket closed by logout')).toBe('io server disconnect');
  });
});

describe('a socket.io client with its default options (long-polling, then WebSocket)', () => {
  const plain = (token: string | undefined, extraHeaders?: Record<string, string>) => defaultSocket(t.url, token, { extraHeaders, dispose: (close) => disposers.push(close) });

  it('connects over long-polling, upgrades to WebSocket, and chats both ways', async () => {
    const staff = plain(await t.login('company_admin'));
    const candidate = plain(candidateToken);
    await within(Promise.all([connected(staff), connected(candidate)]), 'both connected');
    acked(await staff.timeout(5_000).emitWithAck('joinConversation', { conversation_id: conversationId }));
    await within(Promise.all([socketUpgraded(staff), socketUpgraded(candidate)]), 'both upgraded to WebSocket');
    // What a default client does: it opened with long-polling, then upgraded.
    expect([transportsOf(staff), transportsOf(candidate)]).toEqual([
      ['polling', 'websocket'],
      ['polling', 'websocket'],
    ]);

    const heard = nextMessage(staff);
    const sent = acked(await sendMessage(candidate, conversationId, 'ポーリングから')).message;
    expect((await within(heard, 'the staff hears the candidate')).id).toBe(sent.id);
    const back = nextMessage(candidate);
    const answer = acked(await sendMessage(staff, conversationId, 'heard you')).message;
    expect((await within(back, 'the candidate hears the staff')).id).toBe(answer.id);
  });

  it('chats while still on long-polling (a client whose WebSocket is blocked never upgrades)', async () => {
    const staff = defaultSocket(t.url, await t.login('company_admin'), { dispose: (close) => disposers.push(close) });
    const pollingOnly = defaultSocket(t.url, candidateToken, { upgrade: false, dispose: (close) => disposers.push(close) });
    await within(Promise.all([connected(staff), connected(pollingOnly)]), 'both connected');
    acked(await staff.timeout(5_000).emitWithAck('joinConversation', { conversation_id: conversationId }));
    const heard = nextMessage(staff);
    const sent = acked(await sendMessage(pollingOnly, conversationId, 'over polling only')).message;
    expect((await within(heard, 'the staff hears it')).id).toBe(sent.id);
    const back = nextMessage(pollingOnly);
    acked(await sendMessage(staff, conversationId, 'answer over polling'));
    expect((await within(back, 'the polling client hears the answer')).content).toBe('answer over polling');
    expect(transportsOf(pollingOnly)).toEqual(['polling']);
    expect(transportOf(pollingOnly)).toBe('polling');
  });

  it('keeps the handshake rules on long-polling: no token, a bad token or another origin is refused', async () => {
    await expect(connected(plain(undefined))).rejects.toThrow(/unauthorized/);
    await expect(connected(plain('not-a-token'))).rejects.toThrow(/unauthorized/);
    await expect(connected(plain(await t.login('company_admin'), { origin: 'http://evil.example' }))).rejects.toThrow();
    const cookie = `token=${await t.login('company_admin')}`;
    await expect(connected(plain(undefined, { cookie, origin: 'http://evil.example' }))).rejects.toThrow();
    const same = plain(undefined, { cookie, origin: t.url });
    await connected(same);
    acked(await sendMessage(same, conversationId, 'cookie over polling'));
  });

  it("accepts SPEC §7's sendMessageMember without client_msg_id: the server gives it one; a client's own id still deduplicates", async () => {
    const candidate = plain(candidateToken);
    await connected(candidate);
    const before = await rowCount();
    const payload = { conversation_id: conversationId, message_type: 1, message_content: 'no id of mine' };
    const a = acked(await candidate.timeout(5_000).emitWithAck('sendMessageMember', payload)).message;
    const b = acked(await candidate.timeout(5_000).emitWithAck('sendMessageMember', payload)).message;
    // Two sends without an id are two messages, each with an id the server chose.
    expect(a.id).not.toBe(b.id);
    expect(b.seq).toBe(a.seq + 1);
    expect(a.client_msg_id).toMatch(/^server:/);
    expect(b.client_msg_id).toMatch(/^server:/);
    expect(a.client_msg_id).not.toBe(b.client_msg_id);
    // With the client's id, a resend is the same message.
    const id = randomUUID();
    const c = acked(await sendMessage(candidate, conversationId, 'mine', id)).message;
    const again = acked(await sendMessage(candidate, conversationId, 'mine', id)).message;
    expect(again.id).toBe(c.id);
    expect(await rowCount()).toBe(before + 3);
  });
});
