import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invoiceTotals, lineAmount, type InvoiceLine } from './totals.ts';

describe('invoiceTotals: hand-worked invoices', () => {
  it('rounds the tax down to the yen', () => {
    // 12,345 × 10% = 1,234.5 → 1,234; total 12,345 + 1,234 = 13,579.
    expect(invoiceTotals([{ amount: 12_345, taxRate: 10 }])).toEqual({
      byRate: [{ rate: 10, net: 12_345, tax: 1_234 }],
      net: 12_345,
      tax: 1_234,
      total: 13_579,
    });
  });

  it('taxes each rate once on the sum of its lines, not line by line', () => {
    // Three lines of 1,005: per line 100.5 → 100, which would add up to 300;
    // once on the sum: 3,015 × 10% = 301.5 → 301.
    const lines: InvoiceLine[] = [1005, 1005, 1005].map((amount) => ({ amount, taxRate: 10 }));
    expect(invoiceTotals(lines)).toEqual({ byRate: [{ rate: 10, net: 3_015, tax: 301 }], net: 3_015, tax: 301, total: 3_316 });
  });

  it('keeps the standard and the reduced rate apart, 10% first', () => {
    // 10%: 10,000 + 5,555 = 15,555 → 1,555.5 → 1,555.  8%: 3,333 × 8% = 266.64 → 266.
    // net 18,888, tax 1,555 + 266 = 1,821, total 20,709.
    expect(
      invoiceTotals([
        { amount: 3_333, taxRate: 8 },
        { amount: 10_000, taxRate: 10 },
        { amount: 5_555, taxRate: 10 },
      ]),
    ).toEqual({
      byRate: [
        { rate: 10, net: 15_555, tax: 1_555 },
        { rate: 8, net: 3_333, tax: 266 },
      ],
      net: 18_888,
      tax: 1_821,
      total: 20_709,
    });
  });

  it('lists only the rates the invoice has', () => {
    // 1,250 × 8% = 100.
    expect(invoiceTotals([{ amount: 1_250, taxRate: 8 }])).toEqual({ byRate: [{ rate: 8, net: 1_250, tax: 100 }], net: 1_250, tax: 100, total: 1_350 });
    expect(invoiceTotals([])).toEqual({ byRate: [], net: 0, tax: 0, total: 0 });
  });

  it('takes a discount line off its rate before the tax', () => {
    // 20,000 − 1,999 = 18,001 × 10% = 1,800.1 → 1,800; total 19,801.
    expect(
      invoiceTotals([
        { amount: 20_000, taxRate: 10 },
        { amount: -1_999, taxRate: 10 },
      ]),
    ).toEqual({
      byRate: [{ rate: 10, net: 18_001, tax: 1_800 }],
      net: 18_001,
      tax: 1_800,
      total: 19_801,
    });
  });

  it('refuses lines no invoice may have', () => {
    expect(() =>
      invoiceTotals([
        { amount: 100, taxRate: 10 },
        { amount: -200, taxRate: 10 },
      ]),
    ).toThrow(/10% lines add up to -100 yen/);
    expect(() => invoiceTotals([{ amount: 100, taxRate: 5 as 10 }])).toThrow(/^invoiceTotals: lines: 0\.taxRate: /);
    expect(() => invoiceTotals([{ amount: 100.5, taxRate: 10 }])).toThrow(/0\.amount/);
  });
});

describe('lineAmount', () => {
  it('rounds a line half up to the yen', () => {
    // 450 min at 1,850 yen/h: 450 × 1,850 / 60 = 832,500 / 60 = 13,875.
    expect(lineAmount(450, 1_850, 60)).toBe(13_875);
    // 30 min at 1,851 yen/h: 55,530 / 60 = 925.5 → 926.
    expect(lineAmount(30, 1_851, 60)).toBe(926);
    // 7 units at 1,200 = 8,400.
    expect(lineAmount(7, 1_200)).toBe(8_400);
    expect(() => lineAmount(1.5, 100)).toThrow(/quantity/);
  });
});

describe('invoiceTotals: properties', () => {
  const lines = fc.array(fc.record({ amount: fc.integer({ min: 0, max: 10_000_000 }), taxRate: fc.constantFrom<10 | 8>(10, 8) }), { maxLength: 40 });

  it('adds up, rounds each rate once and down, and owes at least the line-by-line tax', () => {
    fc.assert(
      fc.property(lines, (ls) => {
        const t = invoiceTotals(ls);
        expect(t.net).toBe(ls.reduce((s, l) => s + l.amount, 0));
        expect(t.total).toBe(t.net + t.tax);
        expect(t.byRate.map((r) => r.rate)).toEqual([10, 8].filter((rate) => ls.some((l) => l.taxRate === rate)));
        for (const r of t.byRate) {
          // 0 ≤ net × rate − 100 × tax < 100: the exact tax, less under one yen.
          const rest = r.net * r.rate - 100 * r.tax;
          expect(rest >= 0 && rest < 100).toBe(true);
          const lineByLine = ls.filter((l) => l.taxRate === r.rate).reduce((s, l) => s + Math.floor((l.amount * r.rate) / 100), 0);
          expect(r.tax).toBeGreaterThanOrEqual(lineByLine);
        }
      }),
    );
  });

  it('does not depend on the order of the lines', () => {
    fc.assert(
      fc.property(lines, (ls) => {
        expect(invoiceTotals([...ls].reverse())).toEqual(invoiceTotals(ls));
      }),
    );
  });
});
