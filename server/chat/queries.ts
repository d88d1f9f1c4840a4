import { type Kysely, type Selectable, type SelectQueryBuilder, sql } from 'kysely';
import { hasNoTenant, inOneCompany, isClient, isPlatform, ownsRow, scopeToTenant, type Tenant, tenantOf } from '../access/tenancy.ts';
import type { Database } from '../db/database.ts';
import type { SessionUser } from '../modules/auth/service.ts';
import type { RoleMaps } from '../auth/default-roles.ts';
import { canEnter } from '../access/guard.ts';
import { CHAT_CODES, type ChatKind } from '../access/codes.ts';
import { statusRoots } from '../modules/templates/status-tree.ts';
import { BADGE_LIMIT, type BadgesPayload, type ChatMessage, type ConversationRow, RECENT_SIZE, type SenderRole, type StatusNotice } from './events.ts';
import { isUuid } from '../../shared/ids.ts';
import type { ChatTables } from './tables.ts';

/** The chat's tables are part of the one Database type (server/chat/tables.ts); the name stays for the chat's own code. */
export type ChatDb = Kysely<Database>;

/** Who is asking, and which conversations that lets them see. */
export interface Viewer {
  id: string;
  candidate: boolean;
  tenant: Tenant;
  kinds: ReadonlySet<ChatKind>;
}

export function viewerOf(user: SessionUser, maps: RoleMaps): Viewer {
  if (user.role === 'candidate') return { id: user.id, candidate: true, tenant: { kind: 'none' }, kinds: new Set(['daily', 'other', 'support']) };
  const kinds = new Set((Object.keys(CHAT_CODES) as ChatKind[]).filter((k) => canEnter(maps, user.role, CHAT_CODES[k])));
  return { id: user.id, candidate: false, tenant: tenantOf(user), kinds };
}

/** The chat's topic on the event bus (the bus imports no feature: the chat adds its topic to the bus's map). */
declare module '../events/bus.ts' {
  interface BusEvents {
    /** A chat message was stored: graphql-ws subscribers filter it by the conversation's owners. */
    'chat.message': {
      message: ChatMessage;
      conversation: ConversationAccess;
      /** Stored outside the chat server (the API): each process's chat server tells its own sockets. */
      relay?: boolean;
    };
  }
}

export interface ConversationAccess {
  id: string;
  company_id: string;
  candidate_id: string;
  client_id: string | null;
  job_id: string | null;
  type: 1 | 2;
  application_id: string | null;
}

/**
 * Who a scouted candidate is stays hidden from the company that scouted them until they applied to
 * it or accepted its scout offer (accepting applies): DESIGN §5 gives a company the full profile only
 * then. A conversation a scout offer opened shows the candidate's initials until that moment, as
 * the scout lists do (docs/scouting.md): in the chat lists and the windows' titles, as the sender
 * of their messages, in typing notices and in the company's notifications. The platform's
 * operators see every name in their lists, and support conversations (with the platform) keep it.
 */
export const knownToCompany = (candidate: string, company: string) =>
  sql<boolean>`(exists (select 1 from applications ax where ax.candidate_id = ${sql.ref(candidate)} and ax.company_id = ${sql.ref(company)})
    or not exists (select 1 from scout_offers ox where ox.candidate_id = ${sql.ref(candidate)} and ox.company_id = ${sql.ref(company)}))`;

/** Whether the company of `c` may know who its candidate is (knownToCompany). */
export async function candidateKnown(db: ChatDb, c: Pick<ConversationAccess, 'candidate_id' | 'company_id' | 'job_id'>): Promise<boolean> {
  // A support conversation is with the platform, which knows everyone.
  if (c.job_id === null) return true;
  const { rows } = await sql<{
    known: boolean;
  }>`select ${knownToCompany('c.candidate_id', 'c.company_id')} as known from (select ${c.candidate_id}::uuid as candidate_id, ${c.company_id}::uuid as company_id) c`.execute(db);
  return rows[0]?.known ?? true;
}

