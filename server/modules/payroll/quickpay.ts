import { z } from 'zod';
import { ceilDiv, floorDiv } from './rounding.ts';
import { parseOrThrow } from '../../validation.ts';

/**
 * Quick pay (前払い): how much of a worker's earned, approved, unpaid pay they may draw now, and
 * what the advance costs. One pure function, so the admin screen, the candidate's /staff page and
 * the API answer the same. Amounts in integer yen.
 */

const yen = z.number().int().min(0);
const percent = z.number().int().min(0).max(100);

/**
 * A fee percent with at most two decimals ("3.50", 4.5, 3), as payment_settings.quickpay_fee_percent
 * holds it (numeric(5,2)), kept as an integer count of hundredths of a percent so no float ever
 * multiplies an amount. A number is read through its shortest decimal text, so 0.1 + 0.2 is refused.
 */
const feePercent = z
  .union([z.number(), z.string()])
  .transform((v) => String(v).trim())
  .refine((v) => /^\d{1,3}(\.\d{1,2})?$/.test(v), 'a percent from 0 to 100 with at most two decimals')
  .transform((v) => {
    const [whole = '0', frac = ''] = v.split('.');
    return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  })
  .refine((hundredths) => hundredths <= 100_00, 'a percent from 0 to 100 with at most two decimals');

export const quickPayStateSchema = z.object({
  /** Earned, approved pay not yet paid out. */
  earnedUnpaid: yen,
  /** Advances already granted and not yet recovered from a pay run. */
  outstandingAdvances: yen,
  /** The company's ceiling: this percent of earnedUnpaid may be advanced (companies.quickpay_rate). */
  ceilingPercent: percent,
  /** The platform's daily limit per worker (payment_settings.quickpay_daily_limit). */
  dailyLimit: yen,
  /** What the worker already asked for today (Japan's day), refused requests not counted. */
  requestedToday: yen,
  /** The smallest advance one may ask for (templates quickpay.min_amount). */
  minAmount: yen,
  /** The fee percent (payment_settings.quickpay_fee_percent): an integer, or up to two decimals. */
  feePercent,
  /** The smallest fee (payment_settings.quickpay_min_fee). */
  minFee: yen,
});

export type QuickPayState = z.input<typeof quickPayStateSchema>;

export type QuickPayQuote =
  | { ok: true; fee: number; net: number }
  | {
      ok: false;
      /** The most that may be asked for right now (0 when nothing may). */
      available: number;
      /** Why: above what is available, below the minimum, or a fee that would eat the whole advance. */
      reason: 'above_available' | 'below_minimum' | 'fee_not_covered';
    };

/** The most a worker may draw now: the ceiling less what is already advanced, within today's limit, never below 0. */
export function quickPayAvailable(state: QuickPayState): number {
  const s = parseOrThrow(quickPayStateSchema, state, 'quickPayAvailable: state');
  return available(s);
}

function available(s: z.output<typeof quickPayStateSchema>): number {
  const underCeiling = floorDiv(s.earnedUnpaid * s.ceilingPercent, 100) - s.outstandingAdvances;
  const underDailyLimit = s.dailyLimit - s.requestedToday;
  return Math.max(0, Math.min(underCeiling, underDailyLimit));
}

/**
 * A quote for an advance of `amount` yen. Refused (with what is available) above the available
 * amount or below the minimum; else fee = max(⌈amount × feePercent / 100⌉, minFee) and net =
 * amount − fee is what is transferred. A fee that would take the whole advance is refused too:
 * a transfer of 0 yen or less is no advance.
 */
export function quickPayQuote(state: QuickPayState, amount: number): QuickPayQuote {
  const s = parseOrThrow(quickPayStateSchema, state, 'quickPayQuote: state');
  const a = parseOrThrow(z.number().int().min(1), amount, 'quickPayQuote: amount');
  const most = available(s);
  if (a > most) return { ok: false, available: most, reason: 'above_available' };
  if (a < s.minAmount) return { ok: false, available: most, reason: 'below_minimum' };
  // feePercent is in hundredths of a percent: amount × p% = amount × hundredths / 10,000.
  const fee = Math.max(ceilDiv(a * s.feePercent, 10_000), s.minFee);
  if (fee >= a) return { ok: false, available: most, reason: 'fee_not_covered' };
  return { ok: true, fee, net: a - fee };
}
