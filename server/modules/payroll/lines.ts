/**
 * The pay run (docs/payroll.md): every finished attendance record becomes a
 * pay line, computed by `computeShiftPay` with the context built here, in one place, for both
 * daily and monthly pay: the worker's earlier shifts in time order, the week Sunday to Saturday,
 * the month as the company's closing period, Sunday as the statutory holiday. A line still
 * pending is recomputed whenever the worker's attendance changes (a late record changes the
 * overtime of later shifts); a line approved, transferred or in an approved run keeps its amounts.
 *
 * A job's pay mode (jobs.pay_mode; daily jobs daily, the others monthly by default) decides: daily
 * pay is a line per shift, withholding by the 日額表 (丙欄 for day hires, else 甲欄/乙欄), batched for transfer; monthly pay (a draft run per worker and closing period, summing its lines, less
 * outstanding advances and the transfer fee).
 */
import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/database.ts';
import { inTransaction, type DB } from '../../db/connect.ts';
import { addDays, clockInJapan, todayInJapan, weekdayOf } from '../../../shared/time.ts';
import { computeShiftPay, type ShiftPay } from './compute.ts';
import { payPeriod, transferDateFor, type PayPeriod, type PaySchedule } from './payday.ts';
import { shiftWageOf, wageKindOf } from './wage-kind.ts';
import { dailyWithholding } from './withholding.ts';
import { deductionTotal, monthlyDeductions, type PayrollPerson } from './deductions.ts';
import { roundHalfUp } from './rounding.ts';
import { attendanceWithJob } from '../pipeline/repo.ts';

type Trx = DB;

