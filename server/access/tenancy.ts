
/**
 * Which rows a caller may see (DESIGN.md §5): platform roles everything; company roles their
 * company's rows; client roles their client's rows. Candidates have no back-office tenant.
 */
export type Tenant =
  | { kind: 'platform' }
  | { kind: 'company'; companyId: string }
  | { kind: 'client'; companyId: string; clientId: string }
  | { kind: 'none' };

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
