import type { ColumnView } from '../../../views/ui/DataTable.tsx';
import type { ListPageRows } from '../../../views/ui/ListPage.tsx';
import { parseListQuery, queryText, type ListQuery } from '../kit.ts';
import { listCsv } from '../list-csv.ts';
import type { ScreenContext } from '../screen.ts';

/**
 * The one list page's loading (docs/lists.md), for a list of either engine (its `ListDef`, seen
 * through the API): the view the address asks for (`parseListQuery`), the variables of the list's
 * one query, and either the whole filtered list as CSV (`listCsv`, thrown as the response) or the
 * page with what the screen loads beside it. views/ui/ListPage.tsx draws it.
 */

/** The variables of a list's query for one view. */
export type ListVars = Record<string, unknown>;

/** What a screen tells the list page of its list: the parts of its `ListDef` the page reads, and its calls. */
export interface ListSource<P> {
  /** The list's name: its CSV file's. */
  name: string;
  /** The filters the address may set (`f_<name>`), and the columns it may sort by (any when absent). */
  filters: readonly string[];
  sorts?: readonly string[];
  /** The list's query takes filters (`filter`); `fixed` are the screen's own, added to every call. */
  filtered: boolean;
  fixed?: Readonly<Record<string, string>>;
  /** How it pages (an address's `after` is read only for `keyset`), and whether its query takes a cursor at all (`ListDef.cursors`). */
  paging: 'offset' | 'keyset';
  cursors: boolean;
  /** The variables of the view, when the screen draws something else than a page of rows (a calendar's week). */
  vars?: (q: ListQuery, vars: ListVars) => ListVars;
  /** The CSV file's columns, and a page of the list for those variables (the list's own query). */
  csv(): Promise<{ columns: readonly ColumnView[]; rows: (vars: ListVars) => Promise<ListPageRows> }>;
  /** The page: the list's one call for those variables, and what the screen loads with it or beside it. */
  page(vars: ListVars): Promise<P & { list: ListPageRows }>;
}

/**
 * Loads a list page: the page's query, its cursor and the page, with the screen's own parts.
 * A CSV download is thrown as the response (an Outcome), the whole filtered list in it.
 */
export async function loadList<P>(ctx: ScreenContext, src: ListSource<P>): Promise<P & { list: ListPageRows; q: ListQuery; after: string | null }> {
  const q = parseListQuery(ctx.req, { filters: src.filters, ...(src.sorts ? { sorts: src.sorts } : {}) });
  const after = src.paging === 'keyset' ? queryText(ctx.req, 'after', 400) || null : null;
  const own: ListVars = {
    page: q.page,
    size: q.size,
    ...(src.cursors ? { after } : {}),
    sort: q.sort,
    dir: q.dir,
    q: q.q,
    ...(src.filtered ? { filter: { ...q.filter, ...src.fixed } } : {}),
  };
  const vars = src.vars ? src.vars(q, own) : own;
  if (q.csv) {
    const { columns, rows } = await src.csv();
    throw listCsv(ctx.lang, src.name, columns, (page, size) => rows({ ...vars, ...(src.cursors ? { after: null } : {}), page, size }));
  }
  return { ...(await src.page(vars)), q, after };
}
