import { z } from 'zod';
import { parseOrThrow } from '../../validation.ts';
import { floorDiv } from './rounding.ts';
import data from './withholding-daily-hei.json' with { type: 'json' };
import dailyKouOtsuData from './withholding-daily-kou-otsu.json' with { type: 'json' };
import monthlyData from './withholding-monthly.json' with { type: 'json' };

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

/** What every withholding table in a data file names: itself, the year it applies from, its source. */
const tableHead = { name: z.string(), validFrom: z.iso.date(), source: z.object({ url: z.url(), year: z.number().int() }).loose() };
/** A 日額表's 100-yen rows run from zeroBelow (nothing, or 乙's percent, below it). */
const dailyHead = { ...tableHead, zeroBelow: z.number().int().positive(), step: z.number().int().positive() };
const ratePer100000 = z.number().int().min(0).max(100_000);

/** A 日額表's formula rows start where its 100-yen rows end, and ascend. */
function checkFormulaRows(t: { name: string; zeroBelow: number; step: number }, rowCount: number, above: readonly { from: number }[], ctx: z.RefinementCtx): void {
  if (above[0]!.from !== t.zeroBelow + rowCount * t.step) ctx.addIssue({ code: 'custom', message: `${t.name}: the formula rows must start where the table ends` });
  if (above.some((a, i) => i > 0 && a.from <= above[i - 1]!.from)) ctx.addIssue({ code: 'custom', message: `${t.name}: the formula rows must ascend` });
}

