/**
 * A platform user's badges from counters (migration 0037): the totals a superadmin's
 * badge bell shows come from the platform's counters less the user's read counters, and must be
 * what counting the messages themselves gives, after every kind of write (messages from each
 * side, whole and partial read marks, a conversation changing kind or deleted) and when messages
 * and read marks race in many connections. Each list carries the newest BADGE_LIMIT conversations.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BADGE_LIMIT, type BadgesPayload, type SenderRole } from '../../server/chat/events.ts';
import { badgesFor, type ChatDb, loadConversation, type Viewer, viewerOf } from '../../server/chat/queries.ts';
import { markSeen, storeMessage } from '../../server/chat/store.ts';
import { toSessionUser } from '../../server/modules/auth/service.ts';
import { loadRoleMaps } from '../../server/modules/roles/role-maps.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { companyOf } from '../helpers/demo-data.ts';
import { until } from '../helpers/wait.ts';

const TAG = randomBytes(4).toString('hex');
type Kind = 'daily' | 'other' | 'support';

let tdb: TestDatabase;
let db: ChatDb;
let superadmin: Viewer;
let admin: Viewer;
let companyAdmin: Viewer;
let staffId: string;
const companies: { id: string; daily: string; other: string }[] = [];

beforeAll(async () => {
  tdb = await createTestDatabase();
  db = tdb.db as unknown as ChatDb;
  const maps = await loadRoleMaps(tdb.db);
  const viewer = async (email: string) => viewerOf(toSessionUser(await db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow()), maps);
  superadmin = await viewer('superadmin@demo.test');
  admin = await viewer('admin@demo.test');
  companyAdmin = await viewer('company@demo.test');
  staffId = companyAdmin.id;
  expect([superadmin.tenant.kind, admin.tenant.kind]).toEqual(['platform', 'platform']);
  for (const email of ['company@demo.test', 'company2@demo.test']) {
    const companyId = await companyOf({ database: tdb }, email);
    const job = async (kind: 'daily' | 'other') => (await db.selectFrom('jobs').select('id').where('company_id', '=', companyId).where('kind', '=', kind).executeTakeFirstOrThrow()).id;
    companies.push({ id: companyId, daily: await job('daily'), other: await job('other') });
  }
});
afterAll(async () => tdb?.drop());

let people = 0;
async function candidate(): Promise<string> {
  const n = ++people;
  const row = await db
    .insertInto('users')
    .values({ email: `badges-${TAG}-${n}@demo.test`, password_hash: 'x', name: `Badges ${TAG} ${n}`, role: 'candidate', company_id: null, lang: 'en' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function conversation(kind: Kind, company = companies[0]!): Promise<string> {
  const job = kind === 'support' ? null : kind === 'daily' ? company.daily : company.other;
  const row = await db
    .insertInto('conversations')
    .values({ company_id: company.id, candidate_id: await candidate(), job_id: job, shift_id: null, application_id: null, type: kind === 'daily' ? 1 : 2, last_message_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

let sent = 0;
async function send(conversationId: string, role: SenderRole) {
  const c = (await loadConversation(db, conversationId))!;
  const sender = role === 'candidate' ? c.candidate_id : role === 'bot' ? null : staffId;
  await storeMessage(db, c, sender, role, { message_type: 1, message_content: `m${++sent}`, client_msg_id: `badges-${TAG}-${sent}` });
}

/** The viewer's unread conversations and candidate messages per kind, counted from the messages themselves. */
async function counted(viewer: Viewer) {
  const { rows } = await sql<{ kind: number; conversations: string; messages: string }>`
    select case when c.job_id is null then 3 else c.type end as kind, count(distinct c.id) as conversations, count(*) as messages
    from conversations c
    join messages m on m.conversation_id = c.id and m.sender_role = 'candidate'
    left join conversation_reads r on r.conversation_id = c.id and r.user_id = ${viewer.id}
    where m.seq > coalesce(r.last_seq, 0)
    group by 1`.execute(db);
  const of = (k: number) => rows.find((r) => r.kind === k);
  return {
    dailyChatsTotal: Number(of(1)?.conversations ?? 0),
    otherChatsTotal: Number(of(2)?.conversations ?? 0),
    supportChatsTotal: Number(of(3)?.conversations ?? 0),
    workerDailyIcCount: Number(of(1)?.messages ?? 0),
    workerOtherIcCount: Number(of(2)?.messages ?? 0),
  };
}