/** The pay period (closing period) that holds a day. */
export function periodOf(schedule: PaySchedule, day: string): PayPeriod {
  const p = payPeriod(schedule, day.slice(0, 7));
  if (day <= p.periodEnd) return p;
  const [y, m] = day.slice(0, 7).split('-').map(Number) as [number, number];
  return payPeriod(schedule, m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`);
}

/** Sunday of the week (Sunday to Saturday) holding a day. */
const sundayOf = (day: string) => addDays(day, -weekdayOf(day));

/** The platform's transfer fee charged per transfer to a worker. */
export async function transferFee(db: DB | Trx): Promise<number> {
  const s = await db.selectFrom('payment_settings').select('transfer_fee').executeTakeFirst();
  return s?.transfer_fee ?? 0;
}

/** Recomputes the worker's pay lines and draft runs at a company (inside a lock per worker). */
export async function syncPay(db: DB, companyId: string, userId: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`pay:${companyId}:${userId}`}))`.execute(trx);
    const company = await trx.selectFrom('companies').select(['closing_day', 'pay_day']).where('id', '=', companyId).executeTakeFirstOrThrow();
    const schedule = { closingDay: company.closing_day, payDay: company.pay_day };
    const work = await attendanceWithJob(trx)
      .leftJoin('job_enum_translations as pt', (jn) => jn.onRef('pt.enum_id', '=', 'j.pay_type_id').on('pt.language_key', '=', 'ja'))
      .leftJoin('pay_lines as l', 'l.attendance_id', 't.id')
      .select([
        't.id as attendanceId',
        'a.id as applicationId',
        'j.id as jobId',
        'j.pay_mode',
        sql<number>`coalesce(s.wage, j.wage)`.as('wage'),
        'pt.value as payType',
        's.start_time as planStart',
        's.end_time as planEnd',
        's.break_minutes as planBreak',
        't.clock_in',
        't.clock_out',
        't.break_minutes',
        'l.id as lineId',
        'l.status as lineStatus',
        'l.worked_minutes',
        'l.overtime_minutes',
        'l.holiday_minutes',
      ])
      .where('t.company_id', '=', companyId)
      .where('a.candidate_id', '=', userId)
      .where('t.clock_in', 'is not', null)
      .where('t.clock_out', 'is not', null)
      .where('t.status', 'in', ['present', 'late'])
      .orderBy('t.clock_in')
      .execute();

    const person = await payrollPerson(trx, companyId, userId);
    // Daily pay is withheld on the 日額表 of the day it is paid: until it is batched, the day a
    // transfer made now would go out (the batch fixes it with its own transfer date).
    const cutoff = (await trx.selectFrom('payment_settings').select('transfer_cutoff').executeTakeFirst())?.transfer_cutoff ?? '15:00';
    const expectedPayDay = transferDateFor(new Date(), cutoff);
    const dailyColumn = dailyTaxColumn(person);
    const weekly = new Map<string, number>();
    const monthlyOvertime = new Map<string, number>();
    const periods = new Map<string, PayPeriod>();
    for (const w of work) {
      const startAt = w.clock_in!;
      const endAt = w.clock_out!;
      const date = todayInJapan(startAt);
      const period = periodOf(schedule, date);
      periods.set(period.periodStart, period);
      const weekKey = sundayOf(date);
      // Sunday is the statutory holiday, counted by calendar day: a shift into Sunday has its
      // minutes after midnight as holiday work, a shift from Sunday only those before.
      const holiday = weekdayOf(date) === 0;
      const nextDayHoliday = weekdayOf(addDays(date, 1)) === 0;
      // Approved, transferred or in an approved run (its lines are approved with it): amounts stay.
      const frozen = w.lineId && w.lineStatus !== 'pending';
      let pay: Pick<ShiftPay, 'workedMinutes' | 'overtimeMinutes' | 'holidayMinutes'>;
      if (frozen) {
        pay = { workedMinutes: w.worked_minutes ?? 0, overtimeMinutes: w.overtime_minutes ?? 0, holidayMinutes: w.holiday_minutes ?? 0 };
      } else {
        const spanMinutes = Math.floor((endAt.getTime() - startAt.getTime()) / 60_000);
        // Less than a minute, or a day or more, is a recording mistake, not a shift: no line.
        if (spanMinutes < 1 || spanMinutes >= 24 * 60 || !(w.wage >= 1)) continue;
        const breakMinutes = w.break_minutes < spanMinutes ? w.break_minutes : 0;
        // A 月給 job is not paid per shift (docs/payroll.md): no line, and no crash at clock-out.
        const plan = w.planStart && w.planEnd ? { start: w.planStart.slice(0, 5), end: w.planEnd.slice(0, 5), breakMinutes: w.planBreak ?? 0 } : null;
        const wage = shiftWageOf(wageKindOf(w.payType), w.wage, plan);
        // Nor a wage no pay rule reads (an hourly wage over ¥100,000: a monthly amount saved without its pay type).
        if (!wage || ('hourlyWage' in wage ? wage.hourlyWage > 100_000 : wage.dailyWage > 1_000_000)) continue;
        const computed = computeShiftPay(
          { date, start: clockInJapan(startAt), end: clockInJapan(endAt), breakMinutes, ...wage, statutoryHoliday: holiday, nextDayStatutoryHoliday: nextDayHoliday },
          { weeklyMinutesBefore: Math.min(weekly.get(weekKey) ?? 0, 7 * 24 * 60), monthlyOvertimeMinutesBefore: Math.min(monthlyOvertime.get(period.periodStart) ?? 0, 31 * 24 * 60) },
        );
        pay = computed;
        const mode = w.pay_mode;
        // The 日額表 of the pay day: 丙欄 for a recorded day hire, else 甲欄 with the declared
        // dependants or 乙欄 (dailyTaxColumn); a monthly line is withheld by its run instead.
        const taxColumn = mode === 'daily' ? dailyColumn.column : null;
        const dependents = taxColumn ? dailyColumn.dependents : 0;
        const withholding = taxColumn ? dailyWithholding(computed.total, { column: taxColumn, dependents, payDay: expectedPayDay }) : 0;
        const values = {
          mode,
          work_date: date,
          start_at: startAt,
          end_at: endAt,
          break_minutes: breakMinutes,
          // A day rate's line carries its hourly basis (dailyWage ÷ scheduled hours), rounded half up for display.
          hourly_wage: 'hourlyWage' in wage ? wage.hourlyWage : roundHalfUp(wage.dailyWage * 60, wage.scheduledMinutes),
          statutory_holiday: computed.holidayMinutes > 0,
          worked_minutes: computed.workedMinutes,
          overtime_minutes: computed.overtimeMinutes,
          over60_minutes: computed.over60Minutes,
          late_night_minutes: computed.lateNightMinutes,
          holiday_minutes: computed.holidayMinutes,
          base: computed.base,
          overtime_premium: computed.overtimePremium,
          late_night_premium: computed.lateNightPremium,
          holiday_premium: computed.holidayPremium,
          total: computed.total,
          withholding,
          tax_column: taxColumn,
          dependents,
          net: computed.total - withholding,
          updated_at: new Date(),
        } as const;
        if (w.lineId) await trx.updateTable('pay_lines').set(values).where('id', '=', w.lineId).execute();
        else
          await trx
            .insertInto('pay_lines')
            .values({ ...values, company_id: companyId, user_id: userId, application_id: w.applicationId, attendance_id: w.attendanceId, job_id: w.jobId })
            .execute();
      }
      // Holiday minutes count toward neither the week's 40 hours nor its overtime.
      weekly.set(weekKey, (weekly.get(weekKey) ?? 0) + pay.workedMinutes - pay.holidayMinutes - pay.overtimeMinutes);
      monthlyOvertime.set(period.periodStart, (monthlyOvertime.get(period.periodStart) ?? 0) + pay.overtimeMinutes);
    }
    // A record changed to absent (or deleted) takes its pending line with it.
    const kept = work.map((w) => w.attendanceId);
    let stale = trx.deleteFrom('pay_lines').where('company_id', '=', companyId).where('user_id', '=', userId).where('status', '=', 'pending');
    if (kept.length) stale = stale.where('attendance_id', 'not in', kept);
    await stale.execute();
    await syncRuns(trx, companyId, userId, [...periods.values()]);
  });
}

