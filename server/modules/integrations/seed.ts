import type { DB } from '../../db/connect.ts';

/**
 * Demo: Sakura Staffing has started a Romuten connection — the address filled in, no key or
 * secret yet — so the catalogue shows it as not connected and nothing is ever sent. `.invalid`
 * never resolves (RFC 2606): `npm start` makes no outbound call.
 */
export async function seedDemoIntegrations(db: DB, companyId: string): Promise<void> {
  await db.insertInto('integration_connections').values({ company_id: companyId, provider: 'romuten', base_url: 'https://api.romuten.invalid', enabled: false }).execute();
}
