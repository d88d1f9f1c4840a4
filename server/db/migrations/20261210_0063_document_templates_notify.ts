import type { Kysely } from 'kysely';
import { createStatementTrigger, dropTrigger } from '../migration-kit.ts';

/**
 * The contract and billing templates a document may be made with (the choices of the worker
 * record's contract form and the billing page's invoice form, company-document.ts) join the
 * reference data cached in every process (server/modules/enums/reference-cache.ts): a write to
 * `document_templates` sends the NOTIFY of migration 0017, so every process drops its copy when the
 * transaction commits, and a page no longer reads them on each view.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await createStatementTrigger(db, 'document_templates_reference_changed', 'insert or update or delete or truncate', 'document_templates', 'tsunagu_reference_changed');
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTrigger(db, 'document_templates_reference_changed', 'document_templates');
}
