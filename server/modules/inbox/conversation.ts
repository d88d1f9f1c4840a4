/**
 * What staff do to a conversation in the inbox (docs/inbox.md): assign it to a colleague (told
 * by a notification), set it open, resolved or snoozed until a time, and write private notes
 * (which candidates never read; an @mention tells the colleague). Each change is one row of the
 * conversation's history, with who made it.
 *
 * The caller must be able to open the conversation in the chat (`mayAccess`); a colleague named
 * as assignee or mention must be able to open it too. Anything else answers 'not-found', so a
 * conversation of another tenant is not told apart from one that does not exist.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { EventBus } from '../../events/bus.ts';
import type { RoleMaps } from '../../auth/default-roles.ts';
import { candidateKnown, initialsOf, loadConversation, mayAccess, viewerOf, type ConversationAccess, type Viewer } from '../../chat/queries.ts';
import { notifyUser } from '../notifications/service.ts';
import type { InboxEventKind, InboxStatus } from './tables.ts';

type DB = Kysely<Database>;

/** Who acts: the caller's id and name (for the history and the notifications). */
export interface InboxActor {
  id: string;
  name: string;
}

/** The longest a conversation may be snoozed. */
export const MAX_SNOOZE_DAYS = 90;
export const MAX_NOTE_LENGTH = 4000;
export const MAX_MENTIONS = 10;

export const inboxLink = (conversationId: string) => `/admin/inbox?c=${encodeURIComponent(conversationId)}`;

/** The conversation when the caller may open it in the chat; null otherwise (another tenant's, or none). */
export async function reachable(db: DB, viewer: Viewer, id: string): Promise<ConversationAccess | null> {
  const c = await loadConversation(db, id);
  return c && mayAccess(viewer, c) ? c : null;
}

/** The colleagues (active back-office users) among `ids` who may open the conversation. */
async function colleaguesWhoMayOpen(db: DB, maps: RoleMaps, c: ConversationAccess, ids: readonly string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const users = await db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'role', 'company_id', 'client_id', 'lang'])
    .where('id', 'in', [...ids])
    .where('active', '=', true)
    .where('role', '<>', 'candidate')
    .execute();
  return new Set(
    users.filter((u) => mayAccess(viewerOf({ id: u.id, email: u.email, name: u.name, role: u.role, companyId: u.company_id, clientId: u.client_id, lang: u.lang }, maps), c)).map((u) => u.id),
  );
}

/** The candidate's name as this company may know it (initials for a scouted candidate who has not applied). */
async function candidateLabel(db: DB, c: ConversationAccess): Promise<string> {
  const u = await db.selectFrom('users').select('name').where('id', '=', c.candidate_id).executeTakeFirst();
  const name = u?.name ?? '';
  return (await candidateKnown(db, c)) ? name : initialsOf(name);
}

async function record(db: DB, conversationId: string, actor: InboxActor, kind: InboxEventKind, extra: { assignee_id?: string | null; snoozed_until?: Date | null } = {}) {
  await db
    .insertInto('conversation_events')
    .values({ conversation_id: conversationId, actor_id: actor.id, kind, ...extra })
    .execute();
}

export type AssignResult = 'ok' | 'not-found' | 'assignee';

/** Assigns the conversation to a colleague who may open it, or to nobody (null). The colleague is notified unless they assigned it to themselves. */
export async function assignConversation(db: DB, bus: EventBus, maps: RoleMaps, viewer: Viewer, actor: InboxActor, id: string, assigneeId: string | null): Promise<AssignResult> {
  const c = await reachable(db, viewer, id);
  if (!c) return 'not-found';
  if (assigneeId !== null && !(await colleaguesWhoMayOpen(db, maps, c, [assigneeId])).has(assigneeId)) return 'assignee';
  const changed = await db.transaction().execute(async (tx) => {
    const before = await tx.selectFrom('conversations').select('assignee_id').where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
    if (before.assignee_id === assigneeId) return false;
    await tx.updateTable('conversations').set({ assignee_id: assigneeId }).where('id', '=', id).execute();
    await record(tx, id, actor, assigneeId ? 'assigned' : 'unassigned', { assignee_id: assigneeId });
    return true;
  });
  if (changed && assigneeId && assigneeId !== actor.id) {
    await notifyUser(db, bus, assigneeId, { key: 'notify.inboxAssigned', params: { by: actor.name, name: await candidateLabel(db, c) }, link: inboxLink(id) });
  }
  return 'ok';
}

export type StatusResult = 'ok' | 'not-found' | 'snooze-time';