/** A name as its initials, as the scout lists write it: "Nguyen Van An" → "N. V. A.". */
export function initialsOf(name: string): string {
  return name
    .trim()
    .split(/\s+/u)
    .filter(Boolean)
    .map((w) => `${(Array.from(w)[0] ?? '').toUpperCase()}.`)
    .join(' ');
}

export const kindOf = (c: { job_id: string | null; type: 1 | 2 }): ChatKind => (c.job_id === null ? 'support' : c.type === 1 ? 'daily' : 'other');

/** True when the viewer may read and write in the conversation. */
export function mayAccess(viewer: Viewer, c: ConversationAccess): boolean {
  if (viewer.candidate) return c.candidate_id === viewer.id;
  if (!viewer.kinds.has(kindOf(c))) return false;
  // A support conversation belongs to the company alone: a client's users never see it.
  if (c.job_id === null && isClient(viewer.tenant)) return false;
  return ownsRow(viewer.tenant, { companyId: c.company_id, clientId: c.client_id });
}

export async function loadConversation(db: ChatDb, id: string): Promise<ConversationAccess | undefined> {
  return db
    .selectFrom('conversations as c')
    .leftJoin('jobs as j', 'j.id', 'c.job_id')
    .select(['c.id', 'c.company_id', 'c.candidate_id', 'j.client_id', 'c.job_id', 'c.type', 'c.application_id'])
    .where('c.id', '=', id)
    .executeTakeFirst();
}

/** The sender roles that count as "the other party" for this viewer. */
const otherParty = (viewer: Viewer): SenderRole[] => (viewer.candidate ? ['staff', 'bot'] : ['candidate']);

/**
 * The other party's counters on the conversation row (migration 0012): its last seq, its newest
 * message's time and how many messages it has sent. A candidate's other party is the company
 * (staff and bot), everyone else's the candidate.
 */
const otherSide = (viewer: Viewer) => (viewer.candidate ? 'staff' : 'candidate');
function otherCounters(viewer: Viewer) {
  const side = otherSide(viewer);
  return { seq: sql.ref(`c.last_${side}_seq`), at: sql.ref(`c.last_${side}_at`), count: sql.ref(`c.${side}_messages`) };
}

/**
 * Messages from the other party after the viewer's last seen seq (`r`: the viewer's
 * conversation_reads row, if any). Never read: the other party's whole count; read past the other
 * party's last message: none; else counted from the messages after the read mark (few, by index).
 */
export function unreadCount(viewer: Viewer) {
  const o = otherCounters(viewer);
  return sql<number>`case
    when r.last_seq is null then ${o.count}
    when ${o.seq} <= r.last_seq then 0
    else (select count(*)::int from messages um where um.conversation_id = c.id and um.seq > r.last_seq and um.sender_role in (${sql.join(otherParty(viewer))}))
  end`;
}

export type Qb = SelectQueryBuilder<Database & { c: Database['conversations']; j: Database['jobs'] }, 'c' | 'j', object>;

/** Narrows conversations (aliased c, with jobs j left-joined) to the viewer's. */
export function visibleTo<Q extends Qb>(qb: Q, viewer: Viewer, kinds: readonly ChatKind[]): Q {
  let q = qb as Qb;
  const allowed = kinds.filter((k) => viewer.kinds.has(k));
  // A candidate sees its own conversations, still narrowed to the kinds asked for (below).
  if (viewer.candidate) q = q.where('c.candidate_id', '=', viewer.id);
  else {
    if (!allowed.length || hasNoTenant(viewer.tenant)) return q.where(sql<boolean>`false`) as Q;
    q = scopeToTenant(q, viewer.tenant, { company: 'c.company_id', client: 'j.client_id' });
  }
  // Every conversation is of one of the three kinds (type is 1 or 2): asking for all of them, or
  // for both job kinds, needs no test of the type (and leaves an index-only scan possible).
  const has = (k: ChatKind) => allowed.includes(k);
  if (has('daily') && has('other') && has('support')) return q as Q;
  if (has('daily') && has('other')) return q.where('c.job_id', 'is not', null) as Q;
  q = q.where((eb) => eb.or(allowed.map((k) => (k === 'support' ? eb('c.job_id', 'is', null) : eb.and([eb('c.job_id', 'is not', null), eb('c.type', '=', k === 'daily' ? 1 : 2)])))));
  return q as Q;
}

