/**
 * Breaks, 労働基準法第34条第1項: working time over 6 hours needs a break of at least 45 minutes
 * during it, over 8 hours at least 60. "Working time" is the time worked, the shift less its
 * break: a 6-hour-45-minute slot with a 45-minute break is 6 hours of work and needs only 45
 * minutes; a 9-hour slot with 45 minutes is 8 hours 15 minutes of work and needs 60.
 *
 * Pure rules: a shift plan is refused with them (server/modules/jobs/shift-plan.ts), and recorded
 * attendance is flagged, not refused (what happened is recorded as it happened).
 */

const DAY = 24 * 60;
/** 第34条第1項: over this many minutes of work, at least this many minutes of break. */
export const BREAK_RULES = [
  { overMinutes: 8 * 60, breakMinutes: 60 },
  { overMinutes: 6 * 60, breakMinutes: 45 },
] as const;

/** The least break the Act requires for this many minutes of work. */
export function requiredBreakMinutes(workMinutes: number): number {
  return BREAK_RULES.find((r) => workMinutes > r.overMinutes)?.breakMinutes ?? 0;
}

const minuteOf = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

/** A planned slot's length in minutes; an end at or before the start is on the next day. */
export function slotMinutes(start: string, end: string): number {
  const span = minuteOf(end) - minuteOf(start);
  return span <= 0 ? span + DAY : span;
}

export interface BreakCheck {
  /** Minutes worked: the span less the break. */
  workMinutes: number;
  breakMinutes: number;
  required: number;
  /** True when the break is shorter than the Act requires. */
  short: boolean;
}

/** A span of `spanMinutes` with `breakMinutes` of break, checked against 第34条. */
export function checkBreak(spanMinutes: number, breakMinutes: number): BreakCheck {
  const workMinutes = Math.max(0, spanMinutes - breakMinutes);
  const required = requiredBreakMinutes(workMinutes);
  return { workMinutes, breakMinutes, required, short: breakMinutes < required };
}

/** A planned shift (HH:MM to HH:MM, break in minutes) checked against 第34条. */
export function checkPlannedBreak(start: string, end: string, breakMinutes: number): BreakCheck {
  return checkBreak(slotMinutes(start, end), breakMinutes);
}

/**
 * Recorded attendance (clock-in, clock-out, the break recorded) checked against 第34条: `short`
 * is the flag staff see. A record without both times, or out of order, is not flagged.
 */
export function attendanceBreakFlag(a: { clockIn: Date | null; clockOut: Date | null; breakMinutes: number }): BreakCheck | null {
  if (!a.clockIn || !a.clockOut) return null;
  const span = Math.floor((a.clockOut.getTime() - a.clockIn.getTime()) / 60_000);
  if (span <= 0) return null;
  return checkBreak(span, Math.max(0, a.breakMinutes));
}
