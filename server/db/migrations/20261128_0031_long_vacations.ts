import { type Kysely, sql } from 'kysely';
import { uuidKey, now, userId } from '../migration-kit.ts';

/**
 * Working limits on every assignment path (docs/workforce.md): the long
 * vacations of a student's school (長期休業), in which a student may work up to 8 hours a day
 * instead of 28 hours a week. Entered by staff on the person's record; both days included.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('long_vacations')
    .addColumn('id', 'uuid', uuidKey)
    .$call(userId)
    .addColumn('from_date', 'date', (c) => c.notNull())
    .addColumn('to_date', 'date', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', now)
    .addCheckConstraint('long_vacations_order', sql`to_date >= from_date`)
    .addCheckConstraint('long_vacations_length', sql`to_date - from_date <= 120`)
    .execute();
  await db.schema.createIndex('long_vacations_user').on('long_vacations').columns(['user_id', 'from_date']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('long_vacations').execute();
}
