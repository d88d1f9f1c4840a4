/**
 * Days in Japan, pure (the browser bundles it too): the product lives in Japan, so a day is a day
 * in Asia/Tokyo wherever the code runs. Server code reads these through server/time.ts.
 */

/** A calendar day as the product writes it: 'YYYY-MM-DD'. */
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** True for a calendar day written 'YYYY-MM-DD' (2026-02-30 or 2026-13-01 is not one). */
export function isDay(v: unknown): v is string {
  if (typeof v !== 'string' || !DAY_PATTERN.test(v)) return false;
  const t = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === v;
}

/** The day a value is ('YYYY-MM-DD'), or null (absent, not a string, not a calendar day). */
export const parseDay = (v: unknown): string | null => (isDay(v) ? v : null);

/** The date in Japan ('YYYY-MM-DD') at an instant (default: now). Japan has no daylight saving. */
export function todayInJapan(at: Date = new Date()): string {
  return new Date(at.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);
}

/** A day 'YYYY-MM-DD' plus n days (n may be negative). */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The day a shift on `day` ends: the next day when its end ('HH:MM…') is at or before its start (a night shift). */
export const shiftEndDay = (day: string, start: string, end: string): string => (end.slice(0, 5) <= start.slice(0, 5) ? addDays(day, 1) : day);

/** The Monday of the week (Monday to Sunday) that holds a day 'YYYY-MM-DD'. */
export function mondayOf(day: string): string {
  const dow = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((dow + 6) % 7));
}

/** The time of day in Japan ('HH:MM') at an instant. */
export function clockInJapan(at: Date): string {
  return new Date(at.getTime() + 9 * 3_600_000).toISOString().slice(11, 16);
}

/** The day of the week of 'YYYY-MM-DD': 0 Sunday … 6 Saturday. */
export function weekdayOf(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}
