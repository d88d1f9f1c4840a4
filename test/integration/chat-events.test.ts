/**
 * The chat socket's second round: recent-chat pages, badges, the chatbot, changeStatus,
 * the authorization of every event, membership changes on open sockets, and chatMessageAdded over
 * graphql-ws. Real sockets against one real app; every test that depends on state makes its own
 * candidate and conversations (rows written directly, as an application would leave them).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Client } from 'graphql-ws';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type Ack,
  type BadgesPayload,
  type ChatMessage,
  type ChangeStatusPayload,
  type ConversationRow,
  RECENT_SIZE,
  type RecentChatsPage,
  type SeenNotice,
  type StatusNotice,
} from '../../server/chat/events.ts';
import { type ChatDb, loadConversation } from '../../server/chat/queries.ts';
import { OPS } from '../../server/api/operations.ts';
import { loginToken, startTestApp, type TestApp } from '../helpers/app.ts';
import { dataOf } from '../helpers/graphql.ts';
import { eventually, until, within } from '../helpers/wait.ts';
import { acked, drained, type RawChatSocket, rawSocket, sendMessage, socketConnected } from '../helpers/chat.ts';
import { collectSubscription, graphqlWsClient } from '../helpers/graphqlws.ts';
import { clientOf, companyOf, userId } from '../helpers/demo-data.ts';

type ChatClient = RawChatSocket;
type Kind = 'daily' | 'other' | 'support';
type RecentKind = 'job' | 'support' | 'all';

/** This run's tag: in the names and contents this file writes. */
const TAG = randomBytes(4).toString('hex');

let t: TestApp;
let db: ChatDb;
let company1: string;
let company1Name: string;
let company2: string;
let daily: { id: string; client_id: string; title_ja: string; title_en: string; shiftId: string; shiftDate: string };
let other: { id: string; client_id: string; title_ja: string; title_en: string };
let demoHash: string;

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  const admin = await db.selectFrom('users').select(['company_id', 'password_hash']).where('email', '=', 'company@demo.test').executeTakeFirstOrThrow();
  const clientId = await clientOf(t, 'client@demo.test');
  company1 = admin.company_id!;
  company2 = await companyOf(t, 'company2@demo.test');
  demoHash = admin.password_hash;
  company1Name = (await db.selectFrom('companies').select('name').where('id', '=', company1).executeTakeFirstOrThrow()).name;
  // Jobs of client@'s own client, so that a client user is refused for want of the chat code alone.
  const jobOf = (kind: 'daily' | 'other') =>
    db
      .selectFrom('jobs')
      .select(['id', 'client_id', 'title_ja', 'title_en'])
      .where('company_id', '=', company1)
      .where('client_id', '=', clientId)
      .where('kind', '=', kind)
      // A daily job with shifts (the seed also has a draft one without); the demo jobs share one
      // created_at, so the title decides which comes first, the same on every run.
      .$if(kind === 'daily', (q) => q.where(({ exists, selectFrom }) => exists(selectFrom('job_daily_shifts as s').select('s.id').whereRef('s.job_id', '=', 'jobs.id'))))
      .orderBy('created_at')
      .orderBy('title_en')
      .executeTakeFirstOrThrow();
  const d = await jobOf('daily');
  const shift = await db.selectFrom('job_daily_shifts').select(['id', 'date']).where('job_id', '=', d.id).orderBy('date').executeTakeFirstOrThrow();
  daily = { ...d, shiftId: shift.id, shiftDate: String(shift.date) };
  other = await jobOf('other');
});
afterAll(async () => t?.close());

const disposers: (() => unknown)[] = [];
afterEach(async () => {
  for (const dispose of disposers.splice(0).reverse()) await dispose();
});

interface Person {
  id: string;
  name: string;
  token: string;
}

let people = 0;
/** A new person with the demo password: a candidate (lang en unless told), or a user of the first company. */
async function newPerson(role: 'candidate' | 'company_admin' | 'company_staff', lang?: 'ja' | 'en'): Promise<Person> {
  const n = ++people;
  const email = `chat-events-${TAG}-${n}@demo.test`;
  const name = role === 'candidate' ? `Candidate ${TAG} ${n}` : `Staff ${TAG} ${n}`;
  const row = await db
    .insertInto('users')
    .values({ email, password_hash: demoHash, name, role, company_id: role === 'candidate' ? null : company1, lang: lang ?? (role === 'candidate' ? 'en' : 'ja') })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, name, token: await loginToken(t.url, email) };
}

interface Conv {
  id: string;
  applicationId: string | null;
}

