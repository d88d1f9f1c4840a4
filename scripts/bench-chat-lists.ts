import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { DUMMY_HASH } from '../server/auth/password.ts';
import { badgesFor, type ChatDb, recentConversations, viewerOf } from '../server/chat/queries.ts';
import { connectDatabase, type DB } from '../server/db/connect.ts';
import { toSessionUser } from '../server/modules/auth/service.ts';
import { loadRoleMaps } from '../server/modules/roles/role-maps.ts';
import { demoDatabase, scratchDatabase, withBenchServer } from './bench-server.ts';
import { tenantOf } from '../server/access/tenancy.ts';
import { applicationsReadModel } from '../server/modules/pipeline/defs/applications.ts';
import { listReadModel, type ReadListParams } from '../server/resources/read-model.ts';
import { numberText } from '../shared/format.ts';
import { percentileOfSorted } from './percentile.ts';
import { inboxPage } from '../server/modules/inbox/list.ts';

/**
 * The chat lists at scale, part of `npm run bench` (BENCH_ONLY=chat; alone with
 * `npx tsx scripts/bench-chat-lists.ts`). On a scratch database with the demo data, the first demo
 * company gets BENCH_CONVERSATIONS conversations (default 50,000) with candidates, applications
 * and BENCH_MESSAGES_PER_CONVERSATION messages on average (default 20: about a million), generated
 * in SQL; then p50/p95/p99 over BENCH_CHAT_LIST_ROUNDS calls (default 50) of the recent list
 * (`recentConversations`) and of the badges (`badgesFor`), called as the socket handlers call them,
 * for a company admin, a superadmin and a candidate, of the staff inbox (first page, filters,
 * searches) and of the applicant lists. A case stops early once its calls took
 * BENCH_CASE_SECONDS (default 20; at least 5 calls), so one slow case cannot hold the run for an
 * hour; `n` says how many were timed. docs/chat.md "Lists at scale" and docs/inbox.md have the figures.
 */
function stats(xs: number[]): string {
  const s = Float64Array.from(xs).sort();
  return `p50 ${percentileOfSorted(s, 50).toFixed(1)} ms, p95 ${percentileOfSorted(s, 95).toFixed(1)} ms, p99 ${percentileOfSorted(s, 99).toFixed(1)} ms (n=${xs.length})`;
}

export interface LargeChatSizes {
  candidates: number;
  conversations: number;
  messages: number;
  companyAdminReads: number;
  /** Seconds the inbox's search index over all the messages took to build. */
  gramsIndexSeconds: number;
}

/**
 * Conversations of the first demo company at scale, set-based: `conversations` conversations over
 * conversations / 5 new candidates (each: one support conversation, two daily-shift and two
 * part-time job conversations, with their applications), 1 to 2 × perConversation - 1 messages
 * each (alternating candidate and company, the bot's greeting second), the newest over the last
 * 90 days. company@demo.test and admin@demo.test have read 95 % of them to the end; the candidates 90 %.
 */
