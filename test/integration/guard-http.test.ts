/**
 * The guard over real HTTP (SPEC §2, §4, §6, §8; DESIGN §5, §6; docs/access.md): every route of the
 * route table, for each demo login and for an anonymous visitor, answers as the rules dictate.
 *
 * The expected answers are computed here from DESIGN §5's code lists and the route table's codes
 * and fallbacks, independently of server/access/guard.ts (which this file does not import).
 *
 * Requests go through supertest against the Express app of createApp(), which the test never
 * starts listening: the whole middleware chain (session, guard, pages, errors) with no port of
 * ours and no sockets.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoleMaps } from '../../server/auth/default-roles.ts';
import { loadRoleMaps, saveRoleMaps } from '../../server/modules/roles/role-maps.ts';
import { ALL_ROUTES, hrefFor, routeByPath, type RouteDef } from '../../server/access/routes.ts';
import { SCREENS } from '../../server/web/screens/index.ts';
import { loginHolds } from '../helpers/codes.ts';
import { companyOf } from '../helpers/demo-data.ts';
import { createTestApp, type BuiltTestApp } from '../helpers/app.ts';
import { escapeHtml } from '../helpers/pages.ts';
import { eventually } from '../helpers/wait.ts';

const SCREEN_PATHS = new Set(SCREENS.map((s) => s.path));

// ---------------------------------------------------------------------------------------------
// The model: who may enter what, from DESIGN §5 alone (test/helpers/codes.ts; company2 is the admin of the second demo company).

const LOGINS = ['superadmin', 'admin', 'company_admin', 'company_staff', 'client_admin', 'client_staff', 'company2'] as const;
type Login = (typeof LOGINS)[number];
type Caller = Login | 'anonymous';
const CALLERS: readonly Caller[] = ['anonymous', ...LOGINS];

const ID = '00000000-0000-0000-0000-000000000001';
const NOT_FOUND_TITLE = 'ページが見つかりません';
const ERROR_STATUS: Record<string, number> = { '/errors/error404': 404, '/errors/error401': 401, '/errors/_error': 500 };

type Expected = { kind: 'page'; status: number; title: string } | { kind: 'redirect'; to: string } | { kind: 'notFound' };

function mayEnter(login: Login, code: number | undefined): boolean {
  return code === undefined || loginHolds(login, code);
}

/** The landing page (SPEC §4): the jobs list, else the v3 jobs list, else none. */
function landingOf(login: Login): string | null {
  if (mayEnter(login, 110001)) return '/admin/jobs/list';
  if (mayEnter(login, 330001)) return '/v3/admin/jobs/list';
  return null;
}

/** The answer for one caller on one route, from docs/access.md's table. */
function expectedFor(caller: Caller, route: RouteDef): Expected {
  const page = (): Expected => {
    if (route.kind === 'error') return { kind: 'page', status: ERROR_STATUS[route.path]!, title: route.title.ja };
    if (route.kind === 'admin') {
      // Built screens answer 200; a record screen asked for an id that does not exist says so (404,
      // its own title, not the guard's); screens not built yet answer 501.
      if (!SCREEN_PATHS.has(route.path)) return { kind: 'page', status: 501, title: route.title.ja };
      if (route.path.includes('[')) return { kind: 'page', status: 404, title: 'データが見つかりません' };
      return { kind: 'page', status: 200, title: route.title.ja };
    }
    // /reset-password without a valid token is the "link expired" page (HTTP 410 Gone).
    if (route.path === '/reset-password') return { kind: 'page', status: 410, title: route.title.ja };
    // A survey sent to a candidate asks a visitor to log in first.
    if (route.path === '/staff/survey/[id]') return { kind: 'redirect', to: `/staff/login?next=${encodeURIComponent(hrefFor(route.path, { id: ID }))}` };
    // A job page for an id that does not exist says so.
    if (route.path.includes('[')) return { kind: 'page', status: 404, title: 'データが見つかりません' };
    // The candidate's own pages ask a visitor to log in first.
    if (
      route.path === '/staff/applications' ||
      route.path === '/staff/chat' ||
      route.path === '/staff/pay' ||
      route.path === '/staff/points' ||
      route.path === '/staff/scout' ||
      route.path === '/staff/card' ||
      route.path === '/staff/shifts'
    )
      return { kind: 'redirect', to: `/staff/login?next=${encodeURIComponent(route.path)}` };
    return { kind: 'page', status: 200, title: route.title.ja };
  };
  if (caller === 'anonymous') return route.kind === 'admin' ? { kind: 'redirect', to: '/' } : page();

  const landing = landingOf(caller);
  const toLanding = (otherwise: Expected): Expected => (landing ? { kind: 'redirect', to: landing } : otherwise);
  if (route.kind === 'public') return toLanding({ kind: 'redirect', to: '/admin' });
  if (route.kind === 'error') return toLanding(page());
  if (route.path === '/admin') return toLanding({ kind: 'notFound' });
  if (mayEnter(caller, route.code)) return page();

  // Walk the fallbacks; the real table has no cycles, but guard against one anyway.
  const seen = new Set<string>();
  let fallback = route.fallback;
  while (fallback !== undefined && !seen.has(fallback)) {
    seen.add(fallback);
    if (fallback === '/admin') return toLanding({ kind: 'notFound' });
    const target = routeByPath(fallback)!;
    if (mayEnter(caller, target.code)) return { kind: 'redirect', to: fallback };
    fallback = target.fallback;
  }
  // SPEC §4: no fallback → /errors/error404, which sends a signed-in user on to /admin (the landing page).
  return toLanding({ kind: 'notFound' });
}

