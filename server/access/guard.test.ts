import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLE_CODES, ROLE_NAMES, SUPERADMIN_ONLY_CODES, defaultPageRoles, type RoleMaps } from '../auth/default-roles.ts';
import { canEnter, landingPath, resolveAccess, resolveAccessIn, type Access, type Session } from './guard.ts';
import { ADMIN_CODES, ALL_ROUTES, ROUTE_TABLE, compileRoutes, hrefFor, routeByPath, type RouteDef, type RouteTable } from './routes.ts';

const MAPS: RoleMaps = { pageRoles: defaultPageRoles([...ADMIN_CODES]), actionRoles: {} };
const as = (role: string): Session => ({ role });

/** Page codes per role, straight from DESIGN §5. 'candidate' and an unknown role have none. */
const ROLE_CODES: Record<string, readonly number[]> = {
  superadmin: ADMIN_CODES,
  admin: ADMIN_CODES.filter((c) => !SUPERADMIN_ONLY_CODES.includes(c)),
  ...DEFAULT_ROLE_CODES,
  candidate: [],
  nobody: [],
};

/**
 * The expected decision, computed from the role's code list alone (SPEC §4, DESIGN §6), written
 * as a plain recursion over the table's fallbacks (the real table has no fallback cycles).
 */
function expected(role: string | null, route: RouteDef, params: Record<string, string>): Access {
  const allow: Access = { kind: 'allow', route, params };
  if (role === null) return route.kind === 'admin' ? { kind: 'redirect', to: '/' } : allow;
  const codes = ROLE_CODES[role]!;
  const may = (code: number | undefined) => code === undefined || codes.includes(code);
  const landing = may(110001) ? '/admin/jobs/list' : may(330001) ? '/v3/admin/jobs/list' : null;
  const toLanding = (otherwise: Access): Access => (landing ? { kind: 'redirect', to: landing } : otherwise);

  if (route.kind === 'error') return toLanding(allow);
  if (route.kind === 'public') return toLanding({ kind: 'redirect', to: '/admin' });
  if (route.path === '/admin') return toLanding({ kind: 'notFound' });
  if (may(route.code)) return allow;
  const walk = (fallback: string | undefined): Access => {
    // SPEC §4: no applicable fallback → /errors/error404, which sends a signed-in user to /admin.
    if (fallback === undefined) return toLanding({ kind: 'notFound' });
    if (fallback === '/admin') return toLanding({ kind: 'notFound' });
    const target = routeByPath(fallback)!;
    return may(target.code) ? { kind: 'redirect', to: fallback } : walk(target.fallback);
  };
  return walk(route.fallback);
}

const ROLES_UNDER_TEST: (string | null)[] = [null, ...ROLE_NAMES, 'candidate', 'nobody'];

describe('canEnter (SPEC §6)', () => {
  it('needs no role without a code', () => {
    expect(canEnter({ pageRoles: {}, actionRoles: {} }, 'nobody', undefined)).toBe(true);
  });

  it('accepts a role in either map', () => {
    const maps: RoleMaps = { pageRoles: { '1': ['a'] }, actionRoles: { '2': ['b'] } };
    expect(canEnter(maps, 'a', 1)).toBe(true);
    expect(canEnter(maps, 'b', 2)).toBe(true);
    expect(canEnter(maps, 'a', 2)).toBe(false);
    expect(canEnter(maps, 'b', 1)).toBe(false);
    expect(canEnter(maps, 'a', 3)).toBe(false);
  });
});

describe('landingPath', () => {
  it.each([
    ['superadmin', '/admin/jobs/list'],
    ['admin', '/admin/jobs/list'],
    ['company_admin', '/admin/jobs/list'],
    ['company_staff', '/admin/jobs/list'],
    ['client_admin', '/v3/admin/jobs/list'],
    ['client_staff', '/v3/admin/jobs/list'],
    ['candidate', null],
  ])('%s → %s', (role, landing) => {
    expect(landingPath(MAPS, role)).toBe(landing);
  });
});

