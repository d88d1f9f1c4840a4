import { describe, expect, it } from 'vitest';
import { ADMIN_CODES, ALL_ROUTES, AREAS, DASHBOARD_PATH, HOME_PATH, ROUTES, compileRoutes, hrefFor, matchRoute, routeByPath, type RouteDef } from './routes.ts';

/** SPEC §2, written out by hand: [path, code, fallback]. */
const SPEC_ADMIN: readonly [string, number | undefined, string | undefined][] = [
  ['/admin', undefined, undefined],
  ['/admin/jobs/list', 110001, '/admin'],
  ['/admin/jobs/add', 110003, '/admin'],
  ['/admin/jobs/[id]', 110001, '/admin'],
  // The applicant record, for each code that works applicants of a kind.
  ['/admin/candidate/[id]', 120001, undefined],
  ['/v3/admin/candidate/other/[id]', 340001, undefined],
  // Its sheet, a tab of the record (not in the spec: one printable page for the client, without contact details).
  ['/admin/candidate/[id]/sheet', 120001, undefined],
  ['/v3/admin/candidate/other/[id]/sheet', 340001, undefined],
  ['/v3/admin/jobs/list', 330001, undefined],
  ['/v3/admin/jobs/add', 330002, undefined],
  ['/v3/admin/jobs/[id]', 330002, undefined],
  ['/admin/candidate', 120001, undefined],
  ['/admin/candidate/shukkin', 120012, undefined],
  ['/admin/candidate/kakunin', 120013, undefined],
  ['/v3/admin/candidate/other', 340001, undefined],
  ['/v3/admin/candidate/daily', 120001, undefined],
  ['/v3/admin/supportChat', 420001, undefined],
  // The staff inbox (docs/inbox.md), ours: every conversation the person may answer.
  ['/admin/inbox', 120001, undefined],
  // The inbox's weekly report (docs/inbox.md), with the daily chat's code.
  ['/admin/inbox/report', 120001, undefined],
  // The inbox's canned replies (docs/inbox.md), with the same code.
  ['/admin/inbox/replies', 120001, undefined],
  ['/admin/shift', 130001, undefined],
  ['/admin/interview', 290002, undefined],
  ['/admin/salary/monthly', 140002, undefined],
  ['/admin/salary/daily', 140004, undefined],
  ['/admin/salary/quickpay', 140005, undefined],
  ['/admin/billing', 290001, undefined],
  ['/admin/worker', 160001, undefined],
  ['/admin/worker/rcCheckCandidate', 160004, undefined],
  ['/admin/users/admin', 170002, '/admin/users/company'],
  ['/admin/users/company', 170005, '/admin/users/client'],
  ['/admin/users/client', 170008, undefined],
  ['/admin/company', 180001, undefined],
  ['/admin/company/add', 180002, '/admin/company'],
  ['/admin/company/edit/[id]', 180003, '/admin/company'],
  ['/admin/company/[id]/settings', 180005, '/admin/company'],
  ['/admin/clients', 190001, undefined],
  ['/admin/clients/add', 190002, '/admin/clients'],
  ['/admin/clients/edit/[id]', 190003, '/admin/clients'],
  ['/admin/clients/[id]/settings', 190005, '/admin/clients'],
  ['/admin/staff', 150001, undefined],
  // The contact form's messages (docs/operations.md), ours: the staff registry's code, held by the platform.
  ['/admin/staff/contact', 150001, undefined],
  ['/admin/roles', 280001, undefined],
  ['/admin/system/payment', 260001, undefined],
  ['/admin/superadmin/crawler', 210001, undefined],
  ['/admin/superadmin/ads', 220001, undefined],
  ['/admin/superadmin/campaign', 230001, undefined],
  ['/v3/admin/company', 360001, undefined],
  ['/v3/admin/company/add', 360001, undefined],
  ['/v3/admin/company/[id]', 360001, undefined],
  ['/v3/admin/clients', 370001, undefined],
  ['/v3/admin/clients/add', 370001, undefined],
  ['/v3/admin/clients/[id]', 370001, undefined],
  ['/v3/admin/scout/search', 380001, undefined],
  ['/v3/admin/scout/pending', 380001, undefined],
  ['/v3/admin/scout/confirm', 380001, undefined],
  ['/v3/admin/point', 390001, undefined],
  ['/v3/admin/survey', 400001, undefined],
  ['/v3/admin/survey/add', 400001, undefined],
  ['/admin/integration', 410001, undefined],
  ['/admin/integration/romuten', 410002, undefined],
  ['/admin/templates/jobstatus', 200002, undefined],
  ['/admin/templates/candidateStatus', 200003, undefined],
  ['/admin/templates/chatbot', 200004, undefined],
  ['/admin/templates/appsettings', 200005, undefined],
  ['/admin/templates/otherchatbot', 200006, undefined],
  ['/admin/templates/mail', 200007, undefined],
  ['/admin/templates/contract', 200008, undefined],
  ['/admin/templates/billing', 200009, undefined],
  ['/admin/templates/jobindustries', 200010, undefined],
  ['/admin/templates/jobcategories', 200011, undefined],
  ['/admin/templates/terms', 200012, undefined],
  ['/admin/templates/privacy', 200013, undefined],
  ['/admin/templates/enumjobvalue', 200014, undefined],
  ['/admin/templates/enumuservalue', 200015, undefined],
];

