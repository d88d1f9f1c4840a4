import { type Kysely, sql } from 'kysely';
import { now, zero, userId, childTable, dropTables } from '../migration-kit.ts';

/**
 * Chat messages: stored before they are acknowledged or broadcast. `seq` numbers the
 * messages of one conversation (1, 2, 3, ...), assigned under a lock on the conversation row, so a
 * reconnecting client can ask for everything after the last seq it saw. `client_msg_id` makes a
 * resend after a reconnect a no-op, across processes: a unique key per conversation.
 * `conversation_reads` keeps each reader's last seen seq.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await childTable(db, 'messages', 'conversation_id', 'conversations.id')
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('sender_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('sender_role', 'text', (c) => c.notNull().check(sql`sender_role in ('staff', 'candidate', 'bot')`))
    .addColumn('message_type', 'smallint', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull().check(sql`char_length(content) <= 4000`))
    .addColumn('client_msg_id', 'text')
    .addColumn('created_at', 'timestamptz', now)
    .execute();
  await sql`create unique index messages_conversation_seq_uq on messages (conversation_id, seq)`.execute(db);
  await sql`create unique index messages_client_msg_uq on messages (conversation_id, client_msg_id) where client_msg_id is not null`.execute(db);

  await db.schema
    .createTable('conversation_reads')
    .addColumn('conversation_id', 'uuid', (c) => c.notNull().references('conversations.id').onDelete('cascade'))
    .$call(userId)
    .addColumn('last_seq', 'bigint', zero)
    .addColumn('updated_at', 'timestamptz', now)
    .addPrimaryKeyConstraint('conversation_reads_pk', ['conversation_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, ['conversation_reads', 'messages']);
}
