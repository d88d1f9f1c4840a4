import { expect, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { ChatConnection } from '../../client/api/chat-socket.ts';
import { io as connect, type Socket } from 'socket.io-client';
import { type Ack, type ChatMessage, type ClientToServerEvents, MESSAGE_TEXT, type ServerToClientEvents } from '../../server/chat/events.ts';
import type { DB } from '../../server/db/connect.ts';
import { DEMO, loginToken } from './app.ts';
import { dataOf, gql } from './graphql.ts';
import { until, within } from './wait.ts';

/**
 * Opens a daily-job conversation the way a candidate does: the candidate (by its token) applies to
 * the first open shift with seats of a daily job of `companyEmail`'s company that asks for no
 * particular visa, through the real `applyToJob` mutation. Used by the chat tests and the chat
 * benchmark.
 */
export async function applyToDailyShift(opts: { url: string; db: DB; candidateToken: string; companyEmail?: string }): Promise<{ conversationId: string; jobId: string; shiftId: string }> {
  const db = opts.db;
  const company = await db
    .selectFrom('users')
    .select('company_id')
    .where('email', '=', opts.companyEmail ?? 'company@demo.test')
    .executeTakeFirstOrThrow();
  const shift = await db
    .selectFrom('jobs')
    .innerJoin('job_daily_shifts as s', 's.job_id', 'jobs.id')
    .select(['jobs.id', 's.id as shiftId'])
    .where('jobs.kind', '=', 'daily')
    .where('jobs.status', '=', 'open')
    .where('jobs.company_id', '=', company.company_id!)
    .where(sql<boolean>`cardinality(jobs.visa_type_ids) = 0`)
    .where('s.date', '>', new Date().toISOString().slice(0, 10))
    .where(sql<boolean>`s.filled < s.capacity`)
    .orderBy('s.date')
    .executeTakeFirstOrThrow();
  const { applyToJob } = dataOf(
    await gql(opts.url, 'mutation ($j: ID!, $s: ID) { applyToJob(jobId: $j, shiftId: $s) { applicationId } }', { j: shift.id, s: shift.shiftId }, { token: opts.candidateToken }),
    'applyToJob',
  );
  const conv = await db
    .selectFrom('conversations')
    .select('id')
    .where('application_id', '=', applyToJob.applicationId as string)
    .executeTakeFirstOrThrow();
  return { conversationId: conv.id, jobId: shift.id, shiftId: shift.shiftId };
}

/**
 * A candidate (the demo candidate unless `email` says) logs in through the API of `app` and opens a
 * daily-job conversation (applyToDailyShift): its token and the conversation, job and shift.
 */
export async function candidateConversation(app: { url: string; database: { db: DB } }, email: string = DEMO.candidate) {
  const candidateToken = await loginToken(app.url, email);
  return { candidateToken, ...(await applyToDailyShift({ url: app.url, db: app.database.db, candidateToken })) };
}

/**
 * A ChatConnection as an island holds it, recording what its `newMessage` listeners got (live and
 * backfilled alike, by client_msg_id), what was acknowledged, and every warning it logged.
 * `dispose` collects the connection's close for the test's cleanup.
 */
export function chatter(opts: { url: string; token: string; conversationId: string; storage?: Pick<Storage, 'getItem' | 'setItem'> | null; dispose: (close: () => void) => void }) {
  const warnings: unknown[][] = [];
  const conn = new ChatConnection({ url: opts.url, token: opts.token, storage: opts.storage ?? null, log: { warn: (...args: unknown[]) => void warnings.push(args) }, ackTimeoutMs: 3_000 });
  opts.dispose(() => conn.close());
  const heard = new Map<string, ChatMessage>();
  conn.on('newMessage', (m) => {
    if (m.conversation_id === opts.conversationId && m.client_msg_id) heard.set(m.client_msg_id, m);
  });
  const sent: { client_msg_id: string; stored: Promise<ChatMessage> }[] = [];
  const acked = new Map<string, ChatMessage>();
  return {
    conn,
    warnings,
    heard,
    sent,
    acked,
    send(content: string) {
      const s = conn.send(opts.conversationId, content);
      void s.stored.then((m) => acked.set(s.client_msg_id, m));
      sent.push(s);
      return s;
    },
  };
}
export type Chatter = ReturnType<typeof chatter>;

/** A real 1×1 PNG, for chat image uploads. */
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** A bare socket.io client of the chat (no outbox, no reconnect): for testing the server's answers event by event. */
export type RawChatSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export function rawSocket(url: string, token: string | undefined, opts: { extraHeaders?: Record<string, string>; as?: string; dispose: (close: () => void) => void }): RawChatSocket {
  const s: RawChatSocket = connect(url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { ...(token ? { token } : {}), ...(opts.as !== undefined ? { as: opts.as } : {}) },
    ...(opts.extraHeaders ? { extraHeaders: opts.extraHeaders } : {}),
  });
  opts.dispose(() => s.disconnect());
  return s;
}

/**
 * socket.io-client as an application uses it, with its default options (no `transports`): it opens
 * with HTTP long-polling and upgrades to WebSocket once that works. No reconnect of its own, so a
 * failure shows instead of being retried.
 */
