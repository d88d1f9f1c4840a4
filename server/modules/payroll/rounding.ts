/**
 * Integer yen arithmetic. Money is a whole number of yen; a rule that produces a fraction of a yen
 * (a wage per minute, a premium, a tax) keeps it as numerator / denominator and rounds it exactly
 * once, the way the rule says. No floating point touches an amount: the arithmetic is done on
 * BigInt, so it stays exact for every safe integer (2n + d included), and an input that is not a
 * safe integer (a fraction, an overflowed product) is refused rather than rounded silently.
 */

function exact(n: number, what: string): bigint {
  if (!Number.isSafeInteger(n)) throw new RangeError(`${what} must be a safe integer, got ${n}`);
  return BigInt(n);
}

function divisor(d: number): bigint {
  const D = exact(d, 'denominator');
  if (D <= 0n) throw new RangeError(`denominator must be positive, got ${d}`);
  return D;
}

/** ⌊n / d⌋: rounded toward −∞ (切り捨て for a non-negative amount). */
export function floorDiv(n: number, d: number): number {
  const N = exact(n, 'numerator');
  const D = divisor(d);
  const q = N / D; // BigInt division truncates toward zero
  return Number(N % D !== 0n && N < 0n ? q - 1n : q);
}

/** ⌈n / d⌉: rounded toward +∞ (切り上げ for a non-negative amount). */
export function ceilDiv(n: number, d: number): number {
  return -floorDiv(-n, d);
}

/**
 * n / d rounded to the nearest integer, a half going away from zero (四捨五入: 50 sen and more is
 * a yen up). For the non-negative amounts of pay this is "half up"; a negative amount (a discount
 * line) mirrors it, so −12.5 yen is −13 yen, as a person writing the invoice would round it.
 */
export function roundHalfUp(n: number, d: number): number {
  const D = divisor(d);
  const N = exact(n, 'numerator');
  const abs = N < 0n ? -N : N;
  const r = (2n * abs + D) / (2n * D);
  return Number(N < 0n ? -r : r);
}

/**
 * n / d rounded to the nearest integer with a half going down (五捨五超入: 50 sen or less is
 * dropped, more than 50 sen is a yen up), for a non-negative amount. This is how a worker's share
 * of a social or employment insurance premium deducted from pay is rounded when no other rule was
 * agreed (通貨の単位及び貨幣の発行等に関する法律第3条第1項).
 */
export function roundHalfDown(n: number, d: number): number {
  const D = divisor(d);
  const N = exact(n, 'numerator');
  if (N < 0n) throw new RangeError(`roundHalfDown takes a non-negative amount, got ${n}`);
  return Number((2n * N + D - 1n) / (2n * D));
}
