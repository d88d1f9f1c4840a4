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
