import { z } from 'zod';
import { parseOrThrow } from '../../validation.ts';
import { roundHalfUp } from './rounding.ts';
import { DAY_PATTERN, isDay } from '../../../shared/time.ts';

/**
 * The pay of one shift under the Labour Standards Act (労働基準法), in integer yen. Every pay screen
 * (daily pay, monthly pay, payslips, quick pay's "earned") goes through this one function, so a
 * rule is written once. docs/payroll.md explains the rules and what a caller passes in.
 *
 * - 第32条: 8 hours a day and 40 a week; minutes beyond either are overtime (時間外労働).
 * - 第37条: overtime +25%; overtime beyond 60 hours in a month +50% instead (small firms too since
 *   April 2023); late night, 22:00–05:00, +25% on top of whatever else applies; work on the
 *   statutory day off (法定休日) +35% instead of the overtime premium, late night still on top
 *   (割増賃金令: 時間外 25%, 休日 35%).
 *
 * - 第35条 with 昭和23年11月9日基収第2968号: the statutory day off is a calendar day, 0:00–24:00, so
 *   a shift that crosses midnight is holiday work only for the minutes inside that day.
 * - 労働基準法施行規則第19条第1項第2号: a day rate's hourly basis (for premiums and for minutes
 *   beyond the scheduled ones) is the daily wage ÷ the day's scheduled hours.
 *
 * Times are Asia/Tokyo wall-clock times (Japan has no daylight saving). A shift that runs past
 * midnight is one working day, the day it started on, for the 8-hour limit and the week; only the
 * statutory holiday is counted by calendar day.
 */

const DAY = 24 * 60;
/** 第32条: the daily and weekly limits, in minutes. */
const DAY_LIMIT = 8 * 60;
const WEEK_LIMIT = 40 * 60;
/** 第37条第1項ただし書: overtime beyond 60 hours in a month earns 50%. */
const MONTH_OVERTIME_LIMIT = 60 * 60;
const NIGHT_FROM = 22 * 60;
const NIGHT_UNTIL = 5 * 60;
/** Premiums in percent of the hourly wage. */
const OVERTIME = 25;
const OVERTIME_OVER_60 = 50;
const LATE_NIGHT = 25;
const HOLIDAY = 35;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const minuteOfDay = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
/** Minutes from start to end; an end at or before the start is on the next day. */
const spanOf = (start: string, end: string) => ((minuteOfDay(end) - minuteOfDay(start) + DAY - 1) % DAY) + 1;
/** How many minutes after the start a wall-clock time comes (the next day's if it is earlier). */
const offsetOf = (start: string, at: string) => (minuteOfDay(at) - minuteOfDay(start) + DAY) % DAY;

const time = z.string().regex(TIME, 'a time as HH:MM (00:00–23:59)');

export const shiftWorkSchema = z
  .object({
    date: z.string().regex(DAY_PATTERN, 'a date as YYYY-MM-DD').refine(isDay, 'not a calendar date'),
    start: time,
    end: time,
    breakMinutes: z.number().int().min(0),
    breakStart: time.optional(),
    /** An hourly wage (時給); give this or dailyWage, not both. */
    hourlyWage: z.number().int().min(1).max(100_000).optional(),
    /** A day rate (日給) for the day's scheduled minutes; give this or hourlyWage, not both. */
    dailyWage: z.number().int().min(1).max(1_000_000).optional(),
    /** The day's scheduled working minutes (所定労働時間) a day rate pays for; only with dailyWage. */
    scheduledMinutes: z.number().int().min(1).max(DAY).optional(),
    /** The day the shift starts on is the worker's statutory day off (法定休日). */
    statutoryHoliday: z.boolean(),
    /** The day after it is: the shift's minutes after midnight are holiday work. */
    nextDayStatutoryHoliday: z.boolean().default(false),
  })
  .superRefine((w, ctx) => {
    if ((w.hourlyWage === undefined) === (w.dailyWage === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['hourlyWage'], message: 'give exactly one of hourlyWage and dailyWage' });
    }
    if (w.dailyWage !== undefined && w.scheduledMinutes === undefined) {
      ctx.addIssue({ code: 'custom', path: ['scheduledMinutes'], message: 'a day rate needs the scheduled minutes it pays for' });
    }
    if (w.dailyWage === undefined && w.scheduledMinutes !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['scheduledMinutes'], message: 'only a day rate has scheduled minutes' });
    }
    const span = spanOf(w.start, w.end);
    if (w.breakMinutes >= span) {
      ctx.addIssue({ code: 'custom', path: ['breakMinutes'], message: `the break (${w.breakMinutes} min) must be shorter than the shift (${span} min)` });
    } else if (w.breakStart !== undefined && offsetOf(w.start, w.breakStart) + w.breakMinutes > span) {
      ctx.addIssue({ code: 'custom', path: ['breakStart'], message: `a ${w.breakMinutes}-minute break from ${w.breakStart} does not fit in ${w.start}–${w.end}` });
    }
  });