describe('resolveAccess: named cases', () => {
  const route = (path: string) => routeByPath(path)!;
  it.each<[string, string | null, string, Access]>([
    ['company_staff on billing', 'company_staff', '/admin/billing', { kind: 'redirect', to: '/admin/jobs/list' }],
    ['client_admin on the jobs list', 'client_admin', '/admin/jobs/list', { kind: 'redirect', to: '/v3/admin/jobs/list' }],
    ['client_admin on add job', 'client_admin', '/admin/jobs/add', { kind: 'redirect', to: '/v3/admin/jobs/list' }],
    ['candidate on the jobs list', 'candidate', '/admin/jobs/list', { kind: 'notFound' }],
    ['admin on admin users', 'admin', '/admin/users/admin', { kind: 'allow', route: route('/admin/users/admin'), params: {} }],
    ['company_admin on admin users', 'company_admin', '/admin/users/admin', { kind: 'redirect', to: '/admin/users/company' }],
    ['client_admin on admin users (two fallbacks, one redirect)', 'client_admin', '/admin/users/admin', { kind: 'redirect', to: '/admin/users/client' }],
    ['client_staff on admin users', 'client_staff', '/admin/users/admin', { kind: 'redirect', to: '/v3/admin/jobs/list' }],
    ['company_staff on company edit (fallback denied too)', 'company_staff', '/admin/company/edit/5', { kind: 'redirect', to: '/admin/jobs/list' }],
    ['company_admin on company settings → company list denied, no further fallback', 'company_admin', '/admin/company/5/settings', { kind: 'redirect', to: '/admin/jobs/list' }],
    ['admin on company edit', 'admin', '/admin/company/edit/5', { kind: 'allow', route: route('/admin/company/edit/[id]'), params: { id: '5' } }],
    ['admin on roles (superadmin only)', 'admin', '/admin/roles', { kind: 'redirect', to: '/admin/jobs/list' }],
    ['superadmin on roles', 'superadmin', '/admin/roles/', { kind: 'allow', route: route('/admin/roles'), params: {} }],
    ['anonymous on an admin route', null, '/admin/jobs/list', { kind: 'redirect', to: '/' }],
    ['anonymous on the dashboard', null, '/admin', { kind: 'redirect', to: '/' }],
    ['anonymous on a public route', null, '/login', { kind: 'allow', route: route('/login'), params: {} }],
    ['anonymous on an error page', null, '/errors/error404', { kind: 'allow', route: route('/errors/error404'), params: {} }],
    ['logged in on /login', 'company_admin', '/login', { kind: 'redirect', to: '/admin/jobs/list' }],
    ['client on the home page', 'client_staff', '/', { kind: 'redirect', to: '/v3/admin/jobs/list' }],
    ['no landing page on a public route', 'candidate', '/daily', { kind: 'redirect', to: '/admin' }],
    ['no landing page on the dashboard', 'candidate', '/admin', { kind: 'notFound' }],
    ['dashboard', 'admin', '/admin', { kind: 'redirect', to: '/admin/jobs/list' }],
    ['error page while logged in', 'client_admin', '/errors/_error', { kind: 'redirect', to: '/v3/admin/jobs/list' }],
    ['error page, no landing page: no loop', 'candidate', '/errors/error401', { kind: 'allow', route: route('/errors/error401'), params: {} }],
    ['unknown path, anonymous', null, '/admin/nope', { kind: 'notFound' }],
    ['unknown path, logged in', 'superadmin', '/nope', { kind: 'redirect', to: '/admin/jobs/list' }],
    ['unknown admin path, client', 'client_staff', '/admin/nope', { kind: 'redirect', to: '/v3/admin/jobs/list' }],
    ['unknown path, no landing page', 'candidate', '/nope', { kind: 'notFound' }],
  ])('%s', (_name, role, pathname, access) => {
    expect(resolveAccess(MAPS, role === null ? null : as(role), pathname)).toEqual(access);
  });
});

describe('resolveAccess: every route × every default role', () => {
  for (const role of ROLES_UNDER_TEST) {
    it(`${role ?? 'anonymous'}`, () => {
      for (const route of ALL_ROUTES) {
        const params: Record<string, string> = route.path.includes('[id]') ? { id: '42' } : {};
        const href = hrefFor(route.path, params);
        const want = expected(role, route, params);
        const session = role === null ? null : as(role);
        expect(resolveAccess(MAPS, session, href), `${role} ${href}`).toEqual(want);
        if (href !== '/') expect(resolveAccess(MAPS, session, `${href}/`), `${role} ${href}/`).toEqual(want);
      }
    });
  }
});

describe('resolveAccess: action roles grant access too (SPEC §6)', () => {
  it('opens a page through the action-role map alone', () => {
    const maps: RoleMaps = { pageRoles: MAPS.pageRoles, actionRoles: { '290001': ['client_staff'] } };
    expect(resolveAccess(maps, as('client_staff'), '/admin/billing').kind).toBe('allow');
    expect(resolveAccess(MAPS, as('client_staff'), '/admin/billing')).toEqual({ kind: 'redirect', to: '/v3/admin/jobs/list' });
  });

  it('changes the landing page and the fallbacks', () => {
    const maps: RoleMaps = { pageRoles: MAPS.pageRoles, actionRoles: { '110001': ['client_admin'], '170005': ['client_staff'] } };
    expect(landingPath(maps, 'client_admin')).toBe('/admin/jobs/list');
    expect(resolveAccess(maps, as('client_admin'), '/admin/jobs/add')).toEqual({ kind: 'redirect', to: '/admin/jobs/list' });
    expect(resolveAccess(maps, as('client_admin'), '/login')).toEqual({ kind: 'redirect', to: '/admin/jobs/list' });
    expect(resolveAccess(maps, as('client_staff'), '/admin/users/admin')).toEqual({ kind: 'redirect', to: '/admin/users/company' });
  });

  it('works with empty page roles', () => {
    const maps: RoleMaps = { pageRoles: {}, actionRoles: { '330001': ['x'] } };
    expect(resolveAccess(maps, as('x'), '/admin')).toEqual({ kind: 'redirect', to: '/v3/admin/jobs/list' });
    expect(resolveAccess(maps, as('y'), '/admin')).toEqual({ kind: 'notFound' });
  });
});

