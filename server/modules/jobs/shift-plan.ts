/**
 * The shift editor's "add many at once": every date in a range whose weekday is chosen, times
 * every time slot. Pure, so the rules are tested on their own.
 */
import type { Text } from '../../../shared/i18n.ts';
import { msgText } from '../../../shared/messages.ts';
import { checkPlannedBreak } from '../payroll/breaks.ts';
import { isDay } from '../../../shared/time.ts';

export interface TimeSlot {
  start: string; // HH:MM
  end: string; // HH:MM
}

export interface ShiftPlan {
  from: string; // YYYY-MM-DD
  to: string; // YYYY-MM-DD
  /** 0 = Sunday … 6 = Saturday. */
  weekdays: number[];
  slots: TimeSlot[];
  capacity: number;
  breakMinutes: number;
  wage?: number | null;
}

export interface PlannedShift {
  date: string;
  start_time: string;
  end_time: string;
  capacity: number;
  break_minutes: number;
  wage: number | null;
}

/** A plan may not create more than this many shifts at once (a year of three slots a day). */
export const MAX_SHIFTS_PER_PLAN = 1100;
export const MAX_PLAN_DAYS = 366;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A mistake in a plan, beside its field, in both languages. */
export type PlanError = { field: 'from' | 'to' | 'weekdays' | 'slots' | 'capacity' | 'breakMinutes' } & Text;

function parseDate(s: string): Date | null {
  return isDay(s) ? new Date(`${s}T00:00:00Z`) : null;
}

const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

/** Checks a plan; an empty list means it is valid. */
export function checkPlan(p: ShiftPlan): PlanError[] {
  const errors: PlanError[] = [];
  const from = parseDate(p.from);
  const to = parseDate(p.to);
  if (!from) errors.push({ field: 'from', ...msgText('shifts.errFrom') });
  if (!to) errors.push({ field: 'to', ...msgText('shifts.errTo') });
  if (from && to) {
    const days = (to.getTime() - from.getTime()) / 86_400_000;
    if (days < 0) errors.push({ field: 'to', ...msgText('shifts.errOrder') });
    else if (days >= MAX_PLAN_DAYS) errors.push({ field: 'to', ...msgText('shifts.errRange') });
  }
  if (!p.weekdays.length || p.weekdays.some((w) => !Number.isInteger(w) || w < 0 || w > 6)) {
    errors.push({ field: 'weekdays', ...msgText('shifts.errWeekdays') });
  }
  if (!p.slots.length) errors.push({ field: 'slots', ...msgText('shifts.errNoSlots') });
  for (const s of p.slots) {
    if (!TIME.test(s.start) || !TIME.test(s.end)) {
      errors.push({ field: 'slots', ...msgText('shifts.errTime') });
      break;
    }
    if (minutes(s.start) === minutes(s.end)) {
      errors.push({ field: 'slots', ...msgText('shifts.errEmptySlot') });
      break;
    }
  }
  const starts = p.slots.map((s) => s.start);
  if (new Set(starts).size !== starts.length) errors.push({ field: 'slots', ...msgText('shifts.errSameStart') });
  if (!Number.isInteger(p.capacity) || p.capacity < 1 || p.capacity > 1000) errors.push({ field: 'capacity', ...msgText('shifts.errCapacity') });
  if (!Number.isInteger(p.breakMinutes) || p.breakMinutes < 0 || p.breakMinutes > 240) errors.push({ field: 'breakMinutes', ...msgText('shifts.errBreak') });
  else if (!errors.some((e) => e.field === 'slots')) {
    // 労働基準法第34条: the break every slot of the plan gets must be long enough for its work.
    const short = p.slots.map((s) => ({ s, c: checkPlannedBreak(s.start, s.end, p.breakMinutes) })).find((x) => x.c.short);
    if (short)
      errors.push({
        field: 'breakMinutes',
        ...msgText('shifts.errBreakRule', { slot: `${short.s.start}–${short.s.end}`, work: short.c.workMinutes, break: short.c.breakMinutes, required: short.c.required }),
      });
  }
  if (!errors.length && expandPlanUnchecked(p).length > MAX_SHIFTS_PER_PLAN) {
    errors.push({ field: 'to', ...msgText('shifts.errTooMany', { max: MAX_SHIFTS_PER_PLAN }) });
  }
  return errors;
}

function expandPlanUnchecked(p: ShiftPlan): PlannedShift[] {
  const out: PlannedShift[] = [];
  const from = parseDate(p.from)!;
  const to = parseDate(p.to)!;
  const weekdays = new Set(p.weekdays);
  const slots = [...p.slots].sort((a, b) => a.start.localeCompare(b.start));
  for (let d = from; d.getTime() <= to.getTime(); d = new Date(d.getTime() + 86_400_000)) {
    if (!weekdays.has(d.getUTCDay())) continue;
    const date = d.toISOString().slice(0, 10);
    for (const s of slots) {
      out.push({ date, start_time: s.start, end_time: s.end, capacity: p.capacity, break_minutes: p.breakMinutes, wage: p.wage ?? null });
    }
  }
  return out;
}

/** The shifts of a valid plan, by date then start time. Throws on an invalid plan. */
export function expandPlan(p: ShiftPlan): PlannedShift[] {
  const errors = checkPlan(p);
  if (errors.length) throw new Error(errors.map((e) => e.en).join(' '));
  return expandPlanUnchecked(p);
}

/** Paid minutes of a shift; a slot ending before it starts runs past midnight. */
export function paidMinutes(start: string, end: string, breakMinutes: number): number {
  let span = minutes(end) - minutes(start);
  if (span <= 0) span += 24 * 60;
  return Math.max(0, span - breakMinutes);
}