function describeExpected(caller: Caller, e: Expected): string {
  const who = caller === 'anonymous' ? 'an anonymous visitor' : caller;
  switch (e.kind) {
    case 'page':
      return `shows ${who} the page (${e.status})`;
    case 'redirect':
      return `sends ${who} to ${e.to} in one redirect`;
    case 'notFound':
      return `shows ${who} the 404 page`;
  }
}

const hrefOf = (route: RouteDef) => hrefFor(route.path, { id: ID });

// ---------------------------------------------------------------------------------------------
// HTTP

let t: BuiltTestApp;

interface Answer {
  status: number;
  location: string | null;
  body: string;
}

async function get(path: string, caller: Caller, headers: Record<string, string> = {}): Promise<Answer> {
  const token = caller === 'anonymous' ? undefined : await t.tokenOf(caller);
  const res = await t
    .request()
    .get(path)
    .set({ ...(token ? { cookie: `token=${token}` } : {}), ...headers })
    .redirects(0);
  return { status: res.status, location: (res.headers.location as string | undefined) ?? null, body: res.text };
}

async function inChunks<T, R>(items: readonly T[], size: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(fn))));
  return out;
}

function expectAnswer(a: Answer, e: Expected, requested: string) {
  switch (e.kind) {
    case 'page':
      expect(a.status).toBe(e.status);
      expect(a.location).toBeNull();
      expect(a.body).toContain(escapeHtml(e.title));
      break;
    case 'redirect':
      expect(a.status).toBe(302);
      expect(a.location).toBe(e.to);
      break;
    case 'notFound':
      expect(a.status).toBe(404);
      expect(a.location).toBeNull();
      expect(a.body).toContain(NOT_FOUND_TITLE);
      break;
  }
  // Never a redirect to the URL that was asked for.
  if (a.location !== null) {
    expect(a.location).not.toBe(requested);
    expect(a.location).not.toBe(requested.replace(/\/$/, ''));
  }
}

// Every (caller, route) answer, plus the answer to following each redirect once, fetched up front.
const answers = new Map<string, Answer>();
const followed = new Map<string, Answer>();
const key = (caller: Caller, path: string) => `${caller} ${path}`;

beforeAll(async () => {
  t = await createTestApp();
  for (const login of LOGINS) await t.tokenOf(login);

  const pairs = CALLERS.flatMap((caller) => ALL_ROUTES.map((route) => ({ caller, path: hrefOf(route) })));
  await inChunks(pairs, 16, async ({ caller, path }) => {
    answers.set(key(caller, path), await get(path, caller));
  });
  const redirects = pairs.filter(({ caller, path }) => answers.get(key(caller, path))!.location !== null);
  await inChunks(redirects, 16, async ({ caller, path }) => {
    followed.set(key(caller, path), await get(answers.get(key(caller, path))!.location!, caller));
  });
  // Every page of the table is a real screen now (no cheap 501s): rendering them all for every login takes a while.
}, 240_000);
afterAll(async () => t?.close());

