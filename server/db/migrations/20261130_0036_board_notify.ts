import { type Kysely, sql } from 'kysely';
import { createNotifyFunction, createStatementTrigger, dropTrigger } from '../migration-kit.ts';

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
  await createNotifyFunction(db, 'tsunagu_board_changed', `'tsunagu_board'`, `''`);
  for (const [table, events] of TRIGGERS) {
    await createStatementTrigger(db, `${table}_board_changed`, events, table, 'tsunagu_board_changed');
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [table] of TRIGGERS) await dropTrigger(db, `${table}_board_changed`, table);
  await sql`drop function if exists tsunagu_board_changed()`.execute(db);
}
