import type { DB } from '../../db/connect.ts';
import type { EventBus } from '../../events/bus.ts';

export interface NotificationItem {
  id: string;
  type: 1 | 2;
  title: string;
  body: string;
  link: string | null;
  is_read: 0 | 1;
  created_at: string;
}

/** The notifications' topic on the event bus (the bus imports no feature: the feature adds its topic to the bus's map). */
declare module '../../events/bus.ts' {
  interface BusEvents {
    /** A notification for one user (SPEC §3 notification state). */
    'notification.added': { userId: string; companyId: string | null; notification: NotificationItem };
  }
}

/** A page as SPEC §3 describes it: current (page number), size and data. */
export interface Page<T> {
  current: number;
  size: number;
  total: number;
  data: T[];
}

const toItem = (r: { id: string; type: 1 | 2; title: string; body: string; link: string | null; is_read: boolean; created_at: Date }): NotificationItem => ({
  id: r.id,
  type: r.type,
  title: r.title,
  body: r.body,
  link: r.link,
  is_read: r.is_read ? 1 : 0,
  created_at: r.created_at.toISOString(),
});

export async function listNotifications(db: DB, userId: string, type: 1 | 2, current: number, size: number): Promise<Page<NotificationItem>> {
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
  return { current, size, total: Number(total), data: rows.map(toItem) };
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

export async function addNotification(
  db: DB,
  bus: EventBus,
  input: { userId: string; type: 1 | 2; title: string; body?: string; link?: string | null },
): Promise<NotificationItem> {
  const row = await db
    .insertInto('notifications')
    .values({ user_id: input.userId, type: input.type, title: input.title, body: input.body ?? '', link: input.link ?? null })
    .returningAll()
    .executeTakeFirstOrThrow();
  const user = await db.selectFrom('users').select('company_id').where('id', '=', input.userId).executeTakeFirst();
  const item = toItem(row);
  await bus.publish('notification.added', { userId: input.userId, companyId: user?.company_id ?? null, notification: item });
  return item;
}

/**
 * A notification for every active back-office user of a company (its own staff, not its clients'
 * users), except `except` (who did it needs no news of it); type 2 for a document notice.
 */
export async function notifyCompanyStaff(
  db: DB,
  bus: EventBus,
  companyId: string,
  input: { title: string; body?: string; link?: string | null; type?: 1 | 2; except?: string | null },
): Promise<void> {
  let q = db.selectFrom('users').select('id').where('company_id', '=', companyId).where('client_id', 'is', null).where('active', '=', true);
  if (input.except) q = q.where('id', '<>', input.except);
  const { except: _, type = 1, ...rest } = input;
  for (const u of await q.execute()) await addNotification(db, bus, { userId: u.id, type, ...rest });
}
