import { type Kysely, sql } from 'kysely';

/**
 * Reference data (enumerations, visa types, languages, industries, categories) is cached in every
 * process (server/modules/enums/reference-cache.ts). Any write to those tables, from any path
 * (the API, a migration, psql), sends NOTIFY tsunagu_reference with the table's name once per
 * statement; PostgreSQL delivers it when the transaction commits, so every process drops its
 * copy before anyone can read the change.
 */
const TABLES = ['job_enums', 'job_enum_translations', 'visa_types', 'languages', 'job_industries', 'job_categories'];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function tsunagu_reference_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('tsunagu_reference', tg_table_name);
      return null;
    end $$`.execute(db);
  for (const table of TABLES) {
    await sql`create trigger ${sql.raw(`${table}_reference_changed`)} after insert or update or delete or truncate on ${sql.table(table)} for each statement execute function tsunagu_reference_changed()`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) await sql`drop trigger if exists ${sql.raw(`${table}_reference_changed`)} on ${sql.table(table)}`.execute(db);
  await sql`drop function if exists tsunagu_reference_changed()`.execute(db);
}