// ---------------------------------------------------------------------------------------------
// Every route × every caller

describe('every route of SPEC §2 for every demo login and anonymous visitors', () => {
  it('covers the whole route table', () => {
    expect(ALL_ROUTES.length).toBeGreaterThanOrEqual(80);
    expect(answers.size).toBe(ALL_ROUTES.length * CALLERS.length);
  });

  for (const route of ALL_ROUTES) {
    const path = hrefOf(route);
    describe(`GET ${path}`, () => {
      for (const caller of CALLERS) {
        const e = expectedFor(caller, route);
        it(describeExpected(caller, e), () => {
          const a = answers.get(key(caller, path))!;
          expectAnswer(a, e, path);
          if (e.kind === 'redirect') {
            // No chains: the target answers without redirecting again.
            const next = followed.get(key(caller, path))!;
            expect(next.status >= 300 && next.status < 400, `${caller}: ${path} → ${a.location} → ${next.location}`).toBe(false);
            expect(next.location).toBeNull();
          }
        });
      }
    });
  }

  it('never chains redirects for any (caller, route) pair', () => {
    const chains = [...followed.entries()].filter(([, next]) => next.status >= 300 && next.status < 400).map(([k, next]) => `${k} → … → ${next.location}`);
    expect(chains).toEqual([]);
    expect(followed.size).toBeGreaterThan(0);
  });
});

// ---------------------------------------------------------------------------------------------
// Named cases, written out by hand

describe('GET /admin/users/admin', () => {
  it('shows an admin the page with its Japanese title', async () => {
    const a = await get('/admin/users/admin', 'admin');
    expect(a.status).toBe(200);
    expect(a.body).toContain('管理者ユーザー');
  });

  it.each<[who: string, to: string, login: Login]>([
    ['a company admin', '/admin/users/company', 'company_admin'],
    ['a client admin', '/admin/users/client', 'client_admin'],
  ])('sends %s to %s in one redirect', async (_who, to, login) => {
    const a = await get('/admin/users/admin', login);
    expect(a.status).toBe(302);
    expect(a.location).toBe(to);
    expect((await get(a.location!, login)).status).toBe(200);
  });

  it('sends a client staff member to the landing page (no fallback in the chain is allowed: SPEC §4 error404 → /admin)', async () => {
    expect(await get('/admin/users/admin', 'client_staff')).toMatchObject({ status: 302, location: '/v3/admin/jobs/list' });
  });
});

describe('GET /admin/billing', () => {
  it('sends a company staff member to the landing page (no fallback: SPEC §4 error404 → /admin)', async () => {
    const a = await get('/admin/billing', 'company_staff');
    expect(a).toMatchObject({ status: 302, location: '/admin/jobs/list' });
    expect((await get(a.location!, 'company_staff')).status).toBe(200);
  });

  it('shows a client admin the page titled 請求管理', async () => {
    const a = await get('/admin/billing', 'client_admin');
    expect(a.status).toBe(200);
    expect(a.body).toContain('請求管理');
  });

  it('sends an anonymous visitor home', async () => {
    const a = await get('/admin/billing', 'anonymous');
    expect(a.status).toBe(302);
    expect(a.location).toBe('/');
  });
});