export async function seedLargeChats(dbIn: DB, opts: { conversations: number; messagesPerConversation: number }): Promise<LargeChatSizes> {
  const db = dbIn as unknown as ChatDb;
  const C = opts.conversations;
  const M = opts.messagesPerConversation;
  if (!(C >= 5 && M >= 1)) throw new Error(`bad BENCH_CONVERSATIONS (${C}) or BENCH_MESSAGES_PER_CONVERSATION (${M})`);
  const K = Math.ceil(C / 5);
  let gramsIndexSeconds = 0;
  const admin = await db.selectFrom('users').select(['id', 'company_id']).where('email', '=', 'company@demo.test').executeTakeFirstOrThrow();
  const staff = await db.selectFrom('users').select('id').where('email', '=', 'companystaff@demo.test').executeTakeFirstOrThrow();
  const companyId = admin.company_id!;
  // One session throughout. The scratch server commits asynchronously (fast mode), and VACUUM only
  // marks rows visible to all once their commit is on disk: committing this session's work
  // synchronously lets the VACUUM at the end do what autovacuum would soon after such a load.
  await db.connection().execute(async (conn) => {
    await sql`set synchronous_commit = on`.execute(conn);
    await conn.transaction().execute(async (trx) => {
      await sql`
        insert into users (email, password_hash, name, role, lang)
        select 'bench-candidate-' || k || '@bench.test', ${DUMMY_HASH}, 'Bench Candidate ' || k, 'candidate', case when k % 3 = 0 then 'en' else 'ja' end
        from generate_series(0, ${K - 1}) k
      `.execute(trx);
      // The company's daily shifts and part-time jobs, numbered, to spread the conversations over.
      await sql`
        create temp table bench_daily on commit drop as
        select row_number() over (order by j.created_at, j.id, s.date, s.start_time) - 1 as i, j.id as job_id, s.id as shift_id, j.client_id
        from jobs j join job_daily_shifts s on s.job_id = j.id
        where j.company_id = ${companyId} and j.kind = 'daily'
      `.execute(trx);
      await sql`
        create temp table bench_other on commit drop as
        select row_number() over (order by created_at, id) - 1 as i, id as job_id, client_id
        from jobs where company_id = ${companyId} and kind = 'other'
      `.execute(trx);
      const count = async (t: string) => Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(t)}`.execute(trx)).rows[0]!.n);
      const nd = await count('bench_daily');
      const no = await count('bench_other');
      if (nd < 2 || no < 2) throw new Error('the first demo company needs at least two daily shifts and two part-time jobs');
      // Conversation g: candidate g % K; slot g / K: 0 support, 1–2 daily shifts, 3–4 part-time jobs
      // (distinct for one candidate, as the unique thread key requires).
      await sql`
        create temp table bench_conv on commit drop as
        select g, k, slot, u.id as candidate_id,
               case when slot in (1, 2) then d.job_id when slot in (3, 4) then o.job_id end as job_id,
               case when slot in (1, 2) then d.shift_id end as shift_id,
               case when slot in (1, 2) then d.client_id when slot in (3, 4) then o.client_id end as client_id,
               case when slot in (1, 2) then 1 else 2 end::smallint as type,
               1 + abs(hashint4(g)) % ${2 * M - 1} as n,
               now() - (abs(hashint4(g + 7919)) % (90 * 24 * 60)) * interval '1 minute' as last_at
        from (select g, g % ${K} as k, g / ${K} as slot from generate_series(0, ${C - 1}) g) x
        join users u on u.email = 'bench-candidate-' || x.k || '@bench.test'
        left join bench_daily d on d.i = (x.k + x.slot) % ${nd}
        left join bench_other o on o.i = (x.k + x.slot) % ${no}
      `.execute(trx);
      await sql`
        insert into applications (job_id, shift_id, candidate_id, company_id, client_id, created_at, updated_at)
        select job_id, shift_id, candidate_id, ${companyId}, client_id, last_at - n * interval '7 minutes', last_at
        from bench_conv where job_id is not null
      `.execute(trx);
      await sql`
        insert into conversations (company_id, candidate_id, job_id, shift_id, application_id, type, last_message_at, created_at, chat_status)
        select ${companyId}, b.candidate_id, b.job_id, b.shift_id, a.id, b.type, b.last_at, b.last_at - b.n * interval '7 minutes', case when b.n >= 4 then 2 else 1 end
        from bench_conv b
        left join applications a on a.candidate_id = b.candidate_id and a.job_id = b.job_id and a.shift_id is not distinct from b.shift_id
      `.execute(trx);
      await sql`alter table bench_conv add column conversation_id uuid`.execute(trx);
      await sql`
        update bench_conv b set conversation_id = c.id from conversations c
        where c.company_id = ${companyId} and c.candidate_id = b.candidate_id and c.job_id is not distinct from b.job_id and c.shift_id is not distinct from b.shift_id
      `.execute(trx);
      // The inbox's search index is built once after the load (as a bulk load does), not grown a
      // million times; the same definition as migration 0053's (its function: 0054's).
      await sql`drop index messages_inbox_grams_idx`.execute(trx);
      // Odd seqs the candidate, even seqs the company (the bot's greeting at seq 2), 7 minutes apart.
      await sql`
        insert into messages (conversation_id, seq, sender_id, sender_role, message_type, content, client_msg_id, created_at)
        select b.conversation_id, i,
               case when i % 2 = 1 then b.candidate_id when i = 2 then null when i % 4 = 0 then ${admin.id}::uuid else ${staff.id}::uuid end,
               case when i % 2 = 1 then 'candidate' when i = 2 then 'bot' else 'staff' end,
               1,
               case when i % 2 = 1 then 'Question ' || i || ' about conversation ' || b.g || ': what time should I arrive, and what should I bring?'
                    else '回答 ' || i || ': 8時45分に正面入口へお越しください。 Please come to the main entrance at 8:45.' end,
               'bench-' || i,
               b.last_at - (b.n - i) * interval '7 minutes'
        from bench_conv b cross join lateral generate_series(1, b.n) i
      `.execute(trx);
      // company@demo.test and the platform's admin@demo.test: read to the end, except every 20th
      // conversation (no read row, or two behind).
      await sql`
        insert into conversation_reads (conversation_id, user_id, last_seq, updated_at)
        select conversation_id, u.id, case when g % 20 = 0 then n - 3 else n end, last_at
        from bench_conv, (select id from users where email in ('company@demo.test', 'admin@demo.test')) u
        where g % 20 <> 0 or (g % 40 = 20 and n > 3)
      `.execute(trx);
      await sql`
        insert into conversation_reads (conversation_id, user_id, last_seq, updated_at)
        select conversation_id, candidate_id, n, last_at from bench_conv where g % 10 <> 3
      `.execute(trx);
      await sql`set local maintenance_work_mem = '256MB'`.execute(trx);
      const indexStart = performance.now();
      await sql`create index messages_inbox_grams_idx on messages using gin (inbox_grams(content)) where message_type = 1`.execute(trx);
      gramsIndexSeconds = (performance.now() - indexStart) / 1000;
      // The inbox: a tenth assigned to the staff member, a fifth resolved.
      await sql`
        update conversations c set assignee_id = case when b.g % 10 = 1 then ${staff.id}::uuid end, inbox_status = case when b.g % 5 = 2 then 'resolved' else 'open' end
        from bench_conv b where c.id = b.conversation_id and (b.g % 10 = 1 or b.g % 5 = 2)
      `.execute(trx);
    });
    // Statistics, and the visibility map that index-only scans rely on.
    for (const t of ['users', 'applications', 'conversations', 'messages', 'conversation_reads']) await sql`vacuum analyze ${sql.table(t)}`.execute(conn);
    await sql`reset synchronous_commit`.execute(conn);
  });
  const n = async (q: ReturnType<typeof sql<{ n: string }>>) => Number((await q.execute(db)).rows[0]!.n);
  return {
    candidates: K,
    conversations: await n(sql<{ n: string }>`select count(*) as n from conversations where company_id = ${companyId}`),
    messages: await n(sql<{ n: string }>`select count(*) as n from messages`),
    companyAdminReads: await n(sql<{ n: string }>`select count(*) as n from conversation_reads where user_id = ${admin.id}`),
    gramsIndexSeconds,
  };
}

export async function benchChatLists(opts: { serverUrl: string; conversations?: number; messagesPerConversation?: number; rounds?: number }): Promise<string[]> {
  const C = opts.conversations ?? Number(process.env.BENCH_CONVERSATIONS ?? 50_000);
  const M = opts.messagesPerConversation ?? Number(process.env.BENCH_MESSAGES_PER_CONVERSATION ?? 20);
  const R = opts.rounds ?? Number(process.env.BENCH_CHAT_LIST_ROUNDS ?? 50);
  const budgetMs = Number(process.env.BENCH_CASE_SECONDS ?? 20) * 1000;
  const lines: string[] = [];
  const scratch = await scratchDatabase(opts.serverUrl, 'lists');
  let database: ReturnType<typeof connectDatabase> | undefined;
  try {
    database = await demoDatabase(scratch.url, 10);
    const { db } = database;
    const t0 = Date.now();
    const sizes = await seedLargeChats(db, { conversations: C, messagesPerConversation: M });
    lines.push(
      `chat lists data: ${numberText(sizes.conversations, 'en')} conversations of one company, ${numberText(sizes.messages, 'en')} messages, ` +
        `${numberText(sizes.candidates, 'en')} candidates, the company admin has read ${numberText(sizes.companyAdminReads, 'en')} (generated in ${((Date.now() - t0) / 1000).toFixed(1)} s, of which the inbox's search index ${sizes.gramsIndexSeconds.toFixed(1)} s)`,
    );

    const maps = await loadRoleMaps(db);
    const userRow = (email: string) => db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    const companyAdmin = viewerOf(toSessionUser(await userRow('company@demo.test')), maps);
    const superadmin = viewerOf(toSessionUser(await userRow('superadmin@demo.test')), maps);
    const platformAdmin = viewerOf(toSessionUser(await userRow('admin@demo.test')), maps);
    const candidate = viewerOf(toSessionUser(await userRow('bench-candidate-7@bench.test')), maps);
    const cdb = db as unknown as ChatDb;
    const staffId = (await userRow('companystaff@demo.test')).id;
    const tenant = tenantOf(toSessionUser(await userRow('company@demo.test')));
    const applicantsPage = async (p: ReadListParams) => {
      const r = await listReadModel(db, applicationsReadModel, tenant, 'ja', [{ list: 'candidate' }], p);
      return `${r.rows.length} rows of ${numberText(r.total, 'en')}`;
    };
    // A cursor 500 pages into the list (10,000 rows in): page 500's "next", as the pager carries it.
    const deepCursor = (await listReadModel(db, applicationsReadModel, tenant, 'ja', [{ list: 'candidate' }], { page: 500, size: 20 })).next;
    const cases: { label: string; run: () => Promise<string> }[] = [
      { label: 'recentConversations company_admin page 1 job', run: async () => `${(await recentConversations(cdb, companyAdmin, 1, 'job')).length} rows` },
      { label: 'recentConversations company_admin page 100 job', run: async () => `${(await recentConversations(cdb, companyAdmin, 100, 'job')).length} rows` },
      { label: 'recentConversations company_admin page 1 support', run: async () => `${(await recentConversations(cdb, companyAdmin, 1, 'support')).length} rows` },
      { label: 'recentConversations superadmin page 1 job', run: async () => `${(await recentConversations(cdb, superadmin, 1, 'job')).length} rows` },
      { label: 'recentConversations candidate page 1 all', run: async () => `${(await recentConversations(cdb, candidate, 1, 'all')).length} rows` },
      { label: 'badgesFor company_admin', run: async () => badgeSummary(await badgesFor(cdb, companyAdmin)) },
      { label: 'badgesFor superadmin (never read)', run: async () => badgeSummary(await badgesFor(cdb, superadmin)) },
      { label: 'badgesFor platform admin (read as the company admin)', run: async () => badgeSummary(await badgesFor(cdb, platformAdmin)) },
      // The staff inbox over the same conversations (docs/inbox.md): the first page, filters, and searches for a rare and a common word.
      { label: 'inbox company_admin page 1', run: async () => `${(await inboxPage(db, companyAdmin, 'ja', {}, null)).rows.length} rows` },
      { label: 'inbox company_admin unread', run: async () => `${(await inboxPage(db, companyAdmin, 'ja', { unread: true }, null)).rows.length} rows` },
      { label: 'inbox company_admin assigned to a colleague, open', run: async () => `${(await inboxPage(db, companyAdmin, 'ja', { assignee: staffId, status: 'open' }, null)).rows.length} rows` },
      { label: 'inbox company_admin search a rare word (one conversation)', run: async () => `${(await inboxPage(db, companyAdmin, 'ja', { search: 'conversation 4242:' }, null)).rows.length} rows` },
      { label: 'inbox company_admin search a common word (Japanese)', run: async () => `${(await inboxPage(db, companyAdmin, 'ja', { search: '正面入口' }, null)).rows.length} rows` },
      { label: 'inbox company_admin search a name', run: async () => `${(await inboxPage(db, companyAdmin, 'ja', { search: 'candidate 777' }, null)).rows.length} rows` },
      { label: 'inbox superadmin page 1', run: async () => `${(await inboxPage(db, superadmin, 'ja', {}, null)).rows.length} rows` },
      // The applicant lists over the same applications ("a list of 10,000 applications pages fast").
      { label: 'applicants company_admin page 1 (by last change)', run: async () => applicantsPage({ page: 1, size: 20 }) },
      { label: 'applicants company_admin next page by cursor, 500 pages in', run: async () => applicantsPage({ page: 1, size: 20, after: deepCursor }) },
      { label: 'applicants company_admin page 500 by number', run: async () => applicantsPage({ page: 500, size: 20 }) },
      { label: 'applicants company_admin search by name', run: async () => applicantsPage({ page: 1, size: 20, q: 'bench' }) },
      { label: 'applicants company_admin sorted by name', run: async () => applicantsPage({ page: 1, size: 20, sort: 'candidateName', dir: 'asc' }) },
    ];
    for (const c of cases) {
      let result = '';
      for (let i = 0; i < 3; i++) result = await c.run();
      const ms: number[] = [];
      for (let i = 0, spent = 0; i < R && (i < 5 || spent < budgetMs); i++) {
        const s = performance.now();
        await c.run();
        ms.push(performance.now() - s);
        spent += ms.at(-1)!;
      }
      lines.push(`  ${c.label}: ${stats(ms)}; ${result}`);
    }
    return lines;
  } finally {
    await database?.db.destroy().catch(() => {});
    await scratch.drop().catch(() => {});
  }
}

function badgeSummary(b: Awaited<ReturnType<typeof badgesFor>>): string {
  const n = (x: number) => numberText(x, 'en');
  return `${n(b.dailyChatsTotal)} daily + ${n(b.otherChatsTotal)} other + ${n(b.supportChatsTotal)} support unread (${b.dailyChats.length} + ${b.otherChats.length} + ${b.supportChats.length} listed), ${n(b.workerDailyIcCount)} + ${n(b.workerOtherIcCount)} messages`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await withBenchServer(async (serverUrl) => {
    for (const line of await benchChatLists({ serverUrl })) console.log(line);
  });
}
