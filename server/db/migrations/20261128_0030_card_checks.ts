import { type Kysely, sql } from 'kysely';
import { uuidKey, now, userId } from '../migration-kit.ts';

/**
 * Residence-card checks (docs/workforce.md): the person's card fields on their
 * profile (number, permission for activity outside status, whether staff verified the card), and
 * every card a candidate uploads (front and back, re-encoded images kept in the database, never
 * under the web root) with the record they entered and the staff's decision.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('candidate_profiles')
    .addColumn('card_number', 'text')
    .addColumn('permission_outside_status', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('card_verified', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('card_verified_at', 'timestamptz')
    .execute();
  await db.schema
    .createTable('residence_cards')
    .addColumn('id', 'uuid', uuidKey)
    .$call(userId)
    .addColumn('front', 'bytea', (c) => c.notNull())
    .addColumn('front_mime', 'text', (c) => c.notNull().check(sql`front_mime in ('image/png', 'image/jpeg', 'image/webp')`))
    .addColumn('back', 'bytea', (c) => c.notNull())
    .addColumn('back_mime', 'text', (c) => c.notNull().check(sql`back_mime in ('image/png', 'image/jpeg', 'image/webp')`))
    .addColumn('card_number', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('visa_type_id', 'integer', (c) => c.references('visa_types.id').onDelete('set null'))
    .addColumn('expiry', 'date')
    .addColumn('permission_outside_status', 'boolean', (c) => c.notNull().defaultTo(false))
    // pending: waiting for a check; replaced: a newer upload of the same person took its place.
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'verified', 'reupload', 'rejected', 'replaced')`))
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('decided_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_by_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', now)
    .execute();
  await db.schema.createIndex('residence_cards_user_idx').on('residence_cards').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('residence_cards_status_idx').on('residence_cards').column('status').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('residence_cards').execute();
  await db.schema.alterTable('candidate_profiles').dropColumn('card_number').dropColumn('permission_outside_status').dropColumn('card_verified').dropColumn('card_verified_at').execute();
}
