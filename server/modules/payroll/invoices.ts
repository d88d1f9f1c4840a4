/**
 * Invoices to clients (docs/payroll.md "Invoices"): per client and closing period (the client's
 * billing closing day), a line per finished attendance record of its jobs billed by the hour (the
 * shift's bill rate, else the job's), and a line per premium the worker was paid on it (overtime,
 * late night, statutory holiday) at the same percentage of the bill rate; each line's amount
 * rounded half up, tax once per rate on the invoice (`invoiceTotals`). A draft is made again from
 * the attendance each time invoices are made for the period; an issued invoice never changes.
 *
 * Periods of one client never overlap: a period starts after the last issued one ends (a closing
 * day changed between two invoices makes the next period shorter, never a second bill for the same
 * days). A shift is billed once (a unique index on the line's attendance and kind): a shift of an
 * issued period recorded after the issue goes onto the client's next invoice, dated its own day.
 */
import { sql } from 'kysely';
import { inTransaction, type DB } from '../../db/connect.ts';
import { addDays, todayInJapan } from '../../../shared/time.ts';
import { payPeriod } from './payday.ts';
import { audit, type Actor } from '../../db/audit.ts';
import type { InvoiceLineKind } from './tables.ts';
import { invoiceTotals, lineAmount, type TaxRate } from './totals.ts';
import { attendanceWithJob } from '../pipeline/repo.ts';

/** Consumption tax on staffing services: the standard rate. */
const TAX_RATE: TaxRate = 10;

/**
 * The premiums billed on a shift's premium minutes, in percent of the bill rate: the percentages the
 * worker is paid on their wage (労働基準法第37条 and 割増賃金令 (平成6年政令第5号): 時間外 25%,
 * 休日 35%; 第37条第4項: 深夜 22:00–05:00 25%), so the client pays the premium at the same markup
 * as the hours (bill rate ÷ wage). The extra 25% beyond 60 hours of overtime in a month is a
 * monthly figure of the worker's employer, not of one client's shift, and is not billed.
 */
export const BILLED_PREMIUMS: readonly { kind: Exclude<InvoiceLineKind, 'work'>; percent: number; ja: string; en: string }[] = [
  { kind: 'overtime', percent: 25, ja: '時間外割増', en: 'Overtime premium' },
  { kind: 'late_night', percent: 25, ja: '深夜割増', en: 'Late-night premium' },
  { kind: 'holiday', percent: 35, ja: '休日割増', en: 'Holiday premium' },
];

/** One premium line's amount: minutes × bill rate × percent, rounded half up once (60 min overtime at ¥1,700: ¥425). */
export const premiumAmount = (minutes: number, rate: number, percent: number) => lineAmount(minutes * percent, rate, 60 * 100);

export interface CreateOutcome {
  created: number;
  updated: number;
  /** Clients whose invoice for the period is already issued (or a later one is): left as they are. */
  skipped: number;
}

/** The client's billing period closing in `month` ('YYYY-MM'), before any earlier invoice shortens it. */
export function billingPeriod(closingDay: number, month: string) {
  const p = payPeriod({ closingDay, payDay: closingDay }, month);
  return { periodStart: p.periodStart, periodEnd: p.periodEnd };
}

/** The next invoice number of the company for the month of `periodEnd`: `YYYYMM-NNN`, one more than the highest. */
async function nextNumber(trx: DB, companyId: string, periodEnd: string): Promise<string> {
  const prefix = `${periodEnd.slice(0, 4)}${periodEnd.slice(5, 7)}-`;
  const r = await trx
    .selectFrom('invoices')
    .select(sql<number>`coalesce(max(split_part(number, '-', 2)::int), 0)`.as('n'))
    .where('company_id', '=', companyId)
    .where('number', 'like', `${prefix}%`)
    .where(sql<boolean>`split_part(number, '-', 2) ~ '^[0-9]{1,9}$'`)
    .executeTakeFirstOrThrow();
  return `${prefix}${String(Number(r.n) + 1).padStart(3, '0')}`;
}

