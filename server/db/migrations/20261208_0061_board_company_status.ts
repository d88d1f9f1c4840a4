import type { Kysely } from 'kysely';
import { createStatementTrigger, dropTrigger } from '../migration-kit.ts';

/**
 * A suspended company's jobs leave the public boards (server/modules/jobs/public.ts), so a change of
 * a company's status must reach every process's board cache: the companies trigger of migration
 * 0036 sent NOTIFY tsunagu_board for its names only.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await dropTrigger(db, 'companies_board_changed', 'companies');
  await createStatementTrigger(db, 'companies_board_changed', 'insert or update of name, name_en, status or delete or truncate', 'companies', 'tsunagu_board_changed');
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTrigger(db, 'companies_board_changed', 'companies');
  await createStatementTrigger(db, 'companies_board_changed', 'insert or update of name, name_en or delete or truncate', 'companies', 'tsunagu_board_changed');
}