const totals = (b: BadgesPayload) => ({
  dailyChatsTotal: b.dailyChatsTotal,
  otherChatsTotal: b.otherChatsTotal,
  supportChatsTotal: b.supportChatsTotal,
  workerDailyIcCount: b.workerDailyIcCount,
  workerOtherIcCount: b.workerOtherIcCount,
});

async function expectExact(...viewers: Viewer[]) {
  for (const v of viewers) expect(totals(await badgesFor(db, v)), v === superadmin ? 'superadmin' : 'admin').toEqual(await counted(v));
}

describe('platform badges from counters', () => {
  it('count every unread conversation and message of the platform, after each kind of write', async () => {
    const before = await badgesFor(db, superadmin);
    await expectExact(superadmin, admin);

    const d1 = await conversation('daily');
    const d2 = await conversation('daily', companies[1]);
    const o1 = await conversation('other');
    const s1 = await conversation('support', companies[1]);
    // Messages from the company side (staff, the bot) are nobody's unread for the platform.
    await send(d1, 'bot');
    await send(d1, 'staff');
    await expectExact(superadmin, admin);
    for (const c of [d1, d1, d2, o1, o1, o1, s1]) await send(c, 'candidate');
    const after = await badgesFor(db, superadmin);
    expect(after.dailyChatsTotal - before.dailyChatsTotal).toBe(2);
    expect(after.workerDailyIcCount - before.workerDailyIcCount).toBe(3);
    expect(after.otherChatsTotal - before.otherChatsTotal).toBe(1);
    expect(after.workerOtherIcCount - before.workerOtherIcCount).toBe(3);
    expect(after.supportChatsTotal - before.supportChatsTotal).toBe(1);
    expect(after.dailyChats.map((e) => e.id)).toEqual(expect.arrayContaining([d1, d2]));
    await expectExact(superadmin, admin);

    // Reading to the end clears the conversation for that user only.
    await markSeen(db, d1, superadmin.id);
    await markSeen(db, o1, superadmin.id);
    const read = await badgesFor(db, superadmin);
    expect(read.dailyChats.map((e) => e.id)).not.toContain(d1);
    expect(read.workerDailyIcCount).toBe(after.workerDailyIcCount - 2);
    expect((await badgesFor(db, admin)).dailyChats.map((e) => e.id)).toContain(d1);
    await expectExact(superadmin, admin);

    // A new candidate message after the read makes it unread again, with one message.
    await send(d1, 'candidate');
    await send(o1, 'staff');
    await expectExact(superadmin, admin);
    expect((await badgesFor(db, superadmin)).dailyChats.map((e) => e.id)).toContain(d1);

    // A read mark part-way (the candidate's first two of three messages in o1).
    const seqOf = async (c: string, n: number) =>
      Number(
        (
          await db
            .selectFrom('messages')
            .select('seq')
            .where('conversation_id', '=', c)
            .where('sender_role', '=', 'candidate')
            .orderBy('seq')
            .offset(n - 1)
            .limit(1)
            .executeTakeFirstOrThrow()
        ).seq,
      );
    await db
      .insertInto('conversation_reads')
      .values({ conversation_id: o1, user_id: admin.id, last_seq: await seqOf(o1, 2) })
      .execute();
    await expectExact(superadmin, admin);
    // …moved forward, then never backwards.
    await markSeen(db, o1, admin.id);
    await expectExact(superadmin, admin);

    // A conversation that changes kind takes its counts (and its readers') along.
    await db.updateTable('conversations').set({ type: 2 }).where('id', '=', d1).execute();
    await expectExact(superadmin, admin);
    await db.updateTable('conversations').set({ type: 1 }).where('id', '=', d1).execute();

    // A deleted conversation, with its messages and read marks.
    await db.deleteFrom('conversations').where('id', 'in', [d1, o1]).execute();
    await expectExact(superadmin, admin);
    const gone = await badgesFor(db, superadmin);
    expect(gone.workerOtherIcCount).toBe(before.workerOtherIcCount);
  });

  it('list the newest conversations of each kind and count the rest', async () => {
    // More than a list holds for the platform and for the first company (every tenth is the second's).
    const extra = BADGE_LIMIT + 20;
    const second = (i: number) => i % 10 === 0;
    const ids: string[] = [];
    for (let i = 0; i < extra; i++) ids.push(await conversation('daily', companies[second(i) ? 1 : 0]!));
    // Candidate messages a minute apart, so the order is known: the last conversation is the newest.
    await sql`
      insert into messages (conversation_id, seq, sender_id, sender_role, message_type, content, client_msg_id, created_at)
      select c.id, 1, c.candidate_id, 'candidate', 1, 'hello', null, now() + (t.i || ' minutes')::interval
      from unnest(${ids}::uuid[]) with ordinality t(id, i) join conversations c on c.id = t.id`.execute(db);
    for (const v of [superadmin, companyAdmin]) {
      const b = await badgesFor(db, v);
      expect(b.dailyChats).toHaveLength(BADGE_LIMIT);
      const newestFirst = ids.filter((_, i) => v === superadmin || !second(i)).reverse();
      expect(b.dailyChats.slice(0, 10).map((e) => e.id)).toEqual(newestFirst.slice(0, 10));
      expect(b.dailyChatsTotal).toBeGreaterThanOrEqual(newestFirst.length);
    }
    await expectExact(superadmin, admin);
    expect((await badgesFor(db, superadmin)).dailyChatsTotal).toBe((await counted(superadmin)).dailyChatsTotal);
    // The company's user counts only their company's.
    const companyTotal = await badgesFor(db, companyAdmin);
    expect(companyTotal.dailyChatsTotal).toBeLessThan((await badgesFor(db, superadmin)).dailyChatsTotal);
  });

  it('count a message stored while a read mark is being set, whichever commits first', async () => {
    const c = await conversation('daily');
    await send(c, 'candidate');
    let marking: Promise<number> | undefined;
    await db.transaction().execute(async (trx) => {
      // A candidate's message, not yet committed, when the superadmin opens the conversation.
      await sql`
        insert into messages (conversation_id, seq, sender_id, sender_role, message_type, content)
        select id, 2, candidate_id, 'candidate', 1, 'second' from conversations where id = ${c}`.execute(trx);
      let settled = false;
      marking = markSeen(db, c, superadmin.id);
      void marking.then(
        () => (settled = true),
        () => (settled = true),
      );
      // The mark has run, or it waits on a lock this transaction holds: either way it began before the commit.
      await until(
        async () => settled || (await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(trx)).rows[0]!.n > 0,
        'the read mark has run or waits for the message',
      );
    });
    // The mark covers the first message only: the second stays unread, in the counters too.
    expect(await marking).toBe(1);
    await expectExact(superadmin);
  });

  it('stay exact when messages and read marks race in many connections', async () => {
    const convs = await Promise.all(['daily', 'other', 'support', 'daily', 'other', 'daily'].map((k, i) => conversation(k as Kind, companies[i % 2])));
    const work: (() => Promise<unknown>)[] = [];
    for (let round = 0; round < 6; round++) {
      for (const c of convs) {
        work.push(() => send(c, 'candidate'));
        work.push(() => markSeen(db, c, superadmin.id));
        work.push(() => markSeen(db, c, admin.id));
        if (round % 2) work.push(() => send(c, 'staff'));
      }
    }
    // Shuffled, four at a time on the pool's connections: no deadlock, nothing lost.
    work.sort(() => Math.random() - 0.5);
    const running: Promise<unknown>[] = [];
    for (const w of work) {
      running.push(w());
      if (running.length >= 4) await Promise.all(running.splice(0));
    }
    await Promise.all(running);
    await expectExact(superadmin, admin);
  });
});
