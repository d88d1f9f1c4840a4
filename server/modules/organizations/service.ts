import type { DB } from '../../db/connect.ts';
import type { Tenant } from '../../api/tenancy.ts';

export interface CompanyRecord {
  id: string;
  name: string;
  name_en: string;
  email: string | null;
  phone: string | null;
  status: string;
}

export interface ClientRecord {
  id: string;
  company_id: string;
  name: string;
  name_en: string;
}

/** Companies the tenant may see: all for the platform, its own for company and client users. */
export async function listCompanies(db: DB, t: Tenant): Promise<CompanyRecord[]> {
  let q = db.selectFrom('companies').select(['id', 'name', 'name_en', 'email', 'phone', 'status']).orderBy('name');
  if (t.kind === 'none') return [];
  if (t.kind !== 'platform') q = q.where('id', '=', t.companyId);
  return q.execute();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One company, or undefined when it does not exist or lies outside the tenant (indistinguishable). */
export async function findCompany(db: DB, t: Tenant, id: string): Promise<CompanyRecord | undefined> {
  if (!UUID.test(id) || t.kind === 'none') return undefined;
  if (t.kind !== 'platform' && t.companyId !== id) return undefined;
  return db.selectFrom('companies').select(['id', 'name', 'name_en', 'email', 'phone', 'status']).where('id', '=', id).executeTakeFirst();
}

export async function updateCompany(db: DB, t: Tenant, id: string, input: { name: string; name_en: string; email?: string | null; phone?: string | null }) {
  if (!(await findCompany(db, t, id))) return undefined;
  return db
    .updateTable('companies')
    .set({ name: input.name, name_en: input.name_en, email: input.email ?? null, phone: input.phone ?? null, updated_at: new Date() })
    .where('id', '=', id)
    .returning(['id', 'name', 'name_en', 'email', 'phone', 'status'])
    .executeTakeFirst();
}

export async function listClients(db: DB, t: Tenant): Promise<ClientRecord[]> {
  let q = db.selectFrom('clients').select(['id', 'company_id', 'name', 'name_en']).orderBy('name');
  if (t.kind === 'none') return [];
  if (t.kind === 'company') q = q.where('company_id', '=', t.companyId);
  if (t.kind === 'client') q = q.where('id', '=', t.clientId);
  return q.execute();
}

export async function findClient(db: DB, t: Tenant, id: string): Promise<ClientRecord | undefined> {
  if (!UUID.test(id) || t.kind === 'none') return undefined;
  const row = await db.selectFrom('clients').select(['id', 'company_id', 'name', 'name_en']).where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  if (t.kind === 'company' && row.company_id !== t.companyId) return undefined;
  if (t.kind === 'client' && row.id !== t.clientId) return undefined;
  return row;
}

export async function updateClient(db: DB, t: Tenant, id: string, input: { name: string; name_en: string }) {
  if (!(await findClient(db, t, id))) return undefined;
  return db
    .updateTable('clients')
    .set({ name: input.name, name_en: input.name_en, updated_at: new Date() })
    .where('id', '=', id)
    .returning(['id', 'company_id', 'name', 'name_en'])
    .executeTakeFirst();
}
