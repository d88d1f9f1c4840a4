import { describe, expect, it } from 'vitest';
import { computeShiftPay } from './compute.ts';
import { scheduledMinutesOf, shiftWageOf, wageKindOf } from './wage-kind.ts';

describe('wage kinds', () => {
  it('reads the pay type by its Japanese name; none, 時給 and 週払い are hourly', () => {
    expect([wageKindOf('時給'), wageKindOf('日給'), wageKindOf('月給'), wageKindOf('週払い'), wageKindOf(null)]).toEqual(['hourly', 'daily', 'monthly', 'hourly', 'hourly']);
  });

  it('takes a day rate\'s scheduled minutes from the planned shift, else 8 hours', () => {
    // 05:00–10:00 less 0 = 300; 22:00–07:00 less 60 = 480; no plan = 480.
    expect(scheduledMinutesOf({ start: '05:00', end: '10:00', breakMinutes: 0 })).toBe(300);
    expect(scheduledMinutesOf({ start: '22:00', end: '07:00', breakMinutes: 60 })).toBe(480);
    expect(scheduledMinutesOf(null)).toBe(480);
  });

  it('pays the demo\'s ¥9,800 5-hour sorting day as ¥9,800, not ¥49,000', () => {
    // 日給 9,800 for 05:00–10:00 without a break: worked 300 = scheduled 300 → base 9,800;
    // 05:00 is day time (night ends at 05:00), so no premium.
    const wage = shiftWageOf('daily', 9800, { start: '05:00', end: '10:00', breakMinutes: 0 })!;
    const pay = computeShiftPay({ date: '2026-11-24', start: '05:00', end: '10:00', breakMinutes: 0, statutoryHoliday: false, ...wage }, { weeklyMinutesBefore: 0, monthlyOvertimeMinutesBefore: 0 });
    expect(pay).toMatchObject({ workedMinutes: 300, base: 9800, total: 9800 });
  });

  it('makes no per-shift wage of a 月給', () => {
    expect(shiftWageOf('monthly', 240000, null)).toBeNull();
  });
});
