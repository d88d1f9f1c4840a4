import { sql } from 'kysely';
import type { DB } from '../../db/connect.ts';

/**
 * An app setting (/admin/templates/appsettings, docs/templates.md) as a company reads it: its own
 * value, else the platform's (company null: the platform's only). Undefined when neither is set.
 */
export async function readAppSetting(db: DB, key: string, companyId: string | null): Promise<string | undefined> {
  const row = await db
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', key)
    .where((eb) => (companyId ? eb.or([eb('company_id', '=', companyId), eb('company_id', 'is', null)]) : eb('company_id', 'is', null)))
    .orderBy(sql`company_id is null`)
    .limit(1)
    .executeTakeFirst();
  return row?.value;
}