/** Opens, resolves or snoozes the conversation (a snooze until a time in the next MAX_SNOOZE_DAYS days). */
export async function setInboxStatus(db: DB, viewer: Viewer, actor: InboxActor, id: string, status: InboxStatus, snoozedUntil: Date | null, now = new Date()): Promise<StatusResult> {
  const c = await reachable(db, viewer, id);
  if (!c) return 'not-found';
  if (status === 'snoozed') {
    if (!snoozedUntil || snoozedUntil.getTime() <= now.getTime() || snoozedUntil.getTime() > now.getTime() + MAX_SNOOZE_DAYS * 86_400_000) return 'snooze-time';
  }
  const until = status === 'snoozed' ? snoozedUntil : null;
  await db.transaction().execute(async (tx) => {
    const before = await tx.selectFrom('conversations').select(['inbox_status', 'snoozed_until']).where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
    const same = before.inbox_status === status && (before.snoozed_until?.getTime() ?? null) === (until?.getTime() ?? null);
    if (same) return;
    await tx.updateTable('conversations').set({ inbox_status: status, snoozed_until: until }).where('id', '=', id).execute();
    await record(tx, id, actor, status === 'open' ? 'reopened' : status, { snoozed_until: until });
  });
  return 'ok';
}

export interface InboxNote {
  id: string;
  authorId: string | null;
  authorName: string;
  body: string;
  mentions: string[];
  createdAt: Date;
}

export type NoteResult = { ok: true; note: InboxNote } | { ok: false; reason: 'not-found' | 'body' | 'mention' };

/** A private note on the conversation; each colleague in `mentions` (who may open it) is notified. */
export async function addNote(db: DB, bus: EventBus, maps: RoleMaps, viewer: Viewer, actor: InboxActor, id: string, body: string, mentions: readonly string[]): Promise<NoteResult> {
  const c = await reachable(db, viewer, id);
  if (!c) return { ok: false, reason: 'not-found' };
  const text = body.trim();
  if (!text || text.length > MAX_NOTE_LENGTH) return { ok: false, reason: 'body' };
  const named = [...new Set(mentions)];
  if (named.length > MAX_MENTIONS) return { ok: false, reason: 'mention' };
  const allowed = await colleaguesWhoMayOpen(db, maps, c, named);
  if (named.some((m) => !allowed.has(m))) return { ok: false, reason: 'mention' };
  const row = await db
    .insertInto('conversation_notes')
    .values({ conversation_id: id, author_id: actor.id, body: text, mentions: sql<string[]>`${named}::uuid[]` as never })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
  const label = named.length ? await candidateLabel(db, c) : '';
  for (const m of named) if (m !== actor.id) await notifyUser(db, bus, m, { key: 'notify.inboxMention', params: { by: actor.name, name: label }, body: text.slice(0, 200), link: inboxLink(id) });
  return { ok: true, note: { id: row.id, authorId: actor.id, authorName: actor.name, body: text, mentions: named, createdAt: row.created_at } };
}

/** The conversation's private notes, oldest first; null when the caller may not open it. */
export async function notesOf(db: DB, viewer: Viewer, id: string): Promise<InboxNote[] | null> {
  if (viewer.candidate || !(await reachable(db, viewer, id))) return null;
  const rows = await db
    .selectFrom('conversation_notes as n')
    .leftJoin('users as u', 'u.id', 'n.author_id')
    .select(['n.id', 'n.author_id', 'u.name', 'n.body', 'n.mentions', 'n.created_at'])
    .where('n.conversation_id', '=', id)
    .orderBy('n.created_at')
    .orderBy('n.id')
    .execute();
  return rows.map((r) => ({ id: r.id, authorId: r.author_id, authorName: r.name ?? '', body: r.body, mentions: r.mentions, createdAt: r.created_at }));
}

export interface InboxEvent {
  kind: InboxEventKind;
  actorName: string | null;
  assigneeName: string | null;
  snoozedUntil: Date | null;
  at: Date;
}

/** Who did what to the conversation, oldest first; null when the caller may not open it. */
export async function historyOf(db: DB, viewer: Viewer, id: string): Promise<InboxEvent[] | null> {
  if (viewer.candidate || !(await reachable(db, viewer, id))) return null;
  const rows = await db
    .selectFrom('conversation_events as e')
    .leftJoin('users as a', 'a.id', 'e.actor_id')
    .leftJoin('users as s', 's.id', 'e.assignee_id')
    .select(['e.kind', 'a.name as actor', 's.name as assignee', 'e.snoozed_until', 'e.created_at'])
    .where('e.conversation_id', '=', id)
    .orderBy('e.created_at')
    .orderBy('e.id')
    .execute();
  return rows.map((r) => ({ kind: r.kind, actorName: r.actor ?? null, assigneeName: r.assignee ?? null, snoozedUntil: r.snoozed_until, at: r.created_at }));
}

/** The colleagues who may open the conversation (for the assignee and @mention pickers); null when the caller may not. */
export async function colleaguesFor(db: DB, maps: RoleMaps, viewer: Viewer, id: string): Promise<{ id: string; name: string }[] | null> {
  const c = await reachable(db, viewer, id);
  if (!c || viewer.candidate) return null;
  let q = db.selectFrom('users').select(['id', 'name']).where('active', '=', true).where('role', '<>', 'candidate');
  // The company's own people and the platform's (a support conversation); the check below decides.
  q = q.where((eb) => eb.or([eb('company_id', '=', c.company_id), eb('company_id', 'is', null)]));
  const users = await q.orderBy('name').limit(500).execute();
  const may = await colleaguesWhoMayOpen(
    db,
    maps,
    c,
    users.map((u) => u.id),
  );
  return users.filter((u) => may.has(u.id));
}
