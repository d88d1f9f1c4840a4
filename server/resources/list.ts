import { CompiledQuery, sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { COUNT_CAP } from '../../shared/format.ts';
import type { DB } from '../db/connect.ts';

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
  return c && CompiledQuery.raw(c.sql, c.parameters.map((x) => (x instanceof Slot ? values[x.i] : x)));
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
  return (db as unknown as Kysely<Record<string, never>>).selectFrom(rows.select(sql`1`.as('one')).limit(COUNT_CAP + 1).as('capped')).select((eb) => eb.fn.countAll<number>().as('n'));
}
