import holidayJp from '@holiday-jp/holiday_jp';
import { z } from 'zod';
import { addDays } from '../../time.ts';
import { clockInJapan, todayInJapan } from '../../../shared/time.ts';
import { parseOrThrow } from '../../validation.ts';

/**
 * A company's pay calendar: which days a month's pay covers (締め期間) and the day it is paid.
 * Settings are the company's closing day and pay day (companies.closing_day, pay_day: 1–31, where
 * a day past the month's end means its last day, so 31 is "month end").
 *
 * - The period of month M ends on the closing day of M and starts the day after the closing day of
 *   the month before: consecutive periods tile the calendar with no gap and no overlap.
 * - Pay is due on the pay day of M when the pay day comes after the closing day (20日締め当月25日
 *   払い), else on the pay day of the month after (末日締め翌月25日払い).
 * - A pay day that is not a business day moves to the business day before. Business days are the
 *   days banks transfer money: not Saturday or Sunday, not a Japanese public holiday (the
 *   @holiday-jp/holiday_jp package: 祝日法 holidays, substitute days included, to 2050), and not 31 December
 *   to 3 January (銀行法施行令第5条). Should that land on or before the closing day (a pay day just
 *   after it, then a long weekend), pay moves forward to the first business day after the closing
 *   day instead: pay cannot go out before the period it pays for has closed.
 */

const HOLIDAYS: Readonly<Record<string, unknown>> = holidayJp.holidays;
const HOLIDAY_YEARS = Object.keys(HOLIDAYS).map((d) => Number(d.slice(0, 4)));
const FIRST_YEAR = Math.min(...HOLIDAY_YEARS);
const LAST_YEAR = Math.max(...HOLIDAY_YEARS);

const day = z.iso.date();
const dayOfMonth = z.number().int().min(1).max(31);

export const payScheduleSchema = z.object({
  /** 1–31; a day past the month's end (31) is the month's last day. */
  closingDay: dayOfMonth,
  /** 1–31; a day past the month's end (31) is the month's last day. */
  payDay: dayOfMonth,
});

export type PaySchedule = z.input<typeof payScheduleSchema>;

export interface PayPeriod {
  /** The month the period closes in, 'YYYY-MM'. */
  month: string;
  /** First and last day of the period, 'YYYY-MM-DD', both included. */
  periodStart: string;
  periodEnd: string;
  /** The pay day the settings name, before any move. */
  scheduledPayDate: string;
  /** The day pay goes out: a business day after periodEnd. */
  payDate: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
/** The given day of a month, or the month's last day when it has fewer days. */
function dayIn(year: number, month: number, d: number): string {
  // Months count from 1; month 0 or 13 roll over into the year next to it.
  const y = year + Math.floor((month - 1) / 12);
  const m = ((((month - 1) % 12) + 12) % 12) + 1;
  return `${y}-${pad(m)}-${pad(Math.min(d, lastDayOf(y, m)))}`;
}

/** Whether banks transfer money on a day 'YYYY-MM-DD' (a weekday, not a holiday, not 31 Dec – 3 Jan). */
export function isBusinessDay(date: string): boolean {
  const d = parseOrThrow(day, date, 'isBusinessDay: date');
  const year = Number(d.slice(0, 4));
  if (year < FIRST_YEAR || year > LAST_YEAR) {
    throw new Error(`isBusinessDay: Japanese holidays are known for ${FIRST_YEAR}–${LAST_YEAR}, not ${year}: update @holiday-jp/holiday_jp`);
  }
  const weekday = new Date(`${d}T00:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  if (d.slice(5) === '12-31' || d.slice(5) === '01-02' || d.slice(5) === '01-03') return false;
  return !(d in HOLIDAYS);
}

/** The day itself when it is a business day, else the nearest business day before it. */
export function businessDayOnOrBefore(date: string): string {
  let d = date;
  while (!isBusinessDay(d)) d = addDays(d, -1);
  return d;
}

/** The day itself when it is a business day, else the nearest business day after it. */
export function businessDayOnOrAfter(date: string): string {
  let d = date;
  while (!isBusinessDay(d)) d = addDays(d, 1);
  return d;
}

/** The pay period that closes in `month` ('YYYY-MM') and its pay date. Throws on bad settings or month. */
export function payPeriod(schedule: PaySchedule, month: string): PayPeriod {
  const s = parseOrThrow(payScheduleSchema, schedule, 'payPeriod: schedule');
  const m = parseOrThrow(z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'a month as YYYY-MM'), month, 'payPeriod: month');
  const year = Number(m.slice(0, 4));
  const mon = Number(m.slice(5, 7));

  const periodEnd = dayIn(year, mon, s.closingDay);
  const periodStart = addDays(dayIn(year, mon - 1, s.closingDay), 1);
  const scheduledPayDate = dayIn(year, s.payDay > s.closingDay ? mon : mon + 1, s.payDay);
  const before = businessDayOnOrBefore(scheduledPayDate);
  const payDate = before > periodEnd ? before : businessDayOnOrAfter(addDays(periodEnd, 1));
  return { month: m, periodStart, periodEnd, scheduledPayDate, payDate };
}

/** The day a transfer made now goes to the bank: today before the platform's cut-off on a business day, else the next business day. */
export function transferDateFor(now: Date, cutoff: string): string {
  const today = todayInJapan(now);
  if (isBusinessDay(today) && clockInJapan(now) < cutoff) return today;
  return businessDayOnOrAfter(addDays(today, 1));
}
