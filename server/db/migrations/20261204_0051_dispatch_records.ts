import type { Kysely } from 'kysely';
import { now, childTable } from '../migration-kit.ts';

/**
 * What the 派遣元管理台帳 (労働者派遣法第37条, 施行規則第31条) needs beyond what the platform
 * already holds (docs/workforce.md "The records a dispatching company keeps"): the client's
 * supervisor for the job (派遣先責任者, on the job form) and the complaints a dispatched worker
 * raised with how they were handled (苦情の処理状況), per placement.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('supervisor', 'text').execute();
  await childTable(db, 'dispatch_complaints', 'application_id', 'applications.id')
    .addColumn('received_on', 'date', (c) => c.notNull())
    .addColumn('complaint', 'text', (c) => c.notNull())
    .addColumn('handling', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', now)
    .execute();
  await db.schema.createIndex('dispatch_complaints_application').on('dispatch_complaints').column('application_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('dispatch_complaints').execute();
  await db.schema.alterTable('jobs').dropColumn('supervisor').execute();
}
