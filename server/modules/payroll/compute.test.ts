import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeShiftPay, type ShiftContext, type ShiftPay, type ShiftWork } from './compute.ts';

const shift = (w: Partial<ShiftWork> = {}): ShiftWork => ({
  date: '2026-11-24',
  start: '09:00',
  end: '18:00',
  breakMinutes: 60,
  hourlyWage: 1200,
  statutoryHoliday: false,
  ...w,
});
const fresh: ShiftContext = { weeklyMinutesBefore: 0, monthlyOvertimeMinutesBefore: 0 };
/** The minutes and premiums of a pay that earns no premium: a test spreads it and names what is not 0. */
const NOTHING_MORE = { overtimeMinutes: 0, over60Minutes: 0, lateNightMinutes: 0, holidayMinutes: 0, overtimePremium: 0, lateNightPremium: 0, holidayPremium: 0 };

describe('computeShiftPay: hand-worked shifts', () => {
  it('pays a plain 8-hour day shift its base only', () => {
    // 09:00–18:00 = 540 min, less a 60-min break = 480 min worked, exactly 8 hours: no overtime.
    // base = 480 × 1,200 / 60 = 9,600.
    expect(computeShiftPay(shift(), fresh)).toEqual({ ...NOTHING_MORE, workedMinutes: 480, base: 9600, total: 9600 });
  });

  // Each case: the shift (over the 09:00–18:00 default) and, when the week or month has work already, its context; the pay worked by hand.
  const WORKED: Record<string, { work: Partial<ShiftWork>; context?: ShiftContext; pay: Partial<ShiftPay> }> = {
    'pays minutes beyond 8 hours in the shift at +25%': {
      // 09:00–20:00 = 660 min − 60 break = 600 worked; 600 − 480 = 120 overtime.
      // base = 600 × 1,000 / 60 = 10,000; overtime = 120 × 1,000 × 25% / 60 = 500.
      work: { end: '20:00', hourlyWage: 1000 },
      pay: {
        workedMinutes: 600,
        overtimeMinutes: 120,
        over60Minutes: 0,
        base: 10000,
        overtimePremium: 500,
        total: 10500,
      },
    },
    'pays a night shift across midnight its late-night minutes at +25%, the break placed in the middle': {
      // 22:00–07:00 (next day) = 540 min; break at floor((540 − 60) / 2) = 240 min after the start,
      // i.e. 02:00–03:00. Worked: 22:00–02:00 (240, all night) and 03:00–07:00 (240, of which
      // 03:00–05:00 = 120 are night): 480 worked, 360 late night.
      // base = 480 × 1,100 / 60 = 8,800; late night = 360 × 1,100 × 25% / 60 = 1,650.
      work: { start: '22:00', end: '07:00', hourlyWage: 1100 },
      pay: {
        workedMinutes: 480,
        overtimeMinutes: 0,
        lateNightMinutes: 360,
        base: 8800,
        lateNightPremium: 1650,
        total: 10450,
      },
    },
    'takes the break where breakStart says, which can move minutes out of the night': {
      // 22:00–07:00 with the break at 05:00–06:00: worked 22:00–05:00 (420, all night) and
      // 06:00–07:00 (60, day): late night = 420 × 1,100 × 25% / 60 = 1,925 (1,650 with the default break).
      work: { start: '22:00', end: '07:00', breakStart: '05:00', hourlyWage: 1100 },
      pay: {
        workedMinutes: 480,
        lateNightMinutes: 420,
        base: 8800,
        lateNightPremium: 1925,
        total: 10725,
      },
    },
    'adds the late-night premium on top of overtime': {
      // 14:00–23:30 = 570 min; break at floor((570 − 60) / 2) = 255 min → 18:15–19:15; 510 worked.
      // The last 30 worked minutes (23:00–23:30) are beyond 8 hours; 22:00–23:30 = 90 are night.
      // base = 510 × 1,200 / 60 = 10,200; overtime = 30 × 1,200 × 25% / 60 = 150;
      // late night = 90 × 1,200 × 25% / 60 = 450; total 10,800.
      work: { start: '14:00', end: '23:30' },
      pay: {
        workedMinutes: 510,
        overtimeMinutes: 30,
        lateNightMinutes: 90,
        base: 10200,
        overtimePremium: 150,
        lateNightPremium: 450,
        total: 10800,
      },
    },
    'pays overtime beyond 60 hours in the month at +50% instead of +25%': {
      // 59 hours (3,540 min) of overtime already this month. 09:00–21:00 = 720 − 60 = 660 worked,
      // 180 overtime: the first 60 reach the 60 hours at 25%, the other 120 are beyond at 50%.
      // base = 660 × 1,200 / 60 = 13,200; overtime = 1,200 × (60 × 25% + 120 × 50%) / 60 = 1,200 × 75 / 60 = 1,500.
      work: { end: '21:00' },
      context: { weeklyMinutesBefore: 0, monthlyOvertimeMinutesBefore: 3540 },
      pay: {
        workedMinutes: 660,
        overtimeMinutes: 180,
        over60Minutes: 120,
        base: 13200,
        overtimePremium: 1500,
        total: 14700,
      },
    },
    'adds late night on top of the holiday premium when both days of a night shift are statutory holidays': {
      // 20:00–05:00 = 540 min; break at floor(480 / 2) = 240 → 00:00–01:00; 480 worked.
      // Night: 22:00–00:00 (120) and 01:00–05:00 (240) = 360.
      // base = 480 × 1,000 / 60 = 8,000; holiday = 480 × 1,000 × 35% / 60 = 2,800;
      // late night = 360 × 1,000 × 25% / 60 = 1,500; total 12,300.
      work: { start: '20:00', end: '05:00', hourlyWage: 1000, statutoryHoliday: true, nextDayStatutoryHoliday: true },
      pay: {
        workedMinutes: 480,
        holidayMinutes: 480,
        lateNightMinutes: 360,
        base: 8000,
        holidayPremium: 2800,
        lateNightPremium: 1500,
        overtimePremium: 0,
        total: 12300,
      },
    },
    'counts holiday work by calendar day: only the minutes before midnight of a holiday that ends at midnight': {
      // Sunday (法定休日) 20:00 – Monday 05:00, break 00:00–01:00 as above. Sunday 20:00–24:00 = 240
      // holiday minutes; Monday 01:00–05:00 = 240 ordinary minutes, within 8 hours: no overtime.
      // base 8,000; holiday = 240 × 1,000 × 35% / 60 = 1,400; late night 1,500 as above; total 10,900.
      work: { start: '20:00', end: '05:00', hourlyWage: 1000, statutoryHoliday: true },
      pay: {
        workedMinutes: 480,
        holidayMinutes: 240,
        overtimeMinutes: 0,
        lateNightMinutes: 360,
        base: 8000,
        holidayPremium: 1400,
        lateNightPremium: 1500,
        total: 10900,
      },
    },
    'makes the minutes after midnight holiday work when the next day is the statutory holiday': {
      // Saturday 22:00 – Sunday 06:00 (Sunday the 法定休日), no break: 480 worked.
      // Saturday 22:00–24:00 = 120 ordinary; Sunday 00:00–06:00 = 360 holiday. Night 22:00–05:00 = 420.
      // base = 480 × 1,200 / 60 = 9,600; holiday = 360 × 1,200 × 35% / 60 = 2,520;
      // late night = 420 × 1,200 × 25% / 60 = 2,100; total 14,220.
      work: { date: '2026-11-28', start: '22:00', end: '06:00', breakMinutes: 0, nextDayStatutoryHoliday: true },
      pay: {
        workedMinutes: 480,
        holidayMinutes: 360,
        overtimeMinutes: 0,
        lateNightMinutes: 420,
        base: 9600,
        holidayPremium: 2520,
        lateNightPremium: 2100,
        total: 14220,
      },
    },
    'keeps holiday minutes out of the 8 hours: only ordinary minutes past 480 are overtime': {
      // Sunday (法定休日) 18:00 – Monday 09:00 = 900 min, break 60 at 01:00–02:00 (breakStart):
      // Sunday 18:00–24:00 = 360 holiday; Monday 00:00–01:00 and 02:00–09:00 = 480 ordinary: exactly 8
      // hours, so no overtime although 840 minutes were worked. Night 22:00–01:00 + 02:00–05:00 = 360.
      // base = 840 × 1,000 / 60 = 14,000; holiday = 360 × 1,000 × 35% / 60 = 2,100;
      // late night = 360 × 1,000 × 25% / 60 = 1,500; total 17,600.
      work: { start: '18:00', end: '09:00', breakStart: '01:00', hourlyWage: 1000, statutoryHoliday: true },
      pay: {
        workedMinutes: 840,
        holidayMinutes: 360,
        overtimeMinutes: 0,
        base: 14000,
        holidayPremium: 2100,
        lateNightPremium: 1500,
        overtimePremium: 0,
        total: 17600,
      },
    },
    'reads an end equal to the start as a 24-hour shift': {
      // 08:00–08:00 next day = 1,440 min − 120 break = 1,320 worked; 1,320 − 480 = 840 overtime.
      // Night 22:00–05:00 = 420; the break sits at floor(1,320 / 2) = 660 min → 19:00–21:00, outside it.
      work: { start: '08:00', end: '08:00', breakMinutes: 120, hourlyWage: 1000 },
      pay: {
        workedMinutes: 1320,
        overtimeMinutes: 840,
        lateNightMinutes: 420,
        // base 1,320 × 1,000 / 60 = 22,000; overtime 840 × 1,000 × 25% / 60 = 3,500; night 420 × 1,000 × 25% / 60 = 1,750.
        base: 22000,
        overtimePremium: 3500,
        lateNightPremium: 1750,
        total: 27250,
      },
    },
  };
  it.each(Object.entries(WORKED))('%s', (_, c) => {
    expect(computeShiftPay(shift(c.work), c.context ?? fresh)).toMatchObject(c.pay);
  });

  it('makes minutes beyond 40 hours in the week overtime, counting the week so far', () => {
    // 36 hours (2,160 min) already this week leave 240 regular minutes: of 480 worked, 240 are overtime.
    // base = 9,600; overtime = 240 × 1,200 × 25% / 60 = 1,200.
    expect(computeShiftPay(shift(), { weeklyMinutesBefore: 2160, monthlyOvertimeMinutesBefore: 0 })).toMatchObject({
      workedMinutes: 480,
      overtimeMinutes: 240,
      base: 9600,
      overtimePremium: 1200,
      total: 10800,
    });
    // A week already at 40 hours: every minute is overtime. 480 × 1,200 × 25% / 60 = 2,400.
    expect(computeShiftPay(shift(), { weeklyMinutesBefore: 2400, monthlyOvertimeMinutesBefore: 0 })).toMatchObject({ overtimeMinutes: 480, overtimePremium: 2400 });
  });

  it('pays every minute on a statutory holiday at +35%, with no overtime premium', () => {
    // 09:00–20:00, 600 worked on the 法定休日: holiday = 600, no overtime minutes (holiday work is not overtime).
    // base = 600 × 1,200 / 60 = 12,000; holiday = 600 × 1,200 × 35% / 60 = 4,200.
    expect(computeShiftPay(shift({ end: '20:00', statutoryHoliday: true }), { weeklyMinutesBefore: 2400, monthlyOvertimeMinutesBefore: 4000 })).toEqual({
      ...NOTHING_MORE,
      workedMinutes: 600,
      holidayMinutes: 600,
      base: 12000,
      holidayPremium: 4200,
      total: 16200,
    });
  });

  it('rounds base and each premium half up to the yen, once per shift', () => {
    // 09:00–09:30, no break, 30 min at 1,001: base = 30 × 1,001 / 60 = 500.5 → 501.
    expect(computeShiftPay(shift({ end: '09:30', breakMinutes: 0, hourlyWage: 1001 }), fresh)).toMatchObject({ workedMinutes: 30, base: 501, total: 501 });
    // 21:00–22:01, no break, at 1,080: 61 worked, the one at 22:00 is night.
    // base = 61 × 1,080 / 60 = 1,098; late night = 1 × 1,080 × 25% / 60 = 4.5 → 5.
    expect(computeShiftPay(shift({ start: '21:00', end: '22:01', breakMinutes: 0, hourlyWage: 1080 }), fresh)).toMatchObject({
      workedMinutes: 61,
      lateNightMinutes: 1,
      base: 1098,
      lateNightPremium: 5,
      total: 1103,
    });
    // 09:00–18:01 less 60 at 1,013: 481 worked, 1 overtime.
    // base = 481 × 1,013 / 60 = 487,253 / 60 = 8,120.88… → 8,121; overtime = 1,013 × 25% / 60 = 4.22… → 4.
    expect(computeShiftPay(shift({ end: '18:01', hourlyWage: 1013 }), fresh)).toMatchObject({
      workedMinutes: 481,
      overtimeMinutes: 1,
      base: 8121,
      overtimePremium: 4,
      total: 8125,
    });
  });

  it('counts 05:00 as day and 22:00 as night, to the minute', () => {
    // 04:00–06:00 without a break: 04:00–04:59 are night (60), 05:00 on is day.
    expect(computeShiftPay(shift({ start: '04:00', end: '06:00', breakMinutes: 0 }), fresh).lateNightMinutes).toBe(60);
    // 21:00–23:00: 22:00–22:59 are night (60).
    expect(computeShiftPay(shift({ start: '21:00', end: '23:00', breakMinutes: 0 }), fresh).lateNightMinutes).toBe(60);
  });
});

