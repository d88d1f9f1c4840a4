import { tr, type Lang } from '../../shared/i18n.ts';
import { cellText, type ColumnView } from '../../views/ui/DataTable.tsx';
import { allRows } from './kit.ts';
import { csv, type Outcome } from './screen.ts';

/**
 * The CSV file of a list, whichever engine's (docs/lists.md "CSV"): every row of the filtered list,
 * paged through the list's own operation (`allRows`), one column per `columns` with its label in
 * the reader's language as the header, and each cell written as the list writes it (`cellText`).
 */
export function listCsv(lang: Lang, name: string, columns: readonly ColumnView[], fetchPage: (page: number, size: number) => Promise<{ rows: readonly Record<string, unknown>[] }>): Outcome {
  async function* rows() {
    for await (const r of allRows(fetchPage)) yield columns.map((c) => cellText(lang, c, r[c.name]));
  }
  return csv(
    name,
    columns.map((c) => tr(lang, c.label)),
    rows(),
  );
}
