import type { Kysely } from 'kysely';

/**
 * The billing template an invoice is drawn with (docs/payroll.md "Invoices"), chosen when the
 * month's invoices are made; null: the usual one (the company's own, else the platform's, the
 * oldest first). A template deleted later leaves its invoices on the usual one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('invoices')
    .addColumn('template_id', 'uuid', (c) => c.references('document_templates.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('invoices').dropColumn('template_id').execute();
}
