/**
 * The six back-office roles shipped by default (DESIGN.md §5) and the candidate role.
 * Superadmins edit the maps at /admin/roles; these are only the seed.
 */
export const ROLE_NAMES = ['superadmin', 'admin', 'company_admin', 'company_staff', 'client_admin', 'client_staff'] as const;
export type AdminRole = (typeof ROLE_NAMES)[number];
export type Role = AdminRole | 'candidate';

export type RoleKind = 'platform' | 'company' | 'client';
export const ROLE_KIND: Record<AdminRole, RoleKind> = {
  superadmin: 'platform',
  admin: 'platform',
  company_admin: 'company',
  company_staff: 'company',
  client_admin: 'client',
  client_staff: 'client',
};

/** The platform-only codes an `admin` does not get (crawler, ads, campaign, payment, roles). */
export const SUPERADMIN_ONLY_CODES = [210001, 220001, 230001, 260001, 280001];

const words = (s: string) => s.trim().split(/\s+/).map(Number);

/** Page codes per company/client role, verbatim from DESIGN.md §5. Platform roles are derived from every code. */
export const DEFAULT_ROLE_CODES: Record<Exclude<AdminRole, 'superadmin' | 'admin'>, number[]> = {
  company_admin: words(`110001 110003 330001 330002 120001 120012 120013 340001 420001 130001 290002 140002 140004
    140005 290001 160001 160004 170005 170008 190001 190002 190003 190005 370001 380001 390001 400001 410001 410002
    200002 200003 200004 200006 200007 200008 200009`),
  company_staff: words('110001 110003 330001 330002 120001 120012 120013 340001 130001 290002 160001 160004 380001'),
  client_admin: words('330001 330002 130001 290002 290001 160001 170008'),
  client_staff: words('330001 130001 160001'),
};

/** Role maps: permission code → allowed roles (SPEC §3 "page-role map and action-role map"). */
export type RoleMap = Record<string, string[]>;
export type RoleMaps = { pageRoles: RoleMap; actionRoles: RoleMap };

/** Builds the default page-role map for a list of all codes (the route table's codes). */
export function defaultPageRoles(allCodes: number[]): RoleMap {
  const map: RoleMap = {};
  const add = (code: number, role: AdminRole) => {
    const list = (map[String(code)] ??= []);
    if (!list.includes(role)) list.push(role);
  };
  for (const code of allCodes) {
    add(code, 'superadmin');
    if (!SUPERADMIN_ONLY_CODES.includes(code)) add(code, 'admin');
  }
  for (const [role, codes] of Object.entries(DEFAULT_ROLE_CODES) as [AdminRole, number[]][]) {
    for (const code of codes) add(code, role);
  }
  return map;
}
