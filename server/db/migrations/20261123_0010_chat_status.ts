import { type Kysely, sql } from 'kysely';
import { now } from '../migration-kit.ts';

/**
 * Chat, part two. `conversations.chat_status`: 1 while the chatbot answers the candidate,
 * 2 once a person has taken over. `applications.candidate_status_id`: where the candidate stands
 * in the company's candidateStatus tree (changeStatus). `chat_badge_seen`: when each user last
 * looked at their chat badges, so a seen badge stays seen after a reload. Indexes for the recent
 * list (newest message first, per company and per candidate).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('conversations')
    .addColumn('chat_status', 'smallint', (c) => c.notNull().defaultTo(1).check(sql`chat_status in (1, 2)`))
    .execute();
  await db.schema
    .alterTable('applications')
    .addColumn('candidate_status_id', 'uuid', (c) => c.references('candidate_statuses.id').onDelete('set null'))
    .execute();
  await db.schema
    .createTable('chat_badge_seen')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('seen_at', 'timestamptz', now)
    .execute();
  await sql`create index conversations_company_recent_idx on conversations (company_id, last_message_at desc nulls last, id)`.execute(db);
  await sql`create index conversations_candidate_recent_idx on conversations (candidate_id, last_message_at desc nulls last, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index conversations_candidate_recent_idx`.execute(db);
  await sql`drop index conversations_company_recent_idx`.execute(db);
  await db.schema.dropTable('chat_badge_seen').execute();
  await db.schema.alterTable('applications').dropColumn('candidate_status_id').execute();
  await db.schema.alterTable('conversations').dropColumn('chat_status').execute();
}
