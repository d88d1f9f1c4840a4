import { DEFAULT_ROLE_CODES, SUPERADMIN_ONLY_CODES } from '../../server/auth/default-roles.ts';
import { ADMIN_CODES } from '../../server/access/routes.ts';

/**
 * Who holds which permission code, computed from DESIGN.md §5 alone (not from the app's role
 * tables), so tests can say what the app should answer independently of what it does.
 */
export type RoleLogin = 'superadmin' | 'admin' | 'company_admin' | 'company_staff' | 'client_admin' | 'client_staff';

export const CODES_OF: Record<RoleLogin, readonly number[]> = {
  superadmin: ADMIN_CODES,
  admin: ADMIN_CODES.filter((c) => !SUPERADMIN_ONLY_CODES.includes(c)),
  ...DEFAULT_ROLE_CODES,
};

/** Least privileged first, so a "lacks the code" or "holds the code" pick is as narrow as possible. */
export const LEAST_FIRST: RoleLogin[] = ['client_staff', 'client_admin', 'company_staff', 'company_admin', 'admin', 'superadmin'];

/** A back-office demo login: one of the roles', or company2 (the admin of the second demo company). */
export type BackOfficeLogin = RoleLogin | 'company2';

/** Whether the demo login holds `code`, by DESIGN §5. */
export const loginHolds = (login: BackOfficeLogin, code: number): boolean => CODES_OF[login === 'company2' ? 'company_admin' : login].includes(code);
