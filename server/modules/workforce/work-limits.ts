/**
 * The legal working limits of foreign staff: may this person take this shift? One pure function,
 * called by every path that puts a person on a shift (assignment, application to a shift, bulk
 * moves, swaps) before it writes; docs/workforce.md says how.
 *
 * Times are wall-clock times in Japan ('YYYY-MM-DDTHH:MM', Asia/Tokyo). Japan has no daylight
 * saving, so they are counted as plain minutes: a day is always 1,440 minutes.
 */
import { z } from 'zod';
import { dateLong, dateText, numberText } from '../../../shared/format.ts';
import type { Lang } from '../../../shared/i18n.ts';
import { msg } from '../../../shared/messages.ts';
import { VISA_SEED } from '../enums/reference-data.ts';
import { parseOrThrow } from '../money/parse.ts';

/** 28 hours in any 7 consecutive days under the permission to work outside status (資格外活動許可). */
export const WEEKLY_LIMIT_MINUTES = 28 * 60;
/** 8 hours a day for a student on a day of a long vacation of their school. */
export const VACATION_DAY_LIMIT_MINUTES = 8 * 60;
const WINDOW_DAYS = 7;
const DAY = 24 * 60;

// ---------------------------------------------------------------------------------------------
// What each residence status allows

/**
 * - `unrestricted`: a status based on personal standing (身分系); any work, no hour limit.
 * - `designated`: a work status (就労資格); the work its activity covers, no hour limit under the
 *   immigration rules (the Labour Standards Act's 40 hours is payroll's business). Which job types
 *   it covers comes from the caller (`allowedJobTypes`), when known.
 * - `permission`: no work without the permission to work outside status, and then at most 28
 *   hours in any 7 days; `vacation` says whether the 8-hours-a-day rule of school vacations applies.
 */
export type StatusRule = { kind: 'unrestricted' } | { kind: 'designated' } | { kind: 'permission'; vacation: boolean };

const UNRESTRICTED: StatusRule = { kind: 'unrestricted' };
const DESIGNATED: StatusRule = { kind: 'designated' };
const PERMISSION_ONLY: StatusRule = { kind: 'permission', vacation: false };

/**
 * The rule of every status of the reference data (visa_types.ja), by its Japanese name. A status
 * that is not here (one an administrator added, a typo, an empty value) is read as strictly as
 * the law allows for a status the module cannot judge: no work without the permission, and then
 * 28 hours in 7 days. 特定活動 is here with that same strict reading on purpose: what it permits
 * is written in the person's designation (指定書), which the module cannot read.
 */
export const STATUS_RULES: Readonly<Record<string, StatusRule>> = {
  永住者: UNRESTRICTED,
  日本人の配偶者等: UNRESTRICTED,
  永住者の配偶者等: UNRESTRICTED,
  定住者: UNRESTRICTED,
  特定技能1号: DESIGNATED,
  特定技能2号: DESIGNATED,
  技能実習: DESIGNATED,
  '技術・人文知識・国際業務': DESIGNATED,
  留学: { kind: 'permission', vacation: true },
  家族滞在: PERMISSION_ONLY,
  特定活動: PERMISSION_ONLY,
};

export function statusRule(residenceStatus: string): StatusRule {
  return Object.hasOwn(STATUS_RULES, residenceStatus) ? STATUS_RULES[residenceStatus]! : PERMISSION_ONLY;
}

// ---------------------------------------------------------------------------------------------
// Input

const DAY_FORMAT = /^\d{4}-\d{2}-\d{2}$/;
const LOCAL_FORMAT = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)$/;

const isCalendarDay = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};
/** Days since 1970-01-01 of a calendar day 'YYYY-MM-DD'. */
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;
/** Minutes since 1970-01-01T00:00 of a wall-clock time 'YYYY-MM-DDTHH:MM'. */
const minuteNumber = (local: string) => Date.parse(`${local}:00Z`) / 60_000;
const dayName = (n: number) => new Date(n * 86_400_000).toISOString().slice(0, 10);

