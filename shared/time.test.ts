import { describe, expect, it } from 'vitest';
import { isDay, parseDay, shiftEndDay } from './time.ts';

describe('isDay / parseDay', () => {
  it('takes a calendar day written YYYY-MM-DD, leap days included', () => {
    expect(isDay('2026-11-28')).toBe(true);
    expect(parseDay('2028-02-29')).toBe('2028-02-29');
  });
  it('refuses a day the calendar lacks, another spelling, and what is not a string', () => {
    for (const v of ['2026-02-29', '2026-02-30', '2026-13-01', '2026-00-10', '2026-1-5', '2026/11/28', '2026-11-28T00:00', '', undefined, null, 20261128]) {
      expect(isDay(v)).toBe(false);
      expect(parseDay(v)).toBeNull();
    }
  });
});

describe('shiftEndDay', () => {
  it('is the shift’s day, or the next day when the end is at or before the start', () => {
    expect(shiftEndDay('2026-11-30', '09:00', '18:00')).toBe('2026-11-30');
    expect(shiftEndDay('2026-11-30', '22:00:00', '06:00:00')).toBe('2026-12-01');
    expect(shiftEndDay('2026-12-31', '22:00', '22:00')).toBe('2027-01-01');
  });
});
