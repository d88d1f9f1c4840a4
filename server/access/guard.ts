/**
 * The guard: which page a request lands on (SPEC §4 "Session and routing", §6, §8), made total as
 * DESIGN §6 says: one redirect at most, never a chain, never a loop. Pure; the Express middleware
 * wraps it.
 */
import type { RoleMaps } from '../auth/default-roles.ts';
import { DASHBOARD_PATH, HOME_PATH, LANDING_PATHS, ROUTE_TABLE, type RouteDef, type RouteTable } from './routes.ts';

export type Access =
  | { kind: 'allow'; route: RouteDef; params: Record<string, string> }
  | { kind: 'redirect'; to: string }
  /** Render the 404 page in place with status 404 (no redirect). */
  | { kind: 'notFound' };

export type Session = { role: string } | null;

/**
 * SPEC §6: a user may enter a route if their role appears in either the page-role map or the
 * action-role map for the route's code. A route without a code needs no role.
 */
export function canEnter(maps: RoleMaps, role: string, code: number | undefined): boolean {
  if (code === undefined) return true;
  const key = String(code);
  return (maps.pageRoles[key]?.includes(role) ?? false) || (maps.actionRoles[key]?.includes(role) ?? false);
}

/**
 * The landing page in a given table (SPEC §4: the jobs list, else the v3 jobs list), or null when
 * the role may enter neither. A candidate only counts if it is an admin route of the table, so
 * following the redirect is always an `allow`.
 */
export function landingPathIn(table: RouteTable, maps: RoleMaps, role: string): string | null {
  for (const path of LANDING_PATHS) {
    const route = table.byPath(path);
    if (route && route.kind === 'admin' && route.path !== DASHBOARD_PATH && canEnter(maps, role, route.code)) return path;
  }
  return null;
}

/** '/admin/jobs/list' if allowed, else '/v3/admin/jobs/list' if allowed, else null. */
export function landingPath(maps: RoleMaps, role: string): string | null {
  return landingPathIn(ROUTE_TABLE, maps, role);
}

const hasParams = (path: string) => path.includes('[');

/**
 * The access decision over any route table (the property test feeds random ones).
 */
export function resolveAccessIn(table: RouteTable, maps: RoleMaps, session: Session, pathname: string): Access {
  const found = table.match(pathname);
  // SPEC §4: "with no applicable fallback, go to /errors/error404" and "an error or 404 page while
  // logged in redirects to /admin", which is the landing page: a signed-in user on a denied or
  // unknown page ends on their landing page, in ONE redirect (DESIGN §6); a user with no landing
  // page sees the 404 page in place (no loop). An anonymous visitor on an unknown path sees the 404 page.
  const lost = (): Access => {
    const landing = session ? landingPathIn(table, maps, session.role) : null;
    return landing ? { kind: 'redirect', to: landing } : { kind: 'notFound' };
  };
  if (!found) return lost();
  const { route, params } = found;
  const allow: Access = { kind: 'allow', route, params };

  if (route.kind === 'error') {
    // SPEC §4 "error page while logged in → /admin", sent straight to the landing page; a user
    // with no landing page sees the error page instead of looping (DESIGN §6).
    if (!session) return allow;
    const landing = landingPathIn(table, maps, session.role);
    return landing ? { kind: 'redirect', to: landing } : allow;
  }

  if (route.kind === 'public') {
    // SPEC §6: public routes need no role. SPEC §4: with a token, replace with /admin, which we
    // resolve here so the user gets one redirect straight to the landing page.
    if (!session) return allow;
    return { kind: 'redirect', to: landingPathIn(table, maps, session.role) ?? DASHBOARD_PATH };
  }

  // Admin routes. SPEC §4: no token → the home route.
  if (!session) return { kind: 'redirect', to: HOME_PATH };
  const { role } = session;

  // SPEC §4: /admin → the jobs list (the landing page); with no landing page, 404.
  if (route.path === DASHBOARD_PATH) {
    const landing = landingPathIn(table, maps, role);
    return landing ? { kind: 'redirect', to: landing } : { kind: 'notFound' };
  }

  if (canEnter(maps, role, route.code)) return allow;

  // SPEC §4: denied → the fallback; if that is denied too, its own fallback; a fallback of /admin
  // means the landing page. DESIGN §6: the walk ends on the first allowed route (one redirect),
  // else the 404 page. The visited set makes cyclic fallback graphs terminate.
  const visited = new Set<string>([route.path]);
  let f = route.fallback;
  while (f !== undefined && !visited.has(f)) {
    visited.add(f);
    if (f === DASHBOARD_PATH) {
      const landing = landingPathIn(table, maps, role);
      return landing ? { kind: 'redirect', to: landing } : { kind: 'notFound' };
    }
    const next = table.byPath(f);
    // A fallback applies only if it is a concrete admin page (no [param] to fill) the role may enter.
    if (next && next.kind === 'admin' && !hasParams(next.path) && canEnter(maps, role, next.code)) {
      return { kind: 'redirect', to: f };
    }
    f = next?.fallback;
  }
  // SPEC §4: no fallback applies → /errors/error404 → /admin → the landing page.
  return lost();
}

/** The access decision for a request over the real route table. */
export function resolveAccess(maps: RoleMaps, session: Session, pathname: string): Access {
  return resolveAccessIn(ROUTE_TABLE, maps, session, pathname);
}