/** A conversation of the first company with the candidate, as applying (or the support chat) opens it. */
async function openConversation(candidateId: string, kind: Kind): Promise<Conv> {
  if (kind === 'support') {
    const c = await db
      .insertInto('conversations')
      .values({ company_id: company1, candidate_id: candidateId, job_id: null, shift_id: null, application_id: null, type: 2, last_message_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: c.id, applicationId: null };
  }
  const job = kind === 'daily' ? daily : other;
  const shiftId = kind === 'daily' ? daily.shiftId : null;
  const app = await db
    .insertInto('applications')
    .values({ job_id: job.id, shift_id: shiftId, candidate_id: candidateId, company_id: company1, client_id: job.client_id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const c = await db
    .insertInto('conversations')
    .values({ company_id: company1, candidate_id: candidateId, job_id: job.id, shift_id: shiftId, application_id: app.id, type: kind === 'daily' ? 1 : 2, last_message_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: c.id, applicationId: app.id };
}

async function open(token: string): Promise<ChatClient> {
  const s = rawSocket(t.url, token, { dispose: (close) => disposers.push(close) });
  await within(socketConnected(s), 'socket connected', 5_000);
  return s;
}

/** A new candidate (lang en unless told) with a conversation of each kind: daily, other and support. */
async function threeConversations(lang?: 'ja' | 'en') {
  const cand = await newPerson('candidate', lang);
  const d = await openConversation(cand.id, 'daily');
  const o = await openConversation(cand.id, 'other');
  const p = await openConversation(cand.id, 'support');
  return { cand, d, o, p };
}

interface DailyChat {
  cand: Person;
  d: Conv;
  admin: ChatClient;
  me: ChatClient;
}
/**
 * A new candidate's daily conversation (and, `withSupport`, its support conversation `p`), with the
 * sockets of the demo company admin and of the candidate (`me`) open.
 */
async function dailyChat(): Promise<DailyChat>;
async function dailyChat(withSupport: true): Promise<DailyChat & { p: Conv }>;
async function dailyChat(withSupport = false): Promise<DailyChat & { p?: Conv }> {
  const cand = await newPerson('candidate');
  const d = await openConversation(cand.id, 'daily');
  const p = withSupport ? await openConversation(cand.id, 'support') : undefined;
  const admin = await open(await t.tokenOf('company_admin'));
  const me = await open(cand.token);
  return { cand, d, p, admin, me };
}

const askBot = (s: ChatClient, conversation: string): Promise<Ack<{ message: ChatMessage | null }>> => s.timeout(5_000).emitWithAck('sendBotMember', { conversation_id: conversation });
const markSeen = (s: ChatClient, conversation: string): Promise<Ack<{ last_seq: number }>> => s.timeout(5_000).emitWithAck('sendSeenAdmin', { conversation_id: conversation });
const changeStatus = (s: ChatClient, p: ChangeStatusPayload): Promise<Ack<{ status: StatusNotice }>> => s.timeout(5_000).emitWithAck('changeStatus', p);
const backfill = (s: ChatClient, conversation: string): Promise<Ack<{ messages: ChatMessage[] }>> => s.timeout(5_000).emitWithAck('backfill', { conversation_id: conversation, after_seq: 0 });
const join = (s: ChatClient, conversation: string): Promise<Ack<Record<never, never>>> => s.timeout(5_000).emitWithAck('joinConversation', { conversation_id: conversation });

type Pushed = 'newMessage' | 'seenAdmin' | 'statusChanged' | 'recentChats' | 'badges';

/** The next `event` on the socket that `match` accepts. */
function waitFor<T>(s: ChatClient, event: Pushed, match: (x: T) => boolean, label: string): Promise<T> {
  const raw = s as unknown as { on(e: string, f: (x: T) => void): void; off(e: string, f: (x: T) => void): void };
  return within(
    new Promise<T>((resolve) => {
      const handler = (x: T) => {
        if (!match(x)) return;
        raw.off(event, handler);
        resolve(x);
      };
      raw.on(event, handler);
    }),
    `${event}: ${label}`,
  );
}
const heard = (s: ChatClient, conversation: string, role?: ChatMessage['sender_role']) =>
  waitFor<ChatMessage>(s, 'newMessage', (m) => m.conversation_id === conversation && (!role || m.sender_role === role), `message in ${conversation}`);
const heardStatus = (s: ChatClient, conversation: string, match: (n: StatusNotice) => boolean = () => true) =>
  waitFor<StatusNotice>(s, 'statusChanged', (n) => n.conversation_id === conversation && match(n), `status of ${conversation}`);

/** Everything the socket was sent about conversations, to prove what never arrived. */
function record(s: ChatClient) {
  const got = { newMessage: [] as ChatMessage[], seenAdmin: [] as SeenNotice[], statusChanged: [] as StatusNotice[] };
  s.on('newMessage', (m) => got.newMessage.push(m));
  s.on('seenAdmin', (n) => got.seenAdmin.push(n));
  s.on('statusChanged', (n) => got.statusChanged.push(n));
  return {
    ...got,
    about: (conversation: string) => [...got.newMessage, ...got.seenAdmin, ...got.statusChanged].filter((e) => e.conversation_id === conversation),
  };
}

async function recent(s: ChatClient, page: number, kind?: RecentKind): Promise<RecentChatsPage> {
  const got = waitFor<RecentChatsPage>(s, 'recentChats', (p) => p.current === page, `recent page ${page}`);
  acked(await s.timeout(5_000).emitWithAck('getRecentChats', kind ? { page, kind } : { page }));
  return got;
}

/** Every page until a short one. */
async function allRecent(s: ChatClient, kind: RecentKind): Promise<RecentChatsPage[]> {
  const pages: RecentChatsPage[] = [];
  for (let page = 1; page < 40; page++) {
    const p = await recent(s, page, kind);
    pages.push(p);
    if (p.data.length < RECENT_SIZE) return pages;
  }
  throw new Error('recent chats never ended');
}
const allRows = async (s: ChatClient, kind: RecentKind) => (await allRecent(s, kind)).flatMap((p) => p.data);

async function rowOf(s: ChatClient, conversation: string, kind: RecentKind = 'all'): Promise<ConversationRow> {
  const row = (await allRows(s, kind)).find((r) => r.id === conversation);
  if (!row) throw new Error(`conversation ${conversation} is not in the recent chats`);
  return row;
}

async function badges(s: ChatClient): Promise<BadgesPayload> {
  const got = waitFor<BadgesPayload>(s, 'badges', () => true, 'badges');
  acked(await s.timeout(5_000).emitWithAck('getBadges', {}));
  return got;
}
const badgeIds = (b: BadgesPayload) => [...b.dailyChats, ...b.otherChats, ...b.supportChats].map((e) => e.id);

const countOf = async (query: ReturnType<typeof sql<{ n: string }>>) => Number((await query.execute(db)).rows[0]!.n);
const botRows = (conversation: string) => countOf(sql<{ n: string }>`select count(*) as n from messages where conversation_id = ${conversation} and sender_role = 'bot'`);
const messageRows = (conversation: string) => countOf(sql<{ n: string }>`select count(*) as n from messages where conversation_id = ${conversation}`);
const chatStatus = async (conversation: string) => (await db.selectFrom('conversations').select('chat_status').where('id', '=', conversation).executeTakeFirstOrThrow()).chat_status;

describe('getRecentChats → recentChats', () => {
  it('pages the company’s conversations 30 at a time, newest message first, page after page without overlap', async () => {
    const admin = await open(await t.tokenOf('company_admin'));
    const companyCount = (where: 'all' | 'job' | 'support') =>
      countOf(
        sql<{ n: string }>`select count(*) as n from conversations where company_id = ${company1} ${
          where === 'job' ? sql`and job_id is not null` : where === 'support' ? sql`and job_id is null` : sql``
        }`,
      );
    const before = await companyCount('all');
    // More than two pages of conversations newer than any other, and a last page that is not full.
    const bulk = (before + 65) % RECENT_SIZE === 0 ? 66 : 65;
    const kindOf = (i: number): Kind => (i % 4 === 3 ? 'support' : i % 4 === 2 ? 'other' : 'daily');
    const candidates = await db
      .insertInto('users')
      .values(Array.from({ length: bulk }, (_, i) => ({ email: `bulk-${TAG}-${i}@demo.test`, password_hash: 'x', name: `Bulk ${TAG} ${i}`, role: 'candidate', lang: 'en' as const })))
      .returning(['id', 'name'])
      .execute();
    const index = new Map(candidates.map((c) => [c.id, Number(c.name.split(' ').pop())]));
    try {
      const base = Date.now() + 3_600_000;
      const at = (i: number) => new Date(base + i * 1000);
      const convs = await db
        .insertInto('conversations')
        .values(
          candidates.map((c) => {
            const i = index.get(c.id)!;
            const kind = kindOf(i);
            const job = kind === 'daily' ? daily : kind === 'other' ? other : null;
            return {
              company_id: company1,
              candidate_id: c.id,
              job_id: job?.id ?? null,
              shift_id: kind === 'daily' ? daily.shiftId : null,
              application_id: null,
              type: kind === 'daily' ? (1 as const) : (2 as const),
              last_message_at: at(i),
            };
          }),
        )
        .returning(['id', 'candidate_id'])
        .execute();
      const byIndex = new Map(convs.map((c) => [index.get(c.candidate_id)!, c.id]));
      await db
        .insertInto('messages')
        .values(
          convs.map((c) => {
            const i = index.get(c.candidate_id)!;
            return {
              conversation_id: c.id,
              seq: 1,
              sender_id: c.candidate_id,
              sender_role: 'candidate' as const,
              message_type: 1,
              content: `bulk ${i}`,
              client_msg_id: `bulk-${i}`,
              created_at: at(i),
            };
          }),
        )
        .execute();
      const newestFirst = (only?: (k: Kind) => boolean) =>
        Array.from({ length: bulk }, (_, k) => bulk - 1 - k)
          .filter((i) => !only || only(kindOf(i)))
          .map((i) => byIndex.get(i)!);

      // All kinds: page 1 and 2 are the 60 newest, in order; the pages go on without overlap.
      const pages = await allRecent(admin, 'all');
      const [p1, p2] = pages as [RecentChatsPage, RecentChatsPage];
      expect(p1).toMatchObject({ current: 1, size: RECENT_SIZE, kind: 'all' });
      expect(p1.data.map((r) => r.id)).toEqual(newestFirst().slice(0, 30));
      expect(p2).toMatchObject({ current: 2, size: RECENT_SIZE, kind: 'all' });
      expect(p2.data.map((r) => r.id)).toEqual(newestFirst().slice(30, 60));
      expect(p1.data[0]).toMatchObject({ message_content: `bulk ${bulk - 1}`, last_message: `bulk ${bulk - 1}`, message_date: at(bulk - 1).toISOString(), candidate_name: `Bulk ${TAG} ${bulk - 1}` });
      const dates = [...p1.data, ...p2.data].map((r) => Date.parse(r.message_date));
      expect(dates).toEqual([...dates].sort((a, b) => b - a));
      const ids = pages.flatMap((p) => p.data.map((r) => r.id));
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.length).toBe(before + bulk);
      const last = pages[pages.length - 1]!;
      expect(last.data.length).toBeGreaterThan(0);
      expect(last.data.length).toBeLessThan(RECENT_SIZE);
      expect(last.size).toBe(last.data.length);
      // A page past the end is empty.
      expect((await recent(admin, pages.length + 1, 'all')).data).toEqual([]);

      // Job conversations (the chat dock): no support conversation, the newest job ones first.
      const jobs = await allRecent(admin, 'job');
      expect(jobs[0]!.kind).toBe('job');
      expect(jobs[0]!.data.map((r) => r.id)).toEqual(newestFirst((k) => k !== 'support').slice(0, 30));
      const jobRows = jobs.flatMap((p) => p.data);
      expect(jobRows.every((r) => r.job_id !== null && !r.support)).toBe(true);
      expect(jobRows.length).toBe(await companyCount('job'));
      // Without a kind, the page is of job conversations.
      const plain = await recent(admin, 1);
      expect(plain.kind).toBe('job');
      expect(plain.data.map((r) => r.id)).toEqual(jobs[0]!.data.map((r) => r.id));

      // Support conversations only.
      const support = (await allRecent(admin, 'support')).flatMap((p) => p.data);
      const bulkSupport = newestFirst((k) => k === 'support');
      expect(support.slice(0, bulkSupport.length).map((r) => r.id)).toEqual(bulkSupport);
      expect(support.every((r) => r.job_id === null && r.support && r.job_title === null)).toBe(true);
      expect(support.length).toBe(await companyCount('support'));
    } finally {
      // The bulk conversations (and their messages) go with their candidates.
      await db
        .deleteFrom('users')
        .where(
          'id',
          'in',
          candidates.map((c) => c.id),
        )
        .execute();
    }
  });

  it('gives each row the fields a chat list shows, from the caller’s side (unread, read marks, names, job, shift)', async () => {
    const { cand, d, o, p } = await threeConversations();
    const adminToken = await t.tokenOf('company_admin');
    const admin = await open(adminToken);
    const me = await open(cand.token);
    const adminUser = await db.selectFrom('users').select('name').where('email', '=', 'company@demo.test').executeTakeFirstOrThrow();

    const m1 = acked(await sendMessage(me, d.id, 'first question')).message;
    expect(acked(await markSeen(admin, d.id)).last_seq).toBe(m1.seq);
    const m2 = acked(await sendMessage(admin, d.id, 'an answer')).message;
    expect(acked(await markSeen(me, d.id)).last_seq).toBe(m2.seq);
    acked(await sendMessage(me, d.id, 'second question'));
    const m4 = acked(await sendMessage(me, d.id, 'third question')).message;

    const row = await rowOf(admin, d.id);
    expect(row).toMatchObject({
      id: d.id,
      conversation_id: d.id,
      is_read: 0,
      unread: 2,
      last_seq: m4.seq,
      other_seen_seq: m2.seq,
      message_type: 1,
      message_content: 'third question',
      last_message: 'third question',
      message_user_name: cand.name,
      message_date: m4.created_at,
      type: 1,
      support: false,
      candidate_id: cand.id,
      candidate_name: cand.name,
      company_name: company1Name,
      job_id: daily.id,
      // The title in each language, never a "日本語 / English" pair: the reader's page picks one.
      job_title: daily.title_ja,
      job_title_en: daily.title_en,
      shift_id: daily.shiftId,
      shift_date: daily.shiftDate,
      application_id: d.applicationId,
      candidate_status_id: (await db.selectFrom('applications').select('candidate_status_id').where('id', '=', d.applicationId!).executeTakeFirstOrThrow()).candidate_status_id,
      // The company answered: a person has taken over from the bot.
      chat_status: 2,
    });
    // The candidate's side of the same conversation: the staff answer is read, the staff has read up to m1.
    expect(await rowOf(me, d.id)).toMatchObject({
      is_read: 1,
      unread: 0,
      last_seq: m4.seq,
      other_seen_seq: m1.seq,
      candidate_name: cand.name,
      company_name: company1Name,
      company_name_en: 'Sakura Staffing Co., Ltd.',
    });

    // The staff reads everything: no unread left, and the candidate sees its messages read.
    acked(await markSeen(admin, d.id));
    expect(await rowOf(admin, d.id)).toMatchObject({ is_read: 1, unread: 0 });
    expect((await rowOf(me, d.id)).other_seen_seq).toBe(m4.seq);

    // A staff message is unread for the candidate, named after its sender.
    acked(await sendMessage(admin, o.id, 'about the part-time job'));
    expect(await rowOf(me, o.id)).toMatchObject({
      is_read: 0,
      unread: 1,
      message_user_name: adminUser.name,
      type: 2,
      support: false,
      shift_id: null,
      shift_date: null,
      job_id: other.id,
      chat_status: 2,
    });
    // A conversation without a message yet, and a support conversation.
    expect(await rowOf(admin, p.id)).toMatchObject({
      type: 2,
      support: true,
      job_id: null,
      job_title: null,
      shift_date: null,
      application_id: null,
      unread: 0,
      is_read: 1,
      last_seq: 0,
      message_content: '',
      chat_status: 1,
    });
  });

  it('gives a candidate only its own conversations', async () => {
    const cand = await newPerson('candidate');
    const d = await openConversation(cand.id, 'daily');
    const p = await openConversation(cand.id, 'support');
    const me = await open(cand.token);
    acked(await sendMessage(me, d.id, 'hello'));
    expect((await allRows(me, 'all')).map((r) => r.id)).toEqual([d.id, p.id]);
    expect((await allRows(me, 'job')).map((r) => r.id)).toEqual([d.id]);
    expect((await allRows(me, 'support')).map((r) => r.id)).toEqual([p.id]);

    // The seeded candidate sees its seeded conversations, and candidate@ (none seeded) sees none.
    const maria = await userId(t, 'candidate2@demo.test');
    const hers = await db.selectFrom('conversations').select('id').where('candidate_id', '=', maria).execute();
    expect(hers.length).toBeGreaterThan(0);
    const mariaSocket = await open(await loginToken(t.url, 'candidate2@demo.test'));
    expect((await allRows(mariaSocket, 'all')).map((r) => r.id).sort()).toEqual(hers.map((h) => h.id).sort());
    const nobody = await open(await loginToken(t.url, 'candidate@demo.test'));
    expect((await recent(nobody, 1, 'all')).data).toEqual([]);
  });

  it('gives another company none of the first company’s conversations', async () => {
    const cand = await newPerson('candidate');
    const d = await openConversation(cand.id, 'daily');
    const me = await open(cand.token);
    acked(await sendMessage(me, d.id, 'for company 1 only'));
    const mine = new Set((await db.selectFrom('conversations').select('id').where('company_id', '=', company1).execute()).map((c) => c.id));
    const other2 = await open(await t.tokenOf('company2'));
    const rows = await allRows(other2, 'all');
    expect(rows.filter((r) => mine.has(r.id))).toEqual([]);
    expect(rows.filter((r) => r.company_name === company1Name)).toEqual([]);
    expect(badgeIds(await badges(other2)).filter((id) => mine.has(id))).toEqual([]);
  });
});

describe('getBadges → badges', () => {
  it('shows unread candidate messages as badges and counts, until read; seen badges stay seen; per user', async () => {
    const { cand, d, o, p } = await threeConversations();
    const adminToken = await t.tokenOf('company_admin');
    const admin = await open(adminToken);
    const staff = await open(await t.tokenOf('company_staff'));
    const me = await open(cand.token);
    const base = await badges(admin);
    expect(badgeIds(base)).not.toContain(d.id);

    acked(await sendMessage(me, d.id, 'one'));
    acked(await sendMessage(me, d.id, 'two'));
    acked(await sendMessage(me, o.id, 'three'));
    acked(await sendMessage(me, p.id, 'four'));

    const b = await badges(admin);
    expect(b.dailyChats[0]).toEqual({ id: d.id, isSee: 0 });
    expect(b.otherChats[0]).toEqual({ id: o.id, isSee: 0 });
    expect(b.supportChats[0]).toEqual({ id: p.id, isSee: 0 });
    expect(b.workerDailyIcCount).toBe(base.workerDailyIcCount + 2);
    expect(b.workerOtherIcCount).toBe(base.workerOtherIcCount + 1);
    // Company staff has the job badges, and no support badges (no 420001).
    const s = await badges(staff);
    expect(s.dailyChats).toContainEqual({ id: d.id, isSee: 0 });
    expect(s.otherChats).toContainEqual({ id: o.id, isSee: 0 });
    expect(s.supportChats).toEqual([]);

    // Reading the daily conversation removes its badge and its count, for this user only.
    acked(await markSeen(admin, d.id));
    const afterRead = await badges(admin);
    expect(badgeIds(afterRead)).not.toContain(d.id);
    expect(afterRead.workerDailyIcCount).toBe(base.workerDailyIcCount);
    expect(afterRead.otherChats).toContainEqual({ id: o.id, isSee: 0 });
    expect((await badges(staff)).dailyChats).toContainEqual({ id: d.id, isSee: 0 });

    // Looking at the badges turns every badge seen, pushed to the user's other tabs too.
    const otherTab = await open(adminToken);
    const pushed = waitFor<BadgesPayload>(otherTab, 'badges', () => true, 'badges pushed to the other tab');
    const answered = waitFor<BadgesPayload>(admin, 'badges', () => true, 'badges after seeBadges');
    acked(await admin.timeout(5_000).emitWithAck('seeBadges', {}));
    for (const seen of [await answered, await pushed]) {
      expect(seen.otherChats).toContainEqual({ id: o.id, isSee: 1 });
      expect(seen.supportChats).toContainEqual({ id: p.id, isSee: 1 });
      expect([...seen.dailyChats, ...seen.otherChats, ...seen.supportChats].every((e) => e.isSee === 1)).toBe(true);
      // Seen is not read: the counts stay.
      expect(seen.workerOtherIcCount).toBe(afterRead.workerOtherIcCount);
    }
    // Another staff member of the company has not looked at its badges.
    expect((await badges(staff)).otherChats).toContainEqual({ id: o.id, isSee: 0 });

    // Stored: a new connection still has them seen.
    admin.disconnect();
    otherTab.disconnect();
    const again = await open(await t.tokenOf('company_admin'));
    expect((await badges(again)).otherChats).toContainEqual({ id: o.id, isSee: 1 });

    // A newer message makes that badge new again, and only that one (newer by the clock: seeing is
    // stored to the millisecond, so the message waits until the clock has passed it).
    const stamp = Date.now();
    await until(() => Date.now() > stamp, 'the clock passes the stored seeing');
    acked(await sendMessage(me, o.id, 'five'));
    const newer = await badges(again);
    expect(newer.otherChats[0]).toEqual({ id: o.id, isSee: 0 });
    expect(newer.supportChats).toContainEqual({ id: p.id, isSee: 1 });
    expect(newer.workerOtherIcCount).toBe(afterRead.workerOtherIcCount + 1);
  });

  it('gives the candidate badges for the company’s messages', async () => {
    const cand = await newPerson('candidate');
    const o = await openConversation(cand.id, 'other');
    const admin = await open(await t.tokenOf('company_admin'));
    const me = await open(cand.token);
    expect(badgeIds(await badges(me))).toEqual([]);
    acked(await sendMessage(admin, o.id, 'please come to an interview'));
    acked(await sendMessage(admin, o.id, 'on Monday'));
    const b = await badges(me);
    expect(b.otherChats).toEqual([{ id: o.id, isSee: 0 }]);
    expect(b.workerOtherIcCount).toBe(2);
    acked(await markSeen(me, o.id));
    expect(badgeIds(await badges(me))).toEqual([]);
  });
});

describe('sendBotMember', () => {
  /** The candidate writes `content` and asks for the bot: no answer, `botMessages` bot messages stored in all, none sent to the candidate. */
  async function expectBotQuiet(me: ChatClient, d: Conv, content: string, botMessages: number): Promise<void> {
    const mine = record(me);
    acked(await sendMessage(me, d.id, content));
    expect(acked(await askBot(me, d.id)).message).toBeNull();
    expect(await botRows(d.id)).toBe(botMessages);
    await drained(me);
    expect(mine.newMessage.filter((m) => m.sender_role === 'bot')).toEqual([]);
  }

  type Template = { kind: 'daily' | 'other'; step: number; trigger: string; message_ja: string; message_en: string };
  let templates: Template[];
  const template = (kind: 'daily' | 'other', step: number) => templates.find((x) => x.kind === kind && x.step === step)!;
  let originalStep1: { message_ja: string; message_en: string };
  beforeAll(async () => {
    // The demo company answers with its own copy; marked here, so an answer from the platform's rows would show.
    const own = await db
      .selectFrom('chatbot_messages')
      .select(['message_ja', 'message_en'])
      .where('company_id', '=', company1)
      .where('kind', '=', 'daily')
      .where('step', '=', 1)
      .executeTakeFirstOrThrow();
    originalStep1 = own;
    await db
      .updateTable('chatbot_messages')
      .set({ message_ja: `${own.message_ja}（${TAG}）`, message_en: `${own.message_en} (${TAG})` })
      .where('company_id', '=', company1)
      .where('kind', '=', 'daily')
      .where('step', '=', 1)
      .execute();
    templates = (await db
      .selectFrom('chatbot_messages')
      .select(['kind', 'step', 'trigger', 'message_ja', 'message_en'])
      .where('company_id', '=', company1)
      .where('active', '=', true)
      .execute()) as Template[];
  });
  afterAll(async () => {
    await db.updateTable('chatbot_messages').set(originalStep1).where('company_id', '=', company1).where('kind', '=', 'daily').where('step', '=', 1).execute();
  });

  it('answers a candidate’s first message with the company’s step-1 template in its language, once, broadcast as a bot message', async () => {
    const { d, admin, me } = await dailyChat();
    const adminGot = record(admin);
    const first = acked(await sendMessage(me, d.id, 'Hello, nice to meet you')).message;

    const toAdmin = heard(admin, d.id, 'bot');
    const toCandidate = heard(me, d.id, 'bot');
    const answer = acked(await askBot(me, d.id)).message!;
    expect(answer).toMatchObject({
      conversation_id: d.id,
      seq: first.seq + 1,
      sender_id: null,
      sender_role: 'bot',
      sender_name: 'Bot',
      content: template('daily', 1).message_en,
      conversation_type: 1,
      support: false,
    });
    expect(answer.content).toContain(TAG);
    expect((await toAdmin).id).toBe(answer.id);
    expect((await toCandidate).id).toBe(answer.id);

    // Asked again (a retry, or two tabs at once): the same answer, stored and broadcast once.
    expect(acked(await askBot(me, d.id)).message?.id).toBe(answer.id);
    const both = await Promise.all([askBot(me, d.id), askBot(me, d.id)]);
    expect(both.map((r) => acked(r).message?.id)).toEqual([answer.id, answer.id]);
    expect(await botRows(d.id)).toBe(1);
    await drained(admin);
    expect(adminGot.newMessage.filter((m) => m.conversation_id === d.id && m.sender_role === 'bot').map((m) => m.id)).toEqual([answer.id]);

    // The next message gets the next step; a trigger keyword gets its own template.
    acked(await sendMessage(me, d.id, 'What time does it start?'));
    expect(acked(await askBot(me, d.id)).message?.content).toBe(template('daily', 2).message_en);
    const salary = templates.find((x) => x.kind === 'daily' && /salary/i.test(x.trigger))!;
    expect(salary).toBeDefined();
    acked(await sendMessage(me, d.id, 'When do I get my SALARY?'));
    expect(acked(await askBot(me, d.id)).message?.content).toBe(salary.message_en);
    expect(await botRows(d.id)).toBe(3);
  });

  it('speaks Japanese to a Japanese-speaking candidate, uses the other-job templates there, and never answers in a support chat', async () => {
    const { cand, d, o, p } = await threeConversations('ja');
    const me = await open(cand.token);
    acked(await sendMessage(me, d.id, 'こんにちは'));
    expect(acked(await askBot(me, d.id)).message?.content).toBe(template('daily', 1).message_ja);
    acked(await sendMessage(me, o.id, 'よろしくお願いします'));
    const answer = acked(await askBot(me, o.id)).message;
    expect(answer).toMatchObject({ content: template('other', 1).message_ja, conversation_type: 2, sender_role: 'bot' });
    acked(await sendMessage(me, p.id, '口座を変えたいです'));
    expect(acked(await askBot(me, p.id)).message).toBeNull();
    expect(await botRows(p.id)).toBe(0);
  });

  it('stays quiet once a staff member has answered (statusChanged: chat_status 2)', async () => {
    const { cand, d, admin, me } = await dailyChat();
    acked(await sendMessage(me, d.id, 'Hi there'));
    expect(acked(await askBot(me, d.id)).message?.sender_role).toBe('bot');

    const tookOver = heardStatus(me, d.id);
    const adminHeard = heardStatus(admin, d.id);
    acked(await sendMessage(admin, d.id, 'I will help you from here'));
    expect(await tookOver).toMatchObject({ conversation_id: d.id, chat_status: 2, candidate_id: cand.id, application_id: d.applicationId });
    expect((await adminHeard).chat_status).toBe(2);
    expect(await chatStatus(d.id)).toBe(2);

    await expectBotQuiet(me, d, 'Anything else I should know?', 1);
  });

  it('stays quiet when the company has switched the bot off (chat.bot_enabled = false)', async () => {
    const setting = () => db.updateTable('app_settings').where('company_id', '=', company1).where('key', '=', 'chat.bot_enabled');
    const off = await setting().set({ value: 'false' }).executeTakeFirst();
    expect(Number(off.numUpdatedRows)).toBe(1);
    try {
      const cand = await newPerson('candidate');
      const d = await openConversation(cand.id, 'daily');
      await expectBotQuiet(await open(cand.token), d, 'Hello, is anyone there?', 0);
    } finally {
      await setting().set({ value: 'true' }).execute();
    }
  });
});

describe('changeStatus', () => {
  type StatusRow = { id: string; parent_id: string | null; name_ja: string; name_en: string };
  const interviewOf = async (companyId: string) => {
    const rows = (await db.selectFrom('candidate_statuses').select(['id', 'parent_id', 'name_ja', 'name_en']).where('company_id', '=', companyId).execute()) as StatusRow[];
    const interview = rows.find((r) => r.name_en === 'Interview')!;
    const path: StatusRow[] = [];
    for (let node: StatusRow | undefined = interview; node; node = rows.find((r) => r.id === node!.parent_id)) path.unshift(node);
    return { interview, path };
  };

  it('sets the candidate’s status: the ack and a statusChanged to the candidate and the company carry the path from the root', async () => {
    const cand = await newPerson('candidate');
    const d = await openConversation(cand.id, 'daily');
    const admin = await open(await t.tokenOf('company_admin'));
    const staff = await open(await t.tokenOf('company_staff'));
    const me = await open(cand.token);
    const outsiderSocket = await open(await t.tokenOf('company2'));
    const outsider = record(outsiderSocket);
    const { path } = await interviewOf(company1);
    expect(path.map((s) => s.name_en)).toEqual(['Applied', 'Document check', 'Interview']);
    // A declared move: forward from the root (Applied) to its child (Document check).
    const [applied, screening] = path as [StatusRow, StatusRow];

    const toCandidate = heardStatus(me, d.id);
    const toStaff = heardStatus(staff, d.id);
    const status = acked(await changeStatus(admin, { conversation_id: d.id, candidate_status_id: screening.id })).status;
    expect(status).toEqual({
      conversation_id: d.id,
      application_id: d.applicationId,
      candidate_id: cand.id,
      candidate_status_id: screening.id,
      roots: path.slice(0, 2).map((s) => ({
        status_id: s.id,
        translate: [
          { language_key: 'ja', name: s.name_ja },
          { language_key: 'en', name: s.name_en },
        ],
      })),
      chat_status: 1,
    });
    expect(await toCandidate).toEqual(status);
    expect(await toStaff).toEqual(status);
    const app = await db.selectFrom('applications').select('candidate_status_id').where('id', '=', d.applicationId!).executeTakeFirstOrThrow();
    expect(app.candidate_status_id).toBe(screening.id);
    expect((await rowOf(admin, d.id)).candidate_status_id).toBe(screening.id);

    // Back one step (a declared move too).
    const back = heardStatus(me, d.id, (n) => n.candidate_status_id === applied.id);
    expect(acked(await changeStatus(admin, { conversation_id: d.id, candidate_status_id: applied.id })).status).toMatchObject({ candidate_status_id: applied.id, roots: [{ status_id: applied.id }] });
    await back;
    expect((await db.selectFrom('applications').select('candidate_status_id').where('id', '=', d.applicationId!).executeTakeFirstOrThrow()).candidate_status_id).toBe(applied.id);
    // Who changed what: one audit row per change, with the before and after values.
    const audit = await db
      .selectFrom('audit_log')
      .select(['action', 'actor_name', 'changes', 'company_id'])
      .where('entity', '=', 'application')
      .where('entity_id', '=', d.applicationId!)
      .orderBy('id')
      .execute();
    const adminName = (await db.selectFrom('users').select('name').where('email', '=', 'company@demo.test').executeTakeFirstOrThrow()).name;
    expect(audit).toEqual([
      { action: 'update', actor_name: adminName, company_id: company1, changes: { status: { from: applied.id, to: screening.id } } },
      { action: 'update', actor_name: adminName, company_id: company1, changes: { status: { from: screening.id, to: applied.id } } },
    ]);
    await drained(outsiderSocket);
    expect(outsider.about(d.id)).toEqual([]);
  });

  it('refuses the candidate and another company, and an unknown or another company’s status', async () => {
    const { d, p, admin, me } = await dailyChat(true);
    const company2Socket = await open(await t.tokenOf('company2'));
    const { interview } = await interviewOf(company1);
    const { interview: theirs } = await interviewOf(company2);

    expect(await changeStatus(me, { conversation_id: d.id, candidate_status_id: interview.id })).toMatchObject({ ok: false, error: 'forbidden' });
    expect(await changeStatus(me, { conversation_id: d.id, chat_status: 2 })).toMatchObject({ ok: false, error: 'forbidden' });
    expect(await changeStatus(company2Socket, { conversation_id: d.id, candidate_status_id: theirs.id })).toMatchObject({ ok: false, error: 'forbidden' });
    const unknown = await changeStatus(admin, { conversation_id: d.id, candidate_status_id: randomUUID() });
    expect(unknown).toMatchObject({ ok: false, error: 'invalid' });
    expect(unknown.ok ? '' : unknown.message).toMatch(/送信内容/);
    expect(await changeStatus(admin, { conversation_id: d.id, candidate_status_id: theirs.id })).toMatchObject({ ok: false, error: 'invalid' });
    // A support conversation has no application to give a status.
    expect(await changeStatus(admin, { conversation_id: p.id, candidate_status_id: interview.id })).toMatchObject({ ok: false, error: 'invalid' });
    // Nothing to change.
    expect(await changeStatus(admin, { conversation_id: d.id })).toMatchObject({ ok: false, error: 'invalid' });
    // A move the tree does not declare: from Applied straight to Interview, skipping Document check.
    expect(await changeStatus(admin, { conversation_id: d.id, candidate_status_id: interview.id })).toMatchObject({ ok: false, error: 'invalid' });

    const app = await db.selectFrom('applications').select('candidate_status_id').where('id', '=', d.applicationId!).executeTakeFirstOrThrow();
    const root = (await interviewOf(company1)).path[0]!;
    expect(app.candidate_status_id).toBe(root.id);
    expect(await chatStatus(d.id)).toBe(1);
  });

  it('switches chat_status to 2 and back to 1, and the bot answers again', async () => {
    const { d, admin, me } = await dailyChat();

    const toTwo = heardStatus(me, d.id, (n) => n.chat_status === 2);
    expect(acked(await changeStatus(admin, { conversation_id: d.id, chat_status: 2 })).status.chat_status).toBe(2);
    await toTwo;
    expect(await chatStatus(d.id)).toBe(2);
    acked(await sendMessage(me, d.id, 'Hello there'));
    expect(acked(await askBot(me, d.id)).message).toBeNull();

    const toOne = heardStatus(me, d.id, (n) => n.chat_status === 1);
    expect(acked(await changeStatus(admin, { conversation_id: d.id, chat_status: 1 })).status.chat_status).toBe(1);
    await toOne;
    expect(await chatStatus(d.id)).toBe(1);
    acked(await sendMessage(me, d.id, 'Are you there?'));
    expect(acked(await askBot(me, d.id)).message?.sender_role).toBe('bot');
  });
});

describe('authorization of every event (rule 5)', () => {
  it('refuses another company and users without the code, and tells them nothing about the conversation', async () => {
    const { d, p, admin, me } = await dailyChat(true);
    const company2Socket = await open(await t.tokenOf('company2'));
    const clientAdmin = await open(await t.tokenOf('client_admin'));
    const staff = await open(await t.tokenOf('company_staff'));
    const heardBy = { company2: record(company2Socket), client_admin: record(clientAdmin), company_staff: record(staff) };

    // company2: another tenant. client_admin: no chat code at all, though the daily job is its client's.
    // company_staff: no 420001, so not the support conversation.
    const refused: [string, ChatClient, string][] = [
      ['company2 / daily', company2Socket, d.id],
      ['company2 / support', company2Socket, p.id],
      ['client_admin / daily', clientAdmin, d.id],
      ['client_admin / support', clientAdmin, p.id],
      ['company_staff / support', staff, p.id],
    ];
    for (const [label, s, conv] of refused) {
      const answers = {
        sendMessageMember: await sendMessage(s, conv, `intrusion ${label}`),
        sendBotMember: await askBot(s, conv),
        changeStatus: await changeStatus(s, { conversation_id: conv, chat_status: 2 }),
        sendSeenAdmin: await markSeen(s, conv),
        backfill: await backfill(s, conv),
        joinConversation: await join(s, conv),
      };
      for (const [event, answer] of Object.entries(answers)) expect(answer, `${label}: ${event}`).toMatchObject({ ok: false, error: 'forbidden' });
    }
    expect(await messageRows(d.id)).toBe(0);
    expect(await messageRows(p.id)).toBe(0);
    expect(await chatStatus(d.id)).toBe(1);
    expect(await chatStatus(p.id)).toBe(1);

    // Everything that happens in the two conversations: messages, a bot answer, reads, status changes.
    const staffHeardDaily = heardStatus(staff, d.id);
    const candidateHeardSupport = heardStatus(me, p.id);
    acked(await sendMessage(me, d.id, 'a daily question'));
    acked(await sendMessage(me, p.id, 'a support question'));
    expect(acked(await askBot(me, d.id)).message?.sender_role).toBe('bot');
    acked(await markSeen(admin, d.id));
    acked(await markSeen(admin, p.id));
    acked(await changeStatus(admin, { conversation_id: d.id, chat_status: 2 }));
    // A staff answer in the support chat takes it over from the bot: a statusChanged too.
    acked(await sendMessage(admin, p.id, 'a support answer'));
    await staffHeardDaily;
    await candidateHeardSupport;
    await Promise.all([drained(company2Socket), drained(clientAdmin), drained(staff)]);
    expect(heardBy.company2.about(d.id)).toEqual([]);
    expect(heardBy.company2.about(p.id)).toEqual([]);
    expect(heardBy.client_admin.about(d.id)).toEqual([]);
    expect(heardBy.client_admin.about(p.id)).toEqual([]);
    expect(heardBy.company_staff.about(p.id)).toEqual([]);
    // The staff member does hear the daily conversation (the check above is not vacuous).
    expect(heardBy.company_staff.newMessage.filter((m) => m.conversation_id === d.id).map((m) => m.sender_role)).toEqual(['candidate', 'bot']);

    // Nor do their lists and badges show the conversations.
    for (const [who, s] of [
      ['company2', company2Socket],
      ['client_admin', clientAdmin],
    ] as const) {
      const ids = (await allRows(s, 'all')).map((r) => r.id);
      expect(ids, who).not.toContain(d.id);
      expect(ids, who).not.toContain(p.id);
      const b = badgeIds(await badges(s));
      expect(b, who).not.toContain(d.id);
      expect(b, who).not.toContain(p.id);
    }
    expect((await allRows(clientAdmin, 'all')).length).toBe(0);
    // Asked for by id (the bell's entries past the loaded pages): only what the caller may see.
    const rowsById = async (s: ChatClient) =>
      acked(await s.timeout(5_000).emitWithAck('getConversations', { ids: [d.id, p.id] }))
        .data.map((r: ConversationRow) => r.id)
        .sort();
    expect(await rowsById(company2Socket)).toEqual([]);
    expect(await rowsById(clientAdmin)).toEqual([]);
    expect(await rowsById(staff)).toEqual([d.id]);
    expect(await rowsById(admin)).toEqual([d.id, p.id].sort());
    const staffIds = (await allRows(staff, 'all')).map((r) => r.id);
    expect(staffIds).toContain(d.id);
    expect(staffIds).not.toContain(p.id);
    expect((await recent(staff, 1, 'support')).data).toEqual([]);
    const staffBadges = await badges(staff);
    expect(staffBadges.dailyChats.map((e) => e.id)).toContain(d.id);
    expect(staffBadges.supportChats).toEqual([]);
  });
});

/**
 * Waits until `s` no longer hears new messages of `kind` conversations of company 1, that is until
 * its rooms follow a change of its rights: probes in a conversation of its own, witnessed by
 * `witness` (the demo company admin), until one passes `s` by.
 */
async function untilDeaf(s: ChatClient, witness: ChatClient, kind: Kind): Promise<void> {
  const cand = await newPerson('candidate');
  const probe = await openConversation(cand.id, kind);
  const sender = await open(cand.token);
  const passed: string[] = [];
  s.on('newMessage', (m) => void (m.conversation_id === probe.id && passed.push(m.content)));
  let n = 0;
  // (A probe every 250 ms or so stays under the candidate socket's 20 sends per 10 s.)
  await eventually(
    async () => {
      const content = `rooms probe ${++n}`;
      const seen = heard(witness, probe.id);
      acked(await sendMessage(sender, probe.id, content));
      await seen;
      await drained(s);
      expect(passed).not.toContain(content);
    },
    10_000,
    250,
  );
}

/**
 * The open socket `s` of `user` has joined `conv` and heard the candidate's first message there,
 * 'before'; `me` is the candidate's socket and `admin` the demo company admin's, the witness.
 */
async function listening(user: Person, cand: Person, conv: Conv) {
  const admin = await open(await t.tokenOf('company_admin'));
  const me = await open(cand.token);
  const s = await open(user.token);
  const got = record(s);
  acked(await join(s, conv.id));
  const first = heard(s, conv.id);
  acked(await sendMessage(me, conv.id, 'before'));
  await first;
  return { admin, me, s, got };
}

/** The candidate writes 'after' in `conv`: the witness hears it, the socket never does and may no longer join. */
async function expectShutOut({ admin, me, s, got }: Awaited<ReturnType<typeof listening>>, conv: Conv): Promise<void> {
  const adminHeard = heard(admin, conv.id);
  acked(await sendMessage(me, conv.id, 'after'));
  await adminHeard;
  await drained(s);
  expect(got.newMessage.filter((m) => m.conversation_id === conv.id).map((m) => m.content)).toEqual(['before']);
  expect(await join(s, conv.id)).toMatchObject({ ok: false, error: 'forbidden' });
}

describe('membership changes on open sockets', () => {
  it('a role narrowed by a superadmin (updateCompanyUser) stops the support broadcasts on an already-open socket', async () => {
    const user = await newPerson('company_admin');
    const cand = await newPerson('candidate');
    const d = await openConversation(cand.id, 'daily');
    const p = await openConversation(cand.id, 'support');
    const sockets = await listening(user, cand, p);

    const r = await t.gql('mutation ($id: ID!) { updateCompanyUser(id: $id, input: { role: "company_staff" }) { id role } }', { id: user.id }, await t.tokenOf('superadmin'));
    expect(r.errors).toBeUndefined();
    expect(r.data.updateCompanyUser.role).toBe('company_staff');
    await untilDeaf(sockets.s, sockets.admin, 'support');

    await expectShutOut(sockets, p);
    // Still a company user: the daily chats go on.
    const stillDaily = heard(sockets.s, d.id);
    acked(await sendMessage(sockets.me, d.id, 'daily after'));
    await stillDaily;
  });

  it('a user moved to another company (rooms refreshed on the bus) stops hearing the old company', async () => {
    const user = await newPerson('company_staff');
    const cand = await newPerson('candidate');
    const d = await openConversation(cand.id, 'daily');
    const sockets = await listening(user, cand, d);

    await db.updateTable('users').set({ company_id: company2 }).where('id', '=', user.id).execute();
    await t.services.bus.publish('chat.rooms.refresh', { userId: user.id });
    await untilDeaf(sockets.s, sockets.admin, 'daily');

    await expectShutOut(sockets, d);
    const company1Ids = new Set((await db.selectFrom('conversations').select('id').where('company_id', '=', company1).execute()).map((c) => c.id));
    expect((await allRows(sockets.s, 'all')).filter((r) => company1Ids.has(r.id))).toEqual([]);
  });

  it('a role-map change saved on another process moves the open sockets here (on PostgreSQL NOTIFY)', async () => {
    const other = await startTestApp({}, { database: t.database });
    disposers.push(() => other.close());
    const superadmin = await t.tokenOf('superadmin');
    const gqlOther = async (query: string, variables: Record<string, unknown> = {}) => dataOf(await other.gql(query, variables, superadmin));
    const maps = (await gqlOther('{ roleMapsAdmin { pageRoles { code roles } actionRoles { code roles } } }')).roleMapsAdmin;
    const saveSupportRoles = (roles: (current: string[]) => string[]) =>
      gqlOther(OPS.SaveRoleMaps, {
        pageRoles: maps.pageRoles.map((e: { code: number; roles: string[] }) => (e.code === 420001 ? { code: e.code, roles: roles(e.roles) } : e)),
        actionRoles: maps.actionRoles,
      });

    const user = await newPerson('company_admin');
    const cand = await newPerson('candidate');
    const p = await openConversation(cand.id, 'support');
    const platform = await open(superadmin); // hears every support message, before and after
    let me = await open(cand.token);
    const s = await open(user.token);
    const got = record(s);
    /** Sends a support message and says whether the company admin's open socket heard it. */
    const adminHears = async (content: string) => {
      const witness = heard(platform, p.id);
      acked(await sendMessage(me, p.id, content));
      await witness;
      await drained(s);
      return got.newMessage.some((m) => m.content === content);
    };
    expect(await adminHears('before')).toBe(true);
    let n = 0;
    try {
      await saveSupportRoles((roles) => roles.filter((r) => r !== 'company_admin'));
      // (A probe every 250 ms or so stays under the candidate socket's 20 sends per 10 s.)
      await eventually(async () => expect(await adminHears(`narrowed ${++n}`)).toBe(false), 5_000, 250);
      expect(await join(s, p.id)).toMatchObject({ ok: false, error: 'forbidden' });
    } finally {
      await saveSupportRoles(() => maps.pageRoles.find((e: { code: number }) => e.code === 420001).roles);
    }
    // Given back: the same socket hears the support chat again, without reconnecting.
    me = await open(cand.token);
    await eventually(async () => expect(await adminHears(`widened ${++n}`)).toBe(true), 5_000, 250);
  });

  it('deactivating a user disconnects its open socket', async () => {
    const user = await newPerson('company_staff');
    const s = await open(user.token);
    const gone = new Promise<string>((resolve) => s.once('disconnect', resolve));
    const r = await t.gql('mutation ($id: ID!) { updateCompanyUser(id: $id, input: { active: false }) { id active } }', { id: user.id }, await t.tokenOf('superadmin'));
    expect(r.errors).toBeUndefined();
    expect(await within(gone, 'socket closed by deactivation', 2_000)).toBe('io server disconnect');
    await expect(within(socketConnected(rawSocket(t.url, user.token, { dispose: (close) => disposers.push(close) })), 'reconnect refused')).rejects.toThrow(/unauthorized/);
  });
});

describe('subscription chatMessageAdded (graphql-ws)', () => {
  const PROBE = `${TAG}:probe`;
  const SUBSCRIPTION = 'subscription ($c: ID, $s: Boolean) { chatMessageAdded(conversationId: $c, support: $s) { id conversation_id seq sender_role content support conversation_type } }';
  type Got = Pick<ChatMessage, 'id' | 'conversation_id' | 'seq' | 'sender_role' | 'content' | 'support' | 'conversation_type'>;

  const gqlClient = (token: string): Client => graphqlWsClient(t.url, token, { dispose: (close) => disposers.push(close) });

  function subscribe(c: Client, variables: { c?: string; s?: boolean }) {
    const { got, errors } = collectSubscription<Got>(c, { query: SUBSCRIPTION, variables }, 'chatMessageAdded', (stop) => disposers.push(stop));
    return { got, errors, real: () => got.filter((m) => m.content !== PROBE) };
  }

  /**
   * graphql-ws does not acknowledge a subscription: publish probes the subscriber accepts until a
   * new one arrives. Run again after the test's own events, it is also the marker after which
   * nothing more of them can come (the bus keeps one publisher's order).
   */
  async function untilSubscribed(sub: ReturnType<typeof subscribe>, conversation: string) {
    const access = (await loadConversation(db, conversation))!;
    const probes = () => sub.got.filter((m) => m.content === PROBE).length;
    const before = probes();
    await until(
      async () => {
        const message: ChatMessage = {
          id: randomUUID(),
          conversation_id: access.id,
          seq: 0,
          sender_id: null,
          sender_role: 'bot',
          message_type: 1,
          content: PROBE,
          client_msg_id: null,
          created_at: new Date().toISOString(),
          sender_name: 'Bot',
          conversation_type: access.type,
          support: access.job_id === null,
        };
        await t.services.bus.publish('chat.message', { message, conversation: access });
        // A probe published before the subscription was active is lost: after a while, another.
        return vi
          .waitFor(() => expect(probes()).toBeGreaterThan(before), { timeout: 250, interval: 10 })
          .then(
            () => true,
            () => false,
          );
      },
      `the subscription to ${conversation} delivers a probe: ${JSON.stringify(sub.errors)}`,
      5_000,
    );
  }

  it('delivers the company’s messages to whoever may open them, narrowed by support or conversation; nothing to another company', async () => {
    const { cand, d, o, p } = await threeConversations();
    // A conversation of the second company, for its subscriber's probe.
    const company2Support = await db
      .insertInto('conversations')
      .values({ company_id: company2, candidate_id: cand.id, job_id: null, shift_id: null, application_id: null, type: 2, last_message_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const adminWs = gqlClient(await t.tokenOf('company_admin'));
    const all = subscribe(adminWs, {});
    const support = subscribe(adminWs, { s: true });
    const one = subscribe(adminWs, { c: d.id });
    const staff = subscribe(gqlClient(await t.tokenOf('company_staff')), {});
    const outsider = subscribe(gqlClient(await t.tokenOf('company2')), {});
    await untilSubscribed(all, d.id);
    await untilSubscribed(support, p.id);
    await untilSubscribed(one, d.id);
    await untilSubscribed(staff, d.id);
    await untilSubscribed(outsider, company2Support.id);

    const me = await open(cand.token);
    const md = acked(await sendMessage(me, d.id, 'daily message')).message;
    const mo = acked(await sendMessage(me, o.id, 'other message')).message;
    const mp = acked(await sendMessage(me, p.id, 'support message')).message;

    await eventually(() => expect(all.real().map((m) => m.id)).toEqual([md.id, mo.id, mp.id]));
    await eventually(() => expect(support.real().map((m) => m.id)).toEqual([mp.id]));
    await eventually(() => expect(one.real().map((m) => m.id)).toEqual([md.id]));
    await eventually(() => expect(staff.real().map((m) => m.id)).toEqual([md.id, mo.id]));
    // A probe after them, to each: once it has come, nothing more of the messages above can.
    await untilSubscribed(all, d.id);
    await untilSubscribed(support, p.id);
    await untilSubscribed(one, d.id);
    await untilSubscribed(staff, d.id);
    await untilSubscribed(outsider, company2Support.id);
    expect(all.real().map((m) => m.id)).toEqual([md.id, mo.id, mp.id]);
    expect(all.real()[2]).toEqual({ id: mp.id, conversation_id: p.id, seq: 1, sender_role: 'candidate', content: 'support message', support: true, conversation_type: 2 });
    expect(support.real().map((m) => m.id)).toEqual([mp.id]);
    expect(one.real().map((m) => m.id)).toEqual([md.id]);
    // company_staff has no 420001: the support message never reaches it.
    expect(staff.real().map((m) => m.id)).toEqual([md.id, mo.id]);
    expect(outsider.real()).toEqual([]);
    for (const sub of [all, support, one, staff, outsider]) expect(sub.errors).toEqual([]);
  });

  it('refuses client_staff (no chat code) with FORBIDDEN', async () => {
    const sub = subscribe(gqlClient(await t.tokenOf('client_staff')), {});
    await eventually(() => expect(sub.errors.length).toBeGreaterThan(0));
    expect((sub.errors as { extensions?: { code?: string } }[]).map((e) => e.extensions?.code)).toEqual(['FORBIDDEN']);
    expect(sub.got).toEqual([]);
  });
});
