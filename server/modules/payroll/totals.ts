import { z } from 'zod';
import { parseOrThrow } from '../../validation.ts';
import { floorDiv, roundHalfUp } from './rounding.ts';

/**
 * An invoice's totals under the qualified invoice system (インボイス制度, 消費税法第57条の4 and
 * 消費税法施行令第70条の10): consumption tax is computed once per invoice for each tax rate, on
 * the sum of that rate's lines, and rounded once — here down, to the yen (切り捨て). Taxing each
 * line and adding the taxes up is not allowed. Amounts are integer yen, tax-exclusive.
 */

export type TaxRate = 10 | 8;
/** The order rates appear on an invoice: the standard rate, then the reduced one (軽減税率). */
const RATES: readonly TaxRate[] = [10, 8];

const lineSchema = z.object({
  /** The line's tax-exclusive amount in yen; negative for a discount line (値引き). */
  amount: z.number().int().min(-1e11).max(1e11),
  taxRate: z.union([z.literal(10), z.literal(8)]),
});
export const invoiceLinesSchema = z
  .array(lineSchema)
  .max(10_000)
  .superRefine((lines, ctx) => {
    for (const rate of RATES) {
      const net = lines.filter((l) => l.taxRate === rate).reduce((sum, l) => sum + l.amount, 0);
      if (net < 0) ctx.addIssue({ code: 'custom', message: `the ${rate}% lines add up to ${net} yen: a negative total is a credit note, not an invoice` });
    }
  });

export type InvoiceLine = z.input<typeof lineSchema>;

export interface InvoiceTotals {
  /** One entry per rate present on the invoice, 10% first: the rate's net and its tax. */
  byRate: { rate: TaxRate; net: number; tax: number }[];
  net: number;
  tax: number;
  total: number;
}

/** The totals of an invoice's lines. Throws on a line with a fractional amount or another rate. */
export function invoiceTotals(lines: InvoiceLine[]): InvoiceTotals {
  const parsed = parseOrThrow(invoiceLinesSchema, lines, 'invoiceTotals: lines');
  const byRate = RATES.flatMap((rate) => {
    const mine = parsed.filter((l) => l.taxRate === rate);
    if (!mine.length) return [];
    const net = mine.reduce((sum, l) => sum + l.amount, 0);
    return [{ rate, net, tax: floorDiv(net * rate, 100) }];
  });
  const net = byRate.reduce((sum, r) => sum + r.net, 0);
  const tax = byRate.reduce((sum, r) => sum + r.tax, 0);
  return { byRate, net, tax, total: net + tax };
}

/**
 * One line's amount: quantity × unit price / per, rounded half up to the yen once (a line of 450
 * minutes at 1,850 yen an hour is lineAmount(450, 1850, 60) = 13,875). Integers only: a price
 * with sen does not exist on our invoices.
 */
export function lineAmount(quantity: number, unitPrice: number, per = 1): number {
  const q = parseOrThrow(z.number().int().min(0), quantity, 'lineAmount: quantity');
  const p = parseOrThrow(z.number().int(), unitPrice, 'lineAmount: unitPrice');
  const d = parseOrThrow(z.number().int().min(1), per, 'lineAmount: per');
  return roundHalfUp(q * p, d);
}
