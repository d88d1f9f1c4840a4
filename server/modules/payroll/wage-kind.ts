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
import type { Text } from '../../../shared/i18n.ts';
import type { DB } from '../../db/connect.ts';
import { msg } from '../../../shared/messages.ts';
import { prefectureName } from '../jobs/prefectures.ts';
import { numberText } from '../../../shared/format.ts';
import { belowMinimumWage, prefectureCode } from './minimum-wage.ts';

export type WageKind = 'hourly' | 'daily' | 'monthly';

/** The Japanese names of the pay types whose wage is not per hour (the `payTypes` reference list). */
export const PAY_TYPE_NAME = { daily: '日給', monthly: '月給' } as const;

export function wageKindOf(payTypeJa: string | null | undefined): WageKind {
  const name = payTypeJa?.trim();
  if (name === PAY_TYPE_NAME.daily) return 'daily';
  if (name === PAY_TYPE_NAME.monthly) return 'monthly';
  return 'hourly';
}

/** 第32条第2項: the statutory working day, the scheduled minutes of a day rate without a planned shift. */
export const STATUTORY_DAY_MINUTES = 8 * 60;

/**
 * The statutory month, for what a 月給 comes to an hour where jobs record no scheduled hours: 40 hours
 * a week (労働基準法第32条第1項) × 365 ÷ 7 weeks ÷ 12 months = 14,600 ÷ 84 = 173.8 hours, the most a
 * month's scheduled hours can be on average. A month's pay over it is the lowest hourly figure that
 * pay can mean: 240,000 yen → 240,000 × 84 ÷ 14,600 = 1,380.8, 1,381 yen an hour.
 */
export const STATUTORY_MONTH = { hours: 14_600, per: 84 } as const;

const minuteOf = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

/** A planned shift's scheduled minutes: its length (past midnight when the end is not after the start) less its break; at least 1. */
export function scheduledMinutesOf(plan: { start: string; end: string; breakMinutes: number } | null | undefined): number {
  if (!plan) return STATUTORY_DAY_MINUTES;
  let span = minuteOf(plan.end) - minuteOf(plan.start);
  if (span <= 0) span += 24 * 60;
  return Math.max(1, span - Math.max(0, plan.breakMinutes));
}

/** What computeShiftPay is given for a wage of a kind, or null for a 月給 (no pay line). */
export function shiftWageOf(
  kind: WageKind,
  wage: number,
  plan: { start: string; end: string; breakMinutes: number } | null | undefined,
): { hourlyWage: number } | { dailyWage: number; scheduledMinutes: number } | null {
  if (kind === 'monthly') return null;
  if (kind === 'daily') return { dailyWage: wage, scheduledMinutes: scheduledMinutesOf(plan) };
  return { hourlyWage: wage };
}

/**
 * Why a wage may not be saved for work on `day` at a workplace in `prefecture` (its Japanese name or
 * JIS code), in both languages, or null when it may: a 月給 is not paid per shift (above); an hourly
 * wage, or a day rate's hourly basis over the planned shift's scheduled minutes, below the regional
 * minimum wage in force that day (最低賃金法第4条, server/modules/payroll/minimum-wage.ts) names the
 * minimum, the prefecture and the day. A day rate without a planned shift is checked where its
 * shifts are planned, since its basis depends on them (`plan` undefined: not checked here).
 */
export function wageRefusal(w: { kind: WageKind; wage: number; prefecture: string; day: string; plan?: { start: string; end: string; breakMinutes: number } }): Text | null {
  if (w.kind === 'monthly') return { ja: msg('ja', 'pay.monthlyNotSupported'), en: msg('en', 'pay.monthlyNotSupported') };
  if (w.kind === 'daily' && !w.plan) return null;
  const code = /^\d{2}$/.test(w.prefecture) ? w.prefecture : prefectureCode(w.prefecture);
  if (!code) return null;
  // A day before the encoded table has no minimum to check against (minimumWage would throw).
  if (w.day < '2024-10-01') return null;
  const below =
    w.kind === 'daily'
      ? belowMinimumWage({ prefecture: code, day: w.day, dailyWage: w.wage, scheduledMinutes: scheduledMinutesOf(w.plan) })
      : belowMinimumWage({ prefecture: code, day: w.day, hourlyWage: w.wage });
  if (!below) return null;
  const vars = (lang: 'ja' | 'en') => ({ prefecture: prefectureName(below.prefecture.name, lang), day: below.day, minimum: numberText(below.minimum, lang), hourly: numberText(below.hourly, lang) });
  return { ja: msg('ja', 'pay.belowMinimumWage', vars('ja')), en: msg('en', 'pay.belowMinimumWage', vars('en')) };
}

/** The wage kind of a pay type id (a job's pay_type_id), by its Japanese name; no id: hourly. */
export async function wageKindOfType(db: DB, payTypeId: number | string | null | undefined): Promise<WageKind> {
  const id = Number(payTypeId);
  if (payTypeId === null || payTypeId === undefined || payTypeId === '' || !Number.isInteger(id)) return 'hourly';
  const row = await db.selectFrom('job_enum_translations').select('value').where('enum_id', '=', id).where('language_key', '=', 'ja').executeTakeFirst();
  return wageKindOf(row?.value);
}
