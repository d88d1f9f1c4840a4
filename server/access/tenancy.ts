import { sql, type ReferenceExpression, type SelectQueryBuilder, type UpdateQueryBuilder, type WhereInterface } from 'kysely';

/**
 * Which rows a caller may see (DESIGN.md §5): platform roles everything; company roles their
 * company's rows; client roles their client's rows. Candidates have no back-office tenant.
 */
export type Tenant = { kind: 'platform' } | { kind: 'company'; companyId: string } | { kind: 'client'; companyId: string; clientId: string } | { kind: 'none' };

const PLATFORM_ROLES = new Set(['superadmin', 'admin']);

/** What of a signed-in user decides its tenant (a SessionUser has it). */
export interface TenantHolder {
  role: string;
  companyId: string | null;
  clientId: string | null;
}

export function tenantOf(user: TenantHolder): Tenant {
  if (PLATFORM_ROLES.has(user.role)) return { kind: 'platform' };
  if (user.clientId && user.companyId) return { kind: 'client', companyId: user.companyId, clientId: user.clientId };
  if (user.companyId) return { kind: 'company', companyId: user.companyId };
  return { kind: 'none' };
}

/** True when a row owned by (companyId, clientId) is inside the caller's tenant. */
export function ownsRow(t: Tenant, row: { companyId: string | null; clientId?: string | null }): boolean {
  switch (t.kind) {
    case 'platform':
      return true;
    case 'company':
      return row.companyId === t.companyId;
    case 'client':
      return row.companyId === t.companyId && row.clientId === t.clientId;
    case 'none':
      return false;
  }
}

export type PlatformTenant = Extract<Tenant, { kind: 'platform' }>;
export type CompanyTenant = Extract<Tenant, { kind: 'company' }>;
export type ClientTenant = Extract<Tenant, { kind: 'client' }>;

/** Platform staff: every company's rows. */
export const isPlatform = (t: Tenant): t is PlatformTenant => t.kind === 'platform';
/** A staffing company's staff: the company's rows. */
export const isCompany = (t: Tenant): t is CompanyTenant => t.kind === 'company';
/** A client's users: their client's rows of one company. */
export const isClient = (t: Tenant): t is ClientTenant => t.kind === 'client';
/** Inside one company (its staff or one of its clients). */
export const inOneCompany = (t: Tenant): t is CompanyTenant | ClientTenant => isCompany(t) || isClient(t);

/** The one company whose rows the tenant sees; null for the platform (every company) and for no tenant. */
export const companyIdOf = (t: Tenant): string | null => (inOneCompany(t) ? t.companyId : null);
/**
 * The staffing company a company's own work (pay, shifts to fill) is done for: a company user's
 * own, null for platform staff (any company), 'none' for a client user or no tenant (it is not theirs to do).
 */
export const actingCompanyOf = (t: Tenant): string | null | 'none' => (isCompany(t) ? t.companyId : isPlatform(t) ? null : 'none');

/** The columns that say whose a row is: its company's, and (when the table has one) its client's. */
export interface TenantColumns<DB, TB extends keyof DB> {
  company: ReferenceExpression<DB, TB>;
  client?: ReferenceExpression<DB, TB>;
}

/**
 * Narrows a query to the rows the tenant may see or change: the platform everything, a company
 * its rows, a client its company's rows of its client (when the table names the client), no
 * tenant nothing. Every tenant-scoped query goes through here, so the rule has one home.
 */
export function scopeToTenant<DB, TB extends keyof DB, O>(q: SelectQueryBuilder<DB, TB, O>, t: Tenant, columns: TenantColumns<DB, TB>): SelectQueryBuilder<DB, TB, O>;
export function scopeToTenant<DB, UT extends keyof DB, TB extends keyof DB, O>(q: UpdateQueryBuilder<DB, UT, TB, O>, t: Tenant, columns: TenantColumns<DB, TB>): UpdateQueryBuilder<DB, UT, TB, O>;
export function scopeToTenant<DB, TB extends keyof DB>(q: WhereInterface<DB, TB>, t: Tenant, columns: TenantColumns<DB, TB>): WhereInterface<DB, TB> {
  switch (t.kind) {
    case 'platform':
      return q;
    case 'company':
      return q.where(columns.company, '=', t.companyId as never);
    case 'client': {
      const own = q.where(columns.company, '=', t.companyId as never);
      return columns.client ? own.where(columns.client, '=', t.clientId as never) : own;
    }
    case 'none':
      return q.where(sql<boolean>`false`);
  }
}

