import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quickPayAvailable, quickPayQuote, type QuickPayState } from './quickpay.ts';

const state = (s: Partial<QuickPayState> = {}): QuickPayState => ({
  earnedUnpaid: 50_000,
  outstandingAdvances: 10_000,
  ceilingPercent: 70,
  dailyLimit: 30_000,
  requestedToday: 0,
  minAmount: 1_000,
  feePercent: 3,
  minFee: 330,
  ...s,
});

describe('quickPayQuote: hand-worked quotes', () => {
  it('grants an advance within the ceiling, the fee a percent of it', () => {
    // available = min(⌊50,000 × 70 / 100⌋ − 10,000, 30,000 − 0) = min(25,000, 30,000) = 25,000.
    // fee = max(⌈20,000 × 3 / 100⌉, 330) = max(600, 330) = 600; net = 20,000 − 600 = 19,400.
    expect(quickPayAvailable(state())).toBe(25_000);
    expect(quickPayQuote(state(), 20_000)).toEqual({ ok: true, fee: 600, net: 19_400 });
    // The whole available amount: fee ⌈25,000 × 3%⌉ = 750, net 24,250.
    expect(quickPayQuote(state(), 25_000)).toEqual({ ok: true, fee: 750, net: 24_250 });
  });

  it('charges the minimum fee when the percent comes to less', () => {
    // ⌈5,000 × 3 / 100⌉ = 150 < 330: fee 330, net 4,670.
    expect(quickPayQuote(state(), 5_000)).toEqual({ ok: true, fee: 330, net: 4_670 });
  });

  it('rounds the fee up to the yen and the ceiling down', () => {
    // fee ⌈10,001 × 3 / 100⌉ = ⌈300.03⌉ = 301.
    expect(quickPayQuote(state({ minFee: 0 }), 10_001)).toEqual({ ok: true, fee: 301, net: 9_700 });
    // ceiling ⌊12,345 × 70 / 100⌋ = ⌊8,641.5⌋ = 8,641.
    expect(quickPayAvailable(state({ earnedUnpaid: 12_345, outstandingAdvances: 0 }))).toBe(8_641);
  });

  it('takes a fee percent with decimals as the settings hold it', () => {
    // 4.5%: ⌈10,000 × 4.5 / 100⌉ = 450; ⌈10,001 × 4.5 / 100⌉ = ⌈450.045⌉ = 451.
    expect(quickPayQuote(state({ feePercent: 4.5, minFee: 0 }), 10_000)).toEqual({ ok: true, fee: 450, net: 9_550 });
    expect(quickPayQuote(state({ feePercent: '4.50', minFee: 0 }), 10_001)).toEqual({ ok: true, fee: 451, net: 9_550 });
    // "3.50": ⌈9,999 × 3.5 / 100⌉ = ⌈349.965⌉ = 350.
    expect(quickPayQuote(state({ feePercent: '3.50', minFee: 300 }), 9_999)).toEqual({ ok: true, fee: 350, net: 9_649 });
  });

  it('refuses more than is available, saying how much is', () => {
    expect(quickPayQuote(state(), 25_001)).toEqual({ ok: false, available: 25_000, reason: 'above_available' });
    // 20,000 already asked for today leave 30,000 − 20,000 = 10,000 under the daily limit.
    expect(quickPayQuote(state({ requestedToday: 20_000 }), 12_000)).toEqual({ ok: false, available: 10_000, reason: 'above_available' });
  });

  it('refuses less than the minimum', () => {
    expect(quickPayQuote(state(), 999)).toEqual({ ok: false, available: 25_000, reason: 'below_minimum' });
  });

  it('never offers less than nothing', () => {
    // ⌊10,000 × 70%⌋ = 7,000 − 8,000 already advanced = −1,000 → 0.
    expect(quickPayAvailable(state({ earnedUnpaid: 10_000, outstandingAdvances: 8_000 }))).toBe(0);
    // Today's limit used up and then some (the limit was lowered): 30,000 − 35,000 → 0.
    expect(quickPayQuote(state({ requestedToday: 35_000 }), 1_000)).toEqual({ ok: false, available: 0, reason: 'above_available' });
  });

  it('refuses an advance the fee would swallow', () => {
    // 300 yen with a 330-yen minimum fee would transfer −30: refused. 331 transfers 1.
    expect(quickPayQuote(state({ minAmount: 100 }), 300)).toEqual({ ok: false, available: 25_000, reason: 'fee_not_covered' });
    expect(quickPayQuote(state({ minAmount: 100 }), 331)).toEqual({ ok: true, fee: 330, net: 1 });
  });

  it('throws on input no screen should pass', () => {
    expect(() => quickPayQuote(state(), 0)).toThrow(/^quickPayQuote: amount: /);
    expect(() => quickPayQuote(state(), 100.5)).toThrow(/amount/);
    expect(() => quickPayQuote(state({ feePercent: '101' }), 1_000)).toThrow(/feePercent: a percent from 0 to 100/);
    expect(() => quickPayQuote(state({ feePercent: '3.555' }), 1_000)).toThrow(/feePercent/);
    expect(() => quickPayQuote(state({ feePercent: 0.1 + 0.2 }), 1_000)).toThrow(/feePercent/);
    expect(() => quickPayQuote(state({ earnedUnpaid: -1 }), 1_000)).toThrow(/earnedUnpaid/);
    expect(() => quickPayQuote(state({ ceilingPercent: 101 }), 1_000)).toThrow(/ceilingPercent/);
  });
});