/**
 * Makes (or makes again) the draft invoices of every client of the company for the period closing in
 * `month`, each drawn with the billing template `templateId` (null: the company's usual one). The
 * caller checked the template is one the company may use.
 */
export async function createInvoices(db: DB, actor: Actor, companyId: string, month: string, templateId: string | null = null): Promise<CreateOutcome> {
  const out: CreateOutcome = { created: 0, updated: 0, skipped: 0 };
  const company = await db.selectFrom('companies').select(['registration_number']).where('id', '=', companyId).executeTakeFirstOrThrow();
  const clients = await db.selectFrom('clients').select(['id', 'billing_closing_day', 'payment_due_days']).where('company_id', '=', companyId).orderBy('name').execute();
  for (const client of clients) {
    const computed = billingPeriod(client.billing_closing_day, month);
    const periodEnd = computed.periodEnd;
    await inTransaction(db, async (trx) => {
      // One company at a time: numbers are the company's, so two people making invoices at once queue here.
      await sql`select pg_advisory_xact_lock(hashtext(${`invoice:${companyId}`}))`.execute(trx);
      const all = await trx.selectFrom('invoices').select(['id', 'status', 'period_start', 'period_end', 'number']).where('client_id', '=', client.id).execute();
      const issued = all.filter((i) => i.status !== 'draft');
      // Billed through this period's end already (the same period, or a later one): nothing to make.
      if (issued.some((i) => i.period_end >= periodEnd)) {
        out.skipped++;
        return;
      }
      const lastEnd = issued.reduce<string | null>((m, i) => (m === null || i.period_end > m ? i.period_end : m), null);
      const periodStart = lastEnd && addDays(lastEnd, 1) > computed.periodStart ? addDays(lastEnd, 1) : computed.periodStart;
      // Drafts are remade from attendance: one whose days this period now covers goes (its shifts come here).
      const existing = all.find((i) => i.status === 'draft' && i.period_end === periodEnd);
      const overlapping = all.filter((i) => i.status === 'draft' && i !== existing && i.period_start <= periodEnd && i.period_end >= periodStart).map((i) => i.id);
      if (overlapping.length) await trx.deleteFrom('invoices').where('id', 'in', overlapping).execute();
      if (existing) await trx.deleteFrom('invoice_lines').where('invoice_id', '=', existing.id).execute();
      // Late shifts of issued periods come too: from the first issued period on, whatever is not billed yet.
      const firstStart = issued.reduce<string>((m, i) => (i.period_start < m ? i.period_start : m), periodStart);
      const work = await attendanceWithJob(trx)
        .innerJoin('users as u', 'u.id', 'a.candidate_id')
        .leftJoin('pay_lines as p', 'p.attendance_id', 't.id')
        .select([
          't.id',
          'u.name',
          'j.title_ja',
          'j.title_en',
          sql<number | null>`coalesce(s.bill_rate, j.bill_rate)`.as('rate'),
          sql<string>`(t.clock_in at time zone 'Asia/Tokyo')::date::text`.as('day'),
          sql<number>`greatest(0, floor(extract(epoch from (t.clock_out - t.clock_in)) / 60)::int - t.break_minutes)`.as('minutes'),
          sql<number>`coalesce(p.overtime_minutes, 0)`.as('overtime'),
          sql<number>`coalesce(p.late_night_minutes, 0)`.as('late_night'),
          sql<number>`coalesce(p.holiday_minutes, 0)`.as('holiday'),
        ])
        .where('a.client_id', '=', client.id)
        .where('t.clock_in', 'is not', null)
        .where('t.clock_out', 'is not', null)
        .where('t.status', 'in', ['present', 'late'])
        .where(sql<boolean>`(t.clock_in at time zone 'Asia/Tokyo')::date between ${firstStart}::date and ${periodEnd}::date`)
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom('invoice_lines as il').select('il.id').whereRef('il.attendance_id', '=', 't.id'))))
        .orderBy('t.clock_in')
        .execute();
      const lines = work
        .filter((w) => w.rate !== null && w.minutes > 0)
        .flatMap((w) => {
          const late = w.day < periodStart;
          const suffixJa = late ? '・前期間の追加分' : '';
          const suffixEn = late ? ', added from an earlier period' : '';
          const title = { ja: w.title_ja, en: w.title_en || w.title_ja };
          const line = (kind: InvoiceLineKind, minutes: number, amount: number, ja: string, en: string) => ({
            attendance_id: w.id,
            kind,
            work_date: w.day,
            description_ja: `${ja}（${w.name}${suffixJa}）`,
            description_en: `${en} (${w.name}${suffixEn})`,
            minutes,
            unit_price: w.rate!,
            amount,
            tax_rate: TAX_RATE,
          });
          return [
            line('work', w.minutes, lineAmount(w.minutes, w.rate!, 60), title.ja, title.en),
            ...BILLED_PREMIUMS.filter((p) => w[p.kind] > 0).map((p) =>
              line(p.kind, w[p.kind], premiumAmount(w[p.kind], w.rate!, p.percent), `${title.ja} ${p.ja} ${p.percent}%`, `${title.en} ${p.en} ${p.percent}%`),
            ),
          ];
        });
      if (!lines.length && !existing) return;
      const totals = invoiceTotals(lines.map((l) => ({ amount: l.amount, taxRate: l.tax_rate })));
      const values = {
        net: totals.net,
        tax: totals.tax,
        total: totals.total,
        period_start: periodStart,
        period_end: periodEnd,
        due_date: addDays(periodEnd, client.payment_due_days),
        registration_number: company.registration_number,
        template_id: templateId,
        updated_at: new Date(),
      };
      let id = existing?.id;
      if (id) {
        await trx.updateTable('invoices').set(values).where('id', '=', id).execute();
        out.updated++;
      } else {
        const number = await nextNumber(trx, companyId, periodEnd);
        id = (
          await trx
            .insertInto('invoices')
            .values({ ...values, company_id: companyId, client_id: client.id, number })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
        await audit(trx, actor, 'invoice', id, companyId, { number, period: `${periodStart}..${periodEnd}`, total: totals.total }, 'create');
        out.created++;
      }
      if (lines.length)
        await trx
          .insertInto('invoice_lines')
          .values(lines.map((l) => ({ ...l, invoice_id: id! })))
          .execute();
    });
  }
  return out;
}

