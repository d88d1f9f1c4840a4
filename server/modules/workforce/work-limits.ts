/**
 * The legal working limits of foreign staff: may this person take this shift? One pure function,
 * called by every path that puts a person on a shift (assignment, application to a shift, bulk
 * moves, swaps) before it writes; docs/workforce.md says how. It answers for the residence card,
 * the person's age (労働基準法), what their residence status lets them do (出入国管理及び難民認定法,
 * 労働者派遣法, 技能実習法, 特定技能の運用要領) and the hours their permission allows.
 *
 * Times are wall-clock times in Japan ('YYYY-MM-DDTHH:MM', Asia/Tokyo). Japan has no daylight
 * saving, so they are counted as plain minutes: a day is always 1,440 minutes.
 */
import { z } from 'zod';
import { dateLong, dateText, numberText } from '../../../shared/format.ts';
import { pickLang, type Lang } from '../../../shared/i18n.ts';
import { msg } from '../../../shared/messages.ts';
import { VISA_SEED } from '../enums/reference-data.ts';
import { parseOrThrow } from '../../validation.ts';
import { DAY_PATTERN, isDay } from '../../../shared/time.ts';

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
// What a status lets a person do: the kind of work, the field, dispatch

/**
 * The 16 fields (分野) of 特定技能 by their Japanese names, as the 分野別運用方針 name them, with an
 * English name for the reader. A job's field and the person's are compared by the Japanese name.
 */
export const SSW_FIELDS: readonly (readonly [ja: string, en: string])[] = [
  ['介護', 'Nursing care'],
  ['ビルクリーニング', 'Building cleaning'],
  ['工業製品製造業', 'Industrial product manufacturing'],
  ['建設', 'Construction'],
  ['造船・舶用工業', 'Shipbuilding and ship machinery'],
  ['自動車整備', 'Automobile repair and maintenance'],
  ['航空', 'Aviation'],
  ['宿泊', 'Accommodation'],
  ['自動車運送業', 'Automobile transportation'],
  ['鉄道', 'Railway'],
  ['農業', 'Agriculture'],
  ['漁業', 'Fisheries'],
  ['飲食料品製造業', 'Food and beverage manufacturing'],
  ['外食業', 'Food service'],
  ['林業', 'Forestry'],
  ['木材産業', 'Wood industry'],
];
/** The 特定技能 fields in which a dispatching company may place the person (派遣形態が認められる分野). */
export const SSW_DISPATCH_FIELDS: readonly string[] = ['農業', '漁業'];

/** The statuses whose work is bound to a 特定技能 field. */
export const SSW_STATUSES: readonly string[] = ['特定技能1号', '特定技能2号'];
const SSW = SSW_STATUSES;
/** 就労資格 whose activity is one kind of skilled work: not simple manual work. */
const SCOPED_WORK = ['技術・人文知識・国際業務', '技能実習'] as const;

/** What the activity rules read of the input. */
interface ActivityInput {
  dispatch: boolean | null;
  jobField: string | null | undefined;
  personField: string | null | undefined;
  simpleLabour: boolean;
}

export type ActivityRuleId = 'no_work' | 'dispatch' | 'field' | 'simple_labour';

/**
 * One rule of what a status allows: the statuses it binds (by their visa_types.ja name), the law
 * it comes from, and when it refuses. Read in this order; the first row that refuses answers.
 */
export interface ActivityRule {
  rule: ActivityRuleId;
  statuses: readonly string[];
  law: string;
  refuses: (input: ActivityInput) => boolean;
}

/**
 * A 特定技能 field is known to match only when both sides are recorded and equal. A caller that
 * knows neither (`undefined` for both: the data is not kept where it reads) leaves the rule out;
 * one that knows either must know both.
 */
const fieldUnknownToCaller = (i: ActivityInput) => i.jobField === undefined && i.personField === undefined;

