/**
 * How a job's wage is read by pay: the job's pay type (給与形態, the `payTypes` reference list, read by
 * its Japanese name) decides whether `wage` is per hour, per day or per month.
 *
 * - 時給 (and a job without a pay type, or 週払い, which names when pay is paid, not a wage form):
 *   per hour.
 * - 日給: per day, for the day's scheduled minutes (所定労働時間): the planned shift's length less
 *   its break; a record without a planned shift is taken as a full statutory day of 8 hours
 *   (労働基準法第32条第2項), the lowest basis a day rate can have without a 変形労働時間制.
 * - 月給: not paid per shift. Its premiums would need the month's scheduled hours
 *   (施行規則第19条第1項第4号), which jobs do not record, so a 月給 job is refused when saved and a
 *   record on an older one makes no pay line (it is never a crash at clock-out).
 */
export type WageKind = 'hourly' | 'daily' | 'monthly';

export function wageKindOf(payTypeJa: string | null | undefined): WageKind {
  const name = payTypeJa?.trim();
  if (name === '日給') return 'daily';
  if (name === '月給') return 'monthly';
  return 'hourly';
}

/** 第32条第2項: the statutory working day, the scheduled minutes of a day rate without a planned shift. */
export const STATUTORY_DAY_MINUTES = 8 * 60;

const minuteOf = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

/** A planned shift's scheduled minutes: its length (past midnight when the end is not after the start) less its break; at least 1. */
export function scheduledMinutesOf(plan: { start: string; end: string; breakMinutes: number } | null | undefined): number {
  if (!plan) return STATUTORY_DAY_MINUTES;
  let span = minuteOf(plan.end) - minuteOf(plan.start);
  if (span <= 0) span += 24 * 60;
  return Math.max(1, span - Math.max(0, plan.breakMinutes));
}

/** What computeShiftPay is given for a wage of a kind, or null for a 月給 (no pay line). */
export function shiftWageOf(kind: WageKind, wage: number, plan: { start: string; end: string; breakMinutes: number } | null | undefined): { hourlyWage: number } | { dailyWage: number; scheduledMinutes: number } | null {
  if (kind === 'monthly') return null;
  if (kind === 'daily') return { dailyWage: wage, scheduledMinutes: scheduledMinutesOf(plan) };
  return { hourlyWage: wage };
}
