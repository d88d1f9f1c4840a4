import type { DB } from '../../db/connect.ts';
import { cachedReference } from '../enums/reference-cache.ts';

export interface CompanyName {
  id: string;
  name: string;
  name_en: string;
}

/**
 * Every company's id and names, in name order: read by the company choices and the integration
 * pages on most requests, changed rarely. Cached per process like reference data (migration
 * 0035 notifies when a company is added, renamed or removed). Callers must not change the rows.
 */
export function companyDirectory(db: DB): Promise<readonly CompanyName[]> {
  return cachedReference(db, 'companyDirectory', () => db.selectFrom('companies').select(['id', 'name', 'name_en']).orderBy('name').execute());
}

/** Every company's id, read fresh (a write that loops over the companies must not miss a new one). */
export async function allCompanyIds(db: DB): Promise<string[]> {
  return (await db.selectFrom('companies').select('id').execute()).map((c) => c.id);
}

/** True when a company of that id exists (read fresh, not from the cached directory). */
export async function companyExists(db: DB, id: string): Promise<boolean> {
  return !!(await db.selectFrom('companies').select('id').where('id', '=', id).executeTakeFirst());
}

/** A company's names, read fresh. */
export function companyNames(db: DB, id: string) {
  return db.selectFrom('companies').select(['name', 'name_en']).where('id', '=', id).executeTakeFirst();
}

/** How many days the points a company awards stay valid. */
export function companyPointsValidDays(db: DB, id: string) {
  return db.selectFrom('companies').select('points_valid_days').where('id', '=', id).executeTakeFirst();
}
