/** What an invoice's document reads (docs/payroll.md, Billing): the invoice with its parties and its lines (its template: templates/company-document.ts). */
import type { DB } from '../../db/connect.ts';

/** An invoice with its client's and company's names and the company's transfer account. */
export function invoiceWithParties(db: DB, invoiceId: string) {
  return db
    .selectFrom('invoices as i')
    .innerJoin('clients as cl', 'cl.id', 'i.client_id')
    .innerJoin('companies as c', 'c.id', 'i.company_id')
    .selectAll('i')
    .select([
      'cl.name as client_ja',
      'cl.name_en as client_en',
      'c.name as company_ja',
      'c.name_en as company_en',
      'c.transfer_bank_code',
      'c.transfer_bank_name',
      'c.transfer_branch_code',
      'c.transfer_branch_name',
      'c.transfer_account_type',
      'c.transfer_account_number',
      'c.transfer_requester_name',
    ])
    .where('i.id', '=', invoiceId)
    .executeTakeFirstOrThrow();
}

/** An invoice's lines by day and description. */
export function invoiceLines(db: DB, invoiceId: string) {
  return db.selectFrom('invoice_lines').selectAll().where('invoice_id', '=', invoiceId).orderBy('work_date').orderBy('description_ja').execute();
}
