import type { ReactNode } from 'react';
import { tr, type Lang, type Text } from '../../shared/i18n.ts';
import { COUNT_CAP, countText, dateLong, dateTimeText, numberText, yen } from '../../shared/format.ts';
import { DATE_FILTERS } from '../../shared/date-filters.ts';
import { todayInJapan } from '../../shared/time.ts';
import { inOrder, stateOf, type BadgeState, type CellKind, type Tone } from '../../shared/list-kinds.ts';
import { msg, msgText, type TextKey } from '../../shared/texts/index.ts';
import { TitledSection } from './TitledSection.tsx';

/**
 * The one UI kit for lists: the head of a list page, its filter bar, the table
 * with typed cells (money, dates, badges, links), row selection for bulk actions, the pager
 * (page numbers or a cursor) and the empty state. Every list screen draws with these: the
 * resource engine's, the read models', and the hand-made tables of the record pages.
 */

export type { Tone } from '../../shared/list-kinds.ts';

/** A column as the table draws it: plain data, no functions. */
export interface ColumnView {
  name: string;
  label: Text;
  type: CellKind;
  sortable?: boolean;
  /** badge: the states with their tones; choice: the options (a select's labels). */
  states?: readonly { value: string; label: Text; tone?: Tone }[];
  /** money: the unit after the amount. */
  unit?: 'hour' | 'day' | 'month';
  /** date: flagged (a danger badge) when it is within this many days of today in Japan, or past (a residence card's expiry). */
  soon?: number;
  /** A long text (a message someone wrote): its cell gets room to be read rather than a word a line. */
  wide?: boolean;
}

export type Row = Record<string, unknown>;

/** A column declared by its name: its label's catalogue key, its cell kind, and what the kind needs (a badge's states, a date's warning days, a wage's unit). */
export type ColumnDecl = readonly [label: TextKey, type: CellKind, more?: Pick<ColumnView, 'states' | 'unit' | 'soon' | 'sortable'>];

/**
 * A table's columns in the order written, each by the row field it shows:
 * `tableColumns({ date: ['record.day', 'date'], status: ['myPay.status', 'badge', { states: PAY_RUN_STATES }] })`.
 * Every table a page draws itself declares its columns this way (a list's come from its definition).
 */
export function tableColumns(decl: Readonly<Record<string, ColumnDecl>>): ColumnView[] {
  return inOrder('tableColumns', decl).map(([name, [label, type, more]]) => ({ name, label: msgText(label), type, ...more }));
}

const UNIT = { hour: 'list.perHour', day: 'list.perDay', month: 'list.perMonth' } as const;

/** A cell's value as text (the table's cells, CSV files): '' for no value. */
export function cellText(lang: Lang, c: ColumnView, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (Array.isArray(value))
    return value
      .map((x) => cellText(lang, c, x))
      .filter(Boolean)
      .join(msg(lang, 'list.separator'));
  switch (c.type) {
    case 'money':
      return typeof value === 'number' ? `${yen(value)}${c.unit ? msg(lang, UNIT[c.unit]) : ''}` : String(value);
    case 'number':
      return typeof value === 'number' ? numberText(value, lang) : String(value);
    case 'date':
      return dateLong(String(value), lang);
    case 'datetime':
      return dateTimeText(String(value), lang);
    case 'boolean':
      return msg(lang, value ? 'list.yes' : 'list.no');
    case 'badge':
    case 'choice': {
      const s = c.states?.find((x) => x.value === String(value));
      return s ? tr(lang, s.label) : String(value);
    }
    default:
      return String(value);
  }
}

export function Badge({ tone = 'neutral', children }: { tone?: Tone; children: ReactNode }) {
  return <span className={`badge badge-${tone}`}>{children}</span>;
}

/** A state's badge outside a table (a record's heading, an interview in a list); nothing for a value the states do not know. */
export function StateBadge({ lang, states, value }: { lang: Lang; states: readonly BadgeState[]; value: string | null | undefined }) {
  const s = stateOf(states, value);
  return s ? <Badge tone={s.tone}>{tr(lang, s.label)}</Badge> : null;
}

