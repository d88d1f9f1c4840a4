import type pg from 'pg';
import type { Logger } from 'pino';
import type { DB } from '../../db/connect.ts';
import { cachedOn, NotifiedCache } from '../../db/notified-cache.ts';

/**
 * Reference data cached in the process: the enumeration store (enums with their derived fields,
 * visa types), the languages, industries and categories, and the choices most back-office pages
 * offer (clients and companies by name, candidate-status trees, job titles, document templates), loaded and derived
 * once per change instead of on every request (an admin list page read them a dozen times).
 * Migrations 0017, 0035 and 0063 make any write to those tables send NOTIFY tsunagu_reference; every
 * process drops its copy on it (server/db/notified-cache.ts).
 */
export const REFERENCE_CHANNEL = 'tsunagu_reference';

/** The tables whose writes send that notice (migrations 0017, 0035 and 0063). */
const REFERENCE_TABLES = [
  'job_enums',
  'job_enum_translations',
  'visa_types',
  'languages',
  'job_industries',
  'job_categories',
  'clients',
  'companies',
  'candidate_statuses',
  'jobs',
  'document_templates',
];

export const createReferenceCache = (db: DB, pool: pg.Pool, log?: Logger) => new NotifiedCache(db, pool, { channel: REFERENCE_CHANNEL, tables: REFERENCE_TABLES }, log);

/** Through the process's reference cache for this database when there is one (the app makes it), else loaded. */
export function cachedReference<T>(db: DB, key: string, load: () => Promise<T>): Promise<T> {
  return cachedOn(db, REFERENCE_CHANNEL, key, load);
}
