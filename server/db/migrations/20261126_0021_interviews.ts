import { type Kysely, sql } from 'kysely';
import { timestamps, companyId, childTable } from '../migration-kit.ts';

/**
 * Interviews: scheduled from an application, with when, how long, where (a place
 * or an online link) and who interviews; the result (pass, fail, hold) moves the application's
 * status. `reminded_at` marks the reminder sent the day before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await childTable(db, 'interviews', 'application_id', 'applications.id')
    .$call(companyId)
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('minutes', 'integer', (c) => c.notNull().check(sql`minutes between 5 and 480`))
    .addColumn('place', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('online_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('interviewers', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('scheduled').check(sql`status in ('scheduled', 'pass', 'fail', 'hold', 'cancelled')`))
    .addColumn('reminded_at', 'timestamptz')
    .addColumn('created_by_name', 'text', (c) => c.notNull())
    .$call(timestamps)
    .addCheckConstraint('interviews_where', sql`place <> '' or online_url <> ''`)
    .execute();
  await db.schema.createIndex('interviews_company_time_idx').on('interviews').columns(['company_id', 'starts_at']).execute();
  await db.schema.createIndex('interviews_application_idx').on('interviews').column('application_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('interviews').execute();
}
