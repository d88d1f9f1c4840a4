/**
 * The inbox's mail to an away colleague (server/modules/inbox/digest.ts, docs/inbox.md): an
 * assignment or a mention left unseen for INBOX_MAIL_AFTER_MINUTES reaches the colleague by mail,
 * in their language, naming the conversation and linking to it, once; a colleague who has been on
 * the site since (read the conversation, opened the notification) gets none. Real SMTP on loopback,
 * the real API and chat socket; the job's clock is the `now` it is given.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INBOX_MAIL_AFTER_MINUTES, runInboxMail } from '../../server/modules/inbox/digest.ts';
import { DEMO, startTestApp, type TestApp } from '../helpers/app.ts';
import { candidateConversation, rawSocket, socketConnected } from '../helpers/chat.ts';
import { dataOf } from '../helpers/graphql.ts';
import { startSmtpCapture } from '../helpers/smtp.ts';
import { userId } from '../helpers/demo-data.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let conversationId: string;
let candidateLabel: string;
const ids = {} as Record<'admin' | 'staff', string>;
const closers: (() => void)[] = [];
const db = () => t.database.db;

const ASSIGN = 'mutation ($c: ID!, $a: ID) { assignConversation(conversationId: $c, assigneeId: $a) }';
const NOTE = 'mutation ($c: ID!, $b: String!, $m: [ID!]) { addConversationNote(conversationId: $c, body: $b, mentions: $m) { id } }';
const BELL = '{ notifications(type: 1, current: 1, size: 20) { data { id title } } }';

/** The job as a scheduler runs it, `minutes` from now. */
const mailRunIn = (minutes: number) => runInboxMail(t.services, new Date(Date.now() + minutes * 60_000));
const inboxMailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email) && /inbox notification|受信箱であなた宛て/.test(m.subject));

beforeAll(async () => {
  smtp = await startSmtpCapture();
  // No scheduler of its own: the tests run the job at the times they choose.
  t = await startTestApp({ SMTP_URL: smtp.url, REMINDER_INTERVAL_SECONDS: '0' });
  ({ conversationId } = await candidateConversation(t));
  for (const [who, email] of [
    ['admin', DEMO.company_admin],
    ['staff', DEMO.company_staff],
  ] as const) {
    ids[who] = await userId(t, email);
  }
  await db().updateTable('users').set({ lang: 'en' }).where('id', '=', ids.staff).execute();
  await db().updateTable('users').set({ lang: 'ja' }).where('id', '=', ids.admin).execute();
  // Both sign in now, before anything is assigned: a sign-in after a notification counts as being seen.
  await Promise.all([t.tokenOf('company_admin'), t.tokenOf('company_staff')]);
  // The candidate applied by name: the company sees it.
  candidateLabel = (await db().selectFrom('users').select('name').where('email', '=', DEMO.candidate).executeTakeFirstOrThrow()).name;
});
afterAll(async () => {
  for (const close of closers) close();
  await t?.close();
  await smtp?.close();
});

describe('mail to a colleague who is away', () => {
  it('mails the assignee who has not been seen since, once, in their language, naming the conversation and linking to it', async () => {
    expect(dataOf(await t.gql(ASSIGN, { c: conversationId, a: ids.staff }, { as: 'company_admin' })).assignConversation).toBe(true);
    // Not yet: they may be about to look.
    await mailRunIn(INBOX_MAIL_AFTER_MINUTES - 5);
    expect(inboxMailsTo(DEMO.company_staff)).toHaveLength(0);

    // Two schedulers at once (two processes), then a later run: one mail.
    await Promise.all([mailRunIn(INBOX_MAIL_AFTER_MINUTES + 1), mailRunIn(INBOX_MAIL_AFTER_MINUTES + 1)]);
    await mailRunIn(INBOX_MAIL_AFTER_MINUTES + 30);
    const mails = inboxMailsTo(DEMO.company_staff);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Tsunagu: 1 inbox notification for you');
    expect(mails[0]!.text).toContain(`assigned you a conversation: ${candidateLabel}`);
    expect(mails[0]!.text).toContain(`Open: ${t.url}/admin/inbox?c=${conversationId}`);
    expect(inboxMailsTo(DEMO.company_admin)).toHaveLength(0);
  });

  it('mails a mention with the note, in Japanese to a colleague who reads Japanese', async () => {
    dataOf(await t.gql(NOTE, { c: conversationId, b: '明日の9時に北口で待ち合わせです。', m: [ids.admin] }, { as: 'company_staff' }));
    await mailRunIn(INBOX_MAIL_AFTER_MINUTES + 1);
    const mails = inboxMailsTo(DEMO.company_admin);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('【Tsunagu】受信箱であなた宛ての通知が1件あります');
    expect(mails[0]!.text).toContain(`メモであなたに言及しました: ${candidateLabel}`);
    expect(mails[0]!.text).toContain('「明日の9時に北口で待ち合わせです。」');
    expect(mails[0]!.text).toContain(`開く：${t.url}/admin/inbox?c=${conversationId}`);
    await mailRunIn(INBOX_MAIL_AFTER_MINUTES + 2);
    expect(inboxMailsTo(DEMO.company_admin)).toHaveLength(1);
  });

  it('mails nobody who has been on the site since: one read the conversation, the other opened the notification', async () => {
    const before = smtp.mails.length;
    dataOf(await t.gql(NOTE, { c: conversationId, b: 'Can you call the candidate?', m: [ids.admin] }, { as: 'company_staff' }));
    dataOf(await t.gql(ASSIGN, { c: conversationId, a: ids.admin }, { as: 'company_staff' }));
    dataOf(await t.gql(NOTE, { c: conversationId, b: 'Back to you, thanks.', m: [ids.staff] }, { as: 'company_admin' }));
    // The company admin opens the conversation in the chat (the read mark moves).
    const admin = rawSocket(t.url, await t.tokenOf('company_admin'), { dispose: (close) => closers.push(close) });
    await socketConnected(admin);
    await admin.timeout(5_000).emitWithAck('sendSeenAdmin', { conversation_id: conversationId });
    // The staff member opens the mention in the bell.
    const bell = dataOf(await t.gql(BELL, {}, { as: 'company_staff' })).notifications as { data: { id: string; title: string }[] };
    const mention = bell.data[0]!; // newest first
    expect(mention.title).toMatch(/mentioned you|言及しました/);
    dataOf(await t.gql('mutation ($id: ID!) { markNotificationRead(id: $id) }', { id: mention.id }, { as: 'company_staff' }));

    await mailRunIn(INBOX_MAIL_AFTER_MINUTES + 1);
    expect(smtp.mails.slice(before)).toEqual([]);
  });
});