describe('quickPayQuote: properties', () => {
  const states = fc.record({
    earnedUnpaid: fc.integer({ min: 0, max: 2_000_000 }),
    outstandingAdvances: fc.integer({ min: 0, max: 1_000_000 }),
    ceilingPercent: fc.integer({ min: 0, max: 100 }),
    dailyLimit: fc.integer({ min: 0, max: 1_000_000 }),
    requestedToday: fc.integer({ min: 0, max: 1_000_000 }),
    minAmount: fc.integer({ min: 0, max: 10_000 }),
    feePercent: fc.integer({ min: 0, max: 10_000 }).map((h) => `${Math.floor(h / 100)}.${String(h % 100).padStart(2, '0')}`),
    minFee: fc.integer({ min: 0, max: 10_000 }),
  });

  it('grants only what is available, and transfers the amount less a fee of at least the percent and the minimum', () => {
    fc.assert(
      fc.property(states, fc.nat(), (s, n) => {
        const most = quickPayAvailable(s);
        // Mostly around what is available, so both answers come up often.
        const amount = 1 + (n % (most + 1_000));
        expect(most).toBeGreaterThanOrEqual(0);
        expect(most).toBeLessThanOrEqual(Math.max(0, s.dailyLimit - s.requestedToday));
        expect(most * 100).toBeLessThanOrEqual(Math.max(0, s.earnedUnpaid * s.ceilingPercent - s.outstandingAdvances * 100));
        const q = quickPayQuote(s, amount);
        if (!q.ok) {
          expect(q.available).toBe(most);
          return;
        }
        const hundredths = Math.round(Number(s.feePercent) * 100);
        expect(amount).toBeLessThanOrEqual(most);
        expect(amount).toBeGreaterThanOrEqual(s.minAmount);
        expect(q.fee + q.net).toBe(amount);
        expect(q.net).toBeGreaterThan(0);
        expect(q.fee).toBeGreaterThanOrEqual(s.minFee);
        // fee ≥ amount × p% and less than one yen above it (or the minimum fee).
        expect(q.fee * 10_000).toBeGreaterThanOrEqual(amount * hundredths);
        expect(q.fee === s.minFee || (q.fee - 1) * 10_000 < amount * hundredths).toBe(true);
      }),
    );
  });
});