const calendarDay = z.string().regex(DAY_FORMAT, 'a date as YYYY-MM-DD').refine(isCalendarDay, 'not a calendar date');
const localTime = z
  .string()
  .regex(LOCAL_FORMAT, 'a time in Japan as YYYY-MM-DDTHH:MM')
  .refine((s) => isCalendarDay(s.slice(0, 10)), 'not a calendar date');

const shift = z
  .object({ start: localTime, end: localTime, breakMinutes: z.number().int().min(0) })
  .superRefine((s, ctx) => {
    const span = minuteNumber(s.end) - minuteNumber(s.start);
    if (!(span > 0)) ctx.addIssue({ code: 'custom', path: ['end'], message: `the end (${s.end}) must come after the start (${s.start})` });
    else if (span > DAY) ctx.addIssue({ code: 'custom', path: ['end'], message: `a shift is at most 24 hours (${s.start}–${s.end} is ${span} minutes)` });
    // As in payroll: a break as long as the shift would leave no work to place around it.
    else if (s.breakMinutes >= span) ctx.addIssue({ code: 'custom', path: ['breakMinutes'], message: `the break (${s.breakMinutes} min) must be shorter than the shift (${span} min)` });
  });

export const workLimitsInput = z.object({
  /** The Japanese name of the residence status, as in visa_types.ja ('留学'). */
  residenceStatus: z.string().trim().max(100),
  /** 資格外活動許可, as checked on the card by staff. */
  permissionOutsideStatus: z.boolean(),
  /** The last day the residence card is valid. */
  cardExpiry: calendarDay,
  cardVerified: z.boolean(),
  /** Long vacations of a student's school, both days included; read only for 留学. */
  longVacations: z
    .array(z.object({ from: calendarDay, to: calendarDay }).refine((v) => v.from <= v.to, { message: 'a vacation ends on or after its first day', path: ['to'] }))
    .default([]),
  /** The person's other shifts (not the candidate, not cancelled ones). */
  assignments: z.array(shift),
  /** The shift the person would take. */
  candidate: shift,
  /** The job type (job-enum id) of the candidate shift's job; read only for work statuses. */
  jobType: z.number().int().positive().nullish(),
  /** The job types (job-enum ids) the person's work status covers; absent = not recorded, no check. */
  allowedJobTypes: z.array(z.number().int().positive()).nullish(),
});
export type WorkLimitsInput = z.input<typeof workLimitsInput>;

// ---------------------------------------------------------------------------------------------
// Output

export type WorkLimitRefusal =
  | { ok: false; reason: 'card_expired'; detail: string; facts: { expiry: string; day: string } }
  | { ok: false; reason: 'card_unverified'; detail: string; facts: Record<string, never> }
  | { ok: false; reason: 'no_permission'; detail: string; facts: { status: string; missing: 'permission' | 'job_type'; jobType: number | null } }
  | { ok: false; reason: 'weekly_limit'; detail: string; facts: { from: string; to: string; minutes: number; limit: number; left: number } }
  | { ok: false; reason: 'daily_limit'; detail: string; facts: { day: string; minutes: number; limit: number; left: number } };

/**
 * `weeklyMinutesLeft`: what is still free, with the candidate shift added, in the tightest window
 * of 7 days that the shift adds minutes to; null when no hour limit touches the shift. A refusal
 * carries `detail` (a short English sentence for logs and API errors) and `facts` (its numbers,
 * for `workLimitText`).
 */
export type WorkLimitsResult = { ok: true; weeklyMinutesLeft: number | null } | WorkLimitRefusal;

// ---------------------------------------------------------------------------------------------
// Where a shift's minutes fall

/**
 * Worked minutes of a shift by calendar day (days since 1970). The break is taken from the middle,
 * as payroll takes it: it starts floor((span − break) / 2) minutes after the start. Each worked
 * minute belongs to the calendar day it falls on, so a night shift splits at midnight.
 */
