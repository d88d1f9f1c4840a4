import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../time.ts';
import { businessDayOnOrBefore, isBusinessDay, payPeriod } from './payday.ts';

const monthEnd25th = { closingDay: 31, payDay: 25 }; // 末日締め翌月25日払い

describe('payPeriod: hand-worked calendars', () => {
  // Each case: the schedule and the month, then the whole period worked out by hand.
  const WHOLE_PERIODS = [
    {
      // November 2026 closes on the 30th; 25 December 2026 is a Friday.
      name: 'closes at month end and pays on the 25th of the month after',
      schedule: monthEnd25th,
      period: { month: '2026-11', periodStart: '2026-11-01', periodEnd: '2026-11-30', scheduledPayDate: '2026-12-25', payDate: '2026-12-25' },
    },
    {
      // 20日締め当月25日払い: April 2026 runs 21 March – 20 April; 25 April 2026 is a Saturday → Friday 24th.
      name: 'pays in the same month when the pay day comes after the closing day',
      schedule: { closingDay: 20, payDay: 25 },
      period: { month: '2026-04', periodStart: '2026-03-21', periodEnd: '2026-04-20', scheduledPayDate: '2026-04-25', payDate: '2026-04-24' },
    },
    {
      // 15日締め翌月10日払い, January 2027: 16 December 2026 – 15 January 2027, paid Wednesday 10 February 2027.
      name: 'reaches back into the previous year for January',
      schedule: { closingDay: 15, payDay: 10 },
      period: { month: '2027-01', periodStart: '2026-12-16', periodEnd: '2027-01-15', scheduledPayDate: '2027-02-10', payDate: '2027-02-10' },
    },
  ];
  for (const { name, schedule, period } of WHOLE_PERIODS) {
    it(name, () => {
      expect(payPeriod(schedule, period.month)).toEqual(period);
    });
  }

  it('moves a pay day on a weekend to the Friday before', () => {
    // September 2026 is paid on 25 October 2026, a Sunday: Saturday 24th is no better, Friday 23rd.
    expect(payPeriod(monthEnd25th, '2026-09')).toMatchObject({ scheduledPayDate: '2026-10-25', payDate: '2026-10-23' });
  });

  it('moves back over public holidays too', () => {
    // Paid on the 5th of the month after: 5 May 2026 is こどもの日 (Tue), 4 May みどりの日, 3 May 憲法記念日
    // (Sun), 2 May a Saturday: Friday 1 May.
    expect(payPeriod({ closingDay: 31, payDay: 5 }, '2026-04')).toMatchObject({ periodStart: '2026-04-01', periodEnd: '2026-04-30', scheduledPayDate: '2026-05-05', payDate: '2026-05-01' });
    // 15日締め当月23日払い in September 2026: 23rd 秋分の日 (Wed), 22nd 国民の休日, 21st 敬老の日, 20th Sun, 19th Sat → 18th.
    expect(payPeriod({ closingDay: 15, payDay: 23 }, '2026-09')).toMatchObject({ periodStart: '2026-08-16', periodEnd: '2026-09-15', payDate: '2026-09-18' });
  });

  it('treats 31 December as a day banks do not transfer', () => {
    // 20日締め当月末日払い in December 2026: 31 December (Thu) is a bank holiday → Wednesday 30th.
    expect(payPeriod({ closingDay: 20, payDay: 31 }, '2026-12')).toMatchObject({ periodStart: '2026-11-21', periodEnd: '2026-12-20', scheduledPayDate: '2026-12-31', payDate: '2026-12-30' });
    expect(isBusinessDay('2027-01-04')).toBe(true); // Monday, the first banking day of 2027
    expect(['2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03'].some(isBusinessDay)).toBe(false);
  });

  it('reads a closing or pay day past the month end as its last day', () => {
    // 末日締め翌月末日払い: January 2027 is paid on 28 February 2027, a Sunday → Friday 26th.
    expect(payPeriod({ closingDay: 31, payDay: 31 }, '2027-01')).toMatchObject({ periodStart: '2027-01-01', periodEnd: '2027-01-31', scheduledPayDate: '2027-02-28', payDate: '2027-02-26' });
    // Closing on the 30th: February closes on the 28th (29th in 2028), and March takes up on the 1st.
    expect(payPeriod({ closingDay: 30, payDay: 10 }, '2026-02')).toMatchObject({ periodStart: '2026-01-31', periodEnd: '2026-02-28' });
    expect(payPeriod({ closingDay: 30, payDay: 10 }, '2026-03')).toMatchObject({ periodStart: '2026-03-01', periodEnd: '2026-03-30' });
    expect(payPeriod({ closingDay: 30, payDay: 10 }, '2028-02')).toMatchObject({ periodStart: '2028-01-31', periodEnd: '2028-02-29' });
  });

  it('never pays before the period has closed', () => {
    // 20日締め当月21日払い, November 2026: the 21st is a Saturday; back to Friday 20th would be the
    // closing day itself, so forward: Sunday 22nd, 勤労感謝の日 Monday 23rd → Tuesday 24th.
    expect(payPeriod({ closingDay: 20, payDay: 21 }, '2026-11')).toMatchObject({ periodEnd: '2026-11-20', scheduledPayDate: '2026-11-21', payDate: '2026-11-24' });
  });

  it('refuses settings and months that are not ones', () => {
    expect(() => payPeriod({ closingDay: 0, payDay: 25 }, '2026-11')).toThrow(/^payPeriod: schedule: closingDay: /);
    expect(() => payPeriod({ closingDay: 31, payDay: 32 }, '2026-11')).toThrow(/payDay/);
    expect(() => payPeriod(monthEnd25th, '2026-13')).toThrow('payPeriod: month: a month as YYYY-MM');
    expect(() => isBusinessDay('2051-01-05')).toThrow(/known for 1970–2050, not 2051/);
  });
});

describe('payPeriod: properties', () => {
  const schedule = fc.record({ closingDay: fc.integer({ min: 1, max: 31 }), payDay: fc.integer({ min: 1, max: 31 }) });
  const month = fc.tuple(fc.integer({ min: 2000, max: 2048 }), fc.integer({ min: 1, max: 12 })).map(([y, m]) => `${y}-${String(m).padStart(2, '0')}`);
  const next = (m: string) => {
    const [y, mo] = m.split('-').map(Number) as [number, number];
    return mo === 12 ? `${y + 1}-01` : `${y}-${String(mo + 1).padStart(2, '0')}`;
  };

  it('tiles the calendar and pays on a business day after the period closes', () => {
    fc.assert(
      fc.property(schedule, month, (s, m) => {
        const p = payPeriod(s, m);
        const q = payPeriod(s, next(m));
        expect(q.periodStart).toBe(addDays(p.periodEnd, 1));
        expect(p.periodStart <= p.periodEnd).toBe(true);
        expect(p.periodEnd.slice(0, 7)).toBe(m);
        expect(isBusinessDay(p.payDate)).toBe(true);
        expect(p.payDate > p.periodEnd).toBe(true);
        // Moved back to the nearest business day, unless that would not be after the closing day.
        if (p.payDate <= p.scheduledPayDate) expect(p.payDate).toBe(businessDayOnOrBefore(p.scheduledPayDate));
        // Pay for consecutive months never goes out in the wrong order.
        expect(q.payDate >= p.payDate).toBe(true);
      }),
    );
  });
});
