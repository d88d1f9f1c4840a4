import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import data from './withholding-daily-hei.json' with { type: 'json' };
import kouOtsu from './withholding-daily-kou-otsu.json' with { type: 'json' };
import monthly from './withholding-monthly.json' with { type: 'json' };
import { dailyWithholding, dailyWithholdingHei, monthlyWithholding } from './withholding.ts';

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

describe('monthlyWithholding (月額表, 令和8年分 from 2026 and 令和2年分〜令和7年分 before)', () => {
  const kou = (amount: number, dependents: number, payDay = '2026-11-25') => monthlyWithholding(amount, { column: 'kou', dependents, payDay });
  const otsu = (amount: number, payDay = '2026-11-25', dependents = 0) => monthlyWithholding(amount, { column: 'otsu', dependents, payDay });

  it('甲欄 2026: nothing below 105,000 yen (88,000 until 2025), then the row of the amount', () => {
    expect(kou(104_999, 0)).toBe(0); // 令和8年分 甲欄 「105,000円未満」
    expect(kou(105_000, 0)).toBe(170); // row 105,000–107,000, 0 dependants
    expect(kou(145_223, 0)).toBe(2_220); // row 145,000–147,000: 0 → 2,220, 1 → 600
    expect(kou(145_223, 1)).toBe(600);
    expect(kou(250_000, 0)).toBe(6_110); // row 248,000–251,000: 0 → 6,110, 2 → 2,880
    expect(kou(250_000, 2)).toBe(2_880);
    expect(kou(300_000, 4)).toBe(1_470); // row 299,000–302,000: 4 → 1,470, 5 → 0
    expect(kou(300_000, 5)).toBe(0);
  });

  it('甲欄 by pay day: December 2025 pay uses the 令和7年分 (= 令和2年分) table, January 2026 the 令和8年分', () => {
    expect(kou(87_999, 0, '2025-12-25')).toBe(0); // 令和7年分 「88,000円未満」
    expect(kou(88_000, 0, '2025-12-25')).toBe(130); // row 88,000–89,000
    expect(kou(250_000, 0, '2025-12-25')).toBe(6_530); // row 248,000–251,000 (2026: 6,110)
    expect(kou(300_000, 1, '2025-12-25')).toBe(6_740); // row 299,000–302,000 (2026: 6,320)
    expect(kou(100_000, 0, '2026-01-05')).toBe(0); // 2025's table would withhold here; 2026's does not
    expect(kou(100_000, 0, '2025-12-31')).toBeGreaterThan(0);
  });

  it('甲欄 from 740,000 yen: the row plus 20.42% of the excess, rounded down; past 7 dependants 1,610 yen less each', () => {
    expect(kou(740_000, 0)).toBe(71_680);
    // 71,680 + (750,000 − 740,000) × 20.42% = 71,680 + 2,042 = 73,722.
    expect(kou(750_000, 0)).toBe(73_722);
    // 7 dependants at 740,000: 26,410; 9 dependants: 26,410 − 2 × 1,610 = 23,190.
    expect(kou(740_000, 7)).toBe(26_410);
    expect(kou(740_000, 9)).toBe(23_190);
  });

  it('乙欄: 3.063% below the first row, then the rows, then base plus percent', () => {
    // 100,000 × 3.063% = 3,063 (乙欄 「105,000円未満」: 3.063%).
    expect(otsu(100_000)).toBe(3_063);
    expect(otsu(105_000)).toBe(3_800); // row 105,000–107,000
    expect(otsu(200_000)).toBe(19_700); // row 199,000–201,000 (甲欄 0 dependants: 4,340)
    expect(kou(200_000, 0)).toBe(4_340);
    expect(otsu(300_000)).toBe(53_600); // row 299,000–302,000
    // 259,200 + (800,000 − 740,000) × 40.84% = 259,200 + 24,504 = 283,704.
    expect(otsu(800_000)).toBe(283_704);
    // 2025: below 88,000 yen 3.063%, rounded down: 87,999 × 3.063% = 2,695.4 → 2,695; row 88,000 → 3,200.
    expect(otsu(87_999, '2025-06-25')).toBe(2_695);
    expect(otsu(88_000, '2025-06-25')).toBe(3_200);
    // A 従たる給与 declaration with one dependant: 1,610 yen less. 19,700 − 1,610 = 18,090.
    expect(otsu(200_000, '2026-11-25', 1)).toBe(18_090);
  });

  it('withholds far more on the 乙欄 than on the 甲欄: a worker without a declaration is not taxed at 甲 rates', () => {
    fc.assert(
      fc.property(fc.integer({ min: 105_000, max: 2_000_000 }), (amount) => {
        expect(otsu(amount)).toBeGreaterThan(kou(amount, 0));
      }),
    );
  });

  it('never withholds less for more pay or more for more dependants', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_000_000 }), fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: 0, max: 9 }), fc.constantFrom('2025-12-25', '2026-01-25'), (a, more, n, payDay) => {
        expect(monthlyWithholding(a + more, { column: 'kou', dependents: n, payDay })).toBeGreaterThanOrEqual(monthlyWithholding(a, { column: 'kou', dependents: n, payDay }));
        expect(monthlyWithholding(a, { column: 'kou', dependents: n + 1, payDay })).toBeLessThanOrEqual(monthlyWithholding(a, { column: 'kou', dependents: n, payDay }));
        expect(monthlyWithholding(a + more, { column: 'otsu', dependents: 0, payDay })).toBeGreaterThanOrEqual(monthlyWithholding(a, { column: 'otsu', dependents: 0, payDay }));
      }),
    );
  });

  it('agrees with the 電子計算機等の特例 formula within 10 yen at the middle of every 甲欄 row (0 dependants)', () => {
    // 国税庁「月額表の甲欄を適用する給与等に対する税額の電算機計算の特例」: A less the 給与所得控除 (別表第一),
    // the 基礎控除 (別表第三: 48,334 yen from 2026, 40,000 before), the tax by 別表第四 rounded up to 10 yen.
    // The table is built at each row's middle, so the two agree to the table's 10-yen step.
    // 別表第一 by year: [up to A, rate, plus], the deduction ceil(A × rate + plus) (a rate of 0: a fixed amount).
    const deductions = {
      r8: [
        [158_333, 0, 54_167],
        [299_999, 0.3, 6_667],
        [549_999, 0.2, 36_667],
        [708_330, 0.1, 91_667],
        [Infinity, 0, 162_500],
      ],
      before: [
        [135_416, 0, 45_834],
        [149_999, 0.4, -8_333],
        [299_999, 0.3, 6_667],
        [549_999, 0.2, 36_667],
        [708_330, 0.1, 91_667],
        [Infinity, 0, 162_500],
      ],
    } as const;
    const formula = (A: number, r8: boolean) => {
      const ceil = Math.ceil;
      const [, rate, plus] = deductions[r8 ? 'r8' : 'before'].find(([upTo]) => A <= upTo)!;
      const k = ceil(A * rate + plus);
      const B = A - k - (r8 ? 48_334 : 40_000);
      if (B <= 0) return 0;
      const t = B <= 162_500 ? B * 0.05105 : B <= 275_000 ? B * 0.1021 - 8_296 : B <= 579_166 ? B * 0.2042 - 36_374 : B * 0.23483 - 54_113;
      return ceil(t / 10) * 10;
    };
    for (const t of monthly.tables) {
      const r8 = t.validFrom === '2026-01-01';
      const rows = t.kou.rows;
      for (let i = 1; i < rows.length; i++) {
        const to = i + 1 < rows.length ? rows[i + 1]![0]! : t.kou.above[0]!.from;
        const mid = Math.floor((rows[i]![0]! + to) / 2);
        expect(Math.abs(monthlyWithholding(mid, { column: 'kou', dependents: 0, payDay: t.validFrom }) - formula(mid, r8)), `${t.name} row ${rows[i]![0]}`).toBeLessThanOrEqual(10);
      }
    }
  });

  it('refuses a pay day before 2020 and bad input', () => {
    expect(() => kou(200_000, 0, '2019-12-25')).toThrow(/no 月額表 for pay on 2019-12-25/);
    expect(() => monthlyWithholding(-1, { column: 'kou', dependents: 0, payDay: '2026-01-25' })).toThrow(/amount/);
    expect(() => monthlyWithholding(1, { column: 'hei' as 'kou', dependents: 0, payDay: '2026-01-25' })).toThrow(/column/);
  });
});