export const ACTIVITY_RULES: readonly ActivityRule[] = [
  {
    // A visitor may not be paid for work in Japan at all; a permission to work outside status is
    // not granted to 短期滞在, so a ticked "permission" on the record changes nothing.
    rule: 'no_work',
    statuses: ['短期滞在'],
    law: '出入国管理及び難民認定法 第19条第1項・別表第一の三（短期滞在）',
    refuses: () => true,
  },
  {
    // A technical intern trains under an employment contract with the implementing organisation
    // (実習実施者) named in the certified plan; a dispatching company is never that organisation.
    rule: 'dispatch',
    statuses: ['技能実習'],
    law: '外国人の技能実習の適正な実施及び技能実習生の保護に関する法律 第2条・第8条・第9条（実習実施者による雇用）',
    refuses: (i) => i.dispatch === true,
  },
  {
    // 特定技能 is direct employment by the 特定技能所属機関; dispatch is allowed only in the fields
    // whose policy allows it (agriculture and fisheries, for their seasonal work).
    rule: 'dispatch',
    statuses: SSW,
    law: '特定技能雇用契約及び一号特定技能外国人支援計画の基準等を定める省令 第1条・第2条、農業・漁業分野の分野別運用方針、特定技能運用要領（派遣は農業・漁業のみ）',
    refuses: (i) => i.dispatch === true && !(i.jobField != null && SSW_DISPATCH_FIELDS.includes(i.jobField)),
  },
  {
    // 特定技能 permits work in the field (特定産業分野) written on the person's status only.
    rule: 'field',
    statuses: SSW,
    law: '出入国管理及び難民認定法 別表第一の二（特定技能）、特定技能運用要領（従事する業務は指定された特定産業分野に限る）',
    refuses: (i) => !fieldUnknownToCaller(i) && (i.personField == null || i.jobField == null || i.personField !== i.jobField),
  },
  {
    // 技術・人文知識・国際業務 covers work that needs the knowledge of a discipline or a foreign
    // culture, and a technical intern's plan a skill that repeating one task cannot teach: neither
    // covers simple manual work (picking, packing, cleaning, line work, serving).
    rule: 'simple_labour',
    statuses: SCOPED_WORK,
    law: '出入国管理及び難民認定法 別表第一の二（技術・人文知識・国際業務）・第19条第1項、技能実習法 第9条（同一の作業の反復のみで修得できる技能は対象外）',
    refuses: (i) => i.simpleLabour,
  },
];

// ---------------------------------------------------------------------------------------------
// Age (労働基準法 第6章 年少者)

/** At most 8 worked hours in a shift for a person under 18. */
export const MINOR_SHIFT_LIMIT_MINUTES = 8 * 60;
/** The night a person under 18 may not work: 22:00 to 05:00. */
const NIGHT_FROM = 22 * 60;
const NIGHT_TO = 5 * 60;

export type AgeRuleId = 'under_15' | 'night' | 'over_8_hours';

/** What the age rules read: the shift in minutes and the person's birthdays that matter. */
interface AgeInput {
  start: number;
  end: number;
  worked: number;
  /** Days since 1970 the shift has a minute on. */
  days: number[];
  /** The day the person turns 18 (days since 1970). */
  eighteen: number;
  /** The last day of compulsory schooling: the 31 March on or after the 15th birthday. */
  schoolEnds: number;
}

/** One age rule: its law, and the day it refuses the shift on (null: it does not refuse). */
export interface AgeRule {
  rule: AgeRuleId;
  law: string;
  refusesOn: (input: AgeInput) => number | null;
}

/** The night minutes of day `d`: 00:00–05:00 and 22:00–24:00. */
const nightOf = (d: number) => [[d * DAY, d * DAY + NIGHT_TO] as const, [d * DAY + NIGHT_FROM, (d + 1) * DAY] as const];

