import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VISA_SEED } from '../enums/reference-data.ts';
import { ACTIVITY_RULES, AGE_RULES, checkUnscheduled, checkWorkLimits, STATUS_RULES, workLimitText, type WorkLimitRefusal, type WorkLimitsInput, type WorkLimitsResult } from './work-limits.ts';

type Shift = WorkLimitsInput['candidate'];
const shift = (start: string, end: string, breakMinutes = 0): Shift => ({ start, end, breakMinutes });
/** 09:00–17:00 with a 60-minute break: 480 − 60 = 420 worked minutes. */
const day420 = (date: string) => shift(`${date}T09:00`, `${date}T17:00`, 60);

/** A student with the permission, a verified card valid for long, and no other shifts. */
const student = (over: Partial<WorkLimitsInput> = {}): WorkLimitsInput => ({
  residenceStatus: '留学',
  permissionOutsideStatus: true,
  cardExpiry: '2029-12-31',
  cardVerified: true,
  longVacations: [],
  assignments: [],
  candidate: shift('2026-11-06T09:00', '2026-11-06T10:00'),
  ...over,
});

const refusal = (r: WorkLimitsResult): WorkLimitRefusal => {
  if (r.ok) throw new Error(`expected a refusal, got ${JSON.stringify(r)}`);
  return r;
};

// 2026-11-02 is a Monday.
describe('28 hours in every 7 consecutive days (留学, 家族滞在 with permission)', () => {
  it('refuses the shift that takes a window past 1,680 minutes, with the numbers', () => {
    // Mon–Thu 2–5 Nov: 4 × 420 = 1,680. Friday 09:00–10:00 adds 60: 1,740 > 1,680.
    // The windows from 31 Oct, 1 Nov and 2 Nov all hold 1,740; the one that starts on a worked
    // day (2 Nov) is named. Left before the shift: 1,680 − 1,680 = 0.
    const r = checkWorkLimits(student({ assignments: ['2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05'].map(day420) }));
    expect(r).toEqual({
      ok: false,
      reason: 'weekly_limit',
      detail: 'would work 1,740 of 1,680 minutes in the 7 days from 2026-11-02 (0 left before this shift)',
      facts: { from: '2026-11-02', to: '2026-11-08', minutes: 1740, limit: 1680, left: 0 },
    });
  });

  it('allows exactly 28 hours and says nothing is left', () => {
    // Mon–Wed 3 × 420 = 1,260, plus Thursday's 420 = 1,680: at the limit, 0 left.
    const r = checkWorkLimits(student({ assignments: ['2026-11-02', '2026-11-03', '2026-11-04'].map(day420), candidate: day420('2026-11-05') }));
    expect(r).toEqual({ ok: true, weeklyMinutesLeft: 0 });
  });

  it('answers the minutes left in the tightest window that holds the shift', () => {
    // Mon 420 + Tue 420 + Wed 13:00–17:00 (240) = 1,080 in the windows from 29 Oct to 2 Nov;
    // the windows from 3 and 4 Nov hold less (660, 240). 1,680 − 1,080 = 600.
    const r = checkWorkLimits(student({ assignments: [day420('2026-11-02'), day420('2026-11-03')], candidate: shift('2026-11-04T13:00', '2026-11-04T17:00') }));
    expect(r).toEqual({ ok: true, weeklyMinutesLeft: 600 });
  });

  it('checks every window whichever day it starts on, not only Monday weeks', () => {
    // Thu–Sun 5–8 Nov: 4 × 420 = 1,680, all in the Monday week of 2 Nov. One hour on Monday
    // 9 Nov is the only work of its Monday week, but Thursday 5 to Wednesday 11 holds
    // 1,680 + 60 = 1,740 (so do the windows from 3 and 4 Nov; 5 Nov is the first worked day).
    const r = refusal(checkWorkLimits(student({ assignments: ['2026-11-05', '2026-11-06', '2026-11-07', '2026-11-08'].map(day420), candidate: shift('2026-11-09T09:00', '2026-11-09T10:00') })));
    expect(r.reason).toBe('weekly_limit');
    expect(r.facts).toEqual({ from: '2026-11-05', to: '2026-11-11', minutes: 1740, limit: 1680, left: 0 });
  });

  it('does not count shifts outside every window that holds the shift', () => {
    // Four 420-minute days, Mon–Thu 26–29 Oct. The windows that hold Friday 6 Nov start on 31 Oct
    // at the earliest, so none of them holds those days: 1,680 − 60 = 1,620.
    const r = checkWorkLimits(student({ assignments: ['2026-10-26', '2026-10-27', '2026-10-28', '2026-10-29'].map(day420) }));
    expect(r).toEqual({ ok: true, weeklyMinutesLeft: 1620 });
  });

  it('has no daily limit outside a vacation', () => {
    // 09:00–20:00 with 60 minutes' break: 660 − 60 = 600 in one day; only the 28 hours bind: 1,680 − 600 = 1,080.
    expect(checkWorkLimits(student({ candidate: shift('2026-11-06T09:00', '2026-11-06T20:00', 60) }))).toEqual({ ok: true, weeklyMinutesLeft: 1080 });
  });

  it('applies the same 28 hours to a dependent (家族滞在)', () => {
    const r = refusal(checkWorkLimits(student({ residenceStatus: '家族滞在', assignments: ['2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05'].map(day420) })));
    expect(r.reason).toBe('weekly_limit');
    expect(r.facts).toMatchObject({ minutes: 1740 });
  });
});

describe('shifts across midnight and where the break goes', () => {
  // Mon–Wed 2–4 Nov: 3 × 420 = 1,260, plus Thursday 09:00–13:30 (270) = 1,530: 150 free until
  // Sunday 8 Nov, the last day of the window from 2 Nov.
  const week = [...['2026-11-02', '2026-11-03', '2026-11-04'].map(day420), shift('2026-11-05T09:00', '2026-11-05T13:30')];

  it('counts each minute on the calendar day it falls on, with the break from the middle', () => {
    // Sunday 21:00 to Monday 03:00 with a 60-minute break: span 360, the break starts
    // floor((360 − 60) / 2) = 150 minutes in, 23:30–00:30. Sunday: 21:00–23:30 = 150; Monday:
    // 00:30–03:00 = 150. The window from 2 Nov: 1,530 + 150 = 1,680, exactly full. (A break at
    // the start would leave Sunday 120, one at the end 180.)
    const r = checkWorkLimits(student({ assignments: week, candidate: shift('2026-11-08T21:00', '2026-11-09T03:00', 60) }));
    expect(r).toEqual({ ok: true, weeklyMinutesLeft: 0 });
  });

  it('refuses when one more minute of the week is taken', () => {
    // Thursday 09:00–13:31 = 271: 1,531 + Sunday's 150 = 1,681 > 1,680; left before: 1,680 − 1,531 = 149.
    const longer = [...week.slice(0, 3), shift('2026-11-05T09:00', '2026-11-05T13:31')];
    const r = refusal(checkWorkLimits(student({ assignments: longer, candidate: shift('2026-11-08T21:00', '2026-11-09T03:00', 60) })));
    expect(r.detail).toBe('would work 1,681 of 1,680 minutes in the 7 days from 2026-11-02 (149 left before this shift)');
  });

  it('puts the odd minute after the break (floor)', () => {
    // Sunday 23:00 to Monday 01:00 with 45 minutes' break: span 120, the break starts
    // floor((120 − 45) / 2) = floor(37.5) = 37 minutes in, 23:37–00:22: Sunday 37, Monday 38.
    // With 1,680 − 37 = 1,643 already in the week (Thursday 09:00–15:23 = 383; 1,260 + 383), the
    // week is exactly full; had the odd minute gone before the break it would be 1,681.
    const r = checkWorkLimits(student({ assignments: [...week.slice(0, 3), shift('2026-11-05T09:00', '2026-11-05T15:23')], candidate: shift('2026-11-08T23:00', '2026-11-09T01:00', 45) }));
    expect(r).toEqual({ ok: true, weeklyMinutesLeft: 0 });
  });
});