const tableSchema = z
  .object({
    ...dailyHead,
    rows: z.array(z.number().int().min(0)).min(1),
    above: z.array(z.object({ from: z.number().int(), base: z.number().int().min(0), ratePer100000 })).min(1),
  })
  .superRefine((t, ctx) => {
    if (t.rows.some((v, i) => i > 0 && v < t.rows[i - 1]!)) ctx.addIssue({ code: 'custom', message: `${t.name}: the rows must not decrease` });
    checkFormulaRows(t, t.rows.length, t.above, ctx);
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

/* ------------------------------------------------------------------------------------------------
 * The 月額表 (所得税法第185条第1項第1号・第2号, 別表第二): pay for a month (a monthly run) is withheld on
 * the 甲欄 when the worker filed the 給与所得者の扶養控除等（異動）申告書 with this employer (第194条),
 * by the number of dependants it declares (扶養親族等の数), and on the 乙欄 otherwise.
 *
 * The tables live in withholding-monthly.json with their source: 令和8年分 from 2026-01-01 (after
 * the 2025 reform raised the 給与所得控除 minimum to 65万円 and the 基礎控除 to 58万円: nothing is
 * withheld on the 甲欄 below 105,000 yen, 88,000 until 2025) and 令和2年分〜令和7年分 for pay
 * paid in 2020–2025. The table is the one of the year of the pay day (支払日), as for the 日額表.
 * ---------------------------------------------------------------------------------------------- */

const dependents8 = z.array(z.number().int().min(0)).length(8);
/**
 * A table's 甲欄 (the monthly and the daily table share its shape, their rows differ): above the rows a
 * formula per dependant count, and past seven dependants a fixed amount less for each one more.
 */
const kouColumn = <Rows extends z.ZodType>(rows: Rows) =>
  z.object({ rows, above: z.array(z.object({ from: z.number().int(), taxes: dependents8, ratePer100000 })).min(1), perDependentOver7: z.number().int().min(0) }).loose();
/** A table's 乙欄: a percent below its first row, one tax a row, a formula above them, and an amount per dependant. */
const otsuColumn = <Rows extends z.ZodType>(rows: Rows) =>
  z
    .object({
      belowFirstRowRatePer100000: ratePer100000,
      rows,
      above: z.array(z.object({ from: z.number().int(), tax: z.number().int().min(0), ratePer100000 })).min(1),
      perDependent: z.number().int().min(0),
    })
    .loose();
const monthlySchema = z
  .object({
    ...tableHead,
    kou: kouColumn(z.array(z.tuple([z.number().int().min(0)]).rest(z.number().int().min(0))).min(2)),
    otsu: otsuColumn(z.array(z.tuple([z.number().int().min(0), z.number().int().min(0)])).min(1)),
  })
  .superRefine((t, ctx) => {
    const kouFrom = t.kou.rows.map((r) => r[0]);
    if (t.kou.rows.some((r) => r.length !== 9)) ctx.addIssue({ code: 'custom', message: `${t.name}: a 甲欄 row is [from, 8 taxes]` });
    if (kouFrom[0] !== 0 || kouFrom.some((f, i) => i > 0 && f <= kouFrom[i - 1]!)) ctx.addIssue({ code: 'custom', message: `${t.name}: the 甲欄 rows must start at 0 and ascend` });
    if (t.kou.above[0]!.from <= kouFrom[kouFrom.length - 1]!) ctx.addIssue({ code: 'custom', message: `${t.name}: the 甲欄 formula rows must start after the table` });
    const otsuFrom = t.otsu.rows.map((r) => r[0]);
    if (otsuFrom.some((f, i) => i > 0 && f <= otsuFrom[i - 1]!) || t.otsu.above[0]!.from <= otsuFrom[otsuFrom.length - 1]!)
      ctx.addIssue({ code: 'custom', message: `${t.name}: the 乙欄 rows must ascend` });
  });

// Checked once at start-up, like the 丙欄 table: a malformed file stops the server.
const MONTHLY = parseOrThrow(z.object({ tables: z.array(monthlySchema).min(1) }), monthlyData, 'withholding-monthly.json').tables.toSorted((a, b) => b.validFrom.localeCompare(a.validFrom));

const columnInput = z.object({
  /** The month's pay after social insurance (社会保険料等控除後の給与等の金額), non-taxable allowances left out. */
  amount: z.number().int().min(0).max(100_000_000),
  column: z.enum(['kou', 'otsu']),
  /** 扶養親族等の数 declared: on the 甲欄 from the 扶養控除等申告書; on the 乙欄 from the 従たる給与についての扶養控除等申告書 (usually 0). */
  dependents: z.number().int().min(0).max(50),
  /** The day the pay is paid, 'YYYY-MM-DD': it decides the year's table. */
  payDay: z.iso.date(),
});

/**
 * The income tax (with the 復興特別所得税 the table includes) withheld from a month's pay, in yen.
 *
 * - 甲欄: the row of the amount (each row from its amount up to the next row's), the column of the
 *   dependants; more than 7 dependants: the 7 column less 1,610 yen for each one more (the table's
 *   note). From 740,000 yen a row's tax plus a percent of the excess, rounded down to the yen.
 * - 乙欄: below the first row 3.063% of the amount, then the rows, then base plus percent; less
 *   1,610 yen per dependant declared on the 従たる給与についての扶養控除等申告書. Rounded down.
 *
 * Throws on bad input or a pay day before every encoded table (2020-01-01).
 */
export function monthlyWithholding(amount: number, opts: { column: 'kou' | 'otsu'; dependents: number; payDay: string }): number {
  const input = parseOrThrow(columnInput, { amount, ...opts }, 'monthlyWithholding');
  const table = MONTHLY.find((t) => t.validFrom <= input.payDay);
  if (!table)
    throw new Error(`monthlyWithholding: no 月額表 for pay on ${input.payDay}: the oldest encoded one (${MONTHLY[MONTHLY.length - 1]!.name}) applies from ${MONTHLY[MONTHLY.length - 1]!.validFrom}`);
  const a = input.amount;
  if (input.column === 'kou') {
    const col = Math.min(input.dependents, 7);
    const extra = Math.max(0, input.dependents - 7) * table.kou.perDependentOver7;
    const band = table.kou.above.findLast((b) => b.from <= a);
    const tax = band ? band.taxes[col]! + floorDiv((a - band.from) * band.ratePer100000, 100_000) : table.kou.rows.findLast((r) => r[0] <= a)![col + 1]!;
    return Math.max(0, tax - extra);
  }
  const band = table.otsu.above.findLast((b) => b.from <= a);
  const row = table.otsu.rows.findLast((r) => r[0] <= a);
  const tax = band ? band.tax + floorDiv((a - band.from) * band.ratePer100000, 100_000) : row ? row[1] : floorDiv(a * table.otsu.belowFirstRowRatePer100000, 100_000);
  return Math.max(0, tax - input.dependents * table.otsu.perDependent);
}

/* ------------------------------------------------------------------------------------------------
 * The 日額表 甲欄 and 乙欄 (所得税法第185条第1項第1号・第2号, 別表第三): pay by the day to a worker who
 * is not a day hire (a contract over two months), 甲 with the 扶養控除等申告書 filed, 乙 without.
 *
 * The table lives in withholding-daily-kou-otsu.json with its source and checks: 令和8年分 from
 * 2026-01-01 (the 2025 reform raised the 甲欄's first row to 3,500 yen a day). The 令和2年分〜令和7年分
 * 日額表 is not encoded, so a pay day before 2026 is refused, as for the 丙欄.
 * ---------------------------------------------------------------------------------------------- */

const dailyKouOtsuSchema = z
  .object({
    ...dailyHead,
    kou: kouColumn(z.array(dependents8).min(1)),
    otsu: otsuColumn(z.array(z.number().int().min(0)).min(1)),
  })
  .superRefine((t, ctx) => {
    if (t.otsu.rows.length !== t.kou.rows.length) ctx.addIssue({ code: 'custom', message: `${t.name}: the 甲欄 and 乙欄 must have the same rows` });
    if (t.kou.rows.some((r) => r.some((v, d) => d > 0 && v > r[d - 1]!))) ctx.addIssue({ code: 'custom', message: `${t.name}: a 甲欄 row must not rise with the dependants` });
    if (t.kou.rows.some((r, i) => i > 0 && r.some((v, d) => v < t.kou.rows[i - 1]![d]!)) || t.otsu.rows.some((v, i) => i > 0 && v < t.otsu.rows[i - 1]!))
      ctx.addIssue({ code: 'custom', message: `${t.name}: the rows must not decrease` });
    for (const above of [t.kou.above, t.otsu.above]) checkFormulaRows(t, t.kou.rows.length, above, ctx);
  });

// Checked once at start-up, like the other tables: a malformed file stops the server.
const DAILY_KOU_OTSU = parseOrThrow(z.object({ tables: z.array(dailyKouOtsuSchema).min(1) }), dailyKouOtsuData, 'withholding-daily-kou-otsu.json').tables.toSorted((a, b) =>
  b.validFrom.localeCompare(a.validFrom),
);

const dailyInput = columnInput.extend({ column: z.enum(['kou', 'otsu', 'hei']) });

/**
 * The income tax (復興特別所得税 included) withheld from one day's pay on the 日額表, by pay day, in yen.
 *
 * - 丙欄 (`'hei'`, day hires and contracts of two months or less, 第185条第1項第3号): `dailyWithholdingHei`.
 * - 甲欄 (`'kou'`): nothing below 3,500 yen; the 100-yen row of the amount, the column of the
 *   dependants; more than 7 dependants: the 7 column less 50 yen for each one more (the table's
 *   note). From 24,000 yen a row's tax plus a percent of the excess, rounded down to the yen.
 * - 乙欄 (`'otsu'`): below 3,500 yen 3.063% of the amount, then the rows, from 24,000 yen base plus
 *   percent; less 50 yen per dependant declared on the 従たる給与についての扶養控除等申告書. Rounded down.
 *
 * Throws on bad input or a pay day before every encoded table (2026-01-01).
 */
export function dailyWithholding(amount: number, opts: { column: 'kou' | 'otsu' | 'hei'; dependents: number; payDay: string }): number {
  const input = parseOrThrow(dailyInput, { amount, ...opts }, 'dailyWithholding');
  if (input.column === 'hei') return dailyWithholdingHei(input.amount, input.payDay);
  const table = DAILY_KOU_OTSU.find((t) => t.validFrom <= input.payDay);
  if (!table) {
    const oldest = DAILY_KOU_OTSU[DAILY_KOU_OTSU.length - 1]!;
    throw new Error(`dailyWithholding: no 日額表 ${input.column === 'kou' ? '甲欄' : '乙欄'} for pay on ${input.payDay}: the oldest encoded one (${oldest.name}) applies from ${oldest.validFrom}`);
  }
  const a = input.amount;
  const row = Math.floor((a - table.zeroBelow) / table.step);
  if (input.column === 'kou') {
    const col = Math.min(input.dependents, 7);
    const extra = Math.max(0, input.dependents - 7) * table.kou.perDependentOver7;
    const band = table.kou.above.findLast((b) => b.from <= a);
    const tax = a < table.zeroBelow ? 0 : band ? band.taxes[col]! + floorDiv((a - band.from) * band.ratePer100000, 100_000) : table.kou.rows[row]![col]!;
    return Math.max(0, tax - extra);
  }
  const band = table.otsu.above.findLast((b) => b.from <= a);
  const tax = a < table.zeroBelow ? floorDiv(a * table.otsu.belowFirstRowRatePer100000, 100_000) : band ? band.tax + floorDiv((a - band.from) * band.ratePer100000, 100_000) : table.otsu.rows[row]!;
  return Math.max(0, tax - input.dependents * table.otsu.perDependent);
}