export const AGE_RULES: readonly AgeRule[] = [
  {
    // A child may not be employed until the 31 March after their 15th birthday has ended. (The
    // permit of a labour standards office for light work from 13, 第56条第2項, is not modelled.)
    rule: 'under_15',
    law: '労働基準法 第56条第1項',
    refusesOn: (i) => i.days.find((d) => d <= i.schoolEnds) ?? null,
  },
  {
    // No work between 22:00 and 05:00 for a person under 18 (the exception for boys of 16 and over
    // in rotating shifts, 第61条第1項ただし書, is not modelled). The shift's whole span counts: a
    // break does not take a minor off the premises.
    rule: 'night',
    law: '労働基準法 第61条第1項',
    refusesOn: (i) => i.days.find((d) => d < i.eighteen && nightOf(d).some(([from, to]) => i.start < to && from < i.end)) ?? null,
  },
  {
    // 8 hours a day for a person under 18: none of the arrangements that lengthen a day
    // (変形労働時間制, フレックスタイム, 36協定) apply to them.
    rule: 'over_8_hours',
    law: '労働基準法 第60条第1項・第32条第2項',
    refusesOn: (i) => (i.worked > MINOR_SHIFT_LIMIT_MINUTES ? (i.days.find((d) => d < i.eighteen) ?? null) : null),
  },
];

/**
 * The day a person born on `birth` reaches `years` (days since 1970). The person reaches an age at
 * the start of their birthday; one born on 29 February, at the start of 1 March in a year without
 * it. (The Act on the Calculation of Age counts an age from the end of the day before the
 * birthday — the same instant — but names that day as the one on which the age is reached;
 * docs/workforce.md says where that matters.)
 */
function birthday(birth: string, years: number): number {
  const [y, m, d] = birth.split('-').map(Number) as [number, number, number];
  // Date.UTC rolls 29 February of a common year over to 1 March.
  return Date.UTC(y + years, m - 1, d) / 86_400_000;
}
/** The age on day `day` (days since 1970) of a person born on `birth`. */
export function ageOn(birth: string, day: number): number {
  const born = Number(birth.slice(0, 4));
  let age = new Date(day * 86_400_000).getUTCFullYear() - born;
  while (age > 0 && birthday(birth, age) > day) age--;
  return Math.max(0, age);
}
/** The 31 March on or after the 15th birthday: the last day a child may not be employed. */
function schoolEndsAfter(birth: string): number {
  const fifteen = birthday(birth, 15);
  const y = new Date(fifteen * 86_400_000).getUTCFullYear();
  const march31 = Date.UTC(y, 2, 31) / 86_400_000;
  return fifteen <= march31 ? march31 : Date.UTC(y + 1, 2, 31) / 86_400_000;
}

// ---------------------------------------------------------------------------------------------
// Input

const LOCAL_FORMAT = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)$/;

/** Days since 1970-01-01 of a calendar day 'YYYY-MM-DD'. */
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;
/** Minutes since 1970-01-01T00:00 of a wall-clock time 'YYYY-MM-DDTHH:MM'. */
const minuteNumber = (local: string) => Date.parse(`${local}:00Z`) / 60_000;
const dayName = (n: number) => new Date(n * 86_400_000).toISOString().slice(0, 10);

const calendarDay = z.string().regex(DAY_PATTERN, 'a date as YYYY-MM-DD').refine(isDay, 'not a calendar date');
const localTime = z
  .string()
  .regex(LOCAL_FORMAT, 'a time in Japan as YYYY-MM-DDTHH:MM')
  .refine((s) => isDay(s.slice(0, 10)), 'not a calendar date');

