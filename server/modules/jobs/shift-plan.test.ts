import { describe, expect, it } from 'vitest';
import { checkPlan, expandPlan, MAX_SHIFTS_PER_PLAN, paidMinutes, type ShiftPlan } from './shift-plan.ts';

const plan = (p: Partial<ShiftPlan> = {}): ShiftPlan => ({
  from: '2026-12-01',
  to: '2026-12-07',
  weekdays: [1, 2, 3, 4, 5],
  slots: [{ start: '09:00', end: '18:00' }],
  capacity: 3,
  breakMinutes: 60,
  ...p,
});

describe('shift plans (date range × weekdays × time slots)', () => {
  it('makes one shift per chosen weekday in the range and per slot', () => {
    // 2026-12-01 is a Tuesday: Tue–Fri and Mon 7 Dec are weekdays.
    const shifts = expandPlan(
      plan({
        slots: [
          { start: '13:00', end: '17:00' },
          { start: '08:00', end: '12:00' },
        ],
      }),
    );
    expect(shifts.map((s) => `${s.date} ${s.start_time}`)).toEqual([
      '2026-12-01 08:00',
      '2026-12-01 13:00',
      '2026-12-02 08:00',
      '2026-12-02 13:00',
      '2026-12-03 08:00',
      '2026-12-03 13:00',
      '2026-12-04 08:00',
      '2026-12-04 13:00',
      '2026-12-07 08:00',
      '2026-12-07 13:00',
    ]);
    expect(shifts.every((s) => s.capacity === 3 && s.break_minutes === 60 && s.wage === null)).toBe(true);
  });

  it('includes both ends of the range and only the chosen weekdays', () => {
    expect(expandPlan(plan({ weekdays: [0, 6] })).map((s) => s.date)).toEqual(['2026-12-05', '2026-12-06']);
    expect(expandPlan(plan({ from: '2026-12-06', to: '2026-12-06', weekdays: [0] }))).toHaveLength(1);
  });

  it('explains what is wrong, in both languages', () => {
    const errors = checkPlan(plan({ from: '2026-02-30', weekdays: [], slots: [], capacity: 0 }));
    expect(errors.map((e) => e.field).sort()).toEqual(['capacity', 'from', 'slots', 'weekdays']);
    expect(errors.every((e) => e.ja && e.en)).toBe(true);
    expect(checkPlan(plan({ from: '2026-12-08' }))[0]).toMatchObject({ field: 'to', en: 'The end date must not be before the start date.' });
    expect(checkPlan(plan({ slots: [{ start: '9:00', end: '18:00' }] }))[0]?.field).toBe('slots');
    expect(
      checkPlan(
        plan({
          slots: [
            { start: '09:00', end: '12:00' },
            { start: '09:00', end: '18:00' },
          ],
        }),
      )[0]?.en,
    ).toBe('Two slots start at the same time.');
  });

  it('refuses a plan that would create too many shifts at once', () => {
    const slots = Array.from({ length: 4 }, (_, i) => ({ start: `0${i + 5}:00`, end: `0${i + 6}:00` }));
    const errors = checkPlan(plan({ from: '2026-01-01', to: '2026-12-31', weekdays: [0, 1, 2, 3, 4, 5, 6], slots }));
    expect(errors[0]?.en).toBe(`At most ${MAX_SHIFTS_PER_PLAN} shifts at once.`);
    expect(() => expandPlan(plan({ capacity: -1 }))).toThrow(/Capacity/);
  });

  it('counts paid minutes, across midnight too', () => {
    expect(paidMinutes('09:00', '18:00', 60)).toBe(480);
    expect(paidMinutes('22:00', '06:00', 60)).toBe(420);
  });
});

describe('shift plans: breaks (労働基準法第34条)', () => {
  it('refuses a 12-hour slot without a break, naming the article and the slot', () => {
    // 08:00–20:00 less 0 = 720 minutes of work: over 8 hours, at least 60 minutes of break.
    const [e] = checkPlan(plan({ slots: [{ start: '08:00', end: '20:00' }], breakMinutes: 0 }));
    expect(e).toMatchObject({ field: 'breakMinutes' });
    expect(e!.ja).toContain('労働基準法第34条');
    expect(e!.ja).toContain('08:00–20:00');
    expect(e!.en).toContain('article 34');
    expect(e!.en).toContain('720 minutes of work, 0 minutes of break, at least 60 needed');
  });

  it('takes 45 minutes as enough up to 8 hours of work and checks every slot', () => {
    // 09:00–17:45 less 45 = 480 of work: 45 is enough. 13:00–22:00 less 45 = 495: needs 60.
    expect(checkPlan(plan({ slots: [{ start: '09:00', end: '17:45' }], breakMinutes: 45 }))).toEqual([]);
    const errors = checkPlan(
      plan({
        slots: [
          { start: '09:00', end: '12:00' },
          { start: '13:00', end: '22:00' },
        ],
        breakMinutes: 45,
      }),
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]!.en).toContain('13:00–22:00: 495 minutes of work, 45 minutes of break, at least 60 needed');
  });
});