describe("a student's long vacation: 8 hours a day instead of 28 hours a week", () => {
  const summer = [{ from: '2026-08-01', to: '2026-09-30' }];
  /** 09:00–18:00 with a 60-minute break: 540 − 60 = 480 worked minutes. */
  const day480 = (date: string) => shift(`${date}T09:00`, `${date}T18:00`, 60);

  it('allows 8 hours on every day of a vacation week, with no weekly limit', () => {
    // Mon–Fri 10–14 Aug: 5 × 480 = 2,400 and Saturday 480 more: far over 1,680, but every day
    // is a vacation day, so no 7-day window counts them (weeklyMinutesLeft null).
    const r = checkWorkLimits(student({ longVacations: summer, assignments: ['2026-08-10', '2026-08-11', '2026-08-12', '2026-08-13', '2026-08-14'].map(day480), candidate: day480('2026-08-15') }));
    expect(r).toEqual({ ok: true, weeklyMinutesLeft: null });
  });

  it('refuses a vacation day past 480 minutes', () => {
    // 09:00–18:30 with 60 minutes' break: 570 − 60 = 510 > 480; nothing else that day, 480 left.
    const r = checkWorkLimits(student({ longVacations: summer, candidate: shift('2026-08-15T09:00', '2026-08-15T18:30', 60) }));
    expect(r).toEqual({
      ok: false,
      reason: 'daily_limit',
      detail: 'would work 510 of 480 minutes on 2026-08-15, a long-vacation day (480 left before this shift)',
      facts: { day: '2026-08-15', minutes: 510, limit: 480, left: 480 },
    });
  });

  it('adds up two shifts on the same vacation day', () => {
    const morning = shift('2026-08-15T09:00', '2026-08-15T13:00'); // 240
    // 240 + 14:00–18:00 (240) = 480: allowed. 240 + 14:00–18:01 (241) = 481: refused, 240 left.
    expect(checkWorkLimits(student({ longVacations: summer, assignments: [morning], candidate: shift('2026-08-15T14:00', '2026-08-15T18:00') }))).toEqual({ ok: true, weeklyMinutesLeft: null });
    expect(refusal(checkWorkLimits(student({ longVacations: summer, assignments: [morning], candidate: shift('2026-08-15T14:00', '2026-08-15T18:01') }))).facts).toEqual({
      day: '2026-08-15',
      minutes: 481,
      limit: 480,
      left: 240,
    });
  });

  it('splits a night shift at midnight between a term day and a vacation day', () => {
    // Vacation from Sat 1 Aug. Fri 31 Jul 22:00 to Sat 06:00 with 60 minutes' break: the break is
    // 01:30–02:30 (floor((480 − 60) / 2) = 210 in); Friday 120 (a term day, in the 28 hours),
    // Saturday 90 + 210 = 300 (a vacation day). With Saturday 10:00–13:00 (180): 480, allowed;
    // the window from 25 Jul holds only Friday's 120: 1,680 − 120 = 1,560 left.
    const night = shift('2026-07-31T22:00', '2026-08-01T06:00', 60);
    expect(checkWorkLimits(student({ longVacations: summer, assignments: [shift('2026-08-01T10:00', '2026-08-01T13:00')], candidate: night }))).toEqual({ ok: true, weeklyMinutesLeft: 1560 });
    // Saturday 10:00–13:01 (181): 181 + 300 = 481 > 480.
    expect(refusal(checkWorkLimits(student({ longVacations: summer, assignments: [shift('2026-08-01T10:00', '2026-08-01T13:01')], candidate: night }))).facts).toMatchObject({
      day: '2026-08-01',
      minutes: 481,
    });
  });

  it('leaves vacation days out of the windows that straddle the end of the vacation', () => {
    // 28–30 Sep are vacation days (3 × 480, not counted); Thursday 1 Oct is a term day: 480 in
    // every window that holds it. 1,680 − 480 = 1,200.
    const assignments = ['2026-09-28', '2026-09-29', '2026-09-30'].map(day480);
    expect(checkWorkLimits(student({ longVacations: summer, assignments, candidate: day480('2026-10-01') }))).toEqual({ ok: true, weeklyMinutesLeft: 1200 });
  });

  it('gives a dependent no vacation: the same days count in the 28 hours', () => {
    // 3 × 480 + 480 = 1,920 > 1,680 in the windows from 25 to 28 Sep; named from 28 Sep (the
    // first worked day); left before: 1,680 − 1,440 = 240.
    const assignments = ['2026-09-28', '2026-09-29', '2026-09-30'].map(day480);
    const r = refusal(checkWorkLimits(student({ residenceStatus: '家族滞在', longVacations: summer, assignments, candidate: day480('2026-10-01') })));
    expect(r.facts).toEqual({ from: '2026-09-28', to: '2026-10-04', minutes: 1920, limit: 1680, left: 240 });
  });
});

describe('the residence card', () => {
  const card = { cardExpiry: '2026-11-30' }; // a Monday

  it('may be used through its expiry day, not after', () => {
    expect(checkWorkLimits(student({ ...card, candidate: day420('2026-11-30') }))).toEqual({ ok: true, weeklyMinutesLeft: 1260 }); // 1,680 − 420
    expect(checkWorkLimits(student({ ...card, candidate: day420('2026-12-01') }))).toEqual({
      ok: false,
      reason: 'card_expired',
      detail: 'the residence card is valid until 2026-11-30 but the shift runs on 2026-12-01',
      facts: { expiry: '2026-11-30', day: '2026-12-01' },
    });
  });

  it('must cover the morning a night shift ends in, but a shift ending at midnight stays on its day', () => {
    expect(refusal(checkWorkLimits(student({ ...card, candidate: shift('2026-11-30T22:00', '2026-12-01T05:00') }))).reason).toBe('card_expired');
    expect(checkWorkLimits(student({ ...card, candidate: shift('2026-11-30T16:00', '2026-12-01T00:00') })).ok).toBe(true);
  });

  it('must be verified by staff; an expired card is named first', () => {
    expect(checkWorkLimits(student({ cardVerified: false }))).toEqual({ ok: false, reason: 'card_unverified', detail: 'the residence card has not been verified by staff', facts: {} });
    expect(refusal(checkWorkLimits(student({ ...card, cardVerified: false, candidate: day420('2026-12-01') }))).reason).toBe('card_expired');
  });

  it('binds every status, unrestricted ones too', () => {
    expect(refusal(checkWorkLimits(student({ residenceStatus: '永住者', cardVerified: false }))).reason).toBe('card_unverified');
    expect(refusal(checkWorkLimits(student({ residenceStatus: '特定技能1号', ...card, candidate: day420('2026-12-01') }))).reason).toBe('card_expired');
  });
});

