import type { ReactNode } from 'react';
import type { Lang, Text } from '../../shared/i18n.ts';
import { msg } from '../../shared/messages.ts';
import { DataTable, FilterBar, ListHead, listHref, Notice, Pager, type ColumnView, type FilterView, type Row, type TableView } from './DataTable.tsx';

/**
 * The one list page (docs/lists.md): a list's head with its CSV link, the notices, its filters,
 * the table and the pager, whichever engine's list it is. The screen adds its own parts: the
 * "new" link, a panel above the filters, a bar between them and the table (a bulk form), what
 * stands in for the table (a week calendar), what follows it (a live island), and the table's
 * links and row buttons.
 */

/** A list's address with some of its state changed (null drops a value). */
export type ListHrefOf = (change: Readonly<Record<string, string | number | null>>) => string;

/** The view the page's address asks for (parseListQuery of server/web/kit.ts). */
export interface ListPageQuery {
  page: number;
  size: number;
  sort: string | null;
  dir: 'asc' | 'desc' | null;
  q: string | null;
  filter: Readonly<Record<string, string>>;
}

/** One page of a list as the list's query answers it. */
export interface ListPageRows {
  total: number;
  page: number;
  size: number;
  /** The next page's cursor (keyset paging). */
  next?: string | null;
  rows: Row[];
}

export interface ListPageView {
  lang: Lang;
  title: Text;
  path: string;
  /** The section's class besides `resource-list`. */
  className?: string;
  query: ListPageQuery;
  list: ListPageRows;
  columns: readonly ColumnView[];
  filters: readonly FilterView[];
  searchable: boolean;
  /** The column the list is sorted by when the address names only a direction; none: no column shows as sorted. */
  defaultSort?: string;
  /** Pages by cursor ("first" and "next") rather than by page number; `first`: this is the first page. */
  cursor?: { first: boolean } | undefined;
  createHref?: string | null;
  notice?: string | null;
  error?: string | null;
  /** More of the page's state the filter bar keeps (a calendar's view and week). */
  keep?: Readonly<Record<string, string | null>>;
  /** Between the notices and the filters (a panel, a view switch). */
  above?: (href: ListHrefOf) => ReactNode;
  /** Between the filters and the table (a bulk form). */
  bar?: (href: ListHrefOf) => ReactNode;
  /** Drawn in place of the table and the pager (a week calendar). */
  instead?: ((href: ListHrefOf) => ReactNode) | null;
  /** After the table, before the pager. */
  below?: ReactNode;
  /** The table's links, row selection and row buttons. */
  table?: Pick<TableView, 'href' | 'selectForm' | 'rowActions'>;
}

export function ListPage(v: ListPageView) {
  const { lang, path, query: q } = v;
  const state: Record<string, string | number | null> = {
    q: q.q,
    sort: q.sort,
    dir: q.dir,
    size: q.size === 20 ? null : q.size,
    ...Object.fromEntries(Object.entries(q.filter).map(([k, x]) => [`f_${k}`, x])),
  };
  const href: ListHrefOf = (change) => listHref(path, state, change);
  const filtered = !!q.q || Object.values(q.filter).some(Boolean);
  return (
    <section className={v.className ? `resource-list ${v.className}` : 'resource-list'}>
      <ListHead lang={lang} title={v.title} csvHref={href({ format: 'csv', page: null })} createHref={v.createHref} />
      <Notice text={v.error} error />
      <Notice text={v.notice} />
      {v.above?.(href)}
      <FilterBar lang={lang} path={path} searchable={v.searchable} q={q.q ?? ''} filters={v.filters} values={q.filter} keep={{ sort: q.sort, dir: q.dir, ...v.keep }} />
      {v.bar?.(href)}
      {v.instead ? (
        v.instead(href)
      ) : (
        <>
          <DataTable
            lang={lang}
            columns={v.columns}
            rows={v.list.rows}
            sort={{ current: q.sort ?? (q.dir ? (v.defaultSort ?? null) : null), dir: q.dir, href: (c, dir) => href({ sort: c, dir, page: null }) }}
            {...v.table}
            empty={msg(lang, filtered ? 'list.empty' : 'list.emptyAll')}
          />
          {v.below}
          <Pager lang={lang} total={v.list.total} page={v.list.page} size={v.list.size} next={v.list.next} cursor={v.cursor} href={href} />
        </>
      )}
    </section>
  );
}
