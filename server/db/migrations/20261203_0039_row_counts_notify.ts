import { type Kysely, sql } from 'kysely';

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
  await sql`
    create function tsunagu_rows_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('tsunagu_rows_' || tg_table_name, '');
      return null;
    end $$`.execute(db);
  for (const t of COUNTED_TABLES) {
    await sql`create trigger ${sql.id(`${t}_rows_changed`)} after insert or update or delete or truncate on ${sql.id(t)} for each statement execute function tsunagu_rows_changed()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of COUNTED_TABLES) await sql`drop trigger if exists ${sql.id(`${t}_rows_changed`)} on ${sql.id(t)}`.execute(db);
  await sql`drop function if exists tsunagu_rows_changed()`.execute(db);
}