const KINDS_OF = { job: ['daily', 'other'], support: ['support'], all: ['daily', 'other', 'support'] } as const;

/**
 * SPEC §7 "Recent chat pages": the viewer's conversations, newest message first, RECENT_SIZE a page
 * (a candidate's: those with unread messages from the company first, then newest first).
 * The page's conversations come first (an index scan in list order, skipping the earlier pages),
 * then the details of those RECENT_SIZE rows only: page 100 costs 3,000 index entries, not 3,000
 * last messages and unread counts.
 */
export async function recentConversations(db: ChatDb, viewer: Viewer, page: number, kind: 'job' | 'support' | 'all', only?: readonly string[]): Promise<ConversationRow[]> {
  let onPage = visibleTo(db.selectFrom('conversations as c').leftJoin('jobs as j', 'j.id', 'c.job_id') as unknown as Qb, viewer, KINDS_OF[kind]) as unknown as SelectQueryBuilder<any, any, object>;
  // `only`: these conversations (the visibility rule above still applies), all on one page.
  if (only) onPage = onPage.where('c.id', 'in', only);
  const side = otherSide(viewer);
  onPage = onPage
    .select(['c.id', 'c.type', 'c.job_id', 'c.shift_id', 'c.application_id', 'c.candidate_id', 'c.company_id', 'c.chat_status', 'c.created_at', 'c.last_message_at'])
    .select([`c.last_${side}_seq`, `c.${side}_messages`]);
  // A candidate's list puts what the companies wrote and they have not read first (docs/inbox.md
  // "The candidate's side"); a candidate has a handful of conversations, so the read mark is
  // looked up per row. The back office keeps the index order.
  if (viewer.candidate)
    onPage = onPage.orderBy(sql`c.last_staff_seq > coalesce((select r0.last_seq from conversation_reads r0 where r0.conversation_id = c.id and r0.user_id = ${viewer.id}), 0) desc`);
  onPage = onPage
    .orderBy(sql`c.last_message_at desc nulls last`)
    .orderBy('c.id')
    .limit(only ? only.length : RECENT_SIZE)
    .offset(only ? 0 : (page - 1) * RECENT_SIZE);
  const rows = await ((db as unknown as Kysely<any>).selectFrom(onPage.as('c')) as unknown as SelectQueryBuilder<any, any, object>)
    .leftJoin('jobs as j', 'j.id', 'c.job_id')
    .innerJoin('users as cu', 'cu.id', 'c.candidate_id')
    .innerJoin('companies as co', 'co.id', 'c.company_id')
    .leftJoin('job_daily_shifts as s', 's.id', 'c.shift_id')
    .leftJoin('applications as a', 'a.id', 'c.application_id')
    .leftJoin('conversation_reads as r', (j: any) => j.onRef('r.conversation_id', '=', 'c.id').on('r.user_id', '=', viewer.id))
    .leftJoinLateral(
      (eb: any) =>
        eb
          .selectFrom('messages as m')
          .leftJoin('users as su', 'su.id', 'm.sender_id')
          .select(['m.seq', 'm.content', 'm.message_type', 'm.sender_role', 'm.created_at', 'su.name as sender_name'])
          .whereRef('m.conversation_id', '=', 'c.id')
          .orderBy('m.seq', 'desc')
          .limit(1)
          .as('lm'),
      (join: any) => join.onTrue(),
    )
    .select([
      'c.id',
      'c.type',
      'c.job_id',
      'c.shift_id',
      'c.application_id',
      'c.candidate_id',
      'c.chat_status',
      'c.created_at',
      'cu.name as candidate_name',
      'co.name as company_name',
      'co.name_en as company_name_en',
      'j.title_ja',
      'j.title_en',
      sql<string | null>`to_char(s.date, 'YYYY-MM-DD')`.as('shift_date'),
      'a.candidate_status_id',
      'lm.seq as last_seq',
      'lm.content',
      'lm.message_type',
      'lm.sender_role',
      'lm.sender_name',
      'lm.created_at as message_at',
      (viewer.candidate
        ? sql<string>`(select coalesce(max(ro.last_seq), 0) from conversation_reads ro where ro.conversation_id = c.id and ro.user_id <> c.candidate_id)`
        : sql<string>`(select coalesce(max(ro.last_seq), 0) from conversation_reads ro where ro.conversation_id = c.id and ro.user_id = c.candidate_id)`
      ).as('other_seen_seq'),
      unreadCount(viewer).as('unread'),
      knownToCompany('c.candidate_id', 'c.company_id').as('known'),
    ])
    .$if(viewer.candidate, (q: any) => q.orderBy(sql`c.last_staff_seq > coalesce(r.last_seq, 0) desc`))
    .orderBy(sql`c.last_message_at desc nulls last`)
    .orderBy('c.id')
    .execute();
  // The candidate sees their own name, the platform everyone's; a company a scouted candidate's initials.
  const seesNames = viewer.candidate || isPlatform(viewer.tenant);
  return rows.map((r: any): ConversationRow => {
    const unread = Number(r.unread);
    const name = (n: string) => (seesNames || r.known || r.job_id === null ? n : initialsOf(n));
    const date: Date = r.message_at ?? r.created_at;
    return {
      id: r.id,
      conversation_id: r.id,
      is_read: unread > 0 ? 0 : 1,
      message_type: r.message_type ?? 1,
      message_user_name: r.sender_role === 'bot' ? 'Bot' : r.sender_role === 'candidate' ? name(r.sender_name ?? '') : (r.sender_name ?? ''),
      message_content: r.content ?? '',
      message_date: date.toISOString(),
      last_message: r.content ?? '',
      type: r.type,
      support: r.job_id === null,
      unread,
      last_seq: Number(r.last_seq ?? 0),
      other_seen_seq: Number(r.other_seen_seq ?? 0),
      candidate_id: r.candidate_id,
      candidate_name: name(r.candidate_name),
      company_name: r.company_name,
      company_name_en: r.company_name_en ?? '',
      job_id: r.job_id,
      job_title: r.job_id ? r.title_ja : null,
      job_title_en: r.job_id ? (r.title_en ?? '') : null,
      shift_id: r.shift_id,
      shift_date: r.shift_date,
      application_id: r.application_id,
      candidate_status_id: r.candidate_status_id ?? null,
      chat_status: r.chat_status,
    };
  });
}