describe('GET /admin/jobs/list', () => {
  it('sends a client admin to /v3/admin/jobs/list (fallback /admin means the landing page)', async () => {
    const a = await get('/admin/jobs/list', 'client_admin');
    expect(a.status).toBe(302);
    expect(a.location).toBe('/v3/admin/jobs/list');
    expect((await get('/v3/admin/jobs/list', 'client_admin')).status).toBe(200);
  });

  it('shows a company staff member the page (200) titled アルバイト求人', async () => {
    const a = await get('/admin/jobs/list', 'company_staff');
    expect(a.status).toBe(200);
    expect(a.body).toContain('アルバイト求人');
  });

  it('works the same with a trailing slash', async () => {
    expect(await get('/admin/jobs/list/', 'client_admin')).toMatchObject({ status: 302, location: '/v3/admin/jobs/list' });
    const allowed = await get('/admin/jobs/list/', 'company_admin');
    expect(allowed.status).toBe(200);
    expect(allowed.body).toContain('アルバイト求人');
    expect(await get('/admin/jobs/list/', 'anonymous')).toMatchObject({ status: 302, location: '/' });
  });

  it('ignores the query string', async () => {
    expect(await get('/admin/jobs/list?page=2&sort=desc', 'client_admin')).toMatchObject({ status: 302, location: '/v3/admin/jobs/list' });
    expect((await get('/admin/jobs/list?page=2', 'company_staff')).status).toBe(200);
    expect(await get('/admin/jobs/list?token=x', 'anonymous')).toMatchObject({ status: 302, location: '/' });
    expect(await get('/admin/billing?as=client_admin', 'company_staff')).toMatchObject({ status: 302, location: '/admin/jobs/list' });
    expect(await get('/about?stay=1', 'company_staff')).toMatchObject({ status: 302, location: '/admin/jobs/list' });
  });
});

describe('GET /admin/jobs/add', () => {
  it('sends a client admin to /v3/admin/jobs/list (the landing page)', async () => {
    expect(await get('/admin/jobs/add', 'client_admin')).toMatchObject({ status: 302, location: '/v3/admin/jobs/list' });
  });
});

describe('GET /v3/admin/jobs/add', () => {
  it('sends a client staff member to the landing page (a child rule with no fallback of its own)', async () => {
    expect(await get('/v3/admin/jobs/add', 'client_staff')).toMatchObject({ status: 302, location: '/v3/admin/jobs/list' });
  });
});

describe('GET /admin/company/edit/[id]', () => {
  it('sends an anonymous visitor on /admin/company/edit/x to /', async () => {
    expect(await get('/admin/company/edit/x', 'anonymous')).toMatchObject({ status: 302, location: '/' });
  });

  it('lets an admin in: an unknown id gets the record-not-found page, a real one the edit form', async () => {
    const a = await get(`/admin/company/edit/${ID}`, 'admin');
    expect(a.status).toBe(404);
    expect(a.body).toContain('データが見つかりません');
    expect(a.body).not.toContain(NOT_FOUND_TITLE);
    const company = await t.database.db.selectFrom('companies').select('id').orderBy('name').executeTakeFirstOrThrow();
    const b = await get(`/admin/company/edit/${company.id}`, 'admin');
    expect(b.status).toBe(200);
    expect(b.body).toContain('企業の編集');
  });

  it('sends a company admin to the landing page (neither the page nor its fallback /admin/company is allowed)', async () => {
    expect(await get(`/admin/company/edit/${ID}`, 'company_admin')).toMatchObject({ status: 302, location: '/admin/jobs/list' });
  });
});

describe('GET /admin/clients/edit/[id]', () => {
  it("lets a company admin in to its own client's edit form, and not to another company's", async () => {
    const companyId = await companyOf(t, 'company@demo.test');
    const own = await t.database.db.selectFrom('clients').select('id').where('company_id', '=', companyId).executeTakeFirstOrThrow();
    const other = await t.database.db.selectFrom('clients').select('id').where('company_id', '!=', companyId).executeTakeFirstOrThrow();
    expect((await get(`/admin/clients/edit/${own.id}`, 'company_admin')).status).toBe(200);
    const denied = await get(`/admin/clients/edit/${other.id}`, 'company_admin');
    expect(denied.status).toBe(404);
    expect(denied.body).toContain('データが見つかりません');
  });

  it('sends a company staff member to the landing page (/admin/clients is not allowed either)', async () => {
    expect(await get(`/admin/clients/edit/${ID}`, 'company_staff')).toMatchObject({ status: 302, location: '/admin/jobs/list' });
  });
});

