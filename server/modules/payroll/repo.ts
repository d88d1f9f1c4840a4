/**
 * What the pay screens read and the worker's own bank account (docs/payroll.md): the reads behind
 * the payslip, the transfer batches, the worker's pay page and an invoice's document. A company id of null means every
 * company (platform staff).
 */
import { inTransaction, type DB } from '../../db/connect.ts';
import { ACCOUNT_UPDATED } from './ledger.ts';
import { BILLED_PREMIUMS } from './invoices.ts';
import type { BankAccountsTable } from './tables.ts';
import { sql, type Selectable } from 'kysely';
import { inCompany } from '../../access/tenancy.ts';

/** A pay run with its worker and company names, as its payslip heads it. */
export function payRunForSlip(db: DB, runId: string) {
  return db
    .selectFrom('pay_runs as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .innerJoin('companies as c', 'c.id', 'r.company_id')
    .selectAll('r')
    .select(['u.name as worker', 'u.lang', 'c.name as company_ja', 'c.name_en as company_en'])
    .where('r.id', '=', runId)
    .executeTakeFirst();
}

/** A pay run's lines (one per shift) with the job's titles, in shift order. */
export function payRunLines(db: DB, runId: string) {
  return db.selectFrom('pay_lines as l').innerJoin('jobs as j', 'j.id', 'l.job_id').selectAll('l').select(['j.title_ja', 'j.title_en']).where('l.run_id', '=', runId).orderBy('l.start_at').execute();
}

/** The latest 20 transfer batches, newest first. */
export function latestTransferBatches(db: DB, companyId: string | null) {
  return inCompany(db.selectFrom('transfer_batches').selectAll().orderBy('created_at', 'desc').limit(20), 'company_id', companyId).execute();
}

/** Daily pay lines that could not be batched, by worker and day (at most 200). */
export function failedDailyLines(db: DB, companyId: string | null) {
  const q = db
    .selectFrom('pay_lines as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select(['l.id', 'u.name', 'l.work_date', 'l.failure_reason'])
    .where('l.status', '=', 'failed')
    .where('l.mode', '=', 'daily')
    .orderBy('u.name')
    .orderBy('l.work_date')
    .limit(200);
  return inCompany(q, 'l.company_id', companyId).execute();
}

/** Whose a transfer batch is. */
export function transferBatchCompany(db: DB, batchId: string) {
  return db.selectFrom('transfer_batches').select('company_id').where('id', '=', batchId).executeTakeFirst();
}

/** The hour after which a transfer date is too soon (payment settings). */
export function transferCutoff(db: DB) {
  return db.selectFrom('payment_settings').select(['transfer_cutoff']).executeTakeFirst();
}

/** The companies with approved daily pay waiting for a transfer batch. */
export function companiesWithApprovedDailyPay(db: DB) {
  return db.selectFrom('pay_lines').select('company_id').distinct().where('status', '=', 'approved').where('mode', '=', 'daily').execute();
}

/** True when the worker has any pay line at the company. */
export async function hasPayAt(db: DB, userId: string, companyId: string): Promise<boolean> {
  return !!(await db.selectFrom('pay_lines').select('id').where('user_id', '=', userId).where('company_id', '=', companyId).limit(1).executeTakeFirst());
}

/** The worker's own pay: latest daily lines, runs, advances, bank account and the companies paying them. */
export function myPayRows(db: DB, me: string) {
  return Promise.all([
    db
      .selectFrom('pay_lines as l')
      .innerJoin('jobs as j', 'j.id', 'l.job_id')
      .innerJoin('companies as c', 'c.id', 'l.company_id')
      .select([
        'l.id',
        'l.work_date',
        'c.name as cja',
        'c.name_en as cen',
        'j.title_ja',
        'j.title_en',
        'l.worked_minutes',
        'l.total',
        'l.withholding',
        'l.tax_column',
        'l.dependents',
        'l.transfer_fee',
        'l.advance_deducted',
        'l.net',
        'l.status',
      ])
      .where('l.user_id', '=', me)
      .where('l.mode', '=', 'daily')
      .orderBy('l.work_date', 'desc')
      .limit(60)
      .execute(),
    db
      .selectFrom('pay_runs as r')
      .innerJoin('companies as c', 'c.id', 'r.company_id')
      .select(['r.id', 'c.name as cja', 'c.name_en as cen', 'r.period_start', 'r.period_end', 'r.pay_date', 'r.gross', 'r.net', 'r.status'])
      .where('r.user_id', '=', me)
      .orderBy('r.period_end', 'desc')
      .limit(24)
      .execute(),
    db.selectFrom('advances').selectAll().where('user_id', '=', me).orderBy('created_at', 'desc').limit(30).execute(),
    db.selectFrom('bank_accounts').selectAll().where('user_id', '=', me).executeTakeFirst(),
    db
      .selectFrom('applications as a')
      .innerJoin('companies as c', 'c.id', 'a.company_id')
      .select(['c.id', 'c.name', 'c.name_en'])
      .distinct()
      .where('a.candidate_id', '=', me)
      .innerJoin('pay_lines as l', 'l.application_id', 'a.id')
      .orderBy('c.name')
      .execute(),
  ] as const);
}

/** A worker's account as the form saves it: the table's row without its owner and stamp. */
export type BankAccountRow = Omit<Selectable<BankAccountsTable>, 'user_id' | 'updated_at'>;

/** Saves the worker's bank account; their lines that failed for want of it no longer say so (the clerk approves them again). */
export async function saveBankAccount(db: DB, userId: string, account: BankAccountRow): Promise<void> {
  const row = { ...account, updated_at: new Date() };
  await inTransaction(db, async (trx) => {
    await trx
      .insertInto('bank_accounts')
      .values({ user_id: userId, ...row })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
      .execute();
    await trx
      .updateTable('pay_lines')
      .set({ failure_reason: ACCOUNT_UPDATED, updated_at: new Date() })
      .where('user_id', '=', userId)
      .where('status', '=', 'failed')
      .where('failure_reason', 'in', ['no_bank_account', 'bank_name', 'branch_name', 'holder_name'])
      .execute();
  });
}

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

/** A shift's invoice lines in the order they are made: its hours, then each premium billed on them. */
const LINE_ORDER = ['work', ...BILLED_PREMIUMS.map((p) => p.kind)];

/**
 * An invoice's lines by day, then shift by shift in the order they were worked, each shift's hours
 * first and its premiums after them (overtime, late night, holiday): a reader checks a premium
 * against the hours just above it. Ordered by description, a premium came before the hours it is
 * on, and a day's premiums of two workers came apart from their shifts.
 */
export function invoiceLines(db: DB, invoiceId: string) {
  return db
    .selectFrom('invoice_lines as l')
    .leftJoin('attendance as t', 't.id', 'l.attendance_id')
    .selectAll('l')
    .where('l.invoice_id', '=', invoiceId)
    .orderBy('l.work_date')
    .orderBy('t.clock_in')
    .orderBy('l.attendance_id')
    .orderBy(sql`array_position(${sql.val(LINE_ORDER)}::text[], l.kind)`)
    .orderBy('l.description_ja')
    .execute();
}