export interface IssueOutcome {
  /** The drafts issued now, with whom to tell. */
  issued: { clientId: string; number: string }[];
  /** Drafts whose period has not ended yet (Japan's day): refused, with the day it ends. */
  early: { number: string; periodEnd: string }[];
}

/**
 * Issues drafts: the issue date is today (Japan), after which the invoice never changes. A draft
 * whose period has not ended (today is its last day or earlier) is refused: shifts may still come.
 */
export async function issueInvoices(db: DB, actor: Actor, ids: readonly string[], now = new Date()): Promise<IssueOutcome> {
  const out: IssueOutcome = { issued: [], early: [] };
  const today = todayInJapan(now);
  for (const id of ids) {
    const r = await db
      .updateTable('invoices')
      .set({ status: 'issued', issue_date: today, updated_at: new Date() })
      .where('id', '=', id)
      .where('status', '=', 'draft')
      .where('period_end', '<', today)
      .returning(['id', 'company_id', 'client_id', 'number'])
      .executeTakeFirst();
    if (!r) {
      const draft = await db.selectFrom('invoices').select(['number', 'period_end']).where('id', '=', id).where('status', '=', 'draft').executeTakeFirst();
      if (draft) out.early.push({ number: draft.number, periodEnd: draft.period_end });
      continue;
    }
    await audit(db, actor, 'invoice', id, r.company_id, { status: { from: 'draft', to: 'issued' } });
    out.issued.push({ clientId: r.client_id, number: r.number });
  }
  return out;
}
