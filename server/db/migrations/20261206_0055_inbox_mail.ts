import { type Kysely, sql } from 'kysely';

/**
 * The inbox's mail to an away colleague (server/modules/inbox/digest.ts, docs/inbox.md): each
 * assignment or mention notification left unread is mailed at most once, and the row written here
 * is the claim, so several processes running the job send one mail. The partial index finds the
 * few unread inbox notifications among all the bell's rows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table inbox_mailed_notifications (
      notification_id uuid primary key references notifications(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      mailed_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create index notifications_inbox_unread_idx on notifications (created_at)
    where message_key in ('notify.inboxAssigned', 'notify.inboxMention') and not is_read`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index notifications_inbox_unread_idx`.execute(db);
  await sql`drop table inbox_mailed_notifications`.execute(db);
}