describe('residence statuses', () => {
  const sixtyHours = ['2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06', '2026-11-07', '2026-11-08'].map((d) => shift(`${d}T08:00`, `${d}T17:00`)); // 7 × 540 = 3,780
  // After the last of them (not inside Friday's 08:00–17:00: that would be two places at once).
  const evening = shift('2026-11-08T18:00', '2026-11-08T20:00');

  it.each(['永住者', '日本人の配偶者等', '永住者の配偶者等', '定住者'])('%s: any hours, no permission needed', (status) => {
    expect(checkWorkLimits(student({ residenceStatus: status, permissionOutsideStatus: false, assignments: sixtyHours, candidate: evening }))).toEqual({ ok: true, weeklyMinutesLeft: null });
  });

  it.each(['留学', '家族滞在', '特定活動', 'Tourist', ''])('%s: no work without the permission', (status) => {
    const r = checkWorkLimits(student({ residenceStatus: status, permissionOutsideStatus: false }));
    expect(r).toMatchObject({ ok: false, reason: 'no_permission', facts: { status, missing: 'permission' } });
  });

  it('reads 特定活動 and statuses it does not know as the 28-hour permission', () => {
    for (const status of ['特定活動', 'Tourist']) expect(refusal(checkWorkLimits(student({ residenceStatus: status, assignments: sixtyHours.slice(0, 4) }))).reason).toBe('weekly_limit');
  });

  describe('work statuses (特定技能, 技能実習, 技術・人文知識・国際業務)', () => {
    it('have no hour limit and need no permission', () => {
      // Employed directly by the client (dispatch would bind 特定技能 to agriculture and fisheries, below).
      expect(checkWorkLimits(student({ residenceStatus: '特定技能1号', permissionOutsideStatus: false, assignments: sixtyHours, candidate: evening, dispatch: false }))).toEqual({
        ok: true,
        weeklyMinutesLeft: null,
      });
    });

    it('are held to the job types recorded for the status, when there are any', () => {
      const skilled = (jobType: number | null) => student({ residenceStatus: '特定技能1号', allowedJobTypes: [1, 3], jobType, dispatch: false });
      expect(checkWorkLimits(skilled(3))).toEqual({ ok: true, weeklyMinutesLeft: null });
      expect(checkWorkLimits(skilled(7))).toEqual({
        ok: false,
        reason: 'no_permission',
        detail: 'job type 7 is not work that residence status 特定技能1号 permits',
        facts: { status: '特定技能1号', missing: 'job_type', jobType: 7 },
      });
      // A job without a job type cannot be shown to be allowed.
      expect(refusal(checkWorkLimits(skilled(null))).facts).toMatchObject({ missing: 'job_type', jobType: null });
      // With no list recorded, the job's own accepted statuses are the only check.
      expect(checkWorkLimits(student({ residenceStatus: '技術・人文知識・国際業務', jobType: 7 })).ok).toBe(true);
    });
  });

  it('has an explicit rule for every status of the reference data', () => {
    expect(VISA_SEED.map(([ja]) => ja).filter((ja) => !(ja in STATUS_RULES))).toEqual([]);
  });
});

describe('refusals in words, through the message catalogue', () => {
  const weekly = refusal(checkWorkLimits(student({ assignments: ['2026-11-05', '2026-11-06', '2026-11-07', '2026-11-08'].map(day420), candidate: shift('2026-11-09T09:00', '2026-11-09T10:00') })));

  it('says the weekly limit with the window and the minutes left, in both languages', () => {
    expect(workLimitText('ja', weekly)).toBe('11月5日(木)〜11月11日(水)の7日間の勤務が1,740分になり、上限の1,680分（週28時間）を超えます。このシフトの前の残りは0分です。');
    expect(workLimitText('en', weekly)).toBe(
      'This shift would make 1,740 minutes of work in the 7 days Thu 5 Nov to Wed 11 Nov, over the limit of 1,680 minutes (28 hours). 0 minutes were left before this shift.',
    );
  });

  it('names the status in the reader’s language and the card’s dates', () => {
    const noPermission = refusal(checkWorkLimits(student({ permissionOutsideStatus: false })));
    expect(workLimitText('ja', noPermission)).toBe('在留資格「留学」で働くには資格外活動許可が必要です。');
    expect(workLimitText('en', noPermission)).toBe('The residence status "Student" needs permission to engage in activity outside status before any work.');
    const expired = refusal(checkWorkLimits(student({ cardExpiry: '2026-11-30', candidate: day420('2026-12-01') })));
    expect(workLimitText('ja', expired)).toBe('在留カードの有効期限は2026年11月30日までのため、12月1日(火)のシフトには入れません。');
    expect(workLimitText('en', expired)).toBe('The residence card is valid until 30 November 2026, so it does not cover the shift on Tue 1 Dec.');
  });

  it('has a sentence for every refusal', () => {
    const all = [
      weekly,
      refusal(checkWorkLimits(student({ cardVerified: false }))),
      refusal(checkWorkLimits(student({ residenceStatus: '特定技能1号', allowedJobTypes: [1], jobType: 2, dispatch: false }))),
      refusal(checkWorkLimits(student({ longVacations: [{ from: '2026-11-06', to: '2026-11-06' }], candidate: shift('2026-11-06T08:00', '2026-11-06T17:01') }))),
    ];
    expect(all.map((r) => r.reason)).toEqual(['weekly_limit', 'card_unverified', 'no_permission', 'daily_limit']);
    expect(workLimitText('en', all[2]!)).toBe('This job type is not work that the residence status "Specified Skilled Worker (i)" permits.');
    expect(workLimitText('ja', all[3]!)).toBe('長期休業中の11月6日(金)の勤務が541分になり、1日の上限の480分（8時間）を超えます。このシフトの前の残りは480分です。');
    for (const r of all) for (const lang of ['ja', 'en'] as const) expect(workLimitText(lang, r)).not.toMatch(/\{\w+\}/);
  });
});