/** Whole days from today in Japan to a day 'YYYY-MM-DD' (negative once past); null for no day. */
function daysUntil(day: string): number | null {
  const t = Date.parse(`${day.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(t) ? null : Math.round((t - Date.parse(`${todayInJapan()}T00:00:00Z`)) / 86_400_000);
}

/** A cell: typed text, a badge, or a link when the screen gives one for this row. */
function Cell({ lang, c, value, href }: { lang: Lang; c: ColumnView; value: unknown; href: string | null }) {
  const text = cellText(lang, c, value);
  if (!text) return <span className="muted">—</span>;
  const due = c.type === 'date' && c.soon !== undefined ? daysUntil(String(value)) : null;
  const shown =
    c.type === 'badge' ? (
      <Badge tone={stateOf(c.states ?? [], String(value))?.tone}>{text}</Badge>
    ) : due !== null && due <= c.soon! ? (
      <Badge tone="danger">{`${text} (${due < 0 ? msg(lang, 'list.expired') : msg(lang, 'list.daysLeft', { days: due })})`}</Badge>
    ) : (
      text
    );
  return href ? <a href={href}>{shown}</a> : <>{shown}</>;
}

/** Query string of a list's state with some values changed (null drops one). */
export function listHref(path: string, base: Readonly<Record<string, string | number | null | undefined>>, change: Readonly<Record<string, string | number | null>> = {}): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...base, ...change })) if (v !== null && v !== undefined && v !== '') p.set(k, String(v));
  const s = p.toString();
  return s ? `${path}?${s}` : path;
}

/** The title of a list page with its CSV download and "add" button. */
export function ListHead({ lang, title, csvHref, createHref, children }: { lang: Lang; title: Text; csvHref?: string | null; createHref?: string | null; children?: ReactNode }) {
  return (
    <div className="page-head">
      <h1>{tr(lang, title)}</h1>
      <div className="page-actions">
        {children}
        {csvHref && (
          <a className="btn btn-secondary" href={csvHref} download>
            {msg(lang, 'list.csv')}
          </a>
        )}
        {createHref && (
          <a className="btn" href={createHref}>
            {msg(lang, 'list.add')}
          </a>
        )}
      </div>
    </div>
  );
}

/** A one-line message after something was done (a redirect's `?saved=1`), or a failure of the page. */
export function Notice({ text, error }: { text?: string | null; error?: boolean }) {
  if (!text) return null;
  return error ? (
    <p className="form-alert" role="alert">
      {text}
    </p>
  ) : (
    <p className="notice" role="status">
      {text}
    </p>
  );
}

/** A `cell` for a run's `errors` column (a crawl, a sync): its first five problems as a list; undefined (the typed cell) for any other column or none. */
export function problemsCell(row: Row, column: string): ReactNode | undefined {
  const errors = row[column];
  if (column !== 'errors' || !Array.isArray(errors) || errors.length === 0) return undefined;
  return (
    <ul className="plain-list">
      {(errors as string[]).slice(0, 5).map((e, i) => (
        <li key={i}>{e}</li>
      ))}
    </ul>
  );
}

export interface FilterView {
  name: string;
  label: Text;
  kind: 'select' | 'boolean' | 'date' | 'text';
  options?: readonly { value: string; label: Text }[];
}

/** Search and filters, as a GET form that keeps the list's sort. */
export function FilterBar(v: {
  lang: Lang;
  path: string;
  searchable: boolean;
  q: string;
  filters: readonly FilterView[];
  values: Readonly<Record<string, string>>;
  keep: Readonly<Record<string, string | null>>;
}) {
  const filtered = !!v.q || Object.values(v.values).some(Boolean);
  if (!v.searchable && !v.filters.length) return null;
  return (
    <form method="get" action={v.path} className="filters" role="search">
      {v.searchable && (
        <label>
          {msg(v.lang, 'list.keyword')}
          <input type="search" name="q" defaultValue={v.q} />
        </label>
      )}
      {v.filters.map((f) => (
        <label key={f.name}>
          {tr(v.lang, f.label)}
          {f.kind === 'text' ? (
            <input type="text" name={`f_${f.name}`} defaultValue={v.values[f.name] ?? ''} />
          ) : (
            <select name={`f_${f.name}`} defaultValue={v.values[f.name] ?? ''}>
              <option value="">{msg(v.lang, 'list.all')}</option>
              {(f.kind === 'boolean'
                ? [
                    { value: 'true', label: { ja: msg('ja', 'list.yes'), en: msg('en', 'list.yes') } },
                    { value: 'false', label: { ja: msg('ja', 'list.no'), en: msg('en', 'list.no') } },
                  ]
                : f.kind === 'date'
                  ? Object.entries(DATE_FILTERS).map(([value, w]) => ({ value, label: w.label }))
                  : (f.options ?? [])
              ).map((o) => (
                <option key={o.value} value={o.value}>
                  {tr(v.lang, o.label)}
                </option>
              ))}
            </select>
          )}
        </label>
      ))}
      {Object.entries(v.keep).map(([k, x]) => (x ? <input key={k} type="hidden" name={k} value={x} /> : null))}
      <button type="submit" className="btn btn-small-solid">
        {msg(v.lang, 'list.filter')}
      </button>
      {filtered && (
        <a href={v.path} className="clear-filters">
          {msg(v.lang, 'list.clear')}
        </a>
      )}
    </form>
  );
}

export interface TableView {
  lang: Lang;
  columns: readonly ColumnView[];
  /** Plain objects (a view's own row type is fine); read by column name. */
  rows: readonly object[];
  /** Sorting links: the list's address for a sort, and the current one. None: headers are plain. */
  sort?: { current: string | null; dir: 'asc' | 'desc' | null; href: (column: string, dir: 'asc' | 'desc') => string };
  /** Where a cell links for a row (null: no link). */
  href?: (row: Row, column: string) => string | null;
  /** A checkbox per row (`name="ids"`) inside the form of this id, for the bulk actions. */
  selectForm?: string;
  /** Buttons or links at the end of each row. */
  rowActions?: (row: Row) => ReactNode;
  /** A cell the screen draws itself (an inline editor's inputs, a list of problems); undefined: the typed cell. */
  cell?: (row: Row, column: string) => ReactNode | undefined;
  /** A class for a row (e.g. a past shift, dimmed). */
  rowClass?: (row: Row) => string | undefined;
  /** Shown in place of the rows when there are none. */
  empty: string;
  caption?: string;
}

/**
 * The table. It scrolls inside its own box on a narrow screen with the first column held in
 * place, so a phone shows whole words and numbers (public/css/admin.css `.table-scroll`).
 */
export function DataTable(v: TableView) {
  const actions = !!v.rowActions;
  const span = v.columns.length + (v.selectForm ? 1 : 0) + (actions ? 1 : 0);
  return (
    <div className="card table-card">
      {/* A box that may scroll sideways is reached with the keyboard too (arrow keys scroll it). */}
      <div className="table-scroll" tabIndex={0} role="region" aria-label={v.caption ?? msg(v.lang, 'list.scrollBox')}>
        <table className="table data-table">
          {v.caption && <caption className="visually-hidden">{v.caption}</caption>}
          <thead>
            <tr>
              {v.selectForm && (
                <th scope="col" className="select-cell">
                  <input type="checkbox" data-select-all="ids" form={v.selectForm} aria-label={msg(v.lang, 'list.selectAll')} />
                </th>
              )}
              {v.columns.map((c) => {
                const label = tr(v.lang, c.label);
                const cls = c.type === 'money' || c.type === 'number' ? 'num' : undefined;
                if (!c.sortable || !v.sort)
                  return (
                    <th key={c.name} scope="col" className={cls}>
                      {label}
                    </th>
                  );
                const active = v.sort.current === c.name;
                const nextDir = active && v.sort.dir !== 'desc' ? 'desc' : 'asc';
                return (
                  <th key={c.name} scope="col" className={cls} aria-sort={active ? (v.sort.dir === 'desc' ? 'descending' : 'ascending') : undefined}>
                    <a href={v.sort.href(c.name, nextDir)}>
                      {label} {active ? (v.sort.dir === 'desc' ? '▼' : '▲') : ''}
                    </a>
                  </th>
                );
              })}
              {actions && (
                <th scope="col" className="row-actions-head">
                  <span className="visually-hidden">{msg(v.lang, 'list.actions')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {v.rows.length === 0 && (
              <tr>
                <td colSpan={span} className="empty">
                  <span className="empty-text">{v.empty}</span>
                </td>
              </tr>
            )}
            {(v.rows as readonly Row[]).map((r, i) => {
              const id = String(r.id ?? i);
              return (
                <tr key={id} className={v.rowClass?.(r)} data-row-id={id}>
                  {v.selectForm && (
                    <td className="select-cell">
                      <input type="checkbox" name="ids" value={id} form={v.selectForm} aria-label={msg(v.lang, 'list.selectRow')} />
                    </td>
                  )}
                  {v.columns.map((c) => (
                    <td key={c.name} className={c.type === 'money' || c.type === 'number' ? 'num' : c.wide ? 'wide' : undefined} data-col={c.name} translate={c.type === 'person' ? 'no' : undefined}>
                      {v.cell?.(r, c.name) ?? <Cell lang={v.lang} c={c} value={r[c.name]} href={v.href?.(r, c.name) ?? null} />}
                    </td>
                  ))}
                  {actions && <td className="row-actions">{v.rowActions!(r)}</td>}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/**
 * A table under its own heading (TitledSection), as a record page's history or a run log: with no
 * rows the section says `empty` in place of the table.
 */
export function TableSection({ id, title, className, anchor, ...table }: TableView & { id: string; title: ReactNode; className?: string; anchor?: string }) {
  return (
    <TitledSection id={id} title={title} className={className} anchor={anchor} empty={table.rows.length === 0 && table.empty}>
      <DataTable {...table} />
    </TitledSection>
  );
}

/**
 * The pager: page numbers with the count, or (keyset paging) "first" and "next" by cursor. The
 * links carry the list's state; `href` builds them.
 */
export function Pager(v: {
  lang: Lang;
  total: number;
  page: number;
  size: number;
  next?: string | null;
  cursor?: { first: boolean } | undefined;
  href: (change: Record<string, string | number | null>) => string;
}) {
  if (v.cursor) {
    return (
      <nav className="pager" aria-label={msg(v.lang, 'list.pages')}>
        <span>{msg(v.lang, 'list.count', { total: countText(v.total, v.lang) })}</span>
        {v.cursor.first ? <span aria-disabled="true">{msg(v.lang, 'list.first')}</span> : <a href={v.href({ after: null, page: null })}>{msg(v.lang, 'list.first')}</a>}
        {v.next ? <a href={v.href({ after: v.next, page: null })}>{msg(v.lang, 'list.next')}</a> : <span aria-disabled="true">{msg(v.lang, 'list.next')}</span>}
      </nav>
    );
  }
  // Past COUNT_CAP the count is "1,000+": the last page is not known, so "next" stays offered.
  const capped = v.total > COUNT_CAP;
  const from = v.total === 0 ? 0 : (v.page - 1) * v.size + 1;
  const to = capped ? v.page * v.size : Math.min(v.total, v.page * v.size);
  const pages = Math.max(1, Math.ceil(Math.min(v.total, COUNT_CAP) / v.size));
  return (
    <nav className="pager" aria-label={msg(v.lang, 'list.pages')}>
      <span>{msg(v.lang, 'list.range', { from: numberText(from, v.lang), to: numberText(to, v.lang), total: countText(v.total, v.lang) })}</span>
      {v.page > 1 ? <a href={v.href({ page: v.page - 1 })}>{msg(v.lang, 'list.prev')}</a> : <span aria-disabled="true">{msg(v.lang, 'list.prev')}</span>}
      <span>
        {v.page} / {capped ? `${numberText(pages, v.lang)}+` : pages}
      </span>
      {v.page < pages || capped ? <a href={v.href({ page: v.page + 1 })}>{msg(v.lang, 'list.next')}</a> : <span aria-disabled="true">{msg(v.lang, 'list.next')}</span>}
    </nav>
  );
}
