import { type Kysely, sql } from 'kysely';
import { createNotifyFunction, createStatementTrigger, dropTrigger } from '../migration-kit.ts';

/**
 * The totals of the back office's lists are kept per process until their table changes
 * (server/resources/row-counts.ts). Any write to one of these tables sends NOTIFY
 * tsunagu_rows_<table> once per statement (PostgreSQL delivers it when the transaction commits;
 * rows removed by a cascade fire it too). These are the tables of the resource engine's lists
 * (RESOURCES); test/integration/row-counts.test.ts fails when a list's table has no trigger.
 */
const COUNTED_TABLES = [
  'ads',
  'app_settings',
  'campaigns',
  'candidate_statuses',
  'chatbot_messages',
  'clients',
  'companies',
  'crawler_sources',
  'document_templates',
  'job_categories',
  'job_industries',
  'job_statuses',
  'jobs',
  'payment_settings',
  'staff',
  'users',
];

export async function up(db: Kysely<any>): Promise<void> {
  await createNotifyFunction(db, 'tsunagu_rows_changed', `'tsunagu_rows_' || tg_table_name`, `''`);
  for (const t of COUNTED_TABLES) {
    await createStatementTrigger(db, `${t}_rows_changed`, 'insert or update or delete or truncate', t, 'tsunagu_rows_changed');
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of COUNTED_TABLES) await dropTrigger(db, `${t}_rows_changed`, t);
  await sql`drop function if exists tsunagu_rows_changed()`.execute(db);
}
