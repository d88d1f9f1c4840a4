/**
 * The inbox list (docs/inbox.md): the caller's conversations, newest activity first, with the
 * filters staff of support desks expect and a search over names and message text, paged by key
 * (the last row's time and id) so page 50 costs what page 1 does.
 *
 * What a caller sees is what the chat lets them see (`visibleTo`: their company, their client's
 * jobs, the kinds their role may chat in); a company sees a scouted candidate who has not applied
 * by initials only, and its search never matches the hidden name.
 */
import { type Kysely, sql } from 'kysely';
import type { ChatKind } from '../../access/codes.ts';
import { isPlatform } from '../../access/tenancy.ts';
import type { Database } from '../../db/database.ts';
import { initialsOf, knownToCompany, unreadCount, visibleTo, type Qb, type Viewer } from '../../chat/queries.ts';
import { previewText } from '../../chat/events.ts';
import { gramsQuery, searchWords } from './search.ts';
import type { InboxStatus } from './tables.ts';
import type { Lang } from '../../../shared/i18n.ts';

export const INBOX_PAGE_SIZE = 30;

/** What a conversation is about, for the kind filter: an application, a daily shift, support with the platform, or a scout offer. */
export type InboxKind = 'application' | 'shift' | 'support' | 'scout';

export interface InboxFilter {
  search?: string;
  unread?: boolean;
  /** 'me': assigned to the caller; 'none': to nobody; a user id: to that colleague. */
  assignee?: 'me' | 'none' | string;
  status?: InboxStatus;
  kind?: InboxKind;
  jobId?: string;
  clientId?: string;
  /** One conversation (the page's open one), under the same visibility. */
  id?: string;
}

export interface InboxCursor {
  /** ISO time of the last row's newest message, or null when it had none. */
  at: string | null;
  id: string;
}

export interface InboxRow {
  id: string;
  kind: InboxKind;
  /** The chat's own type: 1 a daily job's conversation, 2 any other. */
  type: 1 | 2;
  candidateId: string;
  candidateName: string;
  companyName: string;
  companyNameEn: string;
  jobId: string | null;
  jobTitleJa: string | null;
  jobTitleEn: string | null;
  clientId: string | null;
  clientName: string | null;
  clientNameEn: string | null;
  shiftId: string | null;
  shiftDate: string | null;
  applicationId: string | null;
  status: InboxStatus;
  snoozedUntil: Date | null;
  assigneeId: string | null;
  assigneeName: string | null;
  unread: number;
  lastMessageAt: Date | null;
  lastMessage: string;
  lastMessageType: number | null;
  lastSenderRole: string | null;
}

export interface InboxPage {
  rows: InboxRow[];
  /** Where the next page starts; null on the last page. */
  next: InboxCursor | null;
}

const ALL_KINDS: readonly ChatKind[] = ['daily', 'other', 'support'];

/** The status as the caller reads it: a snooze that has run out is open again. */
const effectiveStatus = sql<InboxStatus>`case when c.inbox_status = 'snoozed' and c.snoozed_until <= now() then 'open' else c.inbox_status end`;

const kindOf = sql<InboxKind>`case
  when c.job_id is null then 'support'
  when exists (select 1 from scout_offers so where so.conversation_id = c.id) then 'scout'
  when c.shift_id is not null then 'shift'
  else 'application' end`;

/** How long a process keeps the bigrams' shares before reading the statistics again. */
const GRAM_STATS_MS = 10 * 60_000;
const gramStats = new WeakMap<Kysely<Database>, { at: number; frequency: Promise<ReadonlyMap<string, number>> }>();

/**
 * Each common bigram's share of the messages, from the statistics ANALYZE keeps on the message
 * grams (migration 0054's `messages_inbox_grams_stats`), read once per GRAM_STATS_MS. Empty when
 * the statistics are not there yet or not readable (`pg_stats_ext_exprs` shows the table's owner
 * only): then every bigram is asked of the index, slower for a word of common pieces, as exact.
 */
function gramFrequency(db: Kysely<Database>, now = Date.now()): Promise<ReadonlyMap<string, number>> {
  const kept = gramStats.get(db);
  if (kept && now - kept.at < GRAM_STATS_MS) return kept.frequency;
  const frequency = sql<{ gram: string; share: number }>`
    select x.gram, x.share from pg_stats_ext_exprs s,
      unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) as x(gram, share)
    where s.statistics_name = 'messages_inbox_grams_stats' and x.gram is not null`
    .execute(db)
    .then((r) => new Map(r.rows.map((row) => [row.gram, Number(row.share)])) as ReadonlyMap<string, number>)
    .catch(() => new Map<string, number>());
  gramStats.set(db, { at: now, frequency });
  return frequency;
}

