import { z } from 'zod';
import { parseOrThrow } from '../money/parse.ts';
import { floorDiv } from '../money/rounding.ts';
import data from './withholding-daily-hei.json' with { type: 'json' };

/**
 * Income tax withheld from a day labourer's pay (源泉徴収, 日額表 丙欄): pay for each day to a
 * worker hired by the day, or for a fixed term of two months or less, is withheld on the 丙欄 of
 * the daily table (所得税法第185条第1項第3号), day by day, whatever the worker's dependants.
 *
 * The table lives in withholding-daily-hei.json beside this file, with its source: below its first
 * row nothing is withheld; then one tax per 100-yen row; from 24,000 yen a base plus a percent of
 * the excess, rounded down. The table in force is the one for the year of the day the pay is paid (支払日), and
 * a pay date no encoded table covers is refused rather than guessed. docs/payroll.md has the details.
 */

const tableSchema = z
  .object({
    name: z.string(),
    validFrom: z.iso.date(),
    source: z.object({ url: z.url(), year: z.number().int() }).loose(),
    zeroBelow: z.number().int().positive(),
    step: z.number().int().positive(),
    rows: z.array(z.number().int().min(0)).min(1),
    above: z.array(z.object({ from: z.number().int(), base: z.number().int().min(0), ratePer100000: z.number().int().min(0).max(100_000) })).min(1),
  })
  .superRefine((t, ctx) => {
    if (t.rows.some((v, i) => i > 0 && v < t.rows[i - 1]!)) ctx.addIssue({ code: 'custom', message: `${t.name}: the rows must not decrease` });
    if (t.above[0]!.from !== t.zeroBelow + t.rows.length * t.step) ctx.addIssue({ code: 'custom', message: `${t.name}: the formula rows must start where the table ends` });
    if (t.above.some((a, i) => i > 0 && a.from <= t.above[i - 1]!.from)) ctx.addIssue({ code: 'custom', message: `${t.name}: the formula rows must ascend` });
  });

// Checked once at start-up: a malformed data file stops the server instead of withholding wrongly.
const TABLES = parseOrThrow(z.object({ tables: z.array(tableSchema).min(1) }), data, 'withholding-daily-hei.json').tables.toSorted((a, b) => b.validFrom.localeCompare(a.validFrom));

const inputSchema = z.object({
  /** The day's pay after social insurance (社会保険料等控除後の給与等の金額), non-taxable allowances such as commuting left out. */
  dailyPay: z.number().int().min(0).max(100_000_000),
  /** The day the pay is paid, 'YYYY-MM-DD': it decides the year's table. */
  payDate: z.iso.date(),
});

/** The 丙欄 withholding on one day's pay, in yen. Throws on bad input or a pay date before every encoded table. */
export function dailyWithholdingHei(dailyPay: number, payDate: string): number {
  const input = parseOrThrow(inputSchema, { dailyPay, payDate }, 'dailyWithholdingHei');
  const table = TABLES.find((t) => t.validFrom <= input.payDate);
  if (!table) {
    const oldest = TABLES[TABLES.length - 1]!;
    throw new Error(`dailyWithholdingHei: no 丙欄 table for pay on ${input.payDate}: the oldest encoded one (${oldest.name}) applies from ${oldest.validFrom}`);
  }
  const pay = input.dailyPay;
  if (pay < table.zeroBelow) return 0;
  const row = Math.floor((pay - table.zeroBelow) / table.step);
  if (row < table.rows.length) return table.rows[row]!;
  const band = table.above.findLast((a) => a.from <= pay)!;
  return band.base + floorDiv((pay - band.from) * band.ratePer100000, 100_000);
}