function minutesByDay(s: { start: string; end: string; breakMinutes: number }, into: Map<number, number> = new Map()): Map<number, number> {
  const start = minuteNumber(s.start);
  const end = minuteNumber(s.end);
  const breakAt = start + Math.floor((end - start - s.breakMinutes) / 2);
  for (const [from, to] of [
    [start, breakAt],
    [breakAt + s.breakMinutes, end],
  ] as const) {
    for (let t = from; t < to; ) {
      const day = Math.floor(t / DAY);
      const next = Math.min(to, (day + 1) * DAY);
      into.set(day, (into.get(day) ?? 0) + next - t);
      t = next;
    }
  }
  return into;
}

const en = (n: number) => numberText(n, 'en');

// ---------------------------------------------------------------------------------------------
// The rule

/**
 * May the person take the candidate shift? Checks, in this order, and answers the first that fails:
 * the card's expiry (valid through `cardExpiry`, on every day the shift touches), that staff
 * verified the card, the residence status (permission, job type), a student's 8 hours on each
 * long-vacation day, and 28 hours in every 7 consecutive days the shift adds minutes to (days of
 * a student's long vacation left out). Throws an Error naming every bad field on input the schema
 * refuses (a caller's bug: forms are validated before they get here).
 */
export function checkWorkLimits(raw: WorkLimitsInput): WorkLimitsResult {
  const input = parseOrThrow(workLimitsInput, raw, 'checkWorkLimits');
  const { candidate } = input;

  // The card must still be valid on the last day the shift touches (its end is exclusive:
  // a shift ending at 00:00 does not touch the next day).
  const lastDay = dayName(Math.floor((minuteNumber(candidate.end) - 1) / DAY));
  if (lastDay > input.cardExpiry) {
    return {
      ok: false,
      reason: 'card_expired',
      detail: `the residence card is valid until ${input.cardExpiry} but the shift runs on ${lastDay}`,
      facts: { expiry: input.cardExpiry, day: lastDay },
    };
  }
  if (!input.cardVerified) return { ok: false, reason: 'card_unverified', detail: 'the residence card has not been verified by staff', facts: {} };

  const status = input.residenceStatus;
  const rule = statusRule(status);
  if (rule.kind === 'unrestricted') return { ok: true, weeklyMinutesLeft: null };
  if (rule.kind === 'designated') {
    const allowed = input.allowedJobTypes;
    if (allowed != null && (input.jobType == null || !allowed.includes(input.jobType))) {
      return {
        ok: false,
        reason: 'no_permission',
        detail: input.jobType == null ? `the job has no job type to check against residence status ${status}` : `job type ${input.jobType} is not work that residence status ${status} permits`,
        facts: { status, missing: 'job_type', jobType: input.jobType ?? null },
      };
    }
    return { ok: true, weeklyMinutesLeft: null };
  }
  if (!input.permissionOutsideStatus) {
    return { ok: false, reason: 'no_permission', detail: `residence status ${status || '(none)'} needs permission to work outside status`, facts: { status, missing: 'permission', jobType: null } };
  }

  const vacations = rule.vacation ? input.longVacations.map((v) => [dayNumber(v.from), dayNumber(v.to)] as const) : [];
  const onVacation = (day: number) => vacations.some(([from, to]) => from <= day && day <= to);

  const mine = minutesByDay(candidate);
  const all = new Map<number, number>();
  for (const a of input.assignments) minutesByDay(a, all);
  minutesByDay(candidate, all);
  const days = [...mine.keys()].sort((a, b) => a - b);

  for (const day of days) {
    if (!onVacation(day)) continue;
    const minutes = all.get(day) ?? 0;
    if (minutes > VACATION_DAY_LIMIT_MINUTES) {
      const left = Math.max(0, VACATION_DAY_LIMIT_MINUTES - (minutes - (mine.get(day) ?? 0)));
      return {
        ok: false,
        reason: 'daily_limit',
        detail: `would work ${en(minutes)} of ${en(VACATION_DAY_LIMIT_MINUTES)} minutes on ${dayName(day)}, a long-vacation day (${en(left)} left before this shift)`,
        facts: { day: dayName(day), minutes, limit: VACATION_DAY_LIMIT_MINUTES, left },
      };
    }
  }

  // The windows the shift adds minutes to: every 7 days that hold one of its days outside a vacation.
  const counted = (day: number, of: Map<number, number>) => (onVacation(day) ? 0 : (of.get(day) ?? 0));
  const starts = new Set<number>();
  for (const day of days) if (counted(day, mine) > 0) for (let s = day - WINDOW_DAYS + 1; s <= day; s++) starts.add(s);
  if (starts.size === 0) return { ok: true, weeklyMinutesLeft: null };

  // The tightest window: the most minutes; of equals, the earliest that starts on a worked day
  // (one always does: a window whose first day is empty ties with the one a day later).
  let tightest: { start: number; minutes: number; mine: number } | null = null;
  for (const start of [...starts].sort((a, b) => a - b)) {
    let minutes = 0;
    let own = 0;
    for (let day = start; day < start + WINDOW_DAYS; day++) {
      minutes += counted(day, all);
      own += counted(day, mine);
    }
    if (!tightest || minutes > tightest.minutes || (minutes === tightest.minutes && counted(tightest.start, all) === 0 && counted(start, all) > 0)) {
      tightest = { start, minutes, mine: own };
    }
  }
  const t = tightest!;
  if (t.minutes > WEEKLY_LIMIT_MINUTES) {
    const left = Math.max(0, WEEKLY_LIMIT_MINUTES - (t.minutes - t.mine));
    const from = dayName(t.start);
    return {
      ok: false,
      reason: 'weekly_limit',
      detail: `would work ${en(t.minutes)} of ${en(WEEKLY_LIMIT_MINUTES)} minutes in the 7 days from ${from} (${en(left)} left before this shift)`,
      facts: { from, to: dayName(t.start + WINDOW_DAYS - 1), minutes: t.minutes, limit: WEEKLY_LIMIT_MINUTES, left },
    };
  }
  return { ok: true, weeklyMinutesLeft: WEEKLY_LIMIT_MINUTES - t.minutes };
}

