/**
 * A scouted candidate stays anonymous to the company until they accept: the conversation the
 * offer opens shows their initials (and only what they shared) on every surface the company reads
 * it on — the recent-chat list (`candidate_name`, the windows' titles, the last sender), the
 * messages' sender, the typing notice, the notification of a declined offer, the CSV exports —
 * and their full name once they accepted (accepting applies, DESIGN §5).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { ChatMessage, ConversationRow, TypingNotice } from '../../server/chat/events.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { companyOf, openJob, userId } from '../helpers/demo-data.ts';
import { acked, rawSocket, type RawChatSocket, sendMessage, socketConnected } from '../helpers/chat.ts';
import { dataOf, loginByPassword } from '../helpers/graphql.ts';
import { within } from '../helpers/wait.ts';

let t: TestApp;
const sockets: (() => void)[] = [];
const NAME = 'Ramesh Gurung';
const INITIALS = 'R. G.';
const EMAIL = 'scout2@demo.test';

const SEND = 'mutation ($c: ID!, $j: ID!, $m: String!) { sendScoutOffer(candidateId: $c, jobId: $j, message: $m) { id conversationId } }';
const ANSWER = 'mutation ($id: ID!, $a: Boolean!) { answerScoutOffer(id: $id, accept: $a) { status applicationId } }';
const NOTIFICATIONS = 'query { notifications(type: 1, current: 1, size: 50) { data { title body } } }';

const partTimeJob = async (companyId: string, anyVisa = false) => (await openJob(t, companyId, { anyVisa })).id;

async function socket(token: string): Promise<RawChatSocket> {
  const s = rawSocket(t.url, token, { dispose: (close) => sockets.push(close) });
  await socketConnected(s);
  return s;
}

/** The company's recent-chat row of the conversation, as its chat dock reads it. */
async function recentRow(s: RawChatSocket, conversationId: string): Promise<ConversationRow> {
  const page = new Promise<ConversationRow[]>((resolve) => s.once('recentChats', (p) => resolve(p.data)));
  acked(await s.timeout(5_000).emitWithAck('getRecentChats', { page: 1, kind: 'job' }));
  const row = (await within(page, 'recentChats')).find((r) => r.id === conversationId);
  expect(row).toBeDefined();
  return row!;
}

const csv = async (path: string, token: string) => (await fetch(`${t.url}${path}`, { headers: { cookie: `token=${token}`, 'accept-language': 'en' } })).text();

let candidateId: string;
let candidateToken: string;

beforeAll(async () => {
  t = await startTestApp();
  candidateId = await userId(t, EMAIL);
  candidateToken = await loginByPassword(t.url, EMAIL, inject('demoPassword'));
});
afterAll(async () => {
  for (const close of sockets) close();
  await t?.close();
});

describe('a scouted candidate is known by initials until they accept', () => {
  it('the company reads initials in its chat list, the messages, the typing notice and its CSV; the full name after acceptance', async () => {
    const sakura = await companyOf(t, 'company@demo.test');
    const sent = dataOf(await t.gql(SEND, { c: candidateId, j: await partTimeJob(sakura), m: 'We would love to have you.' }, { as: 'company_admin' })).sendScoutOffer as {
      id: string;
      conversationId: string;
    };
    const conversationId = sent.conversationId;

    const admin = await t.tokenOf('company_admin');
    const company = await socket(admin);
    acked(await company.timeout(5_000).emitWithAck('joinConversation', { conversation_id: conversationId }));
    const candidate = await socket(candidateToken);

    // She answers in the chat and starts typing again: what reaches the company.
    const heard = new Promise<ChatMessage>((resolve) => company.on('newMessage', (m) => m.conversation_id === conversationId && m.sender_role === 'candidate' && resolve(m)));
    const typed = new Promise<TypingNotice>((resolve) => company.once('typing', resolve));
    acked(await sendMessage(candidate, conversationId, 'Thank you, can I ask about the hours?', randomUUID()));
    expect((await within(heard, 'the company hears her message')).sender_name).toBe(INITIALS);
    acked(await candidate.timeout(5_000).emitWithAck('typing', { conversation_id: conversationId }));
    expect((await within(typed, 'the company hears her typing')).name).toBe(INITIALS);

    // The chat list (and the window title drawn from it), and the history.
    const row = await recentRow(company, conversationId);
    expect(row.candidate_name).toBe(INITIALS);
    expect(row.message_user_name).toBe(INITIALS);
    const history = acked(await company.timeout(5_000).emitWithAck('backfill', { conversation_id: conversationId, after_seq: 0 })).messages;
    expect(history.filter((m: ChatMessage) => m.sender_role === 'candidate').map((m: ChatMessage) => m.sender_name)).toEqual([INITIALS]);
    expect(JSON.stringify([row, history])).not.toContain('Ramesh');

    // The exports the company can take: the offers and the applicants.
    expect(await csv('/v3/admin/scout/pending?format=csv', admin)).toContain(INITIALS);
    for (const path of ['/v3/admin/scout/pending?format=csv', '/admin/candidate?format=csv', '/admin/worker?format=csv']) expect(await csv(path, admin)).not.toContain('Ramesh');

    // She accepts: now the company's applicant, by name everywhere.
    const answered = dataOf(await t.gql(ANSWER, { id: sent.id, a: true }, candidateToken)).answerScoutOffer;
    expect(answered.status).toBe('accepted');
    expect((await recentRow(company, conversationId)).candidate_name).toBe(NAME);
    const after = acked(await company.timeout(5_000).emitWithAck('backfill', { conversation_id: conversationId, after_seq: 0 })).messages;
    expect(after.filter((m: ChatMessage) => m.sender_role === 'candidate').map((m: ChatMessage) => m.sender_name)).toEqual([NAME]);
    expect(await csv('/admin/candidate?format=csv', admin)).toContain(NAME);
  });

  it('a declined offer notifies the company with initials, and the platform sees the name in its chat list', async () => {
    const hoshi = await companyOf(t, 'company2@demo.test');
    const sent = dataOf(await t.gql(SEND, { c: candidateId, j: await partTimeJob(hoshi, true), m: 'Join us?' }, { as: 'company2' })).sendScoutOffer as { id: string; conversationId: string };
    expect(dataOf(await t.gql(ANSWER, { id: sent.id, a: false }, candidateToken)).answerScoutOffer.status).toBe('declined');
    const notes = dataOf(await t.gql(NOTIFICATIONS, {}, { as: 'company2' })).notifications.data as { title: string; body: string }[];
    const declined = notes.find((n) => n.title === 'スカウト辞退' || n.title === 'Scout offer declined');
    expect(declined?.body).toBe(INITIALS);
    expect(JSON.stringify(notes)).not.toContain('Ramesh');
    // The other company's list keeps her initials; the platform's operators see who she is.
    expect((await recentRow(await socket(await t.tokenOf('company2')), sent.conversationId)).candidate_name).toBe(INITIALS);
    expect((await recentRow(await socket(await t.tokenOf('superadmin')), sent.conversationId)).candidate_name).toBe(NAME);
  });
});
