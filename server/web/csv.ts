import { stringify } from 'csv-stringify/sync';
import type { Response } from 'express';

/**
 * Sends rows as a CSV download named `{name}-{date}.csv`, with a BOM so Excel (which Japanese
 * offices open CSV with) reads the UTF-8 correctly.
 */
export function sendCsv(res: Response, name: string, rows: string[][]): void {
  const filename = `${name}-${new Date().toISOString().slice(0, 10)}.csv`;
  res.type('text/csv; charset=utf-8').set('Content-Disposition', `attachment; filename="${filename}"`).send(`\uFEFF${stringify(rows)}`);
}