describe('dailyWithholding (日額表)', () => {
  it('takes the 丙欄 by pay day', () => {
    expect(dailyWithholding(11_633, { column: 'hei', dependents: 0, payDay: '2026-11-25' })).toBe(65); // row 11,600–11,699
    expect(dailyWithholding(9_799, { column: 'hei', dependents: 3, payDay: '2026-11-25' })).toBe(0);
  });

  const day = (amount: number, column: 'kou' | 'otsu', dependents = 0, payDay = '2026-11-25') => dailyWithholding(amount, { column, dependents, payDay });

  it('甲欄 (令和8年分): nothing below 3,500 yen, then the 100-yen row of the amount and the column of the dependants', () => {
    for (const d of [0, 1, 7]) expect(day(3_499, 'kou', d)).toBe(0);
    expect(day(3_500, 'kou')).toBe(5); // the first row, 3,500–3,599
    expect(day(3_599, 'kou')).toBe(5);
    expect(day(3_600, 'kou')).toBe(10);
    // Row 10,000–10,099: 265, 210, 160, 100, 50, 0, 0, 0 for 0–7 dependants.
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((d) => day(10_000, 'kou', d))).toEqual([265, 210, 160, 100, 50, 0, 0, 0]);
    expect(day(11_633, 'kou', 2)).toBe(225); // row 11,600–11,699, 2 dependants
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((d) => day(20_000, 'kou', d))).toEqual([1_515, 1_300, 1_085, 870, 660, 550, 445, 330]);
    expect(day(23_999, 'kou')).toBe(2_240); // the last row, 23,900–23,999
  });

  it('甲欄 past 7 dependants: the 7 column less 50 yen for each one more, never below 0', () => {
    expect(day(20_000, 'kou', 8)).toBe(280); // 330 − 50
    expect(day(20_000, 'kou', 9)).toBe(230); // 330 − 100
    expect(day(3_500, 'kou', 8)).toBe(0);
  });

  it('甲欄 from 24,000 yen: the formula row plus a percent of the excess, rounded down', () => {
    expect(day(24_000, 'kou')).toBe(2_250); // the formula's first row, above the table's last (2,240)
    expect(day(25_000, 'kou')).toBe(2_454); // 2,250 + 1,000 × 20.42% = 2,454.2
    expect(day(25_000, 'kou', 2)).toBe(2_024); // 1,820 + 204.2
    expect(day(30_000, 'kou')).toBe(3_581); // 2,760 + 3,500 × 23.483% = 3,581.905
    expect(day(40_000, 'kou')).toBe(6_696); // 4,170 + 7,500 × 33.693% = 6,696.975
    expect(day(60_000, 'kou')).toBe(13_616); // 12,595 + 2,500 × 40.84% = 13,616
    expect(day(100_000, 'kou')).toBe(30_620); // 20,410 + 25,000 × 40.84% = 30,620
    expect(day(200_000, 'kou')).toBe(75_724); // 37,360 + 83,500 × 45.945% = 75,724.075
  });

  it('乙欄: 3.063% below 3,500 yen, then the rows, then base plus percent; 50 yen less per declared dependant', () => {
    expect(day(0, 'otsu')).toBe(0);
    expect(day(3_000, 'otsu')).toBe(91); // 3,000 × 3.063% = 91.89
    expect(day(3_499, 'otsu')).toBe(107); // 107.17
    expect(day(3_500, 'otsu')).toBe(120);
    expect(day(10_000, 'otsu')).toBe(1_800);
    expect(day(20_000, 'otsu')).toBe(6_530);
    expect(day(23_999, 'otsu')).toBe(8_250);
    expect(day(24_000, 'otsu')).toBe(8_300);
    expect(day(25_000, 'otsu')).toBe(8_708); // 8,300 + 1,000 × 40.84%
    expect(day(57_500, 'otsu')).toBe(21_980);
    expect(day(60_000, 'otsu')).toBe(23_128); // 21,980 + 2,500 × 45.945% = 23,128.6
    // A 従たる給与についての扶養控除等申告書 with one dependant: 1,800 − 50.
    expect(day(10_000, 'otsu', 1)).toBe(1_750);
    // The worker without a declaration pays far more: 10,000 yen a day, 1,800 on 乙 against 265 on 甲.
    expect(day(10_000, 'otsu')).toBeGreaterThan(6 * day(10_000, 'kou'));
  });

  it('uses the table of the year the pay is paid, and refuses a year it does not have (令和2年分〜令和7年分 not encoded)', () => {
    expect(day(12_000, 'kou', 0, '2026-01-01')).toBe(420);
    expect(() => day(12_000, 'kou', 0, '2025-12-31')).toThrow('no 日額表 甲欄 for pay on 2025-12-31: the oldest encoded one (令和8年分 (2026)) applies from 2026-01-01');
    expect(() => day(12_000, 'otsu', 0, '2025-12-31')).toThrow(/no 日額表 乙欄/);
    expect(() => day(-1, 'kou')).toThrow(/amount/);
  });

  it('every 甲欄 cell lies within 10 yen of the 月額表 at thirty days of the row (a check on the transcription)', () => {
    const t = kouOtsu.tables[0]!;
    t.kou.rows.forEach((taxes, i) => {
      const mid = t.zeroBelow + i * t.step + t.step / 2;
      taxes.forEach((tax, d) => {
        const fromMonthly = monthlyWithholding(mid * 30, { column: 'kou', dependents: d, payDay: t.validFrom }) / 30;
        expect(Math.abs(tax - fromMonthly), `row ${mid - 50}, ${d} dependants`).toBeLessThanOrEqual(10);
      });
    });
  });

  it('never withholds more for less pay, nor more for more dependants', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 150_000 }), fc.integer({ min: 0, max: 5_000 }), fc.integer({ min: 0, max: 9 }), (pay, more, d) => {
        for (const column of ['kou', 'otsu'] as const) expect(day(pay + more, column, d)).toBeGreaterThanOrEqual(day(pay, column, d));
        expect(day(pay, 'kou', d + 1)).toBeLessThanOrEqual(day(pay, 'kou', d));
      }),
    );
  });

  it('names its source', () => {
    expect(kouOtsu.tables[0]!.source.url).toBe('https://www.nta.go.jp/publication/pamph/gensen/zeigakuhyo2026/01.htm');
    expect(kouOtsu.tables[0]!.source.howTranscribed).toMatch(/kishida-devil\/jp-payroll-mcp/);
  });
});
