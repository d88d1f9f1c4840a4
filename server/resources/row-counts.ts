import type pg from 'pg';
import type { Logger } from 'pino';
import type { DB } from '../db/connect.ts';
import { cachedOn, NotifiedCache } from '../db/notified-cache.ts';

/**
 * The totals of the resource lists (the "1,000+" of a list's pager), kept per process and per
 * table until that table changes: a list's total depends on its table, the caller's tenant, the
 * search and the filters, not on the page or the order, so paging through a list or sorting it
 * again does not count its rows again, and neither does the next person of the same company. The
 * page's rows are always read. Migration 0039 makes every write to a list's table send NOTIFY
 * tsunagu_rows_<table>; each table has its own cache, so a write to one table keeps the others'
 * totals. A process that writes a table drops its totals at once (`wroteTable`, as the resource
 * engine does after every save); the others when the notice arrives. While the listener is
 * disconnected, every view counts. At most 2,000 totals per table.
 */
const channelOf = (table: string) => `tsunagu_rows_${table}`;

export function createRowCounts(db: DB, pool: pg.Pool, tables: Iterable<string>, log?: Logger): NotifiedCache[] {
  return [...new Set(tables)].map((t) => new NotifiedCache(db, pool, { channel: channelOf(t), tables: [t], max: 2_000 }, log));
}

/** The total under `key` for `table`, from the process's cache, else `count()` (kept until the table changes). */
export function cachedCount(db: DB, table: string, key: string, count: () => Promise<number>): Promise<number> {
  return cachedOn(db, channelOf(table), key, count);
}
