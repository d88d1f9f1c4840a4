/**
 * Bad input on the chat socket: every event the server listens to gets payloads
 * that are wrong in every way — not an object, missing fields, wrong types, ids that are no ids,
 * huge and negative numbers, NUL bytes, markup, deep nesting — from a signed-in staff member and a
 * candidate. Each must be answered (an ack, never silence) with a coded refusal and a readable
 * message without a stack, and the socket and the server must keep working. A frame beyond the
 * transport's limit (64 KB) closes that one socket, and the server goes on serving others.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ClientToServerEvents } from '../../server/chat/events.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { type RawChatSocket, rawSocket, socketConnected } from '../helpers/chat.ts';
import { within } from '../helpers/wait.ts';

let t: TestApp;
const disposers: (() => void)[] = [];
beforeAll(async () => {
  t = await startTestApp();
});
afterEach(() => {
  for (const d of disposers.splice(0)) d();
});
afterAll(() => t?.close());

const EVENTS: (keyof ClientToServerEvents)[] = [
  'sendMessageMember',
  'typing',
  'sendBotMember',
  'changeStatus',
  'sendSeenAdmin',
  'backfill',
  'joinConversation',
  'getRecentChats',
  'getConversations',
  'getBadges',
  'seeBadges',
];

/** Events that take no payload (any is ignored): they may answer ok. */
const NEEDS_PAYLOAD = new Set<string>(EVENTS.filter((e) => e !== 'getBadges' && e !== 'seeBadges'));

const ZERO = '00000000-0000-0000-0000-000000000000';
const JUNK: unknown[] = [
  null,
  'a string',
  42,
  [],
  [1, 2, 3],
  { conversation_id: 'not-an-id' },
  { conversation_id: `${ZERO}\u0000` },
  { conversation_id: ZERO, content: 'x'.repeat(20_000), client_msg_id: '' },
  { conversation_id: ZERO, content: '<script>alert(1)</script>', client_msg_id: 'a'.repeat(500) },
  { conversation_id: ZERO, after_seq: -1 },
  { conversation_id: ZERO, after_seq: 1e20, candidate_status_id: 'x', chat_status: 7 },
  { page: -1, kind: 'everything' },
  { page: 1e12 },
  { a: { b: { c: { d: { e: { f: { g: { h: { i: {} } } } } } } } } },
];

/** A fresh signed-in socket (each event gets its own, so the per-socket rate limits never hide an answer). */
async function socketOf(token: string): Promise<RawChatSocket> {
  const s = rawSocket(t.url, token, { dispose: (close) => disposers.push(close) });
  await within(socketConnected(s), 'socket connected', 5_000);
  return s;
}

type Answer = { ok: boolean; error?: unknown; message?: unknown };
// The events are typed for good payloads; this test sends bad ones on purpose.
const emitJunk = (s: RawChatSocket, event: string, payload: unknown) => (s.timeout(5_000) as unknown as { emitWithAck(e: string, p: unknown): Promise<Answer> }).emitWithAck(event, payload);

describe('every chat event answers bad input with a readable refusal', () => {
  for (const who of ['company_admin', 'candidate'] as const) {
    it(`as ${who}: an ack for every payload, coded, with a message and no stack; the socket stays usable`, async () => {
      const token = await t.tokenOf(who);
      for (const event of EVENTS) {
        const s = await socketOf(token);
        for (const payload of JUNK) {
          const answer = await emitJunk(s, event, payload);
          const where = `${event} ${JSON.stringify(payload)?.slice(0, 80)}`;
          expect(typeof answer.ok, where).toBe('boolean');
          // None of these payloads is a valid request for an event that needs one.
          if (NEEDS_PAYLOAD.has(event)) expect(answer.ok, where).toBe(false);
          if (!answer.ok) {
            expect(answer.error, where).toMatch(/^[a-z_]+$/);
            expect(typeof answer.message, where).toBe('string');
            expect((answer.message as string).length, where).toBeGreaterThan(0);
            expect(answer.message as string, where).not.toMatch(/\n\s+at |Error:|ZodError|stack/);
          }
        }
        // Still connected, and a good request still works on the same socket.
        expect(s.connected, event).toBe(true);
        expect((await emitJunk(s, 'getBadges', {})).ok, event).toBe(true);
        s.disconnect();
      }
    });
  }

  it('closes only the socket that sends a frame over the transport limit; the server goes on', async () => {
    const token = await t.tokenOf('company_admin');
    const big = await socketOf(token);
    const closed = new Promise<string>((resolve) => big.on('disconnect', (reason) => resolve(reason)));
    big.emit('sendMessageMember', { conversation_id: ZERO, content: 'x'.repeat(200_000), client_msg_id: 'big' } as never, () => undefined);
    expect(await within(closed, 'the oversized socket closed', 5_000)).toBe('transport close');
    const next = await socketOf(token);
    expect((await emitJunk(next, 'getBadges', {})).ok).toBe(true);
  });
});