const shift = z
  .object({
    start: localTime,
    end: localTime,
    breakMinutes: z.number().int().min(0),
    /**
     * The scheduled time, when `start`/`end` are recorded times that differ from it: the overlap
     * rule compares schedules (a clock-in a few minutes early, or a late clock-out, does not make
     * two back-to-back shifts overlap); the hours count what was worked.
     */
    planned: z.object({ start: localTime, end: localTime }).optional(),
  })
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
  longVacations: z.array(z.object({ from: calendarDay, to: calendarDay }).refine((v) => v.from <= v.to, { message: 'a vacation ends on or after its first day', path: ['to'] })).default([]),
  /** The person's other shifts (not the candidate, not cancelled ones). */
  assignments: z.array(shift),
  /** The shift the person would take. */
  candidate: shift,
  /** The job type (job-enum id) of the candidate shift's job; read only for work statuses. */
  jobType: z.number().int().positive().nullish(),
  /** The job types (job-enum ids) the person's work status covers; absent = not recorded, no check. */
  allowedJobTypes: z.array(z.number().int().positive()).nullish(),
  /** The person's date of birth; absent or null = not known, the age rules are not checked. */
  birthDate: calendarDay.nullish(),
  /**
   * Placed by the platform as a dispatching company (労働者派遣) rather than employed directly by
   * the job's client. null = the placement does not record which, and the dispatch rules are
   * left out (docs/workforce.md says which callers pass it).
   */
  dispatch: z.boolean().nullable().default(true),
  /**
   * The 特定技能 field (分野) of the job and the one on the person's status, by their Japanese
   * names ('外食業', '農業'). null = recorded as none; absent (both) = the caller does not know
   * them, and the field rule is left out.
   */
  jobField: z.string().trim().max(100).nullish(),
  personField: z.string().trim().max(100).nullish(),
  /** The job is simple manual work (picking, packing, cleaning, line work, serving). */
  simpleLabour: z.boolean().default(false),
});
export type WorkLimitsInput = z.input<typeof workLimitsInput>;

// ---------------------------------------------------------------------------------------------
// Output

export type WorkLimitRefusal =
  | { ok: false; reason: 'card_expired'; detail: string; facts: { expiry: string; day: string } }
  | { ok: false; reason: 'card_unverified'; detail: string; facts: Record<string, never> }
  | { ok: false; reason: 'age'; detail: string; facts: { rule: AgeRuleId; day: string; age: number; until: string | null; minutes: number | null; law: string } }
  | { ok: false; reason: 'status_activity'; detail: string; facts: { rule: ActivityRuleId; status: string; jobField: string | null; personField: string | null; law: string } }
  | { ok: false; reason: 'no_permission'; detail: string; facts: { status: string; missing: 'permission' | 'job_type'; jobType: number | null } }
  | { ok: false; reason: 'weekly_limit'; detail: string; facts: { from: string; to: string; minutes: number; limit: number; left: number } }
  | { ok: false; reason: 'daily_limit'; detail: string; facts: { day: string; minutes: number; limit: number; left: number } }
  | { ok: false; reason: 'overlap'; detail: string; facts: { start: string; end: string } };

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
 * verified the card, the person's age (`AGE_RULES`, with `birthDate`), what the status lets them
 * do (`ACTIVITY_RULES`: no work, dispatch, field, simple labour), that the shift does not
 * overlap another of the person's (`overlapping`), the residence status
 * (permission, job type), a student's 8 hours on each
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

  const age = input.birthDate ? checkAge(input.birthDate, candidate) : null;
  if (age) return age;

  const status = input.residenceStatus;
  const activity = { dispatch: input.dispatch, jobField: input.jobField, personField: input.personField, simpleLabour: input.simpleLabour };
  const barred = ACTIVITY_RULES.find((r) => r.statuses.includes(status) && r.refuses(activity));
  if (barred) {
    const jobField = input.jobField ?? null;
    const personField = input.personField ?? null;
    return {
      ok: false,
      reason: 'status_activity',
      detail: activityDetail(barred.rule, status, jobField, personField),
      facts: { rule: barred.rule, status, jobField, personField, law: barred.law },
    };
  }

  const clash = overlapping(
    candidate.planned ?? candidate,
    input.assignments.map((a) => a.planned ?? a),
  );
  if (clash) {
    return { ok: false, reason: 'overlap', detail: `the shift overlaps another shift of the person, ${clash.start} to ${clash.end}`, facts: { start: clash.start, end: clash.end } };
  }

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

