import { type Kysely, sql } from 'kysely';
import { createNotifyFunction, createStatementTrigger, dropTrigger } from '../migration-kit.ts';

/**
 * Reference data (enumerations, visa types, languages, industries, categories) is cached in every
 * process (server/modules/enums/reference-cache.ts). Any write to those tables, from any path
 * (the API, a migration, psql), sends NOTIFY tsunagu_reference with the table's name once per
 * statement; PostgreSQL delivers it when the transaction commits, so every process drops its
 * copy before anyone can read the change.
 */
const TABLES = ['job_enums', 'job_enum_translations', 'visa_types', 'languages', 'job_industries', 'job_categories'];

export async function up(db: Kysely<any>): Promise<void> {
  await createNotifyFunction(db, 'tsunagu_reference_changed', `'tsunagu_reference'`, 'tg_table_name');
  for (const table of TABLES) {
    await createStatementTrigger(db, `${table}_reference_changed`, 'insert or update or delete or truncate', table, 'tsunagu_reference_changed');
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) await dropTrigger(db, `${table}_reference_changed`, table);
  await sql`drop function if exists tsunagu_reference_changed()`.execute(db);
}