describe('GET /admin', () => {
  it('sends an anonymous visitor home', async () => {
    expect(await get('/admin', 'anonymous')).toMatchObject({ status: 302, location: '/' });
  });

  it('sends a company staff member to /admin/jobs/list and a client staff member to /v3/admin/jobs/list', async () => {
    expect(await get('/admin', 'company_staff')).toMatchObject({ status: 302, location: '/admin/jobs/list' });
    expect(await get('/admin', 'client_staff')).toMatchObject({ status: 302, location: '/v3/admin/jobs/list' });
  });
});

describe('public routes', () => {
  it('shows an anonymous visitor the home page and the login form (200)', async () => {
    expect((await get('/', 'anonymous')).status).toBe(200);
    const login = await get('/login', 'anonymous');
    expect(login.status).toBe(200);
    expect(login.body).toContain('ログイン');
  });

  it('sends a signed-in user straight to the landing page, not via /admin', async () => {
    expect(await get('/', 'admin')).toMatchObject({ status: 302, location: '/admin/jobs/list' });
    expect(await get('/daily', 'client_staff')).toMatchObject({ status: 302, location: '/v3/admin/jobs/list' });
    expect(await get('/login', 'client_admin')).toMatchObject({ status: 302, location: '/v3/admin/jobs/list' });
  });
});

describe('error pages', () => {
  it.each([
    ['/errors/error404', 404, NOT_FOUND_TITLE],
    ['/errors/error401', 401, 'ログインが必要です'],
    ['/errors/_error', 500, 'エラーが発生しました'],
  ])('shows an anonymous visitor %s with status %i', async (path, status, title) => {
    const a = await get(path, 'anonymous');
    expect(a.status).toBe(status);
    expect(a.body).toContain(title);
  });

  it('sends a signed-in user on /errors/error404 to the landing page', async () => {
    expect(await get('/errors/error404', 'company_admin')).toMatchObject({ status: 302, location: '/admin/jobs/list' });
    expect(await get('/errors/error404', 'client_staff')).toMatchObject({ status: 302, location: '/v3/admin/jobs/list' });
  });
});

describe('unknown paths', () => {
  it('answers /no/such/page with the 404 page for an anonymous visitor and sends a signed-in user to the landing page (SPEC §4)', async () => {
    for (const caller of CALLERS) {
      const a = await get('/no/such/page', caller);
      if (caller === 'anonymous') {
        expect(a.status, caller).toBe(404);
        expect(a.location, caller).toBeNull();
        expect(a.body, caller).toContain(NOT_FOUND_TITLE);
      } else {
        expect(a, caller).toMatchObject({ status: 302, location: landingOf(caller) });
      }
    }
  });

  it('answers an unknown path under /admin with 404 for anonymous visitors, the landing page for a signed-in user', async () => {
    expect((await get('/admin/no-such-page', 'anonymous')).status).toBe(404);
    expect(await get('/admin/no-such-page', 'superadmin')).toMatchObject({ status: 302, location: '/admin/jobs/list' });
    expect(await get('/admin/company/edit', 'client_staff')).toMatchObject({ status: 302, location: '/v3/admin/jobs/list' });
  });
});

// ---------------------------------------------------------------------------------------------
// Sidebar

const SIDEBAR_ROUTES = ALL_ROUTES.filter((r) => r.sidebar === true);
/** What the sidebar may link to: sidebar routes with a screen (a link never leads to the 501 page). */
const LINKED_ROUTES = SIDEBAR_ROUTES.filter((r) => SCREEN_PATHS.has(r.path));