/**
 * SPEC §2 public routes, plus the pages we add: /reset-password (the password-reset link), each
 * job's page, and the candidate's login, registration and applications and chat.
 */
const SPEC_PUBLIC = [
  '/',
  '/login',
  '/staff',
  '/download',
  '/about',
  '/faq',
  '/policy',
  '/terms',
  '/staff/contact',
  '/v3/trial',
  '/forget-password',
  '/daily',
  '/part-time',
  '/reset-password',
  '/daily/[id]',
  '/part-time/[id]',
  '/staff/login',
  '/staff/register',
  '/staff/applications',
  '/staff/chat',
  '/staff/pay',
  '/staff/points',
  '/staff/scout',
  '/staff/survey/[id]',
  '/staff/card',
  '/staff/shifts',
];
const SPEC_ERRORS = ['/errors/_error', '/errors/error401', '/errors/error404'];

const pathsOf = (kind: RouteDef['kind']) =>
  ALL_ROUTES.filter((r) => r.kind === kind)
    .map((r) => r.path)
    .sort();

describe('route table vs SPEC §2', () => {
  it('has exactly the admin routes of the spec, with their codes and fallbacks', () => {
    expect(pathsOf('admin')).toEqual(SPEC_ADMIN.map(([p]) => p).sort());
    for (const [path, code, fallback] of SPEC_ADMIN) {
      const route = routeByPath(path);
      expect(route, path).toBeDefined();
      expect({ path, kind: route!.kind, code: route!.code, fallback: route!.fallback }).toEqual({
        path,
        kind: 'admin',
        code,
        fallback,
      });
    }
  });

  it('has exactly the public and error routes of the spec', () => {
    expect(pathsOf('public')).toEqual([...SPEC_PUBLIC].sort());
    expect(pathsOf('error')).toEqual([...SPEC_ERRORS].sort());
  });

  it('has no extra and no missing admin code', () => {
    const specCodes = [...new Set(SPEC_ADMIN.flatMap(([, c]) => (c === undefined ? [] : [c])))].sort((a, b) => a - b);
    expect(ADMIN_CODES).toEqual(specCodes);
    expect(ADMIN_CODES).toHaveLength(55);
  });

  it('only admin routes carry codes; every admin route but /admin has one', () => {
    for (const r of ALL_ROUTES) {
      if (r.kind !== 'admin') expect(r.code, r.path).toBeUndefined();
      else if (r.path === DASHBOARD_PATH) expect(r.code).toBeUndefined();
      else expect(r.code, r.path).toBeTypeOf('number');
    }
  });

  it('keeps the invariants the guard relies on', () => {
    expect(routeByPath(HOME_PATH)?.kind).toBe('public');
    expect(routeByPath(DASHBOARD_PATH)?.kind).toBe('admin');
    // Fallbacks are /admin or a static admin page of the table.
    for (const r of ALL_ROUTES) {
      if (r.fallback === undefined) continue;
      const target = routeByPath(r.fallback);
      expect(target?.kind, `${r.path} → ${r.fallback}`).toBe('admin');
      expect(r.fallback).not.toContain('[');
    }
    // Paths are unique (compileRoutes would throw otherwise).
    expect(new Set(ALL_ROUTES.map((r) => r.path)).size).toBe(ALL_ROUTES.length);
  });

  it('nests child rules under their parent page', () => {
    const children = (path: string) => ROUTES.find((r) => r.path === path)?.children?.map((c) => c.path);
    expect(children('/admin/company')).toEqual(['/admin/company/add', '/admin/company/edit/[id]', '/admin/company/[id]/settings']);
    expect(children('/admin/clients')).toEqual(['/admin/clients/add', '/admin/clients/edit/[id]', '/admin/clients/[id]/settings']);
    expect(children('/v3/admin/company')).toEqual(['/v3/admin/company/add', '/v3/admin/company/[id]']);
    expect(ALL_ROUTES.length).toBe(SPEC_ADMIN.length + SPEC_PUBLIC.length + SPEC_ERRORS.length);
  });

  it('gives every route a title in both languages and every admin page an area', () => {
    const areaKeys = new Set(AREAS.map((a) => a.key));
    expect(areaKeys.size).toBe(AREAS.length);
    for (const r of ALL_ROUTES) {
      expect(r.title.ja.length, r.path).toBeGreaterThan(0);
      expect(r.title.en.length, r.path).toBeGreaterThan(0);
      if (r.kind === 'admin' && r.path !== DASHBOARD_PATH) expect(areaKeys.has(r.area!), r.path).toBe(true);
      if (r.kind !== 'admin') expect(r.sidebar ?? false, r.path).toBe(false);
    }
    // Every area has at least one sidebar link.
    for (const a of AREAS)
      expect(
        ALL_ROUTES.some((r) => r.area === a.key && r.sidebar),
        a.key,
      ).toBe(true);
  });

  it('shows static, non-"add" admin pages in the sidebar only', () => {
    const sidebar = ALL_ROUTES.filter((r) => r.sidebar).map((r) => r.path);
    expect(sidebar).toContain('/admin/jobs/list');
    expect(sidebar).toContain('/admin/templates/mail');
    expect(sidebar).not.toContain('/admin/jobs/add');
    expect(sidebar).not.toContain('/admin/company/edit/[id]');
    expect(sidebar).not.toContain('/v3/admin/company/[id]');
    expect(sidebar).not.toContain(DASHBOARD_PATH);
    for (const p of sidebar) expect(p).not.toMatch(/\[|\/add$/);
  });
});

describe('matchRoute', () => {
  it('matches static routes exactly', () => {
    expect(matchRoute('/admin/jobs/list')).toEqual({ route: routeByPath('/admin/jobs/list'), params: {} });
    expect(matchRoute('/')?.route.path).toBe('/');
    expect(matchRoute('/admin')?.route.path).toBe('/admin');
    expect(matchRoute('/admin/jobs')).toBeUndefined();
    expect(matchRoute('/admin/jobs/list/extra')).toBeUndefined();
    expect(matchRoute('/Admin/jobs/list')).toBeUndefined();
    expect(matchRoute('/nowhere')).toBeUndefined();
  });

  it('fills [param] segments with one non-empty segment, decoded', () => {
    expect(matchRoute('/admin/company/edit/42')).toEqual({ route: routeByPath('/admin/company/edit/[id]'), params: { id: '42' } });
    expect(matchRoute('/admin/clients/7/settings')).toEqual({
      route: routeByPath('/admin/clients/[id]/settings'),
      params: { id: '7' },
    });
    expect(matchRoute('/v3/admin/company/a%20b')?.params).toEqual({ id: 'a b' });
    expect(matchRoute('/admin/company/edit/')).toBeUndefined();
    expect(matchRoute('/admin/company//settings')).toBeUndefined();
    expect(matchRoute('/admin/company/edit/1/2')).toBeUndefined();
    expect(matchRoute('/admin/company/edit/%E0%A4%A')).toBeUndefined();
  });

  it('prefers static segments over params', () => {
    expect(matchRoute('/v3/admin/company/add')?.route.path).toBe('/v3/admin/company/add');
    expect(matchRoute('/v3/admin/clients/add')?.route.path).toBe('/v3/admin/clients/add');
    expect(matchRoute('/v3/admin/company/123')?.route.path).toBe('/v3/admin/company/[id]');
    // The rule holds regardless of the order of the routes.
    const table = compileRoutes([
      { path: '/a/[x]/c', kind: 'admin', title: { ja: 'x', en: 'x' } },
      { path: '/a/[x]/[y]', kind: 'admin', title: { ja: 'x', en: 'x' } },
      { path: '/a/b/[y]', kind: 'admin', title: { ja: 'x', en: 'x' } },
    ]);
    expect(table.match('/a/b/c')?.route.path).toBe('/a/b/[y]');
    expect(table.match('/a/z/c')?.route.path).toBe('/a/[x]/c');
    expect(table.match('/a/z/q')?.params).toEqual({ x: 'z', y: 'q' });
  });

  it('tolerates one trailing slash and ignores a stray query string', () => {
    expect(matchRoute('/admin/jobs/list/')?.route.path).toBe('/admin/jobs/list');
    expect(matchRoute('/v3/admin/company/9/')?.params).toEqual({ id: '9' });
    expect(matchRoute('/admin/jobs/list//')).toBeUndefined();
    expect(matchRoute('/login?next=/admin')?.route.path).toBe('/login');
    expect(matchRoute('admin/jobs/list')).toBeUndefined();
  });

  it('rejects duplicate patterns', () => {
    const r: RouteDef = { path: '/a', kind: 'public', title: { ja: 'a', en: 'a' } };
    expect(() => compileRoutes([r, r])).toThrow(/duplicate/);
  });
});

describe('hrefFor', () => {
  it('fills params with encodeURIComponent', () => {
    expect(hrefFor('/admin/company/edit/[id]', { id: '42' })).toBe('/admin/company/edit/42');
    expect(hrefFor('/admin/company/[id]/settings', { id: 'a/b c' })).toBe('/admin/company/a%2Fb%20c/settings');
    expect(hrefFor('/admin/jobs/list')).toBe('/admin/jobs/list');
  });

  it('round-trips through matchRoute', () => {
    for (const r of ALL_ROUTES) {
      const href = hrefFor(r.path, { id: 'x/y?z' });
      expect(matchRoute(href), r.path).toEqual({ route: r, params: r.path.includes('[id]') ? { id: 'x/y?z' } : {} });
    }
  });

  it('throws on a missing param', () => {
    expect(() => hrefFor('/admin/company/edit/[id]')).toThrow(/missing param "id"/);
  });
});