// ---------------------------------------------------------------------------------------------
// Properties (DESIGN §6): total, terminating, one redirect at most.

const POOL = ['/admin/jobs/list', '/v3/admin/jobs/list', '/admin/a', '/admin/b', '/admin/c', '/admin/d/[id]', '/admin/d/new', '/v3/e', '/login', '/errors/x', '/p/[id]'];
const CODES = [1, 2, 3, 4, 5];
const ROLES = ['r1', 'r2', 'r3'];
const title = { ja: 't', en: 't' };

const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });

/**
 * A random table: any subset of POOL with random kinds, codes and fallbacks (to any pool path
 * including itself, to /admin, to a missing path), plus the two fixed points of every table:
 * '/' is public and '/admin' is the admin dashboard (both possibly absent).
 */
const tableArb = fc
  .tuple(
    fc.tuple(
      ...POOL.map((path) =>
        optional(
          fc.record({
            kind: fc.constantFrom<RouteDef['kind']>('admin', 'admin', 'public', 'error'),
            code: optional(fc.constantFrom(...CODES)),
            fallback: optional(fc.constantFrom(...POOL, '/admin', '/missing', '/')),
          }),
        ).map((spec): RouteDef | undefined => spec && { path, title, ...spec }),
      ),
    ),
    fc.boolean(),
    fc.boolean(),
  )
  .map(([routes, home, dashboard]) => {
    const list = routes.filter((r): r is RouteDef => r !== undefined);
    if (home) list.push({ path: '/', kind: 'public', title });
    if (dashboard) list.push({ path: '/admin', kind: 'admin', title });
    return list;
  });

const roleMapArb = (codes: readonly number[], roles: readonly string[]) =>
  fc.record(Object.fromEntries(codes.map((c) => [String(c), fc.subarray([...roles])])), { requiredKeys: [] }) as fc.Arbitrary<Record<string, string[]>>;

const sessionArb = (roles: readonly string[]) =>
  fc.option(
    fc.constantFrom(...roles, 'other').map((role) => ({ role })),
    { nil: null },
  );

const pathnameArb = (paths: readonly string[]) =>
  fc.tuple(fc.constantFrom(...paths, '/', '/admin', '/nowhere'), fc.boolean()).map(([p, slash]) => hrefFor(p, { id: 'z' }) + (slash && p !== '/' ? '/' : ''));

/**
 * Wraps a table so that a guard that never stops fails fast instead of hanging the run: a
 * terminating walk looks up each fallback at most once (plus the landing pages).
 */
function bounded(table: RouteTable): RouteTable {
  let lookups = 0;
  return {
    match: (pathname) => table.match(pathname),
    byPath(path) {
      if (++lookups > 100) throw new Error('the guard does not terminate');
      return table.byPath(path);
    },
  };
}

function checkOneRedirect(table: RouteTable, maps: RoleMaps, session: Session, pathname: string): void {
  const access = resolveAccessIn(bounded(table), maps, session, pathname);
  expect(['allow', 'redirect', 'notFound']).toContain(access.kind);
  if (access.kind === 'allow') {
    expect(access.route).toBe(table.match(pathname)?.route);
    if (session && access.route.kind === 'admin') expect(canEnter(maps, session.role, access.route.code)).toBe(true);
  }
  if (access.kind !== 'redirect') return;
  expect(access.to).not.toBe(pathname);
  expect(access.to).not.toBe(pathname.replace(/(.)\/$/, '$1'));
  // Never a chain: the target does not redirect again; an admin page target is simply allowed.
  const next = resolveAccessIn(bounded(table), maps, session, access.to);
  expect(next.kind).not.toBe('redirect');
  const target = table.match(access.to)?.route;
  if (target?.kind === 'admin' && target.path !== '/admin') expect(next.kind).toBe('allow');
}

describe('resolveAccessIn properties', () => {
  it('random tables with cyclic fallbacks: terminates, one redirect at most', () => {
    fc.assert(
      fc.property(tableArb, roleMapArb(CODES, ROLES), roleMapArb(CODES, ROLES), sessionArb(ROLES), pathnameArb(POOL), (routes, pageRoles, actionRoles, session, pathname) => {
        checkOneRedirect(compileRoutes(routes), { pageRoles, actionRoles }, session, pathname);
      }),
      { numRuns: 3000 },
    );
  });

  it('the real table with random role maps: one redirect at most', () => {
    const roles = [...ROLE_NAMES];
    fc.assert(
      fc.property(roleMapArb(ADMIN_CODES, roles), roleMapArb(ADMIN_CODES, roles), sessionArb(roles), pathnameArb(ALL_ROUTES.map((r) => r.path)), (pageRoles, actionRoles, session, pathname) => {
        checkOneRedirect(ROUTE_TABLE, { pageRoles, actionRoles }, session, pathname);
      }),
      { numRuns: 2000 },
    );
  });
});