/** One page of the caller's inbox; `lang` draws an image message's preview. */
export async function inboxPage(db: Kysely<Database>, viewer: Viewer, lang: Lang, filter: InboxFilter, after: InboxCursor | null, first = INBOX_PAGE_SIZE): Promise<InboxPage> {
  const seesNames = isPlatform(viewer.tenant);
  let q = visibleTo(db.selectFrom('conversations as c').leftJoin('jobs as j', 'j.id', 'c.job_id') as unknown as Qb, viewer, ALL_KINDS).leftJoin('conversation_reads as r', (join) =>
    join.onRef('r.conversation_id', '=', 'c.id').on('r.user_id', '=', viewer.id),
  );

  if (filter.status === 'snoozed') q = q.where('c.inbox_status', '=', 'snoozed').where('c.snoozed_until', '>', sql<Date>`now()`);
  else if (filter.status === 'resolved') q = q.where('c.inbox_status', '=', 'resolved');
  else if (filter.status === 'open') q = q.where(sql<boolean>`(c.inbox_status = 'open' or (c.inbox_status = 'snoozed' and c.snoozed_until <= now()))`);
  if (filter.assignee === 'me') q = q.where('c.assignee_id', '=', viewer.id);
  else if (filter.assignee === 'none') q = q.where('c.assignee_id', 'is', null);
  else if (filter.assignee) q = q.where('c.assignee_id', '=', filter.assignee);
  if (filter.unread) q = q.where(sql<boolean>`c.last_candidate_seq > coalesce(r.last_seq, 0)`);
  if (filter.jobId) q = q.where('c.job_id', '=', filter.jobId);
  if (filter.clientId) q = q.where('j.client_id', '=', filter.clientId);
  if (filter.kind) q = q.where(sql<boolean>`${kindOf} = ${filter.kind}`);
  if (filter.id) q = q.where('c.id', '=', filter.id);

  if (after) {
    q =
      after.at === null
        ? q.where(sql<boolean>`c.last_message_at is null and c.id > ${after.id}`)
        : q.where(sql<boolean>`(c.last_message_at < ${after.at}::timestamptz or (c.last_message_at = ${after.at}::timestamptz and c.id > ${after.id}) or c.last_message_at is null)`);
  }

  // The page's conversations first (the filters, the search and the order over the conversations
  // alone), then the details of those rows only: the last message, the unread count and the names
  // cost 31 lookups, not one per conversation the filters scan.
  const newest = (qb: typeof q) =>
    qb
      .select(['c.id as page_id', 'c.last_message_at as page_at'])
      .orderBy(sql`c.last_message_at desc nulls last`)
      .orderBy('c.id')
      .limit(first + 1);
  const words = searchWords(filter.search ?? '');
  const grams = words.length ? gramsQuery(words, await gramFrequency(db)) : null;
  let onPage = newest(q);
  if (grams) {
    // The words are checked on the rows the index found (a rare word of common pieces finds ~950),
    // each with its own strpos; a text already in NFKC (`is nfkc normalized`, a quick check: most
    // text) skips `normalize`, which would give the same text and cost most of the check. One
    // expression for all the words (a LIKE ALL, or a lateral subquery) would normalise once, but
    // moves the plan (docs/inbox.md, "The word check"): each strpos keeps its 1/3 estimate, and the
    // check stays ahead of each message's costlier `inbox_grams` when walking the newest conversations.
    const inText = (column: string) => {
      const c = sql.ref(column);
      const folded = sql`lower(case when ${c} is nfkc normalized then ${c} else normalize(${c}, NFKC) end)`;
      return sql.join(
        words.map((w) => sql`strpos(${folded}, ${w}) > 0`),
        sql` and `,
      );
    };
    // Two pages, by a message and by the candidate's name, merged. Each is planned on its own: the
    // message's EXISTS is a semi join the planner may start from the index's few matches (a rare
    // word) or walk the newest conversations and probe each one's messages (a common word, found
    // at once); an OR of the two, or one IN over a union, leaves only the first (docs/inbox.md).
    const byMessage = newest(
      q.where(sql<boolean>`exists (select 1 from messages m where m.conversation_id = c.id and m.message_type = 1 and inbox_grams(m.content) @@ ${grams}::tsquery and ${inText('m.content')})`),
    );
    let named = q.where(sql<boolean>`c.candidate_id in (select u.id from users u where inbox_grams(u.name) @@ ${grams}::tsquery and ${inText('u.name')})`);
    if (!seesNames) named = named.where(sql<boolean>`(c.job_id is null or ${knownToCompany('c.candidate_id', 'c.company_id')})`);
    const either = db
      .selectFrom(byMessage.as('bm'))
      .selectAll()
      .union(db.selectFrom(newest(named).as('bn')).selectAll());
    onPage = db
      .selectFrom(either.as('e'))
      .selectAll()
      .orderBy(sql`page_at desc nulls last`)
      .orderBy('page_id')
      .limit(first + 1) as unknown as typeof onPage;
  }

  const rows = await db
    .selectFrom(onPage.as('p'))
    .innerJoin('conversations as c', 'c.id', 'p.page_id')
    .leftJoin('jobs as j', 'j.id', 'c.job_id')
    .leftJoin('conversation_reads as r', (join) => join.onRef('r.conversation_id', '=', 'c.id').on('r.user_id', '=', viewer.id))
    .innerJoin('users as cu', 'cu.id', 'c.candidate_id')
    .innerJoin('companies as co', 'co.id', 'c.company_id')
    .leftJoin('job_daily_shifts as s', 's.id', 'c.shift_id')
    .leftJoin('users as au', 'au.id', 'c.assignee_id')
    .leftJoin('clients as cl', 'cl.id', 'j.client_id')
    .leftJoinLateral(
      (eb) => eb.selectFrom('messages as m').select(['m.content', 'm.message_type', 'm.sender_role']).whereRef('m.conversation_id', '=', 'c.id').orderBy('m.seq', 'desc').limit(1).as('lm'),
      (join) => join.onTrue(),
    )
    .select([
      'c.id',
      'c.type',
      'c.candidate_id',
      'c.job_id',
      'c.shift_id',
      'c.application_id',
      'c.snoozed_until',
      'c.assignee_id',
      'c.last_message_at',
      'cu.name as candidate_name',
      'co.name as company_name',
      'co.name_en as company_name_en',
      'j.title_ja',
      'j.title_en',
      'j.client_id',
      'cl.name as client_name',
      'cl.name_en as client_name_en',
      'au.name as assignee_name',
      'lm.content',
      'lm.message_type',
      'lm.sender_role',
      sql<string | null>`to_char(s.date, 'YYYY-MM-DD')`.as('shift_date'),
      effectiveStatus.as('status'),
      kindOf.as('kind'),
      unreadCount(viewer).as('unread'),
      (seesNames ? sql<boolean>`true` : knownToCompany('c.candidate_id', 'c.company_id')).as('known'),
    ])
    .orderBy(sql`p.page_at desc nulls last`)
    .orderBy('p.page_id')
    .execute();

  const page = rows.slice(0, first).map(
    (r): InboxRow => ({
      id: r.id,
      kind: r.kind,
      type: r.type,
      candidateId: r.candidate_id,
      candidateName: r.known || r.job_id === null ? r.candidate_name : initialsOf(r.candidate_name),
      companyName: r.company_name,
      companyNameEn: r.company_name_en,
      jobId: r.job_id,
      jobTitleJa: r.title_ja ?? null,
      jobTitleEn: r.title_en ?? null,
      clientId: r.client_id ?? null,
      clientName: r.client_name ?? null,
      clientNameEn: r.client_name_en ?? null,
      shiftId: r.shift_id,
      shiftDate: r.shift_date,
      applicationId: r.application_id,
      status: r.status,
      snoozedUntil: r.status === 'snoozed' ? r.snoozed_until : null,
      assigneeId: r.assignee_id,
      assigneeName: r.assignee_name ?? null,
      unread: Number(r.unread),
      lastMessageAt: r.last_message_at,
      lastMessage: r.message_type ? previewText(r.message_type, r.content ?? '', lang) : '',
      lastMessageType: r.message_type ?? null,
      lastSenderRole: r.sender_role ?? null,
    }),
  );
  const last = page.at(-1);
  return { rows: page, next: rows.length > first && last ? { at: last.lastMessageAt ? last.lastMessageAt.toISOString() : null, id: last.id } : null };
}