/** The worker's monthly lines at the company in the period: what one run sums and then holds. */
const monthlyLinesOf = (companyId: string, userId: string, p: PayPeriod) => (eb: ExpressionBuilder<Database, 'pay_lines'>) =>
  eb.and([eb('company_id', '=', companyId), eb('user_id', '=', userId), eb('mode', '=', 'monthly'), eb('work_date', '>=', p.periodStart), eb('work_date', '<=', p.periodEnd)]);

/** The draft monthly runs of the periods the worker has monthly lines in: sums, advances, fee. */
async function syncRuns(trx: Trx, companyId: string, userId: string, periods: PayPeriod[]): Promise<void> {
  const fee = await transferFee(trx);
  const person = await payrollPerson(trx, companyId, userId);
  const { insurance_prefecture: prefecture } = await trx.selectFrom('companies').select('insurance_prefecture').where('id', '=', companyId).executeTakeFirstOrThrow();
  for (const p of periods.sort((a, b) => a.periodStart.localeCompare(b.periodStart))) {
    const existing = await trx
      .selectFrom('pay_runs')
      .select(['id', 'status'])
      .where('company_id', '=', companyId)
      .where('user_id', '=', userId)
      .where('period_start', '=', p.periodStart)
      .executeTakeFirst();
    if (existing && existing.status !== 'draft') continue;
    const sums = await trx
      .selectFrom('pay_lines')
      .select((eb) => [
        eb.fn.countAll<string>().as('shifts'),
        sql<string>`coalesce(sum(worked_minutes), 0)`.as('worked'),
        sql<string>`coalesce(sum(overtime_minutes), 0)`.as('overtime'),
        sql<string>`coalesce(sum(over60_minutes), 0)`.as('over60'),
        sql<string>`coalesce(sum(late_night_minutes), 0)`.as('lateNight'),
        sql<string>`coalesce(sum(holiday_minutes), 0)`.as('holiday'),
        sql<string>`coalesce(sum(total), 0)`.as('gross'),
      ])
      .where(monthlyLinesOf(companyId, userId, p))
      .executeTakeFirstOrThrow();
    if (Number(sums.shifts) === 0) continue;
    const gross = Number(sums.gross);
    const d = monthlyDeductions({ gross, payDay: p.payDate, periodEnd: p.periodEnd, person, prefecture });
    const payable = gross - deductionTotal(d);
    const runFee = payable > 0 ? Math.min(fee, payable) : 0;
    const values = {
      health_insurance: d.healthInsurance,
      nursing_insurance: d.nursingInsurance,
      pension: d.pension,
      employment_insurance: d.employmentInsurance,
      income_tax: d.incomeTax,
      resident_tax: d.residentTax,
      tax_column: d.taxColumn,
      dependents: d.dependents,
      notes: d.notes,
      period_end: p.periodEnd,
      pay_date: p.payDate,
      shifts: Number(sums.shifts),
      worked_minutes: Number(sums.worked),
      overtime_minutes: Number(sums.overtime),
      over60_minutes: Number(sums.over60),
      late_night_minutes: Number(sums.lateNight),
      holiday_minutes: Number(sums.holiday),
      gross,
      transfer_fee: runFee,
      updated_at: new Date(),
    };
    const run = existing
      ? await trx.updateTable('pay_runs').set(values).where('id', '=', existing.id).returning('id').executeTakeFirstOrThrow()
      : await trx
          .insertInto('pay_runs')
          .values({ ...values, company_id: companyId, user_id: userId, period_start: p.periodStart })
          .returning('id')
          .executeTakeFirstOrThrow();
    await trx
      .updateTable('pay_lines')
      .set({ run_id: run.id })
      .where(monthlyLinesOf(companyId, userId, p))
      .execute();
    await settleRunAdvances(trx, run.id, false);
  }
}

