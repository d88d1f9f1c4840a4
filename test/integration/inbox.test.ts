/**
 * The staff inbox over the real API and the real chat socket (docs/inbox.md): the list and its
 * filters, search in Japanese and English, assignment with its notification, statuses with the
 * reopening by a candidate's message, private notes with mentions, canned replies filled in the
 * candidate's language, the weekly report with hand-worked times, and tenancy at every step.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestApp, type DemoLogin, type TestApp } from '../helpers/app.ts';
import { acked, candidateConversation, rawSocket, sendMessage, socketConnected, type RawChatSocket } from '../helpers/chat.ts';
import { companyOf, openJob, userId } from '../helpers/demo-data.ts';
import { dataOf, firstCode } from '../helpers/graphql.ts';

let t: TestApp;
let conversationId: string;
let candidate: RawChatSocket;
let staffId: string;
const closers: (() => void)[] = [];
const db = () => t.database.db;

const LIST = `query ($f: InboxFilter, $after: String, $first: Int) {
  inbox(filter: $f, after: $after, first: $first) { rows { id kind candidateName status assigneeId assigneeName unread lastMessage jobTitleJa jobTitleEn } next }
}`;
const list = async (as: DemoLogin, f: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) =>
  dataOf(await t.gql(LIST, { f, ...extra }, { as })).inbox as {
    rows: { id: string; kind: string; candidateName: string; status: string; assigneeId: string | null; assigneeName: string | null; unread: number; lastMessage: string }[];
    next: string | null;
  };
const ids = async (as: DemoLogin, f: Record<string, unknown> = {}) => (await list(as, f, { first: 100 })).rows.map((r) => r.id);

async function candidateSays(text: string) {
  acked(await sendMessage(candidate, conversationId, text));
}

beforeAll(async () => {
  t = await startTestApp();
  const opened = await candidateConversation(t);
  conversationId = opened.conversationId;
  candidate = rawSocket(t.url, opened.candidateToken, { dispose: (close) => closers.push(close) });
  await socketConnected(candidate);
  staffId = await userId(t, DEMO.company_staff);
});
afterAll(async () => {
  for (const close of closers) close();
  await t?.close();
});

describe('the list', () => {
  it('shows the new application first, with the candidate, the job and the unread count, to its company only', async () => {
    await candidateSays('東京駅の北口で待っています。Where is the entrance?');
    const page = await list('company_admin');
    expect(page.rows[0]).toMatchObject({ id: conversationId, kind: 'shift', status: 'open', lastMessage: '東京駅の北口で待っています。Where is the entrance?' });
    expect(page.rows[0]!.unread).toBeGreaterThan(0);
    expect(await ids('company2')).not.toContain(conversationId);
    expect(await ids('admin')).toContain(conversationId);
  });

  it('pages by key: the next page starts after the last row, and a forged cursor is refused', async () => {
    const first = await list('admin', {}, { first: 2 });
    expect(first.rows).toHaveLength(2);
    expect(first.next).not.toBeNull();
    const second = await list('admin', {}, { first: 2, after: first.next });
    expect(second.rows.map((r) => r.id)).not.toContain(first.rows[0]!.id);
    expect(second.rows.map((r) => r.id)).not.toContain(first.rows[1]!.id);
    expect(firstCode(await t.gql(LIST, { after: 'not-a-cursor' }, { as: 'admin' }))).toBe('BAD_USER_INPUT');
  });

  it('finds the conversation by words of a message, in Japanese and English, full-width or not, and not by words apart', async () => {
    expect(await ids('company_admin', { search: '北口' })).toContain(conversationId);
    expect(await ids('company_admin', { search: 'ENTRANCE' })).toContain(conversationId);
    expect(await ids('company_admin', { search: 'ｅｎｔｒａｎｃｅ 東京' })).toContain(conversationId);
    // 東 and 口 are both in the message, but "東口" is not.
    expect(await ids('company_admin', { search: '東口' })).not.toContain(conversationId);
    expect(await ids('company2', { search: '北口' })).not.toContain(conversationId);
  });

  it('finds it by the candidate’s name', async () => {
    const { name } = await db().selectFrom('users').select('name').where('email', '=', DEMO.candidate).executeTakeFirstOrThrow();
    const word = name.split(/\s+/)[0]!;
    expect(await ids('company_admin', { search: word.toLowerCase() })).toContain(conversationId);
  });

  it('folds half-width katakana and full-width letters the same way in the message and the search', async () => {
    await candidateSays('ホテルのフロントにＢ２で集合ですか？');
    expect(await ids('company_admin', { search: 'ﾌﾛﾝﾄ b2' })).toContain(conversationId);
    expect(await ids('company_admin', { search: 'フロント　Ｂ２' })).toContain(conversationId);
    expect(await ids('company_admin', { search: 'ﾌﾛﾝﾄ b3' })).not.toContain(conversationId);
  });

  it('never matches a scouted candidate by the name the company may not know yet; the platform does', async () => {
    const scouted = await db().selectFrom('users').select(['id', 'name']).where('email', '=', 'scout2@demo.test').executeTakeFirstOrThrow();
    const company = await companyOf(t, DEMO.company_admin);
    const job = await openJob(t, company);
    const SEND = 'mutation ($c: ID!, $j: ID!, $m: String!) { sendScoutOffer(candidateId: $c, jobId: $j, message: $m) { conversationId } }';
    const { conversationId: scoutedId } = dataOf(await t.gql(SEND, { c: scouted.id, j: job.id, m: 'We would love to have you.' }, { as: 'company_admin' })).sendScoutOffer as {
      conversationId: string;
    };
    const family = scouted.name.split(/\s+/).at(-1)!;
    expect(await ids('company_admin', { search: family })).not.toContain(scoutedId);
    // Its message is the company's own: found by it, under the initials.
    const found = (await list('company_admin', { search: 'love to have you' }, { first: 100 })).rows.find((r) => r.id === scoutedId);
    expect(found).toBeDefined();
    expect(found!.candidateName).not.toContain(family);
    expect(await ids('admin', { search: family })).toContain(scoutedId);
  });

  it('lists it as unread until the company reads it', async () => {
    expect(await ids('company_admin', { unread: true })).toContain(conversationId);
    const { seq } = await db()
      .selectFrom('messages')
      .select(({ fn }) => fn.max('seq').as('seq'))
      .where('conversation_id', '=', conversationId)
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('conversation_reads')
      .values({ conversation_id: conversationId, user_id: await userId(t, DEMO.company_admin), last_seq: Number(seq) })
      .onConflict((oc) => oc.columns(['conversation_id', 'user_id']).doUpdateSet({ last_seq: Number(seq) }))
      .execute();
    expect(await ids('company_admin', { unread: true })).not.toContain(conversationId);
  });

  it('refuses a filter it does not know', async () => {
    expect(firstCode(await t.gql(LIST, { f: { kind: 'everything' } }, { as: 'company_admin' }))).toBe('BAD_USER_INPUT');
  });
});

describe('assignment and status', () => {
  const ASSIGN = 'mutation ($c: ID!, $a: ID) { assignConversation(conversationId: $c, assigneeId: $a) }';
  const STATUS = 'mutation ($c: ID!, $s: String!, $u: String) { setConversationStatus(conversationId: $c, status: $s, snoozedUntil: $u) }';
  const HISTORY = 'query ($c: ID!) { inboxHistory(conversationId: $c) { kind actorName assigneeName } }';

  it('assigns it to a colleague, who is told, and lists it under their name', async () => {
    expect(dataOf(await t.gql(ASSIGN, { c: conversationId, a: staffId }, { as: 'company_admin' })).assignConversation).toBe(true);
    const mine = await list('company_staff', { assignee: 'me' });
    expect(mine.rows.map((r) => r.id)).toContain(conversationId);
    expect((await list('company_admin', { assignee: 'none' }, { first: 100 })).rows.map((r) => r.id)).not.toContain(conversationId);
    const told = dataOf(await t.gql('query { notifications(type: 1) { data { title link } } }', {}, { as: 'company_staff' })).notifications as { data: { title: string; link: string }[] };
    expect(told.data.some((n) => n.link === `/admin/inbox?c=${conversationId}` && n.title.includes('割り当て'))).toBe(true);
  });

  it('refuses an assignee of another company, and any change by another company', async () => {
    const other = await userId(t, DEMO.company2);
    expect(firstCode(await t.gql(ASSIGN, { c: conversationId, a: other }, { as: 'company_admin' }))).toBe('BAD_USER_INPUT');
    expect(firstCode(await t.gql(ASSIGN, { c: conversationId, a: null }, { as: 'company2' }))).toBe('NOT_FOUND');
    expect(firstCode(await t.gql(STATUS, { c: conversationId, s: 'resolved' }, { as: 'company2' }))).toBe('NOT_FOUND');
    expect((await list('company_staff', { assignee: 'me' })).rows.map((r) => r.id)).toContain(conversationId);
  });

  it('resolves it; the candidate’s next message reopens it; the history says who did what', async () => {
    expect(dataOf(await t.gql(STATUS, { c: conversationId, s: 'resolved' }, { as: 'company_staff' })).setConversationStatus).toBe(true);
    expect(await ids('company_admin', { status: 'resolved' })).toContain(conversationId);
    expect(await ids('company_admin', { status: 'open' })).not.toContain(conversationId);
    await candidateSays('One more question, sorry.');
    expect(await ids('company_admin', { status: 'open' })).toContain(conversationId);
    const history = dataOf(await t.gql(HISTORY, { c: conversationId }, { as: 'company_admin' })).inboxHistory as { kind: string; actorName: string | null; assigneeName: string | null }[];
    expect(history.map((h) => h.kind)).toEqual(['assigned', 'resolved', 'reopened']);
    expect(history[1]!.actorName).toBeTruthy();
    expect(history[2]!.actorName).toBeNull();
    expect(firstCode(await t.gql(HISTORY, { c: conversationId }, { as: 'company2' }))).toBe('NOT_FOUND');
  });

  it('snoozes it until a future time, within 90 days only', async () => {
    const past = new Date(Date.now() - 60_000).toISOString();
    const far = new Date(Date.now() + 91 * 86_400_000).toISOString();
    expect(firstCode(await t.gql(STATUS, { c: conversationId, s: 'snoozed', u: past }, { as: 'company_admin' }))).toBe('BAD_USER_INPUT');
    expect(firstCode(await t.gql(STATUS, { c: conversationId, s: 'snoozed', u: far }, { as: 'company_admin' }))).toBe('BAD_USER_INPUT');
    expect(firstCode(await t.gql(STATUS, { c: conversationId, s: 'snoozed' }, { as: 'company_admin' }))).toBe('BAD_USER_INPUT');
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    dataOf(await t.gql(STATUS, { c: conversationId, s: 'snoozed', u: tomorrow }, { as: 'company_admin' }));
    expect(await ids('company_admin', { status: 'snoozed' })).toContain(conversationId);
    expect(await ids('company_admin', { status: 'open' })).not.toContain(conversationId);
    dataOf(await t.gql(STATUS, { c: conversationId, s: 'open' }, { as: 'company_admin' }));
    expect(await ids('company_admin', { status: 'open' })).toContain(conversationId);
  });
});

describe('private notes', () => {
  const NOTE = 'mutation ($c: ID!, $b: String!, $m: [ID!]) { addConversationNote(conversationId: $c, body: $b, mentions: $m) { id body mentions } }';
  const NOTES = 'query ($c: ID!) { inboxNotes(conversationId: $c) { body authorName } }';

  it('keeps a note for colleagues, tells the one mentioned, and never shows it to the candidate', async () => {
    const body = `@staff この方は初めての現場です ${randomUUID().slice(0, 8)}`;
    const note = dataOf(await t.gql(NOTE, { c: conversationId, b: body, m: [staffId] }, { as: 'company_admin' })).addConversationNote as { mentions: string[] };
    expect(note.mentions).toEqual([staffId]);
    const notes = dataOf(await t.gql(NOTES, { c: conversationId }, { as: 'company_staff' })).inboxNotes as { body: string }[];
    expect(notes.map((n) => n.body)).toContain(body);
    const told = dataOf(await t.gql('query { notifications(type: 1) { data { title body } } }', {}, { as: 'company_staff' })).notifications as { data: { title: string; body: string }[] };
    expect(told.data.some((n) => n.body.includes(body.slice(0, 20)))).toBe(true);
    // The candidate: not a back-office session, so refused; and the note is not among the conversation's messages.
    expect(firstCode(await t.gql(NOTES, { c: conversationId }, { as: 'candidate' }))).toBe('UNAUTHENTICATED');
    const messages = await db().selectFrom('messages').select('content').where('conversation_id', '=', conversationId).execute();
    expect(messages.map((m) => m.content)).not.toContain(body);
    expect(firstCode(await t.gql(NOTES, { c: conversationId }, { as: 'company2' }))).toBe('NOT_FOUND');
  });

  it('refuses an empty note and a mention of someone who may not open the conversation', async () => {
    expect(firstCode(await t.gql(NOTE, { c: conversationId, b: '   ' }, { as: 'company_admin' }))).toBe('BAD_USER_INPUT');
    const other = await userId(t, DEMO.company2);
    expect(firstCode(await t.gql(NOTE, { c: conversationId, b: 'hello', m: [other] }, { as: 'company_admin' }))).toBe('BAD_USER_INPUT');
  });
});

describe('canned replies', () => {
  const SAVE = 'mutation ($i: CannedReplyInput!) { saveCannedReply(input: $i) }';
  const FILLED = 'query ($c: ID!) { filledReplies(conversationId: $c) { id title text lang } }';

  it('fills {name}, {job} and {shift} in the candidate’s language', async () => {
    const id = dataOf(
      await t.gql(
        SAVE,
        { i: { title: 'Meeting point', bodyJa: '{name}さん、{job}（{shift}）の集合場所は北口です。', bodyEn: 'Hi {name}, for {job} ({shift}) we meet at the north exit.' } },
        { as: 'company_admin' },
      ),
    ).saveCannedReply as string;
    const filled = (dataOf(await t.gql(FILLED, { c: conversationId }, { as: 'company_staff' })).filledReplies as { id: string; text: string; lang: string }[]).find((r) => r.id === id)!;
    const who = await db().selectFrom('users').select(['name', 'lang']).where('email', '=', DEMO.candidate).executeTakeFirstOrThrow();
    const c = await db()
      .selectFrom('conversations as c')
      .innerJoin('jobs as j', 'j.id', 'c.job_id')
      .innerJoin('job_daily_shifts as s', 's.id', 'c.shift_id')
      .select(['j.title_ja', 'j.title_en', 's.date', 's.start_time', 's.end_time'])
      .where('c.id', '=', conversationId)
      .executeTakeFirstOrThrow();
    const shift = `${c.date} ${c.start_time.slice(0, 5)}–${c.end_time.slice(0, 5)}`;
    expect(filled.lang).toBe(who.lang);
    expect(filled.text).toBe(who.lang === 'en' ? `Hi ${who.name}, for ${c.title_en} (${shift}) we meet at the north exit.` : `${who.name}さん、${c.title_ja}（${shift}）の集合場所は北口です。`);
  });

  it('refuses an unknown placeholder and an empty body, in the caller’s words', async () => {
    const bad = await t.gql(SAVE, { i: { title: 'x', bodyJa: '{salary}', bodyEn: '' } }, { as: 'company_admin' });
    expect(firstCode(bad)).toBe('BAD_USER_INPUT');
    expect(bad.errors?.[0]?.extensions?.fields).toMatchObject({ bodyJa: expect.stringContaining('{name}'), bodyEn: expect.any(String) });
  });

  it('keeps each company’s replies its own', async () => {
    const mine = dataOf(await t.gql('query { cannedReplies { id } }', {}, { as: 'company_admin' })).cannedReplies as { id: string }[];
    expect(mine.length).toBeGreaterThan(0);
    expect(dataOf(await t.gql('query { cannedReplies { id } }', {}, { as: 'company2' })).cannedReplies).toEqual([]);
    expect(firstCode(await t.gql('mutation ($id: ID!) { deleteCannedReply(id: $id) }', { id: mine[0]!.id }, { as: 'company2' }))).toBe('NOT_FOUND');
    expect(firstCode(await t.gql(SAVE, { i: { id: mine[0]!.id, title: 'taken', bodyJa: 'x', bodyEn: 'x' } }, { as: 'company2' }))).toBe('NOT_FOUND');
    expect(firstCode(await t.gql(SAVE, { i: { title: 'client', bodyJa: 'x', bodyEn: 'x' } }, { as: 'client_admin' }))).toBe('FORBIDDEN');
  });
});

describe('the report', () => {
  it('counts a first response and a resolution for the person, in the week of each, with hand-worked times', async () => {
    // A conversation of its own, whose messages and events carry chosen times: asked at 10:00,
    // answered by staff at 10:07 (420 s); asked again 10:10 and 10:12 (one wait, from 10:10),
    // answered at 10:30 (1,200 s); resolved at 11:00, one hour after it opened at 10:00.
    const company = await companyOf(t, DEMO.company_admin);
    const who = await userId(t, 'candidate2@demo.test');
    const job = await db().selectFrom('jobs').select('id').where('company_id', '=', company).where('kind', '=', 'other').executeTakeFirstOrThrow();
    // A colleague of their own, so nothing else in the demo data counts for them.
    const person = (
      await db()
        .insertInto('users')
        .values({ email: `report-${randomUUID()}@demo.test`, password_hash: 'x', name: 'Report Staff', role: 'company_staff', company_id: company, client_id: null, last_login_at: null })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const at = (hm: string) => new Date(`${day}T${hm}:00+09:00`);
    const conv = await db()
      .insertInto('conversations')
      .values({ company_id: company, candidate_id: who, job_id: job.id, type: 2, last_message_at: at('10:30'), created_at: at('10:00') })
      .returning('id')
      .executeTakeFirstOrThrow();
    const m = (seq: number, role: 'candidate' | 'staff', sender: string, hm: string) => ({
      conversation_id: conv.id,
      seq,
      sender_id: sender,
      sender_role: role,
      message_type: 1,
      content: `m${seq}`,
      created_at: at(hm),
    });
    await db()
      .insertInto('messages')
      .values([m(1, 'candidate', who, '10:00'), m(2, 'staff', person, '10:07'), m(3, 'candidate', who, '10:10'), m(4, 'candidate', who, '10:12'), m(5, 'staff', person, '10:30')])
      .execute();
    await db()
      .insertInto('conversation_events')
      .values({ conversation_id: conv.id, actor_id: person, kind: 'resolved', created_at: at('11:00') })
      .execute();

    const rows = dataOf(
      await t.gql('query { inboxReport(weeks: 2) { week staffId responses responseMedianSeconds responseAverageSeconds resolutions resolutionMedianSeconds } }', {}, { as: 'company_admin' }),
    ).inboxReport as { staffId: string; responses: number; responseMedianSeconds: number; responseAverageSeconds: number; resolutions: number; resolutionMedianSeconds: number }[];
    expect(rows.filter((r) => r.staffId === person)).toEqual([
      expect.objectContaining({ responses: 2, responseMedianSeconds: 810, responseAverageSeconds: 810, resolutions: 1, resolutionMedianSeconds: 3600 }),
    ]);
    // Another company's report holds none of it.
    const other = dataOf(await t.gql('query { inboxReport(weeks: 2) { staffId } }', {}, { as: 'company2' })).inboxReport as { staffId: string }[];
    expect(other.map((r) => r.staffId)).not.toContain(person);
  });
});