describe('computeShiftPay: day rates (日給, 施行規則第19条第1項第2号)', () => {
  const day = (w: Partial<ShiftWork> = {}): ShiftWork => ({ ...shift(), hourlyWage: undefined, dailyWage: 9800, scheduledMinutes: 480, ...w });

  it('pays the whole day rate for the scheduled day, not the day rate per hour', () => {
    // 09:00–18:00 less 60 = 480 worked = the 480 scheduled: base = 9,800 (hourly it would be 78,400).
    expect(computeShiftPay(day(), fresh)).toEqual({ ...NOTHING_MORE, workedMinutes: 480, base: 9800, total: 9800 });
  });

  it('pays a shorter day in proportion: worked ÷ scheduled of the day rate', () => {
    // One minute of a 480-minute ¥9,800 day: 9,800 × 1 / 480 = 20.41… → 20 (not ¥163, a minute at ¥9,800/h).
    expect(computeShiftPay(day({ end: '09:01', breakMinutes: 0 }), fresh)).toMatchObject({ workedMinutes: 1, base: 20, total: 20 });
    // 09:00–13:00, no break: 240 of 480 minutes = half the day rate, 4,900.
    expect(computeShiftPay(day({ end: '13:00', breakMinutes: 0 }), fresh)).toMatchObject({ workedMinutes: 240, base: 4900, total: 4900 });
  });

  it("counts the week: past 40 hours a day rate's minutes are overtime too", () => {
    // 38 hours before: 120 regular minutes left; 360 of the 480 are overtime at 9,800 / 8 = 1,225/h:
    // 360 × 1,225 × 25% / 60 = 1,837.5 → 1,838.
    expect(computeShiftPay(day(), { weeklyMinutesBefore: 2280, monthlyOvertimeMinutesBefore: 0 })).toMatchObject({ overtimeMinutes: 360, base: 9800, overtimePremium: 1838, total: 11638 });
  });

  it('refuses both wages, neither, or a day rate without its scheduled minutes', () => {
    expect(() => computeShiftPay(day({ hourlyWage: 1200 }), fresh)).toThrow(/exactly one of hourlyWage and dailyWage/);
    expect(() => computeShiftPay(day({ dailyWage: undefined, scheduledMinutes: undefined }), fresh)).toThrow(/exactly one of hourlyWage and dailyWage/);
    expect(() => computeShiftPay(day({ scheduledMinutes: undefined }), fresh)).toThrow(/scheduled minutes/);
    expect(() => computeShiftPay(shift({ scheduledMinutes: 480 }), fresh)).toThrow(/only a day rate has scheduled minutes/);
  });

  // Each case: the day (over the ¥9,800, 480-minute default) and its pay worked by hand.
  const WORKED: Record<string, { work: Partial<ShiftWork>; pay: Partial<ShiftPay> }> = {
    'pays minutes beyond the scheduled ones at the basis, and minutes beyond 8 hours at +25% of it': {
      // ¥8,400 for 7 scheduled hours: basis 8,400 ÷ 7 = 1,200/h. 09:00–19:00 less 60 = 540 worked.
      // base = 8,400 + 120 extra minutes × 1,200 / 60 = 8,400 + 2,400 = 10,800;
      // overtime (beyond 480) = 60 × 1,200 × 25% / 60 = 300; total 11,100.
      work: { end: '19:00', dailyWage: 8400, scheduledMinutes: 420 },
      pay: {
        workedMinutes: 540,
        overtimeMinutes: 60,
        base: 10800,
        overtimePremium: 300,
        total: 11100,
      },
    },
    'keeps a basis that is not a whole yen exact and rounds each component once': {
      // ¥10,000 for 7.5 scheduled hours: basis 1,333.33…/h. 09:00–18:30 less 60 = 510 worked, 30 overtime.
      // base = 10,000 × 510 / 450 = 11,333.33… → 11,333; overtime = 30 × 1,333.33… × 25% / 60 = 166.67 → 167.
      work: { end: '18:30', dailyWage: 10000, scheduledMinutes: 450 },
      pay: {
        workedMinutes: 510,
        overtimeMinutes: 30,
        base: 11333,
        overtimePremium: 167,
        total: 11500,
      },
    },
    'pays late night and holiday premiums at the basis': {
      // ¥9,600 for 480 minutes: basis 1,200/h. Saturday 22:00 – Sunday 07:00 (Sunday the 法定休日),
      // break 02:00–03:00: worked 22:00–02:00 and 03:00–07:00 = 480; night 360; Sunday's 00:00–02:00
      // and 03:00–07:00 = 360 holiday. base 9,600; late night = 360 × 1,200 × 25% / 60 = 1,800;
      // holiday = 360 × 1,200 × 35% / 60 = 2,520; total 13,920.
      work: { start: '22:00', end: '07:00', dailyWage: 9600, nextDayStatutoryHoliday: true },
      pay: {
        workedMinutes: 480,
        lateNightMinutes: 360,
        holidayMinutes: 360,
        base: 9600,
        lateNightPremium: 1800,
        holidayPremium: 2520,
        total: 13920,
      },
    },
  };
  it.each(Object.entries(WORKED))('%s', (_, c) => {
    expect(computeShiftPay(day(c.work), fresh)).toMatchObject(c.pay);
  });
});

