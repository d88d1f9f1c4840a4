import { type Kysely, sql } from 'kysely';
import { now, childTable } from '../migration-kit.ts';

/**
 * Images in the chat ("content is plain text, or an uploaded image"). The bytes live in
 * PostgreSQL, not on a process's disk, so every process behind a load balancer can serve them;
 * an image message (message_type 2) carries the attachment's id as its content.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await childTable(db, 'chat_attachments', 'conversation_id', 'conversations.id')
    .addColumn('uploader_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('mime', 'text', (c) => c.notNull().check(sql`mime in ('image/png', 'image/jpeg', 'image/gif', 'image/webp')`))
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', now)
    .execute();
  await db.schema.createIndex('chat_attachments_conversation_idx').on('chat_attachments').column('conversation_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('chat_attachments').execute();
}
