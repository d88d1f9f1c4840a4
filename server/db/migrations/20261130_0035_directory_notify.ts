import type { Kysely } from 'kysely';
import { createStatementTrigger, dropTrigger } from '../migration-kit.ts';

/**
 * The choices most back-office pages offer join the reference data cached in every process
 * (server/modules/enums/reference-cache.ts): clients and companies by name, the candidate-status
 * trees, and jobs by title (a list's job filter). They change far less often than pages are
 * viewed. A write that changes what a choice shows sends the NOTIFY of migration 0017, so every
 * process drops its copy when the transaction commits. Columns that change often and no choice
 * shows (a job's last open date, a company's counters) do not notify.
 */
const TRIGGERS: [table: string, events: string][] = [
  ['clients', 'insert or update or delete or truncate'],
  ['companies', 'insert or update of name, name_en or delete or truncate'],
  ['candidate_statuses', 'insert or update or delete or truncate'],
  ['jobs', 'insert or update of title_ja, title_en, company_id, client_id, kind, status, created_at or delete or truncate'],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, events] of TRIGGERS) {
    await createStatementTrigger(db, `${table}_reference_changed`, events, table, 'tsunagu_reference_changed');
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [table] of TRIGGERS) await dropTrigger(db, `${table}_reference_changed`, table);
}