/**
 * SPEC §7 "Badge responses": the viewer's conversations with unread messages from the other
 * party, as badge entries (isSee 1 when the newest of them came before the viewer last looked at
 * the badges), and the unread message counts of daily and other conversations. Each list carries
 * the BADGE_LIMIT conversations with the newest messages and the total of its unread ones.
 *
 * A platform user's totals come from counters (migration 0037, `platformTotals`) and its lists
 * from the newest conversations down, so neither reads every conversation of the platform. Anyone
 * else's badges are read from each conversation row's counters (migration 0012) against the
 * viewer's read marks; messages are counted only for conversations read part-way. For a company's
 * or a client's user, both sides are index scans in conversation id order
 * (conversations_company_badges_idx, conversation_reads_user_idx), and the ORDER BYs keep the
 * subqueries whole so PostgreSQL merges them instead of hashing tens of thousands of rows; a
 * candidate's conversations are few.
 */
export async function badgesFor(db: ChatDb, viewer: Viewer): Promise<BadgesPayload> {
  const out: BadgesPayload = { dailyChats: [], otherChats: [], workerDailyIcCount: 0, workerOtherIcCount: 0, supportChats: [], dailyChatsTotal: 0, otherChatsTotal: 0, supportChatsTotal: 0 };
  const lists = { daily: out.dailyChats, other: out.otherChats, support: out.supportChats };
  if (!viewer.candidate && isPlatform(viewer.tenant)) {
    const kinds = KINDS_OF.all.filter((k) => viewer.kinds.has(k));
    const [totals, ...entries] = await Promise.all([platformTotals(db, viewer), ...kinds.map((k) => badgeRows(db, viewer, [k]).limit(BADGE_LIMIT).execute())]);
    for (const rows of entries) for (const r of rows) lists[kindOf(r)].push({ id: r.id, isSee: r.see ? 1 : 0 });
    for (const k of kinds) {
      const t = totals.get(k) ?? { conversations: 0, messages: 0 };
      out[`${k}ChatsTotal`] = t.conversations;
      if (k === 'daily') out.workerDailyIcCount = t.messages;
      if (k === 'other') out.workerOtherIcCount = t.messages;
    }
    return out;
  }
  for (const r of await badgeRows(db, viewer, KINDS_OF.all).execute()) {
    const kind = kindOf(r);
    out[`${kind}ChatsTotal`] += 1;
    if (lists[kind].length < BADGE_LIMIT) lists[kind].push({ id: r.id, isSee: r.see ? 1 : 0 });
    if (kind === 'daily') out.workerDailyIcCount += r.n;
    if (kind === 'other') out.workerOtherIcCount += r.n;
  }
  return out;
}

