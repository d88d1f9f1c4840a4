import { sql, type Kysely } from 'kysely';

/**
 * A contact form's message waits until someone of the platform answers it (the list at
 * /admin/staff/contact, docs/operations.md "Contact messages"): its state, who marked it answered
 * and when. Messages already stored start as new, so none is taken for answered unread.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('contact_messages')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('new').check(sql`status in ('new', 'answered')`))
    .addColumn('answered_by_name', 'text')
    .addColumn('answered_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('contact_messages_kind_created').on('contact_messages').columns(['kind', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('contact_messages_kind_created').execute();
  await db.schema.alterTable('contact_messages').dropColumn('status').dropColumn('answered_by_name').dropColumn('answered_at').execute();
}