// ---------------------------------------------------------------------------------------------
// In words

/** A status's name in a language: the reference data's English name, else the name as stored. */
function statusName(status: string, lang: Lang): string {
  if (lang === 'ja' || status === '') return status || '—';
  return VISA_SEED.find(([ja]) => ja === status)?.[1] ?? status;
}

/** A refusal as a sentence in the reader's language, for screens, chat and API errors. */
export function workLimitText(lang: Lang, refusal: WorkLimitRefusal): string {
  switch (refusal.reason) {
    case 'card_expired':
      return msg(lang, 'workLimits.cardExpired', { expiry: dateLong(refusal.facts.expiry, lang), day: dateText(refusal.facts.day, lang) });
    case 'card_unverified':
      return msg(lang, 'workLimits.cardUnverified');
    case 'no_permission': {
      const status = statusName(refusal.facts.status, lang);
      return msg(lang, refusal.facts.missing === 'permission' ? 'workLimits.noPermission' : 'workLimits.jobType', { status });
    }
    case 'weekly_limit': {
      const f = refusal.facts;
      return msg(lang, 'workLimits.weeklyLimit', { from: dateText(f.from, lang), to: dateText(f.to, lang), minutes: numberText(f.minutes, lang), limit: numberText(f.limit, lang), left: numberText(f.left, lang) });
    }
    case 'daily_limit': {
      const f = refusal.facts;
      return msg(lang, 'workLimits.dailyLimit', { day: dateText(f.day, lang), minutes: numberText(f.minutes, lang), limit: numberText(f.limit, lang), left: numberText(f.left, lang) });
    }
  }
}