interface BadgeRow {
  id: string;
  type: 1 | 2;
  job_id: string | null;
  n: number;
  see: boolean;
}

/** The viewer's conversations of `kinds` with unread messages from the other party, newest message first. */
function badgeRows(db: ChatDb, viewer: Viewer, kinds: readonly ChatKind[]) {
  const o = otherCounters(viewer);
  const side = otherSide(viewer);
  let convs = (visibleTo(db.selectFrom('conversations as c').leftJoin('jobs as j', 'j.id', 'c.job_id') as unknown as Qb, viewer, kinds) as unknown as SelectQueryBuilder<any, any, object>).select([
    'c.id',
    'c.type',
    'c.job_id',
    'c.last_message_at',
    `c.last_${side}_seq`,
    `c.last_${side}_at`,
    `c.${side}_messages`,
  ]);
  let reads = db.selectFrom('conversation_reads').select(['conversation_id', 'last_seq']).where('user_id', '=', viewer.id) as unknown as SelectQueryBuilder<any, any, object>;
  if (!viewer.candidate && inOneCompany(viewer.tenant)) {
    convs = convs.orderBy('c.id');
    reads = reads.orderBy('conversation_id');
  }
  const newest = sql<Date | null>`case
    when r.last_seq is null then ${o.at}
    else (select max(um.created_at) from messages um where um.conversation_id = c.id and um.seq > r.last_seq and um.sender_role in (${sql.join(otherParty(viewer))}))
  end`;
  return ((db as unknown as Kysely<any>).selectFrom(convs.as('c')) as unknown as SelectQueryBuilder<any, any, BadgeRow>)
    .leftJoin(reads.as('r'), 'r.conversation_id', 'c.id')
    .where(sql<boolean>`${o.seq} > coalesce(r.last_seq, 0)`)
    .select([
      'c.id',
      'c.type',
      'c.job_id',
      unreadCount(viewer).as('n'),
      // In whole milliseconds, as seen_at (a JavaScript Date) always is.
      sql<boolean>`coalesce(date_trunc('milliseconds', ${newest}) <= (select seen_at from chat_badge_seen where user_id = ${viewer.id}), false)`.as('see'),
    ])
    .orderBy(sql`c.last_message_at desc nulls last`)
    .orderBy('c.id');
}

const KIND_CODES: Record<number, ChatKind> = { 1: 'daily', 2: 'other', 3: 'support' };

/**
 * A platform user's unread conversations and candidate messages per kind (migration 0037): the
 * platform's counters (eight slots a kind) less what the user's read marks cover.
 */