function sidebarHrefs(html: string): Set<string> {
  const nav = /<nav class="sidebar"[^>]*>([\s\S]*?)<\/nav>/.exec(html);
  if (!nav) throw new Error('no sidebar in the page');
  // Page links only: the phone menu's "close" link points into the page (#main).
  return new Set([...nav[1]!.matchAll(/href="([^"#][^"]*)"/g)].map((m) => m[1]!));
}

describe('the sidebar on the landing page', () => {
  it('lists only admin pages without params', () => {
    expect(SIDEBAR_ROUTES.length).toBeGreaterThan(40);
    for (const r of SIDEBAR_ROUTES) {
      expect(r.kind).toBe('admin');
      expect(r.path).not.toContain('[');
    }
  });

  for (const login of LOGINS) {
    it(`links ${login} to every sidebar page it may enter and to none it may not`, async () => {
      const landing = landingOf(login)!;
      const a = await get(landing, login);
      // The landing pages are the jobs lists, the first pages a role lands on.
      expect(a.status).toBe(200);
      const hrefs = sidebarHrefs(a.body);
      const allowed = LINKED_ROUTES.filter((r) => mayEnter(login, r.code)).map((r) => r.path);
      const denied = SIDEBAR_ROUTES.filter((r) => !mayEnter(login, r.code) || !SCREEN_PATHS.has(r.path)).map((r) => r.path);
      expect(
        allowed.filter((p) => !hrefs.has(p)),
        'missing links',
      ).toEqual([]);
      expect(
        denied.filter((p) => hrefs.has(p)),
        'links to pages it may not enter',
      ).toEqual([]);
      expect([...hrefs].sort()).toEqual([...allowed].sort());
    });
  }

  it('shows a client staff member its pages that exist (shifts and workers come with their screens)', async () => {
    const hrefs = sidebarHrefs((await get('/v3/admin/jobs/list', 'client_staff')).body);
    expect([...hrefs].sort()).toEqual(['/admin/shift', '/admin/worker', '/v3/admin/jobs/list'].filter((p) => SCREEN_PATHS.has(p)));
    expect(hrefs.has('/v3/admin/jobs/list')).toBe(true);
  });

  it('never links to a page that answers 501', async () => {
    const hrefs = sidebarHrefs((await get('/admin/jobs/list', 'superadmin')).body);
    for (const href of hrefs) expect((await get(href, 'superadmin')).status, href).not.toBe(501);
  });
});

// ---------------------------------------------------------------------------------------------
// Role-map changes (SPEC §6, DESIGN §5: the next request sees them)

describe('role-map changes', () => {
  it('lets client_staff into /admin/users/client once the action-role map grants 170008 (saveRoleMaps)', async () => {
    const original: RoleMaps = await loadRoleMaps(t.database.db);
    expect(await get('/admin/users/client', 'client_staff')).toMatchObject({ status: 302, location: '/v3/admin/jobs/list' });
    const changed: RoleMaps = structuredClone(original);
    changed.actionRoles['170008'] = [...(changed.actionRoles['170008'] ?? []), 'client_staff'];
    try {
      await saveRoleMaps(t.database.db, changed);
      await eventually(async () => {
        const a = await get('/admin/users/client', 'client_staff');
        expect(a.status).toBe(200);
        expect(a.body).toContain('クライアントユーザー');
      });
      // The sidebar follows the same maps.
      expect(sidebarHrefs((await get('/v3/admin/jobs/list', 'client_staff')).body).has('/admin/users/client')).toBe(true);
    } finally {
      await saveRoleMaps(t.database.db, original);
    }
    await eventually(async () => expect(await get('/admin/users/client', 'client_staff')).toMatchObject({ status: 302, location: '/v3/admin/jobs/list' }));
    expect(sidebarHrefs((await get('/v3/admin/jobs/list', 'client_staff')).body).has('/admin/users/client')).toBe(false);
  });

  it('follows a fallback that a raw page_roles insert plus NOTIFY made reachable', async () => {
    expect(await get('/admin/users/admin', 'client_staff')).toMatchObject({ status: 302, location: '/v3/admin/jobs/list' });
    const db = t.database.db;
    try {
      await db.insertInto('page_roles').values({ code: 170008, role: 'client_staff' }).execute();
      await sql`select pg_notify('tsunagu_role_maps', '')`.execute(db);
      await eventually(async () => {
        expect(await get('/admin/users/admin', 'client_staff')).toMatchObject({ status: 302, location: '/admin/users/client' });
      });
      expect((await get('/admin/users/client', 'client_staff')).status).toBe(200);
    } finally {
      await db.deleteFrom('page_roles').where('code', '=', 170008).where('role', '=', 'client_staff').execute();
      await sql`select pg_notify('tsunagu_role_maps', '')`.execute(db);
    }
    await eventually(async () => expect(await get('/admin/users/admin', 'client_staff')).toMatchObject({ status: 302, location: '/v3/admin/jobs/list' }));
  });
});
