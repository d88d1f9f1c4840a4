/**
 * Invoices to clients (issue 13 item 7, docs/payroll.md "Billing"): per client and closing period
 * (the client's billing closing day), a line per finished attendance record of its jobs billed by
 * the hour (the shift's bill rate, else the job's), each line's amount rounded half up, tax once
 * per rate on the invoice (`invoiceTotals`). A draft is made again from the attendance each time
 * invoices are created for the period; an issued invoice is never changed.
 */
import { sql } from 'kysely';
import { inTransaction, type DB } from '../../db/connect.ts';
import { addDays, todayInJapan } from '../../../shared/time.ts';
import { payPeriod } from '../payroll/payday.ts';
import { audit, type Actor } from '../payroll/ledger.ts';
import { invoiceTotals, lineAmount, type TaxRate } from './totals.ts';

/** Consumption tax on staffing services: the standard rate. */
const TAX_RATE: TaxRate = 10;

export interface CreateOutcome {
  created: number;
  updated: number;
  /** Clients whose invoice for the period is already issued: left as it is. */
  skipped: number;
}

/** The client's billing period closing in `month` ('YYYY-MM'). */
export function billingPeriod(closingDay: number, month: string) {
  const p = payPeriod({ closingDay, payDay: closingDay }, month);
  return { periodStart: p.periodStart, periodEnd: p.periodEnd };
}

/** Makes (or makes again) the draft invoices of every client of the company for the period closing in `month`. */
export async function createInvoices(db: DB, actor: Actor, companyId: string, month: string): Promise<CreateOutcome> {
  const out: CreateOutcome = { created: 0, updated: 0, skipped: 0 };
  const company = await db.selectFrom('companies').select(['registration_number']).where('id', '=', companyId).executeTakeFirstOrThrow();
  const clients = await db.selectFrom('clients').select(['id', 'billing_closing_day', 'payment_due_days']).where('company_id', '=', companyId).orderBy('name').execute();
  for (const client of clients) {
    const { periodStart, periodEnd } = billingPeriod(client.billing_closing_day, month);
    await inTransaction(db, async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${`invoice:${client.id}`}))`.execute(trx);
      const existing = await trx.selectFrom('invoices').select(['id', 'status']).where('client_id', '=', client.id).where('period_start', '=', periodStart).executeTakeFirst();
      if (existing && existing.status !== 'draft') {
        out.skipped++;
        return;
      }
      const work = await trx
        .selectFrom('attendance as t')
        .innerJoin('applications as a', 'a.id', 't.application_id')
        .innerJoin('jobs as j', 'j.id', 'a.job_id')
        .innerJoin('users as u', 'u.id', 'a.candidate_id')
        .leftJoin('job_daily_shifts as s', 's.id', 't.shift_id')
        .select([
          't.id',
          'u.name',
          'j.title_ja',
          'j.title_en',
          sql<number | null>`coalesce(s.bill_rate, j.bill_rate)`.as('rate'),
          sql<string>`(t.clock_in at time zone 'Asia/Tokyo')::date::text`.as('day'),
          sql<number>`greatest(0, floor(extract(epoch from (t.clock_out - t.clock_in)) / 60)::int - t.break_minutes)`.as('minutes'),
        ])
        .where('a.client_id', '=', client.id)
        .where('t.clock_in', 'is not', null)
        .where('t.clock_out', 'is not', null)
        .where('t.status', 'in', ['present', 'late'])
        .where(sql<boolean>`(t.clock_in at time zone 'Asia/Tokyo')::date between ${periodStart}::date and ${periodEnd}::date`)
        .orderBy('t.clock_in')
        .execute();
      const lines = work
        .filter((w) => w.rate !== null && w.minutes > 0)
        .map((w) => ({
          attendance_id: w.id,
          work_date: w.day,
          description_ja: `${w.title_ja}（${w.name}）`,
          description_en: `${w.title_en || w.title_ja} (${w.name})`,
          minutes: w.minutes,
          unit_price: w.rate!,
          amount: lineAmount(w.minutes, w.rate!, 60),
          tax_rate: TAX_RATE,
        }));
      if (!lines.length && !existing) return;
      const totals = invoiceTotals(lines.map((l) => ({ amount: l.amount, taxRate: l.tax_rate })));
      const values = { net: totals.net, tax: totals.tax, total: totals.total, period_end: periodEnd, due_date: addDays(periodEnd, client.payment_due_days), registration_number: company.registration_number, updated_at: new Date() };
      let id = existing?.id;
      if (id) {
        await trx.updateTable('invoices').set(values).where('id', '=', id).execute();
        await trx.deleteFrom('invoice_lines').where('invoice_id', '=', id).execute();
        out.updated++;
      } else {
        const seq = await trx.selectFrom('invoices').select((eb) => eb.fn.countAll<string>().as('n')).where('company_id', '=', companyId).where('period_end', '=', periodEnd).executeTakeFirstOrThrow();
        const number = `${periodEnd.slice(0, 4)}${periodEnd.slice(5, 7)}-${String(Number(seq.n) + 1).padStart(3, '0')}`;
        id = (await trx.insertInto('invoices').values({ ...values, company_id: companyId, client_id: client.id, number, period_start: periodStart }).returning('id').executeTakeFirstOrThrow()).id;
        await audit(trx, actor, 'invoice', id, companyId, { number, period: `${periodStart}..${periodEnd}`, total: totals.total }, 'create');
        out.created++;
      }
      if (lines.length) await trx.insertInto('invoice_lines').values(lines.map((l) => ({ ...l, invoice_id: id! }))).execute();
    });
  }
  return out;
}

/** Issues drafts: the issue date is today (Japan), after which the invoice never changes. */
export async function issueInvoices(db: DB, actor: Actor, ids: readonly string[], now = new Date()): Promise<number> {
  let n = 0;
  for (const id of ids) {
    const r = await db.updateTable('invoices').set({ status: 'issued', issue_date: todayInJapan(now), updated_at: new Date() }).where('id', '=', id).where('status', '=', 'draft').returning(['id', 'company_id']).executeTakeFirst();
    if (!r) continue;
    await audit(db, actor, 'invoice', id, r.company_id, { status: { from: 'draft', to: 'issued' } });
    n++;
  }
  return n;
}