/**
 * A query kept to one company's rows, or left to every company's for null: the form of work
 * already resolved to the company it is done for (`actingCompanyOf`: platform staff act for any).
 */
export function inCompany<DB, TB extends keyof DB, O>(q: SelectQueryBuilder<DB, TB, O>, column: ReferenceExpression<DB, TB>, companyId: string | null): SelectQueryBuilder<DB, TB, O> {
  return companyId ? q.where(column, '=', companyId as never) : q;
}

// ---------------------------------------------------------------------------------------------
// Tenancy of the list engine and its definitions (server/resources): which rows a query keeps,
// said once here instead of a test of the tenant's kind in each definition.

/** Where a row says whose it is. */
export interface ListTenantColumns {
  /** The row's company column (`'a.company_id'`); false: only the platform sees such rows. */
  company: string | false;
  /**
   * The row's client column: a client user sees only its client's rows. false: a client user sees
   * none (pay, the staff registry). Left out: a client user sees its company's rows.
   */
  client?: string | false;
}

/** A column and the value a tenant's rows hold in it. */
export interface TenantCondition {
  column: string;
  value: string;
}

/** The conditions that keep rows to the tenant's: [] for every row (the platform), null for none. */
export function tenantFilterFor(t: Tenant, cols: ListTenantColumns): TenantCondition[] | null {
  if (t.kind === 'platform') return [];
  if (t.kind === 'none' || cols.company === false) return null;
  const company = { column: cols.company, value: t.companyId };
  if (t.kind === 'company' || cols.client === undefined) return [company];
  return cols.client === false ? null : [company, { column: cols.client, value: t.clientId }];
}

/** The values a tenant's new rows get: those its rows are kept to (none for the platform). */
export const tenantAssignedValues = (conditions: readonly TenantCondition[] | null): Record<string, string> => Object.fromEntries((conditions ?? []).map((c) => [c.column, c.value]));

/**
 * A query kept to the tenant's rows (tenantFilterFor), or null when the tenant sees none. Any
 * query builder with a `where(column, '=', value)` (Kysely's select, update and delete).
 */
export function tenantScopedQuery<Q extends { where: (...a: never[]) => Q }>(q: Q, t: Tenant, cols: ListTenantColumns): Q | null {
  const conditions = tenantFilterFor(t, cols);
  if (!conditions) return null;
  // The column names are the definition's own aliases, which the builder's types cannot know.
  type Where = { where(column: string, op: '=', value: string): Q };
  return conditions.reduce((acc, c) => (acc as unknown as Where).where(c.column, '=', c.value), q);
}

/** True for a caller with no back-office tenant (a candidate): no list row is theirs. */
export const hasNoTenant = (t: Tenant): t is Extract<Tenant, { kind: 'none' }> => t.kind === 'none';

/** The kinds of tenant a feature serves, as a test: `tenantIn(t, 'platform', 'company')`. */
export const tenantIn = (t: Tenant, ...kinds: readonly Tenant['kind'][]): boolean => kinds.includes(t.kind);

/** Whether a thing kept to some kinds of tenant (its `tenants`: a field, a column, an action; none: every kind) is the tenant's. */
export const forTenant = (x: { tenants?: readonly Tenant['kind'][] }, t: Tenant): boolean => !x.tenants || tenantIn(t, ...x.tenants);

const keptByKind = new WeakMap<readonly object[], Map<Tenant['kind'], readonly string[]>>();
/**
 * The names of the things (a definition's fields, a read model's columns) kept from the tenant's
 * kind (`forTenant`): worked out once per list of things and kind, as a list's every row asks.
 */
export function keptFrom(things: readonly { name: string; tenants?: readonly Tenant['kind'][] }[], t: Tenant): readonly string[] {
  let byKind = keptByKind.get(things);
  if (!byKind) keptByKind.set(things, (byKind = new Map()));
  let names = byKind.get(t.kind);
  if (!names) byKind.set(t.kind, (names = things.filter((x) => !forTenant(x, t)).map((x) => x.name)));
  return names;
}

/** A key naming the tenant, for values cached per tenant: 'platform', 'none', the company, or company:client. */
export function tenantCacheKey(t: Tenant): string {
  switch (t.kind) {
    case 'platform':
    case 'none':
      return t.kind;
    case 'company':
      return t.companyId;
    case 'client':
      return `${t.companyId}:${t.clientId}`;
  }
}