describe('computeShiftPay: bad input', () => {
  it('names what is wrong', () => {
    expect(() => computeShiftPay(shift({ start: '25:00' }), fresh)).toThrow('computeShiftPay: shift: start: a time as HH:MM');
    expect(() => computeShiftPay(shift({ date: '2026-02-30' }), fresh)).toThrow('date: not a calendar date');
    expect(() => computeShiftPay(shift({ hourlyWage: 1200.5 }), fresh)).toThrow(/hourlyWage/);
    expect(() => computeShiftPay(shift({ breakMinutes: 540 }), fresh)).toThrow(/break \(540 min\) must be shorter than the shift \(540 min\)/);
    expect(() => computeShiftPay(shift({ breakStart: '17:30' }), fresh)).toThrow(/60-minute break from 17:30 does not fit in 09:00–18:00/);
    expect(() => computeShiftPay(shift(), { weeklyMinutesBefore: -1, monthlyOvertimeMinutesBefore: 0 })).toThrow(/^computeShiftPay: context: weeklyMinutesBefore: /);
  });
});

describe('computeShiftPay: properties', () => {
  const hhmm = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
  const span = (s: string, e: string) => {
    const m = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
    return ((m(e) - m(s) + 1439) % 1440) + 1;
  };
  const input = fc
    .record({
      start: hhmm,
      end: hhmm,
      breakShare: fc.integer({ min: 0, max: 99 }),
      hourlyWage: fc.integer({ min: 1, max: 100_000 }),
      statutoryHoliday: fc.boolean(),
      nextDayStatutoryHoliday: fc.boolean(),
      weeklyMinutesBefore: fc.integer({ min: 0, max: 4000 }),
      monthlyOvertimeMinutesBefore: fc.integer({ min: 0, max: 6000 }),
    })
    .map((r) => ({
      work: shift({
        start: r.start,
        end: r.end,
        breakMinutes: Math.floor((span(r.start, r.end) * r.breakShare) / 100),
        hourlyWage: r.hourlyWage,
        statutoryHoliday: r.statutoryHoliday,
        nextDayStatutoryHoliday: r.nextDayStatutoryHoliday,
      }),
      context: { weeklyMinutesBefore: r.weeklyMinutesBefore, monthlyOvertimeMinutesBefore: r.monthlyOvertimeMinutesBefore },
    }));

  it('keeps the minutes consistent with the limits of the Act', () => {
    fc.assert(
      fc.property(input, ({ work, context }) => {
        const p = computeShiftPay(work, context);
        expect(p.workedMinutes).toBe(span(work.start, work.end) - work.breakMinutes);
        const regular = Math.max(0, Math.min(480, 2400 - context.weeklyMinutesBefore));
        // Holiday minutes are never overtime; the other minutes past the regular ones are.
        expect(p.overtimeMinutes).toBe(Math.max(0, p.workedMinutes - p.holidayMinutes - regular));
        expect(p.over60Minutes).toBe(Math.max(0, Math.min(p.overtimeMinutes, context.monthlyOvertimeMinutesBefore + p.overtimeMinutes - 3600)));
        // Calendar days: a holiday on both days makes every minute holiday work, on neither none;
        // a shift that ends by midnight is holiday work all or nothing by its own day.
        const crosses = work.end <= work.start;
        if (work.statutoryHoliday && (work.nextDayStatutoryHoliday || !crosses)) expect(p.holidayMinutes).toBe(p.workedMinutes);
        if (!work.statutoryHoliday && (!work.nextDayStatutoryHoliday || !crosses)) expect(p.holidayMinutes).toBe(0);
        expect(p.holidayMinutes).toBeLessThanOrEqual(p.workedMinutes);
        expect(p.lateNightMinutes).toBeLessThanOrEqual(Math.min(p.workedMinutes, 420));
      }),
    );
  });

  it('totals its parts, each within half a yen of the exact amount', () => {
    fc.assert(
      fc.property(input, ({ work, context }) => {
        const p = computeShiftPay(work, context);
        const w = work.hourlyWage!;
        expect(p.total).toBe(p.base + p.overtimePremium + p.lateNightPremium + p.holidayPremium);
        // |rounded − exact| ≤ ½ ⇔ |2 × 6000 × rounded − 2 × 6000 × exact| ≤ 6000, all in integers.
        const near = (rounded: number, exactTimes6000: number) => expect(Math.abs(12000 * rounded - 2 * exactTimes6000)).toBeLessThanOrEqual(6000);
        near(p.base, p.workedMinutes * w * 100);
        near(p.overtimePremium, w * (25 * (p.overtimeMinutes - p.over60Minutes) + 50 * p.over60Minutes));
        near(p.lateNightPremium, w * 25 * p.lateNightMinutes);
        near(p.holidayPremium, w * 35 * p.holidayMinutes);
        expect(p.overtimePremium === 0 || p.holidayMinutes < p.workedMinutes).toBe(true);
      }),
    );
  });

  it('pays a day rate whose basis is a whole yen exactly what that hourly wage pays', () => {
    // dailyWage = basis × hours: the rate is the basis per hour, so every minute and premium agree.
    fc.assert(
      fc.property(input, fc.integer({ min: 1, max: 12 }), ({ work, context }, hours) => {
        const wage = Math.min(work.hourlyWage!, 80_000);
        const hourly = computeShiftPay({ ...work, hourlyWage: wage }, context);
        const daily = computeShiftPay({ ...work, hourlyWage: undefined, dailyWage: wage * hours, scheduledMinutes: hours * 60 }, context);
        expect(daily).toEqual(hourly);
      }),
    );
  });

  it('never pays less for a later point in the week or the month', () => {
    fc.assert(
      fc.property(input, fc.integer({ min: 0, max: 600 }), fc.integer({ min: 0, max: 600 }), ({ work, context }, moreWeek, moreMonth) => {
        const before = computeShiftPay(work, context);
        const later = computeShiftPay(work, { weeklyMinutesBefore: context.weeklyMinutesBefore + moreWeek, monthlyOvertimeMinutesBefore: context.monthlyOvertimeMinutesBefore + moreMonth });
        expect(later.overtimeMinutes).toBeGreaterThanOrEqual(before.overtimeMinutes);
        expect(later.total).toBeGreaterThanOrEqual(before.total);
      }),
    );
  });
});
