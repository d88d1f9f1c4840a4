import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import data from './withholding-daily-hei.json' with { type: 'json' };
import { dailyWithholdingHei } from './withholding.ts';

const PAID = '2026-11-25';

describe('dailyWithholdingHei (日額表 丙欄, 令和8年分)', () => {
  it('withholds nothing below 9,800 yen a day (9,300 was the line until 2025)', () => {
    expect(dailyWithholdingHei(0, PAID)).toBe(0);
    expect(dailyWithholdingHei(9_300, PAID)).toBe(0);
    expect(dailyWithholdingHei(9_799, PAID)).toBe(0);
  });

  it('reads the 100-yen rows of the table', () => {
    expect(dailyWithholdingHei(9_800, PAID)).toBe(1); // 9,800 – 9,899
    expect(dailyWithholdingHei(9_899, PAID)).toBe(1);
    expect(dailyWithholdingHei(9_900, PAID)).toBe(5); // 9,900 – 9,999
    expect(dailyWithholdingHei(10_000, PAID)).toBe(8);
    expect(dailyWithholdingHei(11_633, PAID)).toBe(65); // 11,600 – 11,699
    expect(dailyWithholdingHei(15_000, PAID)).toBe(193);
    expect(dailyWithholdingHei(23_999, PAID)).toBe(738); // the last row, 23,900 – 23,999
  });

  it('adds a percent of the excess from 24,000 yen, rounded down', () => {
    expect(dailyWithholdingHei(24_000, PAID)).toBe(746);
    // 746 + (25,000 − 24,000) × 10.21% = 746 + 102.1 → 848.
    expect(dailyWithholdingHei(25_000, PAID)).toBe(848);
    // 1,001 + (30,000 − 26,500) × 20.42% = 1,001 + 714.7 → 1,715.
    expect(dailyWithholdingHei(30_000, PAID)).toBe(1_715);
    // 2,226 + (40,000 − 32,500) × 25.525% = 2,226 + 1,914.375 → 4,140.
    expect(dailyWithholdingHei(40_000, PAID)).toBe(4_140);
    // 8,608 + (100,000 − 57,500) × 33.693% = 8,608 + 14,319.525 → 22,927.
    expect(dailyWithholdingHei(100_000, PAID)).toBe(22_927);
    // 28,486 + (200,000 − 116,500) × 40.84% = 28,486 + 34,101.4 → 62,587.
    expect(dailyWithholdingHei(200_000, PAID)).toBe(62_587);
  });

  it('uses the table of the year the pay is paid, and refuses a year it does not have', () => {
    expect(dailyWithholdingHei(12_000, '2026-01-01')).toBe(79);
    expect(() => dailyWithholdingHei(12_000, '2025-12-31')).toThrow('no 丙欄 table for pay on 2025-12-31: the oldest encoded one (令和8年分 (2026)) applies from 2026-01-01');
  });

  it('refuses a fractional or negative amount and a date that is not one', () => {
    expect(() => dailyWithholdingHei(10_000.5, PAID)).toThrow(/dailyPay/);
    expect(() => dailyWithholdingHei(-1, PAID)).toThrow(/dailyPay/);
    expect(() => dailyWithholdingHei(10_000, '2026-02-30')).toThrow(/payDate/);
  });

  it('names its source', () => {
    expect(data.tables[0]!.source.url).toBe('https://www.nta.go.jp/publication/pamph/gensen/zeigakuhyo2026/01.htm');
    expect(data.tables[0]!.source.year).toBe(2026);
  });

  it('never withholds more for less pay, nor more than a small part of the pay', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500_000 }), fc.integer({ min: 0, max: 1_000 }), (pay, more) => {
        const tax = dailyWithholdingHei(pay, PAID);
        expect(dailyWithholdingHei(pay + more, PAID)).toBeGreaterThanOrEqual(tax);
        // The top rate is 40.84%: never half the day's pay.
        expect(tax * 2).toBeLessThan(Math.max(1, pay));
      }),
    );
  });
});