/**
 * The earliest of `others` whose time shares a minute with `candidate` (start to end, breaks
 * included: a person on a break is still at that workplace), or null. One ending as the other
 * starts does not overlap. Not a rule of law: one person cannot be in two places at once.
 */
export function overlapping<S extends { start: string; end: string }>(candidate: { start: string; end: string }, others: readonly S[]): S | null {
  const start = minuteNumber(candidate.start);
  const end = minuteNumber(candidate.end);
  let first: S | null = null;
  for (const o of others) {
    if (minuteNumber(o.start) < end && start < minuteNumber(o.end) && (!first || o.start < first.start || (o.start === first.start && o.end < first.end))) first = o;
  }
  return first;
}

/** The input of a placement without a scheduled time: everything but the shifts, and the day it starts. */
export type UnscheduledInput = Omit<WorkLimitsInput, 'candidate' | 'assignments' | 'longVacations'> & { day: string };

/**
 * May the person be placed on a job that has no scheduled time (a part-time hire before its
 * schedule): the card on `day`, the age on `day` (the 31 March after the 15th birthday; the night
 * and 8-hour rules need times), what the status allows, and the permission. No hours are counted
 * (`weeklyMinutesLeft: null`): each scheduled or recorded time is checked on its own. The same
 * rules as `checkWorkLimits`, asked of one nominal minute at noon of `day` with no other work, so
 * only the rules above can refuse it.
 */
export function checkUnscheduled(raw: UnscheduledInput): WorkLimitsResult {
  const { day, ...rest } = raw;
  const r = checkWorkLimits({ ...rest, longVacations: [], assignments: [], candidate: { start: `${day}T12:00`, end: `${day}T12:01`, breakMinutes: 0 } });
  return r.ok ? { ok: true, weeklyMinutesLeft: null } : r;
}

/** The first age rule that refuses the shift, as a refusal; null when none does. */
function checkAge(birthDate: string, candidate: { start: string; end: string; breakMinutes: number }): WorkLimitRefusal | null {
  const start = minuteNumber(candidate.start);
  const end = minuteNumber(candidate.end);
  const days: number[] = [];
  for (let d = Math.floor(start / DAY); d * DAY < end; d++) days.push(d);
  const facts: AgeInput = { start, end, worked: end - start - candidate.breakMinutes, days, eighteen: birthday(birthDate, 18), schoolEnds: schoolEndsAfter(birthDate) };
  for (const r of AGE_RULES) {
    const day = r.refusesOn(facts);
    if (day === null) continue;
    const years = ageOn(birthDate, day);
    const until = r.rule === 'under_15' ? dayName(facts.schoolEnds) : null;
    const minutes = r.rule === 'over_8_hours' ? facts.worked : null;
    const detail =
      r.rule === 'under_15'
        ? `aged ${years} on ${dayName(day)}: no work until the 31 March after the 15th birthday (${until}) has ended`
        : r.rule === 'night'
          ? `aged ${years} on ${dayName(day)}: no work between 22:00 and 05:00 under 18`
          : `aged ${years} on ${dayName(day)}: a shift of ${en(facts.worked)} worked minutes is over the ${en(MINOR_SHIFT_LIMIT_MINUTES)} allowed under 18`;
    return { ok: false, reason: 'age', detail, facts: { rule: r.rule, day: dayName(day), age: years, until, minutes, law: r.law } };
  }
  return null;
}

function activityDetail(rule: ActivityRuleId, status: string, jobField: string | null, personField: string | null): string {
  switch (rule) {
    case 'no_work':
      return `residence status ${status} allows no paid work, with or without a permission`;
    case 'dispatch':
      return status === '技能実習'
        ? `residence status ${status} is never placed by dispatch`
        : `residence status ${status} is placed by dispatch only in ${SSW_DISPATCH_FIELDS.join(' and ')} (the job's field: ${jobField ?? 'none'})`;
    case 'field':
      return `residence status ${status} allows work in the person's own field (${personField ?? 'not recorded'}) only, not in the job's (${jobField ?? 'none'})`;
    case 'simple_labour':
      return `residence status ${status} does not cover simple manual work`;
  }
}

