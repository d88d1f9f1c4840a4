import { type Kysely, sql } from 'kysely';

/**
 * Mail to a candidate who has not read a company's answer (server/chat/mail.ts).
 * `users.chat_mail`: the candidate wants these mails (on by default; a switch on the chat page).
 * `conversations.candidate_mailed_at`: when the candidate was last mailed about the conversation,
 * claimed with one UPDATE so that of several processes only one sends, and not again for a while.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('chat_mail', 'boolean', (c) => c.notNull().defaultTo(sql`true`))
    .execute();
  await db.schema.alterTable('conversations').addColumn('candidate_mailed_at', 'timestamptz').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('conversations').dropColumn('candidate_mailed_at').execute();
  await db.schema.alterTable('users').dropColumn('chat_mail').execute();
}