describe('input', () => {
  it.each([
    ['an end before the start', { candidate: shift('2026-11-06T10:00', '2026-11-06T09:00') }, 'candidate.end: the end (2026-11-06T09:00) must come after the start'],
    ['an end equal to the start', { candidate: shift('2026-11-06T10:00', '2026-11-06T10:00') }, 'candidate.end: the end'],
    ['a shift longer than 24 hours', { candidate: shift('2026-11-06T10:00', '2026-11-07T10:01') }, 'candidate.end: a shift is at most 24 hours'],
    ['a break as long as the shift', { candidate: shift('2026-11-06T09:00', '2026-11-06T10:00', 60) }, 'candidate.breakMinutes: the break (60 min) must be shorter than the shift (60 min)'],
    ['a date that does not exist', { candidate: shift('2026-02-30T09:00', '2026-02-30T10:00') }, 'candidate.start: not a calendar date'],
    ['a time of 24:00', { candidate: shift('2026-11-06T09:00', '2026-11-06T24:00') }, 'candidate.end: a time in Japan as YYYY-MM-DDTHH:MM'],
    ['a vacation that ends before it starts', { longVacations: [{ from: '2026-08-31', to: '2026-08-01' }] }, 'longVacations.0.to: a vacation ends on or after its first day'],
    ['a card expiry that is not a date', { cardExpiry: '2026/11/30' }, 'cardExpiry: a date as YYYY-MM-DD'],
  ] as [string, Partial<WorkLimitsInput>, string][])('refuses %s, naming the field', (_what, over, message) => {
    expect(() => checkWorkLimits(student(over))).toThrow(`checkWorkLimits: ${message}`);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties

const BASE = Date.UTC(2026, 10, 1) / 60_000; // 2026-11-01T00:00 in minutes
const local = (minute: number) => new Date(minute * 60_000).toISOString().slice(0, 16);
const dayOf = (minute: number) => new Date(minute * 60_000).toISOString().slice(0, 10);
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** A shift starting within three weeks of 1 Nov, 1 minute to 16 hours long, with a shorter break. */
const shiftArb = fc
  .record({ startAt: fc.integer({ min: 0, max: 21 * 1440 - 1 }), span: fc.integer({ min: 1, max: 16 * 60 }), breakShare: fc.double({ min: 0, max: 1, noNaN: true }) })
  .map(({ startAt, span, breakShare }): Shift => ({ start: local(BASE + startAt), end: local(BASE + startAt + span), breakMinutes: Math.min(span - 1, Math.floor(breakShare * Math.min(span, 121))) }));
const vacationArb = fc
  .record({ first: fc.integer({ min: -3, max: 24 }), length: fc.integer({ min: 1, max: 10 }) })
  .map(({ first, length }) => ({ from: addDays('2026-11-01', first), to: addDays('2026-11-01', first + length - 1) }));
/** Shifts of `s` that share a minute (start to end) with none kept before them, the first always kept. */
const sharesMinute = (a: Shift, b: Shift) => a.start < b.end && b.start < a.end;
const apart = (s: readonly Shift[]): Shift[] => s.reduce<Shift[]>((kept, x) => (kept.some((k) => sharesMinute(k, x)) ? kept : [...kept, x]), []);
/**
 * A person's week as placements make it: one person is on one shift at a time, so the other
 * shifts and the candidate never overlap (an overlap is refused before any hour is counted; its
 * own property is below).
 */
const limitedArb = fc
  .record({
    residenceStatus: fc.constantFrom('留学', '家族滞在'),
    longVacations: fc.array(vacationArb, { maxLength: 2 }),
    assignments: fc.array(shiftArb, { maxLength: 14 }),
    candidate: shiftArb,
  })
  .map((l) => ({ ...l, assignments: apart([l.candidate, ...l.assignments]).slice(1) }));

/**
 * The rule written the slow way, for comparison: every worked minute one by one, skipping the
 * break minutes, into the day its Date says; every window of the period tried in turn.
 */
function bruteForce(input: WorkLimitsInput): WorkLimitsResult {
  const vacationDays = new Set<string>();
  if (input.residenceStatus === '留学') for (const v of input.longVacations ?? []) for (let d = v.from; d <= v.to; d = addDays(d, 1)) vacationDays.add(d);
  const perDay = (s: Shift, into: Map<string, number>) => {
    const start = Date.parse(`${s.start}:00Z`) / 60_000;
    const span = Date.parse(`${s.end}:00Z`) / 60_000 - start;
    const breakAt = Math.floor((span - s.breakMinutes) / 2);
    for (let t = 0; t < span; t++) if (t < breakAt || t >= breakAt + s.breakMinutes) into.set(dayOf(start + t), (into.get(dayOf(start + t)) ?? 0) + 1);
    return into;
  };
  const all = new Map<string, number>();
  for (const a of input.assignments) perDay(a, all);
  perDay(input.candidate, all);
  const mine = perDay(input.candidate, new Map());
  const myDays = [...mine.keys()].sort();
  for (const d of myDays) {
    if (vacationDays.has(d) && all.get(d)! > 480)
      return { ok: false, reason: 'daily_limit', detail: '', facts: { day: d, minutes: all.get(d)!, limit: 480, left: Math.max(0, 480 - all.get(d)! + mine.get(d)!) } };
  }
  const counted = (m: Map<string, number>, d: string) => (vacationDays.has(d) ? 0 : (m.get(d) ?? 0));
  let best: { from: string; total: number; own: number } | null = null;
  for (let from = addDays('2026-11-01', -30); from <= '2026-12-31'; from = addDays(from, 1)) {
    const days = [0, 1, 2, 3, 4, 5, 6].map((k) => addDays(from, k));
    if (!days.some((d) => counted(mine, d) > 0)) continue;
    const total = days.reduce((n, d) => n + counted(all, d), 0);
    const own = days.reduce((n, d) => n + counted(mine, d), 0);
    // Of windows with the same total, the earliest that starts on a worked day.
    if (!best || total > best.total || (total === best.total && counted(all, best.from) === 0 && counted(all, from) > 0)) best = { from, total, own };
  }
  if (!best) return { ok: true, weeklyMinutesLeft: null };
  if (best.total > 1680)
    return { ok: false, reason: 'weekly_limit', detail: '', facts: { from: best.from, to: addDays(best.from, 6), minutes: best.total, limit: 1680, left: Math.max(0, 1680 - best.total + best.own) } };
  return { ok: true, weeklyMinutesLeft: 1680 - best.total };
}
const withoutDetail = (r: WorkLimitsResult) => (r.ok ? r : { ...r, detail: '' });

describe('properties', () => {
  it('a window-by-window, minute-by-minute brute force agrees', () => {
    fc.assert(
      fc.property(limitedArb, (l) => {
        const input = student(l);
        expect(withoutDetail(checkWorkLimits(input))).toEqual(bruteForce(input));
      }),
      { numRuns: 300 },
    );
    // 300 minute-by-minute brute forces take ~2 s alone and more on a busy 2-core machine: the
    // property is what is tested, not its speed.
  }, 30_000);

  it('adding a shift never increases the minutes left, and never turns a refusal into a yes', () => {
    fc.assert(
      fc.property(limitedArb, shiftArb, (l, extra) => {
        // The extra shift may overlap the others (then it is refused as an overlap, still not a yes).
        const before = checkWorkLimits(student(l));
        const after = checkWorkLimits(student({ ...l, assignments: [...l.assignments, extra] }));
        if (!before.ok) expect(after.ok).toBe(false);
        else if (after.ok && before.weeklyMinutesLeft !== null) expect(after.weeklyMinutesLeft!).toBeLessThanOrEqual(before.weeklyMinutesLeft);
      }),
    );
  });

  it('refuses a shift exactly when it shares a minute with another, whatever the status and hours', () => {
    fc.assert(
      fc.property(fc.array(shiftArb, { maxLength: 14 }), shiftArb, fc.constantFrom('留学', '永住者', '特定技能1号'), (assignments, candidate, status) => {
        // Minute by minute: does any minute of the candidate's span fall in another's span?
        const minutes = (s: Shift) => {
          const from = Date.parse(`${s.start}:00Z`) / 60_000;
          const to = Date.parse(`${s.end}:00Z`) / 60_000;
          return Array.from({ length: to - from }, (_, k) => from + k);
        };
        const taken = new Set(assignments.flatMap(minutes));
        const clashes = minutes(candidate).some((t) => taken.has(t));
        const r = checkWorkLimits(student({ residenceStatus: status, assignments, candidate, dispatch: null }));
        expect(!r.ok && r.reason === 'overlap').toBe(clashes);
      }),
      { numRuns: 200 },
    );
  }, 30_000);

  it('never leaves more than 28 hours less the shift itself, nor less than nothing', () => {
    fc.assert(
      fc.property(limitedArb, (l) => {
        const input = student({ ...l, longVacations: [] });
        const r = checkWorkLimits(input);
        const own = bruteForceMinutes(input.candidate);
        if (r.ok) {
          expect(r.weeklyMinutesLeft).not.toBeNull();
          expect(r.weeklyMinutesLeft!).toBeGreaterThanOrEqual(0);
          expect(r.weeklyMinutesLeft!).toBeLessThanOrEqual(1680 - own);
        } else expect(r.reason).toBe('weekly_limit');
      }),
    );
  });

  it('does not depend on the order of the other shifts, nor on which week it is', () => {
    fc.assert(
      fc.property(limitedArb, fc.integer({ min: -60, max: 60 }), (l, days) => {
        const r = checkWorkLimits(student(l));
        expect(checkWorkLimits(student({ ...l, assignments: [...l.assignments].reverse() }))).toEqual(r);
        const move = (s: Shift): Shift => ({ ...s, start: local(Date.parse(`${s.start}:00Z`) / 60_000 + days * 1440), end: local(Date.parse(`${s.end}:00Z`) / 60_000 + days * 1440) });
        const moved = checkWorkLimits(
          student({ ...l, assignments: l.assignments.map(move), candidate: move(l.candidate), longVacations: l.longVacations.map((v) => ({ from: addDays(v.from, days), to: addDays(v.to, days) })) }),
        );
        expect(moved.ok ? moved.weeklyMinutesLeft : moved.reason).toEqual(r.ok ? r.weeklyMinutesLeft : r.reason);
      }),
    );
  });

  it('never refuses an unrestricted status with a valid, verified card', () => {
    fc.assert(
      fc.property(limitedArb, fc.constantFrom('永住者', '日本人の配偶者等', '永住者の配偶者等', '定住者'), fc.boolean(), (l, status, permission) => {
        expect(checkWorkLimits(student({ ...l, residenceStatus: status, permissionOutsideStatus: permission }))).toEqual({ ok: true, weeklyMinutesLeft: null });
      }),
    );
  });
});

/** Worked minutes of one shift: span less break. */
function bruteForceMinutes(s: Shift): number {
  return (Date.parse(`${s.end}:00Z`) - Date.parse(`${s.start}:00Z`)) / 60_000 - s.breakMinutes;
}

// ---------------------------------------------------------------------------------------------
// Age, status and activity

/** A permanent resident: no status or hour rule binds them, so only the age rules can refuse. */
const resident = (over: Partial<WorkLimitsInput> = {}) => student({ residenceStatus: '永住者', permissionOutsideStatus: false, ...over });

describe('労働基準法第56条第1項: no work before the 31 March after the 15th birthday', () => {
  it('refuses every day up to that 31 March and allows the day after', () => {
    // 15 on 10 Jun 2026: compulsory schooling ends 31 Mar 2027.
    const born = '2011-06-10';
    const r = refusal(checkWorkLimits(resident({ birthDate: born, candidate: shift('2027-03-31T09:00', '2027-03-31T12:00') })));
    expect(r).toEqual({
      ok: false,
      reason: 'age',
      detail: 'aged 15 on 2027-03-31: no work until the 31 March after the 15th birthday (2027-03-31) has ended',
      facts: { rule: 'under_15', day: '2027-03-31', age: 15, until: '2027-03-31', minutes: null, law: '労働基準法 第56条第1項' },
    });
    expect(checkWorkLimits(resident({ birthDate: born, candidate: shift('2027-04-01T09:00', '2027-04-01T12:00') }))).toEqual({ ok: true, weeklyMinutesLeft: null });
    // A night shift that starts on 31 March touches it.
    expect(refusal(checkWorkLimits(resident({ birthDate: born, candidate: shift('2027-03-31T20:00', '2027-04-01T02:00') }))).facts).toMatchObject({ rule: 'under_15' });
  });

  it('takes the 31 March of the 15th birthday itself when the birthday is on it', () => {
    const born = '2011-03-31'; // 15 at the start of 31 Mar 2026
    expect(refusal(checkWorkLimits(resident({ birthDate: born, candidate: shift('2026-03-31T09:00', '2026-03-31T12:00') }))).facts).toMatchObject({ until: '2026-03-31' });
    expect(checkWorkLimits(resident({ birthDate: born, candidate: shift('2026-04-01T09:00', '2026-04-01T12:00') })).ok).toBe(true);
  });

  it('counts a birthday on 1 April from the start of that day, so the next 31 March is a year on', () => {
    // The strict reading (docs/workforce.md "Age"): 15 at the start of 1 Apr 2026, so the first
    // 31 March after it is 31 Mar 2027.
    const r = refusal(checkWorkLimits(resident({ birthDate: '2011-04-01', candidate: shift('2026-04-01T09:00', '2026-04-01T12:00') })));
    expect(r.facts).toMatchObject({ rule: 'under_15', until: '2027-03-31', age: 15 });
  });
});

describe('労働基準法第61条第1項: no work from 22:00 to 05:00 under 18', () => {
  const seventeen = '2009-01-15'; // 17 throughout November 2026

  it('allows a shift that ends at 22:00 or starts at 05:00, and refuses one minute more', () => {
    expect(checkWorkLimits(resident({ birthDate: seventeen, candidate: shift('2026-11-06T17:00', '2026-11-06T22:00') })).ok).toBe(true);
    expect(checkWorkLimits(resident({ birthDate: seventeen, candidate: shift('2026-11-06T05:00', '2026-11-06T09:00') })).ok).toBe(true);
    const late = refusal(checkWorkLimits(resident({ birthDate: seventeen, candidate: shift('2026-11-06T17:00', '2026-11-06T22:01') })));
    expect(late).toMatchObject({
      reason: 'age',
      detail: 'aged 17 on 2026-11-06: no work between 22:00 and 05:00 under 18',
      facts: { rule: 'night', day: '2026-11-06', age: 17, law: '労働基準法 第61条第1項' },
    });
    expect(refusal(checkWorkLimits(resident({ birthDate: seventeen, candidate: shift('2026-11-06T04:59', '2026-11-06T09:00') }))).facts).toMatchObject({ rule: 'night' });
  });

  it('counts the whole span: a break over the night hours does not make them allowed', () => {
    // 18:00–23:00 with 60 minutes' break: the break is 20:00–21:00, work runs on to 23:00.
    expect(refusal(checkWorkLimits(resident({ birthDate: seventeen, candidate: shift('2026-11-06T18:00', '2026-11-06T23:00', 60) }))).facts).toMatchObject({ rule: 'night' });
  });

  it('binds the night before the 18th birthday and not the night of it', () => {
    const born = '2008-11-07'; // 18 at the start of 7 Nov 2026
    // 23:00 on the 6th (aged 17) to 03:00 on the 7th: refused, named on the 6th.
    expect(refusal(checkWorkLimits(resident({ birthDate: born, candidate: shift('2026-11-06T23:00', '2026-11-07T03:00') }))).facts).toMatchObject({ rule: 'night', day: '2026-11-06', age: 17 });
    expect(checkWorkLimits(resident({ birthDate: born, candidate: shift('2026-11-07T00:00', '2026-11-07T05:00') })).ok).toBe(true);
  });

  it('makes a person born on 29 February 18 on 1 March of a common year', () => {
    const born = '2008-02-29';
    expect(refusal(checkWorkLimits(resident({ birthDate: born, candidate: shift('2026-02-28T22:00', '2026-02-28T23:00') }))).facts).toMatchObject({ rule: 'night', age: 17 });
    expect(checkWorkLimits(resident({ birthDate: born, candidate: shift('2026-03-01T22:00', '2026-03-01T23:00') })).ok).toBe(true);
  });
});

describe('労働基準法第60条第1項: at most 8 hours a shift under 18', () => {
  const seventeen = '2009-01-15';
  it('allows 480 worked minutes and refuses 481, naming them', () => {
    expect(checkWorkLimits(resident({ birthDate: seventeen, candidate: shift('2026-11-06T08:00', '2026-11-06T17:00', 60) })).ok).toBe(true);
    expect(refusal(checkWorkLimits(resident({ birthDate: seventeen, candidate: shift('2026-11-06T08:00', '2026-11-06T17:01', 60) })))).toEqual({
      ok: false,
      reason: 'age',
      detail: 'aged 17 on 2026-11-06: a shift of 481 worked minutes is over the 480 allowed under 18',
      facts: { rule: 'over_8_hours', day: '2026-11-06', age: 17, until: null, minutes: 481, law: '労働基準法 第60条第1項・第32条第2項' },
    });
  });

  it('does not bind a person of 18, nor one whose date of birth is not known', () => {
    const long = shift('2026-11-06T21:00', '2026-11-07T09:00', 60);
    expect(checkWorkLimits(resident({ birthDate: '2008-11-06', candidate: long }))).toEqual({ ok: true, weeklyMinutesLeft: null });
    expect(checkWorkLimits(resident({ candidate: long }))).toEqual({ ok: true, weeklyMinutesLeft: null });
    expect(checkWorkLimits(resident({ birthDate: null, candidate: long }))).toEqual({ ok: true, weeklyMinutesLeft: null });
  });
});

describe('出入国管理及び難民認定法 別表第一・第二, 第19条: what the status lets a person do', () => {
  it('never places 短期滞在, with a permission recorded or not, dispatched or not (第19条第1項, 別表第一の三)', () => {
    for (const permissionOutsideStatus of [true, false]) {
      for (const dispatch of [true, false]) {
        const r = refusal(checkWorkLimits(student({ residenceStatus: '短期滞在', permissionOutsideStatus, dispatch })));
        expect(r).toMatchObject({ reason: 'status_activity', facts: { rule: 'no_work', status: '短期滞在' } });
        expect(r.facts).toHaveProperty('law', expect.stringContaining('第19条第1項'));
      }
    }
  });

  it('never places 技能実習 by dispatch (技能実習法): the default; employed directly, no hour limit', () => {
    expect(refusal(checkWorkLimits(student({ residenceStatus: '技能実習', permissionOutsideStatus: false })))).toEqual({
      ok: false,
      reason: 'status_activity',
      detail: 'residence status 技能実習 is never placed by dispatch',
      facts: { rule: 'dispatch', status: '技能実習', jobField: null, personField: null, law: expect.stringContaining('技能実習の適正な実施') },
    });
    expect(checkWorkLimits(student({ residenceStatus: '技能実習', permissionOutsideStatus: false, dispatch: false }))).toEqual({ ok: true, weeklyMinutesLeft: null });
  });

  describe('特定技能1号 and 2号 (別表第一の二, 特定技能運用要領)', () => {
    const ssw = (over: Partial<WorkLimitsInput>) => student({ residenceStatus: '特定技能1号', permissionOutsideStatus: false, ...over });

    it.each(['特定技能1号', '特定技能2号'])('%s: by dispatch only in 農業 and 漁業', (status) => {
      expect(checkWorkLimits(ssw({ residenceStatus: status, jobField: '農業', personField: '農業' }))).toEqual({ ok: true, weeklyMinutesLeft: null });
      expect(checkWorkLimits(ssw({ residenceStatus: status, jobField: '漁業', personField: '漁業' })).ok).toBe(true);
      expect(refusal(checkWorkLimits(ssw({ residenceStatus: status, jobField: '外食業', personField: '外食業' })))).toMatchObject({
        reason: 'status_activity',
        detail: `residence status ${status} is placed by dispatch only in 農業 and 漁業 (the job's field: 外食業)`,
        facts: { rule: 'dispatch', jobField: '外食業', personField: '外食業' },
      });
      // A job whose field is not known cannot be shown to be agriculture or fisheries.
      expect(refusal(checkWorkLimits(ssw({ residenceStatus: status }))).facts).toMatchObject({ rule: 'dispatch', jobField: null });
    });

    it('only in the person’s own field, dispatched or employed directly', () => {
      expect(checkWorkLimits(ssw({ dispatch: false, jobField: '外食業', personField: '外食業' }))).toEqual({ ok: true, weeklyMinutesLeft: null });
      expect(refusal(checkWorkLimits(ssw({ dispatch: false, jobField: '飲食料品製造業', personField: '外食業' })))).toMatchObject({
        reason: 'status_activity',
        detail: "residence status 特定技能1号 allows work in the person's own field (外食業) only, not in the job's (飲食料品製造業)",
        facts: { rule: 'field' },
      });
      // Agriculture by dispatch, but a food-service worker's field is not agriculture.
      expect(refusal(checkWorkLimits(ssw({ jobField: '農業', personField: '外食業' }))).facts).toMatchObject({ rule: 'field' });
      // A job with no field, or a person whose field the card check did not record: not shown to match.
      expect(refusal(checkWorkLimits(ssw({ dispatch: false, jobField: null, personField: '外食業' }))).facts).toMatchObject({ rule: 'field' });
      expect(refusal(checkWorkLimits(ssw({ dispatch: false, jobField: '外食業', personField: null }))).facts).toMatchObject({ rule: 'field' });
      expect(refusal(checkWorkLimits(ssw({ dispatch: false, jobField: '外食業' }))).facts).toMatchObject({ rule: 'field' });
      // A caller that knows neither field leaves the rule out (direct employment, as before).
      expect(checkWorkLimits(ssw({ dispatch: false })).ok).toBe(true);
    });

    it('may do the manual work of their own field', () => {
      expect(checkWorkLimits(ssw({ dispatch: false, jobField: '外食業', personField: '外食業', simpleLabour: true })).ok).toBe(true);
    });
  });

  it('keeps 技術・人文知識・国際業務 off simple manual work, dispatched or not (別表第一の二)', () => {
    const engineer = (over: Partial<WorkLimitsInput>) => student({ residenceStatus: '技術・人文知識・国際業務', permissionOutsideStatus: false, ...over });
    expect(checkWorkLimits(engineer({}))).toEqual({ ok: true, weeklyMinutesLeft: null });
    for (const dispatch of [true, false]) {
      expect(refusal(checkWorkLimits(engineer({ simpleLabour: true, dispatch })))).toMatchObject({
        reason: 'status_activity',
        detail: 'residence status 技術・人文知識・国際業務 does not cover simple manual work',
        facts: { rule: 'simple_labour', law: expect.stringContaining('別表第一の二（技術・人文知識・国際業務）') },
      });
    }
  });

  it('keeps a technical intern employed directly off simple manual work (技能実習法第9条)', () => {
    expect(refusal(checkWorkLimits(student({ residenceStatus: '技能実習', dispatch: false, simpleLabour: true }))).facts).toMatchObject({ rule: 'simple_labour' });
  });

  it.each(['永住者', '日本人の配偶者等', '永住者の配偶者等', '定住者'])('lets %s (別表第二) do simple manual work by dispatch', (status) => {
    expect(checkWorkLimits(student({ residenceStatus: status, permissionOutsideStatus: false, simpleLabour: true, dispatch: true }))).toEqual({ ok: true, weeklyMinutesLeft: null });
  });

  it.each(['留学', '家族滞在'])('lets %s with the permission do simple manual work within 28 hours (第19条第2項)', (status) => {
    expect(checkWorkLimits(student({ residenceStatus: status, simpleLabour: true }))).toEqual({ ok: true, weeklyMinutesLeft: 1620 });
    expect(refusal(checkWorkLimits(student({ residenceStatus: status, simpleLabour: true, assignments: ['2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05'].map(day420) }))).reason).toBe(
      'weekly_limit',
    );
    expect(refusal(checkWorkLimits(student({ residenceStatus: status, simpleLabour: true, permissionOutsideStatus: false }))).reason).toBe('no_permission');
  });

  it('names the law of every rule and binds only statuses it knows', () => {
    for (const r of ACTIVITY_RULES) {
      expect(r.law).toMatch(/法|省令|要領|方針/);
      for (const s of r.statuses) expect(s === '短期滞在' || s in STATUS_RULES).toBe(true);
    }
    for (const r of AGE_RULES) expect(r.law).toMatch(/^労働基準法 第6[01]条|^労働基準法 第56条/);
  });
});

describe('one person, one shift at a time', () => {
  it('refuses a shift that shares a minute with another, naming the other in both languages', () => {
    // Fri 6 Nov 09:00–17:00 and a candidate 16:00–20:00: 16:00–17:00 is in both.
    const r = refusal(checkWorkLimits(student({ residenceStatus: '永住者', assignments: [day420('2026-11-06')], candidate: shift('2026-11-06T16:00', '2026-11-06T20:00') })));
    expect(r).toEqual({
      ok: false,
      reason: 'overlap',
      detail: 'the shift overlaps another shift of the person, 2026-11-06T09:00 to 2026-11-06T17:00',
      facts: { start: '2026-11-06T09:00', end: '2026-11-06T17:00' },
    });
    expect(workLimitText('ja', r)).toBe('11月6日(金) 09:00〜17:00の別のシフトと時間が重なっています。同じ時間に2つのシフトには入れません。');
    expect(workLimitText('en', r)).toBe('This shift overlaps another shift on Fri 6 Nov, 09:00–17:00: one person cannot work two shifts at the same time.');
  });

  it('allows one shift ending as the next starts, and counts the break as time at the workplace', () => {
    expect(checkWorkLimits(student({ assignments: [shift('2026-11-06T09:00', '2026-11-06T13:00')], candidate: shift('2026-11-06T13:00', '2026-11-06T17:00') }))).toEqual({
      ok: true,
      weeklyMinutesLeft: 1680 - 240 - 240,
    });
    // A night shift 22:00–06:00 with its break 01:30–02:30 and one from 02:00 the next morning: still two places at once.
    expect(refusal(checkWorkLimits(student({ assignments: [shift('2026-11-06T22:00', '2026-11-07T06:00', 60)], candidate: shift('2026-11-07T02:00', '2026-11-07T04:00') }))).facts).toEqual({
      start: '2026-11-06T22:00',
      end: '2026-11-07T06:00',
    });
  });

  it('judges recorded times by their schedules: a clock-in five minutes early is not an overlap', () => {
    const morning = { ...shift('2026-11-06T09:00', '2026-11-06T13:05'), planned: { start: '2026-11-06T09:00', end: '2026-11-06T13:00' } };
    const afternoon = { ...shift('2026-11-06T12:55', '2026-11-06T17:00'), planned: { start: '2026-11-06T13:00', end: '2026-11-06T17:00' } };
    expect(checkWorkLimits(student({ residenceStatus: '永住者', assignments: [morning], candidate: afternoon }))).toEqual({ ok: true, weeklyMinutesLeft: null });
  });
});

describe('the order of the checks: card expiry, card verified, age, status and activity, overlap, hours', () => {
  const night17 = { birthDate: '2009-01-15', candidate: shift('2026-11-30T21:00', '2026-12-01T02:00') };
  it('names the first that fails', () => {
    const everything = { ...night17, residenceStatus: '短期滞在', cardExpiry: '2026-11-30', cardVerified: false, assignments: ['2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'].map(day420) };
    expect(refusal(checkWorkLimits(student(everything))).reason).toBe('card_expired');
    expect(refusal(checkWorkLimits(student({ ...everything, cardExpiry: '2029-12-31' }))).reason).toBe('card_unverified');
    expect(refusal(checkWorkLimits(student({ ...everything, cardExpiry: '2029-12-31', cardVerified: true }))).reason).toBe('age');
    expect(refusal(checkWorkLimits(student({ ...everything, cardExpiry: '2029-12-31', cardVerified: true, birthDate: '2000-01-01' }))).reason).toBe('status_activity');
    const adult = { ...everything, cardExpiry: '2029-12-31', cardVerified: true, birthDate: '2000-01-01', residenceStatus: '留学' };
    expect(refusal(checkWorkLimits(student({ ...adult, assignments: [...adult.assignments, shift('2026-11-30T20:00', '2026-11-30T22:00')] }))).reason).toBe('overlap');
    expect(refusal(checkWorkLimits(student(adult))).reason).toBe('weekly_limit');
  });
});

describe('the four refusals of the demo people, in words staff read', () => {
  const texts = (r: WorkLimitsResult) => ({ ja: workLimitText('ja', refusal(r)), en: workLimitText('en', refusal(r)) });

  it('a 17-year-old on a late shift', () => {
    expect(texts(checkWorkLimits(resident({ birthDate: '2009-01-15', candidate: shift('2026-11-06T18:00', '2026-11-06T23:00') })))).toEqual({
      ja: '11月6日(金)は17歳で18歳未満のため、22時から翌5時までの時間にかかるシフトには入れません（労働基準法第61条）。',
      en: 'Aged 17 on Fri 6 Nov: under 18, no shift may reach into the hours from 22:00 to 05:00 (Labour Standards Act, Article 61).',
    });
    expect(texts(checkWorkLimits(resident({ birthDate: '2009-01-15', candidate: shift('2026-11-06T08:00', '2026-11-06T18:00', 60) })))).toEqual({
      ja: '18歳未満のため、1回のシフトの勤務は480分（8時間）までです。このシフトは540分です（労働基準法第60条）。',
      en: 'Under 18, a shift is at most 480 minutes (8 hours) of work; this one is 540 minutes (Labour Standards Act, Article 60).',
    });
    expect(texts(checkWorkLimits(resident({ birthDate: '2012-05-01', candidate: shift('2026-11-06T09:00', '2026-11-06T12:00') })))).toEqual({
      ja: '義務教育が終わる2028年3月31日（15歳になった後の最初の3月31日）までは、シフトには入れません（労働基準法第56条）。',
      en: 'No shift until compulsory schooling has ended on 31 March 2028, the 31 March after the 15th birthday (Labour Standards Act, Article 56).',
    });
  });

  it('a technical intern through dispatch', () => {
    expect(texts(checkWorkLimits(student({ residenceStatus: '技能実習' })))).toEqual({
      ja: '在留資格「技能実習」の人は、実習実施者に直接雇用されて働きます。派遣では配置できません（技能実習法）。',
      en: 'A person with the residence status "Technical Intern Training" works only for the organisation that employs them under the training plan: never through dispatch (Technical Intern Training Act).',
    });
  });

  it('a 特定技能 food-service worker on a warehouse job and by dispatch', () => {
    expect(texts(checkWorkLimits(student({ residenceStatus: '特定技能1号', dispatch: false, jobField: '飲食料品製造業', personField: '外食業' })))).toEqual({
      ja: '在留資格「特定技能1号」で働けるのは、本人の分野（外食業）の仕事だけです（この仕事の分野：飲食料品製造業）。',
      en: 'The residence status "Specified Skilled Worker (i)" allows work only in the person\'s own field (Food service); this job\'s field is Food and beverage manufacturing.',
    });
    expect(texts(checkWorkLimits(student({ residenceStatus: '特定技能1号', jobField: '外食業', personField: '外食業' })))).toEqual({
      ja: '在留資格「特定技能1号」の人を派遣で配置できるのは農業と漁業の分野だけです（この仕事の分野：外食業）。',
      en: 'A person with the residence status "Specified Skilled Worker (i)" may be placed through dispatch only in agriculture and fisheries (this job\'s field: Food service).',
    });
  });

  it('an engineer visa holder on warehouse picking, and a visitor', () => {
    expect(texts(checkWorkLimits(student({ residenceStatus: '技術・人文知識・国際業務', simpleLabour: true })))).toEqual({
      ja: '在留資格「技術・人文知識・国際業務」では、単純作業（ピッキング、梱包、清掃、ライン作業、配膳など）の仕事には就けません（入管法別表第一の二）。',
      en: 'The residence status "Engineer / Specialist in Humanities / International Services" does not cover simple manual work such as picking, packing, cleaning, line work or serving (Immigration Control Act, Appended Table I (2)).',
    });
    expect(texts(checkWorkLimits(student({ residenceStatus: '短期滞在' })))).toEqual({
      ja: '在留資格「短期滞在」では、資格外活動許可の有無にかかわらず、報酬を受ける仕事はできません（入管法第19条）。',
      en: 'The residence status "短期滞在" allows no paid work at all, whatever permission is recorded (Immigration Control Act, Article 19).',
    });
  });
});

describe('properties of the new rules', () => {
  it('a person of 18 or more on every day of the shift is answered as if no date of birth were given', () => {
    fc.assert(
      fc.property(limitedArb, fc.integer({ min: 0, max: 40 * 365 }), (l, olderBy) => {
        // 18 on 1 Nov 2026 at the latest; shifts start from 1 Nov.
        const born = new Date(Date.UTC(2008, 10, 1) - olderBy * 86_400_000).toISOString().slice(0, 10);
        expect(checkWorkLimits(student({ ...l, birthDate: born }))).toEqual(checkWorkLimits(student(l)));
      }),
    );
  });

  it('under 18, every shift that passes has no night minute and at most 480 worked minutes', () => {
    fc.assert(
      fc.property(shiftArb, fc.integer({ min: 16 * 366, max: 18 * 365 - 30 }), (candidate, days) => {
        // Past the 31 March after the 15th birthday, and under 18 through the shift (about 16 to 17 years 11 months on 1 Nov 2026).
        const born = new Date(Date.UTC(2026, 10, 1) - days * 86_400_000).toISOString().slice(0, 10);
        const r = checkWorkLimits(resident({ birthDate: born, candidate }));
        const start = Date.parse(`${candidate.start}:00Z`) / 60_000;
        const end = Date.parse(`${candidate.end}:00Z`) / 60_000;
        let night = false;
        for (let t = start; t < end; t++) {
          const minuteOfDay = ((t % 1440) + 1440) % 1440;
          if (minuteOfDay < 300 || minuteOfDay >= 1320) night = true;
        }
        const worked = end - start - candidate.breakMinutes;
        expect(r.ok).toBe(!night && worked <= 480);
      }),
    );
  });
});

describe('a placement that does not record dispatch or direct employment (dispatch: null)', () => {
  it('leaves the dispatch rules out and keeps every other rule', () => {
    expect(checkWorkLimits(student({ residenceStatus: '技能実習', dispatch: null })).ok).toBe(true);
    expect(checkWorkLimits(student({ residenceStatus: '特定技能1号', dispatch: null })).ok).toBe(true);
    expect(refusal(checkWorkLimits(student({ residenceStatus: '特定技能1号', dispatch: null, jobField: '農業', personField: '外食業' }))).facts).toMatchObject({ rule: 'field' });
    expect(refusal(checkWorkLimits(student({ residenceStatus: '短期滞在', dispatch: null }))).facts).toMatchObject({ rule: 'no_work' });
  });
});

describe('checkUnscheduled: a hire without a scheduled time checks card, age and status on its day', () => {
  const base = { residenceStatus: '留学', permissionOutsideStatus: true, cardExpiry: '2026-11-30', cardVerified: true };
  it('answers the card, the age under 15 (第56条) and the status, never the hours', () => {
    expect(checkUnscheduled({ ...base, day: '2026-11-30' })).toEqual({ ok: true, weeklyMinutesLeft: null });
    expect(refusal(checkUnscheduled({ ...base, day: '2026-12-01' })).reason).toBe('card_expired');
    expect(refusal(checkUnscheduled({ ...base, day: '2026-11-06', cardVerified: false })).reason).toBe('card_unverified');
    expect(refusal(checkUnscheduled({ ...base, day: '2026-11-06', permissionOutsideStatus: false })).reason).toBe('no_permission');
    expect(refusal(checkUnscheduled({ ...base, day: '2026-11-06', birthDate: '2012-05-01' })).facts).toMatchObject({ rule: 'under_15' });
    // A 17-year-old may be hired; the night and the 8 hours are checked on each scheduled time.
    expect(checkUnscheduled({ ...base, day: '2026-11-06', birthDate: '2009-01-15' }).ok).toBe(true);
    expect(refusal(checkUnscheduled({ ...base, residenceStatus: '技術・人文知識・国際業務', day: '2026-11-06', simpleLabour: true })).facts).toMatchObject({ rule: 'simple_labour' });
  });
});
