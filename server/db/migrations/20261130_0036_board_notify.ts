import { type Kysely, sql } from 'kysely';

/**
 * The public boards and job pages are cached in every process (server/modules/jobs/board-cache.ts).
 * Any write that can change what they show sends NOTIFY tsunagu_board once per statement: jobs
 * (any column: status, publication window, last open date), their shifts (a seat taken), a
 * company's name and the enumeration labels. PostgreSQL delivers it when the transaction commits.
 */
const TRIGGERS: [table: string, events: string][] = [
  ['jobs', 'insert or update or delete or truncate'],
  ['job_daily_shifts', 'insert or update or delete or truncate'],
  ['companies', 'insert or update of name, name_en or delete or truncate'],
  ['job_enum_translations', 'insert or update or delete or truncate'],
];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function tsunagu_board_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('tsunagu_board', '');
      return null;
    end $$`.execute(db);
  for (const [table, events] of TRIGGERS) {
    await sql`create trigger ${sql.raw(`${table}_board_changed`)} after ${sql.raw(events)} on ${sql.table(table)} for each statement execute function tsunagu_board_changed()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [table] of TRIGGERS) await sql`drop trigger if exists ${sql.raw(`${table}_board_changed`)} on ${sql.table(table)}`.execute(db);
  await sql`drop function if exists tsunagu_board_changed()`.execute(db);
}
