import { CompiledQuery, sql, type Expression, type ExpressionBuilder, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { COUNT_CAP } from '../../shared/format.ts';
import { otherLang, type Lang, type Text } from '../../shared/i18n.ts';
import { isUuid } from '../../shared/ids.ts';
import type { CellKind } from '../../shared/list-kinds.ts';
import { todayInJapan } from '../../shared/time.ts';
import type { Tenant } from '../access/tenancy.ts';
import type { DB } from '../db/connect.ts';
import { containing } from '../db/like.ts';
import { cachedCount } from './row-counts.ts';

/**
 * The core of the one list engine (docs/lists.md): what every list of the back office does the
 * same way, whether its definition lists one table (define.ts, repo.ts) or a query with joins
 * (read-model.ts). A page is at most MAX_PAGE_SIZE rows; its total is counted up to COUNT_CAP + 1
 * by one statement form; and its statements are compiled by Kysely once per shape, after which
 * only their values change.
 */

/** The most rows one page of any list holds (the API refuses more, the CSV export pages by it). */
export const MAX_PAGE_SIZE = 200;

/** A value of a list statement, put in when the statement runs (`compiledOnce`). */
class Slot {
  constructor(readonly i: number) {}
}

/** Statement texts by shape, with their values as slots (null: the shape has no statement, e.g. a tenant that sees no row). */
const compiled = new Map<string, { sql: string; parameters: readonly unknown[] } | null>();
const MAX_SHAPES = 2_000;

/**
 * The statement of a list view: built and compiled by Kysely the first time its `shape` is seen,
 * with a Slot (`value(i)`) for each of its values; after that only `values` change. The shape
 * must name everything the statement's text depends on (list, columns, filters, sort, tenant
 * kind, language), never a value that only fills a slot. Null when `build` has no statement.
 */
export function compiledOnce(shape: string, values: readonly unknown[], build: (value: (i: number) => unknown) => { compile(): CompiledQuery } | null): CompiledQuery | null {
  let c = compiled.get(shape);
  if (c === undefined) {
    if (compiled.size >= MAX_SHAPES) compiled.clear();
    c = build((i) => new Slot(i))?.compile() ?? null;
    compiled.set(shape, c);
  }
  return (
    c &&
    CompiledQuery.raw(
      c.sql,
      c.parameters.map((x) => (x instanceof Slot ? values[x.i] : x)),
    )
  );
}

// The rows counted are a definition's own query, whatever its tables and aliases.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQuery = SelectQueryBuilder<any, any, any>;

/**
 * The total of a list's rows, counted up to COUNT_CAP + 1 (the pager then says "1,000+"): a count
 * of every row costs more than the page. The one counting statement of the engine: a single-table
 * list carries it on its page's statement as a scalar subquery, a list over joins runs it beside
 * the page (docs/lists.md "Counting").
 */
export function cappedCount(db: DB, rows: AnyQuery) {
  return (db as unknown as Kysely<Record<string, never>>)
    .selectFrom(
      rows
        .select(sql`1`.as('one'))
        .limit(COUNT_CAP + 1)
        .as('capped'),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'));
}

// ---------------------------------------------------------------------------------------------
// The one list definition and its one planner. Every list of the engine is planned here: a
// resource's (repo.ts `listOfResource`: one table, its fields) and a read model's (read-model.ts
// `listOfReadModel`: a joined source, typed columns) are turned into a ListDef once, when first
// listed, and `planList` builds the statements of both.

/** A statement's value by its slot (`compiledOnce`), and the slot a value is given. */
type Value = (i: number) => unknown;
type SlotOf = (x: unknown) => number;
// A definition's conditions name its own tables and aliases.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyExpressions = ExpressionBuilder<any, any>;

/** A column of a list: its value in SQL and what the planner may do with it. */
interface ListColumn {
  /** The row's key (and the GraphQL field). */
  name: string;
  kind: CellKind;
  /** The value in SQL, in the caller's language when it has two. */
  sql(lang: Lang): RawBuilder<unknown>;
  sortable?: boolean;
  /** Part of the free-text search (compared as text, case-insensitive). */
  search?: boolean;
  /**
   * A choice's values with their names: the search also finds the rows whose value is named by
   * the words (a country code by "Vietnam" or ベトナム), in either language.
   */
  options?: readonly { value: string; label: Text }[];
  /** Never null: a sort on it may page by cursor. */
  notNull?: boolean;
}

/** The condition a filter's value gives: what the statement's text depends on, and its SQL with the values in slots. */
export interface ListCondition {
  shape: unknown;
  where(eb: AnyExpressions, value: Value): Expression<SqlBool>;
}

interface ListFilter {
  name: string;
  /** The condition of a value, its values given slots; null drops the value (a stale link never errs). */
  condition(value: string, slot: SlotOf): ListCondition | null;
}

/** The rows a tenant may see: what the statement's text depends on, what its total does, and the query with the tenant's values in slots. */
interface ListRows {
  shape: unknown;
  counted: unknown;
  from(db: DB, value: Value): AnyQuery | null;
}

/** The engine's one definition of a list (docs/lists.md). */
export interface ListDef {
  /** Unique among lists: the first part of every shape and total's key. */
  name: string;
  /** The rows the tenant may see (tenancy and the definition's fixed constraints); null: none. */
  rows(tenant: Tenant, slot: SlotOf): ListRows | null;
  /** The row id in SQL (`'id'`, `'a.id'`): the tie-break of every order, the cursor's second half. */
  id: string;
  columns: readonly ListColumn[];
  filters: readonly ListFilter[];
  defaultSort: { column: string; dir: 'asc' | 'desc' };
  /** How its screens page: page numbers, or a cursor on large tables. */
  paging: 'offset' | 'keyset';
  /** Pages by cursor through the API (`after`, `next`); a list that does not never reads a cursor. */
  cursors: boolean;
  /**
   * Its total: counted on the page's own statement and kept until `kept` (its one table) changes
   * (row-counts.ts), or counted beside the page on every view (a joined source, docs/lists.md).
   */
  count: { kept: string } | 'beside';
  /** The row as the list gives it (e.g. instants as ISO text); as read when left out. */
  output?(row: ListRow): ListRow;
}

export type ListRow = Record<string, unknown> & { id: string };

/** What a caller asks of a list (the API's arguments). */
export interface ListQuery {
  page: number;
  size: number;
  /** A cursor of a previous page's `next` (lists with cursors): page is then ignored. */
  after?: string | null;
  sort?: string | null;
  dir?: 'asc' | 'desc' | null;
  q?: string | null;
  filter?: Record<string, string | null | undefined> | null;
}

/** A view of a list: what the caller asked for, and what the engine adds. */
export interface ListView extends ListQuery {
  /** The columns to read (`id` always); all of them when left out. */
  columns?: ReadonlySet<string> | undefined;
  /** The screens' fixed filters the caller is limited to, any of them (ReadScreen.fixed); none when empty. */
  fixed?: readonly Record<string, string>[];
  lang: Lang;
}

export interface ListPage {
  rows: ListRow[];
  total: number;
  page: number;
  size: number;
  /** The cursor of the next page, null on the last one (and on lists without cursors). */
  next: string | null;
}

/** The SQL type a cursor's value is compared as, by kind. */
const CURSOR_CAST: Record<CellKind, string> = {
  text: 'text',
  link: 'text',
  person: 'text',
  badge: 'text',
  choice: 'text',
  boolean: 'boolean',
  number: 'bigint',
  money: 'bigint',
  date: 'date',
  datetime: 'timestamptz',
};

function encodeCursor(v: unknown, id: string): string {
  return Buffer.from(JSON.stringify([String(v), id])).toString('base64url');
}

function decodeCursor(s: string): [string | number, string] | null {
  try {
    const v = JSON.parse(Buffer.from(s, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(v) && v.length === 2 && (typeof v[0] === 'string' || typeof v[0] === 'number') && isUuid(v[1])) return [v[0], v[1]];
  } catch {
    // A cursor the client made up: treated as none.
  }
  return null;
}

/** A view's paging values checked: a bad cursor, size or page is the caller's error (BAD_USER_INPUT upstream). */
export function checkListView(p: { page: number; size: number; after?: string | null }): { ok: true } | { ok: false; field: 'size' | 'page' | 'after' } {
  if (!Number.isInteger(p.size) || p.size < 1 || p.size > MAX_PAGE_SIZE) return { ok: false, field: 'size' };
  if (!Number.isInteger(p.page) || p.page < 1 || p.page > 100_000) return { ok: false, field: 'page' };
  if (p.after && !decodeCursor(p.after)) return { ok: false, field: 'after' };
  return { ok: true };
}

/**
 * A list view taken apart: its shape (what the statements' text depends on), its values in the
 * order `build` puts them in slots, and the key of its total (row-counts.ts).
 */
export interface ListPlan {
  def: ListDef;
  shape: string;
  values: unknown[];
  countKey: string;
  sortColumn: ListColumn;
  /** Pages after a cursor. */
  keyset: boolean;
  /** The page's statement (with the capped total as `__total` when `withCount`) and the total's own; null: no statement (no row). */
  build(db: DB, value: Value, withCount: boolean): { page: AnyQuery; count: AnyQuery } | null;
}

/** The values of the options whose name, in either language, holds the words (case-insensitive). */
function namedBy(options: readonly { value: string; label: Text }[], words: string): string[] {
  const w = words.toLowerCase();
  return options.filter((o) => o.label.ja.toLowerCase().includes(w) || o.label.en.toLowerCase().includes(w)).map((o) => o.value);
}

/**
 * A column's text in the reader's language and, where it has two (a job's title), in the other: an
 * English reader who types a job's Japanese title finds its rows, as a Japanese reader finds them
 * by the English one.
 */
function inBothLanguages(c: ListColumn, lang: Lang): RawBuilder<unknown>[] {
  const own = c.sql(lang);
  const other = c.sql(otherLang(lang));
  return JSON.stringify(own.toOperationNode()) === JSON.stringify(other.toOperationNode()) ? [own] : [own, other];
}

/** The one planner of the engine: the statements of a view of any list, null when the tenant sees no row. */
export function planList(def: ListDef, tenant: Tenant, view: ListView): ListPlan | null {
  const values: unknown[] = [];
  const slot: SlotOf = (x) => values.push(x) - 1;
  const rows = def.rows(tenant, slot);
  if (!rows) return null;
  const { lang, size, page } = view;
  const fixed = (view.fixed ?? []).map((entry) =>
    Object.entries(entry).map(([name, value]) => def.filters.find((f) => f.name === name)?.condition(value, slot) ?? { shape: 'none', where: () => sql<SqlBool>`false` }),
  );
  const searchable = def.columns.filter((c) => c.search);
  const q = view.q?.trim();
  const search = q && searchable.length ? slot(containing(q)) : null;
  const named = search === null ? [] : searchable.map((c) => (c.options ? slot(namedBy(c.options, q!)) : null));
  const conditions: ListCondition[] = [];
  const filtered: [string, string][] = [];
  for (const [name, value] of Object.entries(view.filter ?? {})) {
    const f = def.filters.find((x) => x.name === name);
    if (!f || value === undefined || value === null || value === '') continue;
    const c = f.condition(value, slot);
    if (!c) continue;
    conditions.push(c);
    filtered.push([name, value]);
  }
  const sortColumn = def.columns.find((c) => c.name === view.sort && c.sortable) ?? def.columns.find((c) => c.name === def.defaultSort.column)!;
  // An explicit known sort column defaults to ascending; otherwise (none, or unknown) the definition's order.
  const dir = view.dir === 'asc' || view.dir === 'desc' ? view.dir : sortColumn.name === def.defaultSort.column ? def.defaultSort.dir : 'asc';
  const cursor = def.cursors && view.after ? decodeCursor(view.after) : null;
  // Keyset: rows after the cursor's (sort value, id) in the list's order. Only on a column that is
  // never null (a null would fall outside the row comparison); other sorts page by offset.
  const keyset = cursor && sortColumn.notNull ? [slot(cursor[0]), slot(cursor[1])] : null;
  // A list with cursors reads one row more: whether there is a next page.
  const limit = slot(def.cursors ? size + 1 : size);
  const offset = slot(keyset ? 0 : (page - 1) * size);
  const shown = view.columns ? def.columns.filter((c) => view.columns!.has(c.name)) : def.columns;
  const sortExpr = sortColumn.sql(lang);
  const idRef = sql.ref(def.id);
  return {
    def,
    // A read model's filter may put its value in the statement's text (a date window, an id that
    // is no uuid), so the conditions' shapes name what they depend on.
    shape: JSON.stringify([
      def.name,
      rows.shape,
      lang,
      fixed.map((f) => f.map((c) => c.shape)),
      search !== null,
      conditions.map((c) => c.shape),
      sortColumn.name,
      dir,
      view.columns ? shown.map((c) => c.name) : null,
      !!keyset,
    ]),
    values,
    // What the total depends on: the list, the tenant's rows, the screens' fixed filters, the
    // search (in its language, as columns may be), the filters and the day in Japan (date windows).
    countKey: JSON.stringify([def.name, rows.counted, view.fixed ?? [], search !== null ? [q, lang] : null, filtered, todayInJapan()]),
    sortColumn,
    keyset: !!keyset,
    build(db, v, withCount) {
      let base = rows.from(db, v);
      if (!base) return null;
      if (fixed.length) base = base.where((eb) => eb.or(fixed.map((f) => eb.and(f.map((c) => c.where(eb, v))))));
      if (search !== null) {
        base = base.where((eb) =>
          eb.or(
            searchable.flatMap((c, i) => {
              const text = sql`(${c.sql(lang)})::text`;
              const values = named[i] ?? null;
              return [...inBothLanguages(c, lang).map((t) => eb(sql`(${t})::text`, 'ilike', v(search))), ...(values === null ? [] : [eb(text, '=', sql`any(${v(values)}::text[])`)])];
            }),
          ),
        );
      }
      for (const c of conditions) base = base.where((eb) => c.where(eb, v));
      const count = cappedCount(db, base);
      // The sort value travels in the cursor as PostgreSQL's own text of it: a timestamp keeps its
      // microseconds (a JavaScript Date would round them to milliseconds and skip rows).
      let pageQ = base.select([idRef.as('id'), ...shown.map((c) => c.sql(lang).as(c.name)), ...(def.cursors ? [sql<string>`(${sortExpr})::text`.as('__sort')] : [])]);
      // The total rides on the page's statement as a scalar subquery (run once).
      if (withCount) pageQ = pageQ.select(count.as('__total'));
      if (keyset) pageQ = pageQ.where(sql<SqlBool>`(${sortExpr}, ${idRef}) ${dir === 'asc' ? sql`>` : sql`<`} (${v(keyset[0]!)}::${sql.raw(CURSOR_CAST[sortColumn.kind])}, ${v(keyset[1]!)}::uuid)`);
      return {
        page: pageQ
          .orderBy(sortExpr, dir)
          .orderBy(idRef, dir)
          .limit(v(limit) as number)
          .offset(v(offset) as number),
        count,
      };
    },
  };
}

/** A plan's statements, compiled once per shape: the page's (with its total when `withCount`) and the total's own. */
export function listStatements(db: DB, plan: ListPlan, withCount: boolean): { page: CompiledQuery | null; count: CompiledQuery | null } {
  return {
    page: compiledOnce(withCount ? `${plan.shape}+` : plan.shape, plan.values, (v) => plan.build(db, v, withCount)?.page ?? null),
    count: compiledOnce(`${plan.shape}#count`, plan.values, (v) => plan.build(db, v, false)?.count ?? null),
  };
}

/** One page of a list and its total, for the tenant. The caller has checked the view's page and size. */
export async function readList(db: DB, def: ListDef, tenant: Tenant, view: ListView): Promise<ListPage> {
  const { page, size } = view;
  const none: ListPage = { rows: [], total: 0, page, size, next: null };
  const plan = planList(def, tenant, view);
  if (!plan) return none;
  let rows: ListRow[] | undefined;
  let total: number;
  if (def.count === 'beside') {
    // The count runs beside the page's statement, on its own connection, rather than inside it: a
    // joined source sorts many rows, and inside the two run one after the other (at 40,000
    // applications 300 ms against 240).
    const { page: pageStatement, count: countStatement } = listStatements(db, plan, false);
    if (!pageStatement || !countStatement) return none;
    const counted = db.executeQuery<{ n: number }>(countStatement);
    rows = (await db.executeQuery(pageStatement)).rows as ListRow[];
    total = Number((await counted).rows[0]!.n);
  } else {
    // The total is kept until the table changes (row-counts.ts). When it has to be counted, it
    // rides on the page's statement; only a page past the end, which has no row to carry it,
    // counts on its own.
    total = await cachedCount(db, def.count.kept, plan.countKey, async () => {
      const { page: withTotal, count } = listStatements(db, plan, true);
      if (!withTotal || !count) return 0;
      const read = (await db.executeQuery(withTotal)).rows as (ListRow & { __total?: unknown })[];
      // Copied without the total rather than `delete`d: a deleted property turns each row into a
      // slow dictionary object for everything that reads it afterwards (resolvers, cells).
      rows = read.map(({ __total: _, ...row }) => row as ListRow);
      if (read.length) return Number(read[0]!.__total);
      if (page === 1 && !plan.keyset) return 0;
      return Number((await db.executeQuery<{ n: number }>(count)).rows[0]!.n);
    });
    if (!rows) {
      const statement = listStatements(db, plan, false).page;
      rows = statement ? ((await db.executeQuery(statement)).rows as ListRow[]) : [];
    }
  }
  const more = def.cursors && rows.length > size;
  const last = def.cursors ? rows[size - 1] : undefined;
  const out = (def.cursors ? rows.slice(0, size).map(({ __sort: _, ...r }) => r as ListRow) : rows).map((r) => def.output?.(r) ?? r);
  return {
    rows: out,
    total,
    page: plan.keyset ? 1 : page,
    size,
    next: more && last && plan.sortColumn.notNull ? encodeCursor(last.__sort, last.id) : null,
  };
}