export function defaultSocket(url: string, token: string | undefined, opts: { extraHeaders?: Record<string, string>; upgrade?: false; dispose: (close: () => void) => void }): RawChatSocket {
  const s: RawChatSocket = connect(url, {
    reconnection: false,
    forceNew: true,
    auth: token ? { token } : {},
    ...(opts.extraHeaders ? { extraHeaders: opts.extraHeaders } : {}),
    // `upgrade: false`: a client that stays on long-polling (a proxy that refuses WebSocket).
    ...(opts.upgrade === false ? { upgrade: false } : {}),
  });
  const used: string[] = [];
  transportsUsed.set(s, used);
  s.io.on('open', () => {
    used.push(s.io.engine.transport.name);
    s.io.engine.on('upgrade', (transport: { name: string }) => void used.push(transport.name));
  });
  opts.dispose(() => s.disconnect());
  return s;
}
const transportsUsed = new WeakMap<RawChatSocket, string[]>();

/** The transports a default client has used, in order: `['polling', 'websocket']` once it upgraded. */
export const transportsOf = (s: RawChatSocket): string[] => transportsUsed.get(s) ?? [];

/** The transport a connected socket.io client uses now: `polling` or `websocket`. */
export const transportOf = (s: RawChatSocket): string => s.io.engine.transport.name;

/**
 * Resolves once the client's connection has upgraded from long-polling to WebSocket; rejects with
 * the client's reason when its one upgrade attempt fails (engine.io-client does not try again).
 */
export function socketUpgraded(s: RawChatSocket): Promise<void> {
  if (transportOf(s) === 'websocket') return Promise.resolve();
  const engine = s.io.engine;
  return new Promise((resolve, reject) => {
    const upgraded = () => {
      engine.off('upgradeError', failed);
      resolve();
    };
    const failed = (err: Error & { description?: unknown }) => {
      engine.off('upgrade', upgraded);
      reject(new Error(`the upgrade to WebSocket failed: ${err.message}${err.description === undefined ? '' : ` (${String(err.description)})`}`));
    };
    engine.once('upgrade', upgraded);
    engine.once('upgradeError', failed);
  });
}

/** Resolves once the socket is connected; rejects with the handshake's refusal. */
export function socketConnected(s: RawChatSocket): Promise<void> {
  if (s.connected) return Promise.resolve();
  return new Promise((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });
}

/** The answer of an acknowledged event that must succeed; a refusal fails with its code and message. */
export function acked<T>(r: Ack<T>): T {
  if (!r.ok) throw new Error(`ack failed: ${r.error} ${r.message}`);
  return r;
}

/**
 * Resolves once the server has answered an event `s` sends now. One process emits to a socket in
 * order, so whatever it sent `s` before (a broadcast made before an acknowledgement the test
 * already holds) has arrived by then: the positive signal after which a test may assert that
 * something did not come. Across processes (Redis) use a marker from the same sender instead.
 */
export async function drained(s: RawChatSocket): Promise<void> {
  // An invalid conversation id is refused before any database work, and changes nothing.
  await s.timeout(10_000).emitWithAck('typing', { conversation_id: 'drain' });
}

/** Sends a message as a client does (sendMessageMember, a fresh client_msg_id unless given); the acknowledgement as it came. */
export function sendMessage(s: RawChatSocket, conversationId: string, content: string, clientMsgId: string = randomUUID(), messageType: number = MESSAGE_TEXT): Promise<Ack<{ message: ChatMessage }>> {
  return s.timeout(5_000).emitWithAck('sendMessageMember', { conversation_id: conversationId, message_type: messageType, message_content: content, client_msg_id: clientMsgId });
}

/** A normal exchange: the admin greets, the candidate answers, each stored and heard on the other side. */
export async function greetEachOther(admin: Chatter, candidate: Chatter): Promise<void> {
  const hello = admin.send('こんにちは、ご応募ありがとうございます');
  await within(hello.stored, 'first message stored');
  await until(() => candidate.heard.has(hello.client_msg_id), 'the candidate hears the admin');
  const reply = candidate.send('よろしくお願いします');
  await within(reply.stored, 'reply stored');
  await until(() => admin.heard.has(reply.client_msg_id), 'the admin hears the candidate');
}

/**
 * Sends probes from `from` until one reaches `to`. Subscriptions between processes (Redis) are
 * asynchronous: a test's own messages must not race the processes' setup.
 */
async function probeUntilCrosses(from: Chatter, to: Chatter, label: string, ms = 20_000): Promise<void> {
  const probes: string[] = [];
  await until(
    async () => {
      if (probes.some((id) => to.heard.has(id))) return true;
      const p = from.send(`probe ${probes.length}`);
      probes.push(p.client_msg_id);
      await within(p.stored, 'probe stored', 5_000);
      // A probe sent before the subscription was live is lost: after a while, another.
      return vi
        .waitFor(() => expect(to.heard.has(p.client_msg_id)).toBe(true), { timeout: 500, interval: 10 })
        .then(
          () => true,
          () => false,
        );
    },
    label,
    ms,
  );
}

/** probeUntilCrosses each way: from `a` to `b` (labelled `labels[0]`), then back (`labels[1]`). */
export async function probeBothWays(a: Chatter, b: Chatter, labels: readonly [string, string], ms?: number): Promise<void> {
  await probeUntilCrosses(a, b, labels[0], ms);
  await probeUntilCrosses(b, a, labels[1], ms);
}
