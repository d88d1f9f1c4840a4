import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ceilDiv, floorDiv, roundHalfUp } from './rounding.ts';

describe('integer yen rounding', () => {
  it('rounds half up: 50 sen and more is a yen up, 49 sen is not', () => {
    expect(roundHalfUp(1001, 2)).toBe(501); // 500.5 yen → 501
    expect(roundHalfUp(999, 2)).toBe(500); // 499.5 yen → 500
    expect(roundHalfUp(49, 100)).toBe(0); // 0.49 yen → 0
    expect(roundHalfUp(50, 100)).toBe(1); // 0.50 yen → 1
    expect(roundHalfUp(25325, 6000)).toBe(4); // 4.2208… yen → 4
    expect(roundHalfUp(0, 7)).toBe(0);
  });

  it('rounds a negative amount (a discount) away from zero at the half', () => {
    expect(roundHalfUp(-25, 2)).toBe(-13); // −12.5 → −13
    expect(roundHalfUp(-49, 100)).toBe(0); // −0.49 → 0
    expect(roundHalfUp(-151, 100)).toBe(-2); // −1.51 → −2
  });

  it('floors and ceils exactly, negatives included', () => {
    expect(floorDiv(1999, 100)).toBe(19); // 19.99 → 19 (消費税の切り捨て)
    expect(floorDiv(-1, 100)).toBe(-1);
    expect(ceilDiv(10001, 100)).toBe(101); // 100.01 → 101 (手数料の切り上げ)
    expect(ceilDiv(10000, 100)).toBe(100);
    expect(ceilDiv(-150, 100)).toBe(-1);
  });

  it('stays exact at the edge of the safe integers, where 2n + d would not fit a double', () => {
    // 2^53 − 1 = 9,007,199,254,740,991; half of it is …495.5, which rounds up to …496.
    expect(roundHalfUp(Number.MAX_SAFE_INTEGER, 2)).toBe(4_503_599_627_370_496);
    expect(floorDiv(Number.MAX_SAFE_INTEGER, 2)).toBe(4_503_599_627_370_495);
    expect(ceilDiv(-Number.MAX_SAFE_INTEGER, 2)).toBe(-4_503_599_627_370_495);
  });

  it('refuses what is not a safe integer, and a denominator that is not positive', () => {
    expect(() => roundHalfUp(1.5, 2)).toThrow(/numerator must be a safe integer/);
    expect(() => floorDiv(2 ** 60, 2)).toThrow(/safe integer/);
    expect(() => ceilDiv(10, 0)).toThrow(/denominator must be positive/);
    expect(() => roundHalfUp(10, -3)).toThrow(/denominator must be positive/);
  });

  it('agrees with the definitions for every pair of integers', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: 1, max: 1e6 }), (n, d) => {
        const f = floorDiv(n, d);
        expect(f * d <= n && n < (f + 1) * d).toBe(true);
        const c = ceilDiv(n, d);
        expect((c - 1) * d < n && n <= c * d).toBe(true);
        // |n/d − r| ≤ ½, and a tie goes away from zero.
        const r = roundHalfUp(n, d);
        const twice = 2 * n - 2 * r * d; // 2d × (n/d − r)
        expect(Math.abs(twice) <= d).toBe(true);
        if (Math.abs(twice) === d) expect(Math.abs(r) > Math.abs(n / d)).toBe(true);
      }),
    );
  });
});