async function platformTotals(db: ChatDb, viewer: Viewer): Promise<Map<ChatKind, { conversations: number; messages: number }>> {
  const { rows } = await sql<{ kind: number; conversations: string; messages: string }>`
    select p.kind,
           sum(p.conversations) - coalesce((select r.caught_up from chat_reader_counters r where r.user_id = ${viewer.id} and r.kind = p.kind), 0) as conversations,
           sum(p.messages) - coalesce((select r.read_messages from chat_reader_counters r where r.user_id = ${viewer.id} and r.kind = p.kind), 0) as messages
    from chat_platform_counters p
    group by p.kind`.execute(db);
  return new Map(rows.map((r) => [KIND_CODES[r.kind]!, { conversations: Number(r.conversations), messages: Number(r.messages) }]));
}

export const toMessage = (r: Selectable<ChatTables['messages']> & { sender_name?: string | null; conversation_type: 1 | 2; support: boolean }): ChatMessage => ({
  id: r.id,
  conversation_id: r.conversation_id,
  seq: Number(r.seq),
  sender_id: r.sender_id,
  sender_role: r.sender_role,
  message_type: r.message_type,
  content: r.content,
  client_msg_id: r.client_msg_id,
  created_at: r.created_at.toISOString(),
  sender_name: r.sender_role === 'bot' ? 'Bot' : (r.sender_name ?? ''),
  conversation_type: r.conversation_type,
  support: r.support,
});

/** A message's sender as the conversation shows it: a candidate the company may not know yet by initials (knownToCompany). */
export const senderName = (r: { sender_role: SenderRole; sender_name?: string | null }, known: boolean): string | null =>
  r.sender_role === 'candidate' && !known && r.sender_name ? initialsOf(r.sender_name) : (r.sender_name ?? null);

/** Messages (as `m`) with their senders' names: the rows toMessage reads. */
export const messagesWithSenders = (db: ChatDb) => db.selectFrom('messages as m').leftJoin('users as u', 'u.id', 'm.sender_id').selectAll('m').select('u.name as sender_name');

/** Messages of a conversation after `afterSeq`, oldest first, with their senders' names. */
export async function messagesAfter(db: ChatDb, conversation: ConversationAccess, afterSeq: number, limit: number): Promise<ChatMessage[]> {
  const [rows, known] = await Promise.all([
    messagesWithSenders(db).where('m.conversation_id', '=', conversation.id).where('m.seq', '>', sql<string>`${afterSeq}`).orderBy('m.seq').limit(limit).execute(),
    candidateKnown(db, conversation),
  ]);
  return rows.map((r) => toMessage({ ...r, sender_name: senderName(r, known), conversation_type: conversation.type, support: conversation.job_id === null }));
}

/** The conversation's chat status and its application's place in the company's status tree (SPEC §3 `roots`). */
export async function statusNotice(db: ChatDb, c: ConversationAccess): Promise<StatusNotice> {
  const row = await db
    .selectFrom('conversations as c')
    .leftJoin('applications as a', 'a.id', 'c.application_id')
    .select(['c.chat_status', 'a.candidate_status_id'])
    .where('c.id', '=', c.id)
    .executeTakeFirstOrThrow();
  const statusId = row.candidate_status_id ?? null;
  const statuses = statusId
    ? await db
        .selectFrom('candidate_statuses')
        .select(['id', 'parent_id', 'name_ja', 'name_en'])
        .where((eb) => eb.or([eb('company_id', '=', c.company_id), eb('company_id', 'is', null)]))
        .execute()
    : [];
  return {
    conversation_id: c.id,
    application_id: c.application_id,
    candidate_id: c.candidate_id,
    candidate_status_id: statusId,
    roots: statusId ? statusRoots(statuses, statusId) : [],
    chat_status: row.chat_status,
  };
}

/** True when `id` is an image uploaded to this same conversation (what an image message may carry). */
export async function isImageOf(db: ChatDb, c: ConversationAccess, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const row = await db.selectFrom('chat_attachments').select('id').where('id', '=', id).where('conversation_id', '=', c.id).executeTakeFirst();
  return row !== undefined;
}

/** The application's current node of the candidateStatus tree. */
export async function applicationStatus(db: ChatDb, applicationId: string): Promise<string> {
  const row = await db.selectFrom('applications').select('candidate_status_id').where('id', '=', applicationId).executeTakeFirstOrThrow();
  return row.candidate_status_id;
}