/** What the company recorded of the person for pay (their staff registry row at the company), or null. */
export async function payrollPerson(db: DB | Trx, companyId: string, userId: string): Promise<PayrollPerson | null> {
  const row = await db
    .selectFrom('staff')
    .select(['tax_form_filed', 'dependents', 'employment_term', 'weekly_hours', 'student', 'standard_monthly_remuneration', 'resident_tax_monthly', 'birth_date'])
    .where('company_id', '=', companyId)
    .where('person_user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .executeTakeFirst();
  if (!row) return null;
  return {
    taxFormFiled: row.tax_form_filed,
    dependents: row.dependents,
    term: row.employment_term,
    weeklyHours: row.weekly_hours,
    student: row.student,
    standard: row.standard_monthly_remuneration,
    residentTax: row.resident_tax_monthly,
    birthDate: row.birth_date,
  };
}

/**
 * The 日額表 column of a worker's daily pay (所得税法第185条第1項): 丙 for a day hire (a contract of two
 * months or less, recorded on the person, 第3号); else 甲 with the declared dependants when the
 * 扶養控除等申告書 was filed (第1号), 乙 when not — including when nothing is recorded (第2号).
 */
export function dailyTaxColumn(person: PayrollPerson | null): { column: 'hei' | 'kou' | 'otsu'; dependents: number } {
  if (person && person.term !== 'longer') return { column: 'hei', dependents: 0 };
  return person?.taxFormFiled ? { column: 'kou', dependents: person.dependents } : { column: 'otsu', dependents: 0 };
}

/** A run's statutory deductions, as stored. */
const runDeductions = (r: { health_insurance: number; nursing_insurance: number; pension: number; employment_insurance: number; income_tax: number; resident_tax: number }) =>
  deductionTotal({
    healthInsurance: r.health_insurance,
    nursingInsurance: r.nursing_insurance,
    pension: r.pension,
    employmentInsurance: r.employment_insurance,
    incomeTax: r.income_tax,
    residentTax: r.resident_tax,
  });

/**
 * The advances a payment recovers: those sent to the worker and not yet recovered (transferred),
 * oldest first, whole, while they fit in what is left to pay. An approved advance not sent yet
 * waits for the pay after its transfer: taking back money the worker has not received would be a
 * deduction from wages with no basis (労働基準法 第24条第1項, wages paid in full; the 2026 text).
 */
export async function advancesToRecover(trx: Trx, companyId: string, userId: string, room: number): Promise<{ ids: string[]; total: number }> {
  const open = await trx
    .selectFrom('advances')
    .select(['id', 'amount'])
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .where('status', '=', 'transferred')
    .orderBy('created_at')
    .execute();
  const ids: string[] = [];
  let total = 0;
  for (const a of open) {
    if (total + a.amount > room) break;
    ids.push(a.id);
    total += a.amount;
  }
  return { ids, total };
}

/** The worker's draft pay runs at the company (their ids). */
export const draftRuns = (trx: Trx, companyId: string, userId: string) =>
  trx.selectFrom('pay_runs').select('id').where('company_id', '=', companyId).where('user_id', '=', userId).where('status', '=', 'draft');

/**
 * Sets a run's advances and net: only the worker's earliest draft run recovers advances (the
 * "next pay run"); on approval (`settle`) the advances it recovers are marked recovered by it.
 */
export async function settleRunAdvances(trx: Trx, runId: string, settle: boolean): Promise<void> {
  const run = await trx.selectFrom('pay_runs').selectAll().where('id', '=', runId).executeTakeFirstOrThrow();
  const earlier = await draftRuns(trx, run.company_id, run.user_id).where('period_start', '<', run.period_start).executeTakeFirst();
  const payable = run.gross - runDeductions(run) - run.transfer_fee;
  const recover = earlier ? { ids: [], total: 0 } : await advancesToRecover(trx, run.company_id, run.user_id, payable);
  await trx
    .updateTable('pay_runs')
    .set({ advances: recover.total, net: payable - recover.total })
    .where('id', '=', runId)
    .execute();
  if (settle && recover.ids.length) await trx.updateTable('advances').set({ status: 'recovered', recovered_run_id: runId, updated_at: new Date() }).where('id', 'in', recover.ids).execute();
}

/** After attendance changed: the pay of each worker concerned. */
export async function syncPayForApplications(db: DB, applicationIds: readonly string[]): Promise<void> {
  if (!applicationIds.length) return;
  const who = await db
    .selectFrom('applications')
    .select(['company_id', 'candidate_id'])
    .distinct()
    .where('id', 'in', [...applicationIds])
    .execute();
  for (const w of who) await syncPay(db, w.company_id, w.candidate_id);
}

/** What a worker may draw as quick pay: earned pay not yet paid (docs/payroll.md "Quick pay"). */
export async function earnedUnpaid(db: DB | Trx, companyId: string, userId: string): Promise<number> {
  const r = await db
    .selectFrom('pay_lines as l')
    .leftJoin('pay_runs as r', 'r.id', 'l.run_id')
    .select(sql<string>`coalesce(sum(l.total - l.withholding), 0)`.as('sum'))
    .where('l.company_id', '=', companyId)
    .where('l.user_id', '=', userId)
    .where((eb) =>
      eb.or([eb.and([eb('l.mode', '=', 'daily'), eb('l.status', '=', 'approved')]), eb.and([eb('l.mode', '=', 'monthly'), eb.or([eb('r.status', 'is', null), eb('r.status', '!=', 'paid')])])]),
    )
    .executeTakeFirstOrThrow();
  // A monthly run's statutory deductions are not the worker's to draw.
  const runs = await db
    .selectFrom('pay_runs')
    .select(sql<string>`coalesce(sum(health_insurance + nursing_insurance + pension + employment_insurance + income_tax + resident_tax), 0)`.as('sum'))
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .where('status', '!=', 'paid')
    .executeTakeFirstOrThrow();
  return Math.max(0, Number(r.sum) - Number(runs.sum));
}
