/**
 * The candidate's chat list over the real chat socket (docs/inbox.md "The candidate's side"):
 * conversations with a company's unread message first, then the newest; each row carries the
 * company and the job in both languages, read in the candidate's one; a staff message reaches the
 * candidate live and brings its conversation to the top. (The page itself, live in a browser:
 * test/e2e/candidate-chat-list.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationRow } from '../../server/chat/events.ts';
import { candidateOrder, companyNameIn, jobTitleIn } from '../../client/chat/row-labels.ts';
import { DEMO, loginToken, startTestApp, type TestApp } from '../helpers/app.ts';
import { acked, rawSocket, sendMessage, socketConnected, type RawChatSocket } from '../helpers/chat.ts';
import { candidateChats } from '../helpers/conversations.ts';
import { within } from '../helpers/wait.ts';

let t: TestApp;
let candidate: RawChatSocket;
const closers: (() => void)[] = [];
/** The three conversations (candidateChats) and their jobs. */
let conv: Awaited<ReturnType<typeof candidateChats>>['conv'];
let jobs: Awaited<ReturnType<typeof candidateChats>>['jobs'];

/** The candidate's first page of conversations, as the chat page asks for it. */
async function recent(): Promise<ConversationRow[]> {
  const page = new Promise<ConversationRow[]>((resolve) => candidate.once('recentChats', (p) => resolve(p.data)));
  acked(await candidate.timeout(5_000).emitWithAck('getRecentChats', { page: 1, kind: 'all' }));
  return within(page, 'recentChats');
}

beforeAll(async () => {
  t = await startTestApp();
  ({ conv, jobs } = await candidateChats(t));
  candidate = rawSocket(t.url, await loginToken(t.url, DEMO.candidate), { dispose: (close) => closers.push(close) });
  await socketConnected(candidate);
});
afterAll(async () => {
  for (const close of closers) close();
  await t?.close();
});

describe("the candidate's chat list", () => {
  it('puts the conversation with an unread company message first, then the newest, with its unread count', async () => {
    const rows = await recent();
    expect(rows.map((r) => r.id)).toEqual([conv.waiting, conv.answered, conv.older]);
    expect(rows.map((r) => r.unread)).toEqual([1, 0, 0]);
    // The page keeps the same order with what it knows (the unread counts the server sent).
    expect(candidateOrder([...rows].reverse(), (r) => r.unread > 0).map((r) => r.id)).toEqual([conv.waiting, conv.answered, conv.older]);
  });

  it('names the company and the job in the candidate’s language: Japanese on Japanese pages, English on English ones', async () => {
    const rows = await recent();
    const waiting = rows.find((r) => r.id === conv.waiting)!;
    const older = rows.find((r) => r.id === conv.older)!;
    const { waiting: second, older: third } = jobs;
    expect(second.company_en && third.company_en && second.title_en && third.title_en).toBeTruthy();
    expect([companyNameIn('ja', waiting), jobTitleIn('ja', waiting)]).toEqual([second.company, second.title_ja]);
    expect([companyNameIn('en', waiting), jobTitleIn('en', waiting)]).toEqual([second.company_en, second.title_en]);
    expect([companyNameIn('ja', older), jobTitleIn('ja', older)]).toEqual([third.company, third.title_ja]);
    expect([companyNameIn('en', older), jobTitleIn('en', older)]).toEqual([third.company_en, third.title_en]);
    // A company without an English name reads in Japanese on English pages, never as nothing.
    expect(companyNameIn('en', { ...older, company_name_en: '' })).toBe(third.company);
  });

  it('hears a staff message live, and lists its conversation first with one more unread', async () => {
    const staff = rawSocket(t.url, await t.tokenOf('company_staff'), { dispose: (close) => closers.push(close) });
    await socketConnected(staff);
    const heard = new Promise<string>((resolve) => candidate.on('newMessage', (m) => m.conversation_id === conv.older && resolve(m.content)));
    acked(await sendMessage(staff, conv.older, '明日の集合場所は東口です。'));
    expect(await within(heard, 'the staff message')).toBe('明日の集合場所は東口です。');
    const rows = await recent();
    // Both unread now: the newest first.
    expect(rows.map((r) => r.id)).toEqual([conv.older, conv.waiting, conv.answered]);
    expect(rows[0]!.unread).toBe(1);
    expect(rows[0]!.last_message).toBe('明日の集合場所は東口です。');
  });
});