// ---------------------------------------------------------------------------------------------
// In words

/** A status's name in a language: the reference data's English name, else the name as stored. */
function statusName(status: string, lang: Lang): string {
  if (lang === 'ja' || status === '') return status || '—';
  return VISA_SEED.find(([ja]) => ja === status)?.[1] ?? status;
}

/**
 * A 特定技能 field (its Japanese name, as stored) in a language, inside a refusal's sentence; a job
 * or person with none reads "none" ("this job's field: none"), a word and not a table's dash.
 */
export function fieldName(field: string | null, lang: Lang): string {
  if (!field) return msg(lang, 'workLimits.noField');
  return pickLang(lang, field, SSW_FIELDS.find(([ja]) => ja === field)?.[1] ?? field);
}

/** A refusal as a sentence in the reader's language, for screens, chat and API errors. */
export function workLimitText(lang: Lang, refusal: WorkLimitRefusal): string {
  switch (refusal.reason) {
    case 'card_expired':
      return msg(lang, 'workLimits.cardExpired', { expiry: dateLong(refusal.facts.expiry, lang), day: dateText(refusal.facts.day, lang) });
    case 'card_unverified':
      return msg(lang, 'workLimits.cardUnverified');
    case 'age': {
      const f = refusal.facts;
      const vars = {
        day: dateText(f.day, lang),
        age: f.age,
        until: f.until ? dateLong(f.until, lang) : '',
        minutes: f.minutes === null ? '' : numberText(f.minutes, lang),
        limit: numberText(MINOR_SHIFT_LIMIT_MINUTES, lang),
      };
      return msg(lang, f.rule === 'under_15' ? 'workLimits.ageUnder15' : f.rule === 'night' ? 'workLimits.ageNight' : 'workLimits.ageHours', vars);
    }
    case 'status_activity': {
      const f = refusal.facts;
      const vars = { status: statusName(f.status, lang), jobField: fieldName(f.jobField, lang), field: fieldName(f.personField, lang) };
      const key =
        f.rule === 'no_work'
          ? 'workLimits.activityNoWork'
          : f.rule === 'dispatch'
            ? f.status === '技能実習'
              ? 'workLimits.activityDispatchIntern'
              : 'workLimits.activityDispatchSsw'
            : f.rule === 'field'
              ? 'workLimits.activityField'
              : 'workLimits.activitySimpleLabour';
      return msg(lang, key, vars);
    }
    case 'no_permission': {
      const status = statusName(refusal.facts.status, lang);
      return msg(lang, refusal.facts.missing === 'permission' ? 'workLimits.noPermission' : 'workLimits.jobType', { status });
    }
    case 'weekly_limit': {
      const f = refusal.facts;
      return msg(lang, 'workLimits.weeklyLimit', {
        from: dateText(f.from, lang),
        to: dateText(f.to, lang),
        minutes: numberText(f.minutes, lang),
        limit: numberText(f.limit, lang),
        left: numberText(f.left, lang),
      });
    }
    case 'overlap': {
      const f = refusal.facts;
      return msg(lang, 'workLimits.overlap', {
        day: dateText(f.start.slice(0, 10), lang),
        start: f.start.slice(11),
        end: f.end.slice(11),
        next: f.end.slice(0, 10) > f.start.slice(0, 10) ? msg(lang, 'shifts.overnight') : '',
      });
    }
    case 'daily_limit': {
      const f = refusal.facts;
      return msg(lang, 'workLimits.dailyLimit', { day: dateText(f.day, lang), minutes: numberText(f.minutes, lang), limit: numberText(f.limit, lang), left: numberText(f.left, lang) });
    }
  }
}
