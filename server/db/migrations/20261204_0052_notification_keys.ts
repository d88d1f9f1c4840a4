import { type Kysely, sql } from 'kysely';

/**
 * Notifications stored as a catalogue key and its values (docs/notifications.md), drawn in the
 * reader's language when read, instead of a title fixed in both languages when written. Rows
 * written before (and the seeded ones) keep their title and body and have no key.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table notifications add column message_key text, add column params jsonb not null default '{}'::jsonb`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table notifications drop column if exists params, drop column if exists message_key`.execute(db);
}