export const shiftContextSchema = z.object({
  /** Minutes already worked earlier in the same week (Sunday–Saturday unless the rules of employment say otherwise) that were not overtime. */
  weeklyMinutesBefore: z
    .number()
    .int()
    .min(0)
    .max(7 * DAY),
  /** Overtime minutes already worked earlier in the same month (the pay month's calculation period). */
  monthlyOvertimeMinutesBefore: z
    .number()
    .int()
    .min(0)
    .max(31 * DAY),
});

export type ShiftWork = z.input<typeof shiftWorkSchema>;
export type ShiftContext = z.input<typeof shiftContextSchema>;

export interface ShiftPay {
  /** Minutes worked: the shift less its break. */
  workedMinutes: number;
  /** Minutes beyond 8 hours in the shift or 40 hours in the week (never a holiday minute). */
  overtimeMinutes: number;
  /** The part of overtimeMinutes beyond 60 hours of overtime in the month. */
  over60Minutes: number;
  /** Worked minutes between 22:00 and 05:00. */
  lateNightMinutes: number;
  /** Worked minutes inside the calendar day of a statutory holiday (0:00–24:00). */
  holidayMinutes: number;
  base: number;
  overtimePremium: number;
  lateNightPremium: number;
  holidayPremium: number;
  total: number;
}

/**
 * The pay of one shift. Throws an Error naming the field on input the schemas refuse.
 *
 * The break starts at `breakStart`, else at floor((shift − break) / 2) minutes after the start, so
 * the worked time splits evenly around it. Worked minutes are counted in time order: the 481st
 * worked minute of a shift that is not holiday work is the first overtime minute, and so is the
 * first minute past 40 hours in the week. A minute is holiday work when it falls on the calendar
 * day of a statutory holiday: before midnight when `statutoryHoliday`, after it when
 * `nextDayStatutoryHoliday`; holiday minutes earn the holiday premium and are never overtime.
 *
 * The hourly basis is `hourlyWage`, or for a day rate `dailyWage ÷ (scheduledMinutes ÷ 60)`, kept
 * as a fraction: a day rate's base is `dailyWage × worked ÷ scheduled` (the whole day rate when
 * the scheduled minutes are worked, plus each minute beyond them at the basis; a shorter day in
 * proportion). Each of base and the three premiums is rounded half up to the yen once.
 */
export function computeShiftPay(work: ShiftWork, context: ShiftContext): ShiftPay {
  const w = parseOrThrow(shiftWorkSchema, work, 'computeShiftPay: shift');
  const c = parseOrThrow(shiftContextSchema, context, 'computeShiftPay: context');

  const start = minuteOfDay(w.start);
  const span = spanOf(w.start, w.end);
  const breakAt = w.breakStart === undefined ? Math.floor((span - w.breakMinutes) / 2) : offsetOf(w.start, w.breakStart);
  // Worked minutes up to this count are within the day's 8 hours and what is left of the week's 40.
  const regular = Math.max(0, Math.min(DAY_LIMIT, WEEK_LIMIT - c.weeklyMinutesBefore));

  let worked = 0;
  let ordinary = 0;
  let overtime = 0;
  let over60 = 0;
  let lateNight = 0;
  let holiday = 0;
  for (let t = 0; t < span; t++) {
    if (t >= breakAt && t < breakAt + w.breakMinutes) continue;
    worked++;
    const clock = (start + t) % DAY;
    if (clock >= NIGHT_FROM || clock < NIGHT_UNTIL) lateNight++;
    // Work on the statutory day off is holiday work (休日労働), not overtime: it earns the holiday
    // premium instead and counts toward neither the day's 8 hours, the week's 40 nor the month's 60.
    if (start + t < DAY ? w.statutoryHoliday : w.nextDayStatutoryHoliday) {
      holiday++;
      continue;
    }
    ordinary++;
    if (ordinary > regular) {
      overtime++;
      if (c.monthlyOvertimeMinutesBefore + overtime > MONTH_OVERTIME_LIMIT) over60++;
    }
  }

  // The hourly basis as a fraction num / den yen: an hourly wage is itself; a day rate is
  // dailyWage × 60 / scheduledMinutes (施行規則第19条第1項第2号), never rounded before the end.
  const [num, den] = w.dailyWage !== undefined ? [w.dailyWage * 60, w.scheduledMinutes!] : [w.hourlyWage!, 1];
  // minutes × basis / 60 yen, and a premium of p% is minutes × basis × p / (60 × 100) yen.
  const base = roundHalfUp(worked * num, 60 * den);
  const overtimePremium = roundHalfUp(num * (OVERTIME * (overtime - over60) + OVERTIME_OVER_60 * over60), 6000 * den);
  const lateNightPremium = roundHalfUp(num * LATE_NIGHT * lateNight, 6000 * den);
  const holidayPremium = roundHalfUp(num * HOLIDAY * holiday, 6000 * den);

  return {
    workedMinutes: worked,
    overtimeMinutes: overtime,
    over60Minutes: over60,
    lateNightMinutes: lateNight,
    holidayMinutes: holiday,
    base,
    overtimePremium,
    lateNightPremium,
    holidayPremium,
    total: base + overtimePremium + lateNightPremium + holidayPremium,
  };
}
