import { describe, expect, it } from 'vitest';
import { attendanceBreakFlag, checkPlannedBreak, requiredBreakMinutes } from './breaks.ts';

describe('労働基準法第34条 breaks', () => {
  it('needs 45 minutes over 6 hours of work and 60 over 8, to the minute', () => {
    expect(requiredBreakMinutes(360)).toBe(0); // exactly 6 hours: none
    expect(requiredBreakMinutes(361)).toBe(45);
    expect(requiredBreakMinutes(480)).toBe(45); // exactly 8 hours: 45
    expect(requiredBreakMinutes(481)).toBe(60);
  });

  it('refuses a 12-hour slot without a break, and counts work as the slot less its break', () => {
    // 08:00–20:00 = 720 minutes of work with no break: needs 60.
    expect(checkPlannedBreak('08:00', '20:00', 0)).toEqual({ workMinutes: 720, breakMinutes: 0, required: 60, short: true });
    // 09:00–18:00 less 60 = 480 of work: needs 45, has 60.
    expect(checkPlannedBreak('09:00', '18:00', 60).short).toBe(false);
    // 09:00–18:00 less 45 = 495 of work: over 8 hours, needs 60: short.
    expect(checkPlannedBreak('09:00', '18:00', 45)).toMatchObject({ workMinutes: 495, required: 60, short: true });
    // 09:00–15:45 less 45 = 360 of work: not over 6 hours, so 45 is plenty; 09:00–15:30 with none = 390: short.
    expect(checkPlannedBreak('09:00', '15:45', 45).short).toBe(false);
    expect(checkPlannedBreak('09:00', '15:30', 0)).toMatchObject({ workMinutes: 390, required: 45, short: true });
    // A night slot across midnight, 22:00–07:00 less 60 = 480 of work: fine.
    expect(checkPlannedBreak('22:00', '07:00', 60).short).toBe(false);
  });

  it('flags attendance with a shorter break than the Act requires', () => {
    const at = (hhmm: string, day = '2026-11-24') => new Date(`${day}T${hhmm}:00+09:00`);
    // 09:00–19:00 with 30 minutes recorded: 570 of work, needs 60: flagged.
    expect(attendanceBreakFlag({ clockIn: at('09:00'), clockOut: at('19:00'), breakMinutes: 30 })).toEqual({ workMinutes: 570, breakMinutes: 30, required: 60, short: true });
    // 09:00–14:00 with none: 300 of work, nothing needed.
    expect(attendanceBreakFlag({ clockIn: at('09:00'), clockOut: at('14:00'), breakMinutes: 0 })?.short).toBe(false);
    // Not clocked out yet: no flag.
    expect(attendanceBreakFlag({ clockIn: at('09:00'), clockOut: null, breakMinutes: 0 })).toBeNull();
  });
});
