import type { DB } from '../../db/connect.ts';
import type { NotificationParams } from './tables.ts';
import type { EventBus } from '../../events/bus.ts';
import { matchRoute } from '../../access/routes.ts';
import { pickLang, type Lang } from '../../../shared/i18n.ts';
import { MESSAGES, type MessageKey, msg } from '../../../shared/messages.ts';

export interface NotificationItem {
  id: string;
  type: 1 | 2;
  title: string;
  body: string;
  link: string | null;
  is_read: 0 | 1;
  created_at: string;
}

/**
 * What a notification says, as a catalogue key and its values, so each reader sees it in their own
 * language (docs/notifications.md). A value that is data with both languages (a job's title) is a
 * `{ ja, en }` pair; a person's name is a plain string.
 */
export interface NotificationMessage {
  key: MessageKey;
  params?: NotificationParams;
  /** A second line: data drawn as it is (a person's name), or a `{ ja, en }` pair drawn in the reader's language. */
  body?: string | { ja: string; en: string };
  link?: string | null;
  /** 2 for a document notice, 1 (the default) otherwise. */
  type?: 1 | 2;
}

/** A notification as stored, before it is drawn in a reader's language. */
export interface StoredNotification {
  id: string;
  type: 1 | 2;
  title: string;
  body: string;
  link: string | null;
  is_read: boolean;
  message_key: string | null;
  params: NotificationParams;
  created_at: Date | string;
}

/** The notifications' topic on the event bus (the bus imports no feature: the feature adds its topic to the bus's map). */
declare module '../../events/bus.ts' {
  interface BusEvents {
    /** A notification for one user (SPEC §3 notification state), drawn by each subscriber in its reader's language. */
    'notification.added': { userId: string; companyId: string | null; notification: StoredNotification };
  }
}

/** A page as SPEC §3 describes it: current (page number), size and data. */
export interface Page<T> {
  current: number;
  size: number;
  total: number;
  data: T[];
}

/** The value name that holds a second line with both languages. */
const BODY = '$body';

const isKey = (key: string | null): key is MessageKey => key !== null && Object.hasOwn(MESSAGES, key);

/** The values in one language: a `{ ja, en }` pair gives the reader's side (the other when it is blank). */
function valuesIn(lang: Lang, params: NotificationParams): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [name, v] of Object.entries(params ?? {})) out[name] = typeof v === 'object' && v !== null ? pickLang(lang, v.ja, v.en) : v;
  return out;
}

/** A stored notification drawn in the reader's language; a row without a key keeps its fixed title. */
export function drawNotification(r: StoredNotification, lang: Lang): NotificationItem {
  return {
    id: r.id,
    type: r.type,
    title: isKey(r.message_key) ? msg(lang, r.message_key, valuesIn(lang, r.params)) : r.title,
    body: typeof r.params?.[BODY] === 'object' ? String(valuesIn(lang, { [BODY]: r.params[BODY] })[BODY]) : r.body,
    link: r.link,
    is_read: r.is_read ? 1 : 0,
    created_at: typeof r.created_at === 'string' ? r.created_at : r.created_at.toISOString(),
  };
}

