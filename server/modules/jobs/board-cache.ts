import type pg from 'pg';
import type { Logger } from 'pino';
import type { DB } from '../../db/connect.ts';
import { cachedOn, NotifiedCache } from '../../db/notified-cache.ts';

/**
 * The public boards and job pages, cached per process: the same for every visitor
 * of a language on a day, read far more often than jobs change, and their queries are the
 * heaviest the site runs. Migrations 0036 and 0061 make any write to jobs, their shifts, companies' names or status
 * or the enumeration labels send NOTIFY tsunagu_board, and every process drops its copy when the
 * writing transaction commits; a key holds the day in Japan, so publication windows and past
 * shifts turn over at midnight. At most 1,000 pages are kept.
 */
export const BOARD_CHANNEL = 'tsunagu_board';
export const BOARD_TABLES = ['jobs', 'job_daily_shifts', 'companies', 'job_enum_translations'];

export const createBoardCache = (db: DB, pool: pg.Pool, log?: Logger) => new NotifiedCache(db, pool, { channel: BOARD_CHANNEL, tables: BOARD_TABLES, max: 1_000 }, log);

/** A board page or job page through the process's cache (loaded when there is none). Callers must not change the value. */
export function cachedBoard<T>(db: DB, key: readonly unknown[], load: () => Promise<T>): Promise<T> {
  return cachedOn(db, BOARD_CHANNEL, JSON.stringify(key), load);
}