export async function listNotifications(db: DB, userId: string, type: 1 | 2, current: number, size: number, lang: Lang): Promise<Page<NotificationItem>> {
  const base = db.selectFrom('notifications').where('user_id', '=', userId).where('type', '=', type);
  const [rows, { total }] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(size)
      .offset((current - 1) * size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { current, size, total: Number(total), data: rows.map((r) => drawNotification(r, lang)) };
}

/** The count payload of SPEC §3: unread notification and document numbers. */
export async function countUnread(db: DB, userId: string): Promise<{ notification: number; document: number }> {
  const rows = await db
    .selectFrom('notifications')
    .select(['type', (eb) => eb.fn.countAll<number>().as('n')])
    .where('user_id', '=', userId)
    .where('is_read', '=', false)
    .groupBy('type')
    .execute();
  const of = (t: 1 | 2) => Number(rows.find((r) => r.type === t)?.n ?? 0);
  return { notification: of(1), document: of(2) };
}

/** Marks one of the caller's notifications read; false when it is not theirs (or unknown). */
export async function markRead(db: DB, userId: string, id: string): Promise<boolean> {
  const r = await db.updateTable('notifications').set({ is_read: true }).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** The row that stores a notification (also what the demo data inserts in bulk). */
export function notificationRow(userId: string, m: NotificationMessage) {
  return {
    user_id: userId,
    type: m.type ?? 1,
    // The Japanese text stays in the title column for readers of the table (exports, backups).
    title: msg('ja', m.key, valuesIn('ja', m.params ?? {})),
    body: typeof m.body === 'object' ? m.body.ja : (m.body ?? ''),
    link: m.link ?? null,
    message_key: m.key,
    params: typeof m.body === 'object' ? { ...m.params, [BODY]: m.body } : (m.params ?? {}),
  };
}

/** Stores one notification for one user and tells their open pages (the bell's subscription). */
export async function addNotification(db: DB, bus: EventBus, userId: string, m: NotificationMessage): Promise<StoredNotification> {
  const row = await db.insertInto('notifications').values(notificationRow(userId, m)).returningAll().executeTakeFirstOrThrow();
  const user = await db.selectFrom('users').select('company_id').where('id', '=', userId).executeTakeFirst();
  await bus.publish('notification.added', { userId, companyId: user?.company_id ?? null, notification: row });
  return row;
}

async function addToEach(db: DB, bus: EventBus, users: { id: string }[], m: NotificationMessage, except?: string | null) {
  for (const u of users) if (u.id !== except) await addNotification(db, bus, u.id, m);
}

/**
 * A notification for every active back-office user of a company (its own staff, not its clients'
 * users), except `except` (who did it needs no news of it).
 */
export async function notifyCompanyStaff(db: DB, bus: EventBus, companyId: string, m: NotificationMessage & { except?: string | null }): Promise<void> {
  const users = await db.selectFrom('users').select('id').where('company_id', '=', companyId).where('client_id', 'is', null).where('active', '=', true).execute();
  await addToEach(db, bus, users, m, m.except);
}

/** The roles that may open `link` (its page code in the route table, granted as a page or an action in the stored role maps, SPEC §6). */
function rolesThatMayOpen(db: DB, link: string) {
  const code = matchRoute(link.split('?')[0]!)?.route.code;
  if (code === undefined) throw new Error(`${link} is not a page with a permission code`);
  return db
    .selectFrom('page_roles')
    .select('role')
    .where('code', '=', code)
    .union(db.selectFrom('action_roles').select('role').where('code', '=', code));
}

/**
 * A notification for every active user of one client (its own back-office users) whose role may
 * open its link, except `except`: a client role without the page is not sent where it cannot go.
 */
export async function notifyClientUsers(db: DB, bus: EventBus, clientId: string, m: NotificationMessage & { link: string; except?: string | null }): Promise<void> {
  const users = await db.selectFrom('users').select('id').where('client_id', '=', clientId).where('active', '=', true).where('role', 'in', rolesThatMayOpen(db, m.link)).execute();
  await addToEach(db, bus, users, m, m.except);
}

/**
 * A notification for every active platform user whose role may open its link: only those who can
 * act on it are told.
 */
export async function notifyPlatform(db: DB, bus: EventBus, m: NotificationMessage & { link: string }): Promise<void> {
  const roles = rolesThatMayOpen(db, m.link);
  const users = await db
    .selectFrom('users')
    .innerJoin('roles', 'roles.name', 'users.role')
    .select('users.id')
    .where('roles.kind', '=', 'platform')
    .where('users.active', '=', true)
    .where('users.role', 'in', roles)
    .execute();
  await addToEach(db, bus, users, m);
}

/** A notification for one candidate (or any one user), when that user is active. */
export async function notifyUser(db: DB, bus: EventBus, userId: string, m: NotificationMessage): Promise<void> {
  const u = await db.selectFrom('users').select('id').where('id', '=', userId).where('active', '=', true).executeTakeFirst();
  if (u) await addNotification(db, bus, u.id, m);
}
