/**
 * The HTML list screens of every resource (server/web/resources.tsx), generically: the loop reads
 * RESOURCES at run time, so a new definition's screens are covered without a line here.
 *
 * Per list screen (a `list` screen, or a `single` one serving list, form and record): the page
 * with its title, the CSV export (BOM and a header row of the field labels), the empty-filter
 * message, and, for a role that may not enter (computed from DESIGN §5's code lists and the route
 * table's fallbacks, not from the server's guard), the guard's 404 page and a refused form post.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourceDef, Screen } from '../../server/resources/define.ts';
import { RESOURCES } from '../../server/resources/registry.ts';
import { LANDING_PATHS, routeByPath } from '../../server/access/routes.ts';
import { CODES_OF, LEAST_FIRST, type RoleLogin } from '../helpers/codes.ts';
import { DEMO, startTestApp, type DemoLogin, type TestApp } from '../helpers/app.ts';
import { escapeHtml, getPage, postForm } from '../helpers/pages.ts';
import { parseCsv } from '../helpers/csv.ts';
import { companyOf, rowCount } from '../helpers/demo-data.ts';

let t: TestApp;
let c1: string;
let client1: string;
const tokens = new Map<DemoLogin, string>();

const mayEnter = (login: RoleLogin, path: string) => {
  const code = routeByPath(path)?.code;
  return code !== undefined && CODES_OF[login].includes(code);
};
/**
 * What the guard answers a role that may not enter a path (DESIGN §5 codes, SPEC §4 rules): the
 * first allowed fallback of the route's chain as ONE redirect (`/admin` meaning the landing page),
 * else the 404 page in place.
 */
function deniedOutcome(login: RoleLogin, path: string): { kind: 'notFound' } | { kind: 'redirect'; to: string } {
  const seen = new Set([path]);
  let route = routeByPath(path);
  while (route?.fallback) {
    const next = route.fallback;
    if (next === '/admin') {
      const landing = LANDING_PATHS.find((l) => mayEnter(login, l));
      return landing ? { kind: 'redirect', to: landing } : { kind: 'notFound' };
    }
    if (seen.has(next)) break;
    if (mayEnter(login, next)) return { kind: 'redirect', to: next };
    seen.add(next);
    route = routeByPath(next);
  }
  // No fallback applies: a signed-in user goes to their landing page (SPEC §4), else the 404 page.
  const landing = LANDING_PATHS.find((l) => mayEnter(login, l));
  return landing ? { kind: 'redirect', to: landing } : { kind: 'notFound' };
}
/** The least privileged demo role that may not enter the path, preferring one the guard answers with its 404 page. */
function deniedLogin(path: string): RoleLogin | undefined {
  const denied = LEAST_FIRST.filter((l) => !mayEnter(l, path));
  return denied.find((l) => deniedOutcome(l, path).kind === 'notFound') ?? denied[0];
}

const CJK_NOT_FOUND = 'ページが見つかりません';
const EMPTY_FILTERED = '該当するデータがありません。';
const escRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The sample as a form post: strings, checkboxes as 'on', arrays as repeated fields. */
function sampleForm(def: ResourceDef): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = { _action: 'save' };
  for (const [k, v] of Object.entries(def.sample)) {
    const value = v === '$company' ? c1 : v === '$client' ? client1 : v;
    if (value === false || value === null || value === undefined) continue;
    out[k] = value === true ? 'on' : Array.isArray(value) ? value.map(String) : String(value);
  }
  return out;
}

/** The list screens of a definition: `list` screens, and `single` ones (a singleton's shows its record). */
const listScreens = (def: ResourceDef): Screen[] => def.screens.filter((s) => s.mode === 'list' || s.mode === 'single');
/** Where a list's "new" form posts: its family's create screen (under the list, else beside it), or `?new=1` on a single screen. */
function createTarget(def: ResourceDef, screen: Screen): string | undefined {
  if (def.noCreate) return undefined;
  if (screen.mode === 'single') return `${screen.path}?new=1`;
  const creates = def.screens.filter((s) => s.mode === 'create');
  const parent = screen.path.slice(0, screen.path.lastIndexOf('/') + 1);
  return (creates.find((s) => s.path.startsWith(`${screen.path}/`)) ?? creates.find((s) => s.path.startsWith(parent)) ?? creates[0])?.path;
}

const withLang = (token: string) => `${token}; lang=ja`;

beforeAll(async () => {
  t = await startTestApp();
  const needed = new Set<DemoLogin>(['superadmin']);
  for (const def of RESOURCES) {
    for (const s of listScreens(def)) {
      const d = deniedLogin(s.path);
      if (d) needed.add(d);
    }
  }
  const who = [...needed];
  const got = await Promise.all(who.map((w) => t.login(w)));
  who.forEach((w, i) => tokens.set(w, withLang(got[i]!)));
  c1 = await companyOf(t, DEMO.company_admin);
  client1 = (await t.database.db.selectFrom('clients').select('id').where('company_id', '=', c1).orderBy('name').executeTakeFirstOrThrow()).id;
});
afterAll(async () => t?.close());

it('covers the list screens of every registered resource', () => {
  for (const def of RESOURCES) expect(listScreens(def).length, def.name).toBeGreaterThan(0);
});

for (const def of RESOURCES) {
  for (const screen of listScreens(def)) {
    const path = screen.path;
    const route = routeByPath(path);
    const title = route?.title.ja ?? '';
    const denied = deniedLogin(path);
    const outcome = denied ? deniedOutcome(denied, path) : undefined;
    const isList = !def.singleton;

    describe(`${path} (${def.name})`, () => {
      it(`superadmin gets the page with its title「${title}」`, async () => {
        expect(route, `${path} is in the route table`).toBeDefined();
        const page = await getPage(t, path, tokens.get('superadmin'));
        expect(page.status, page.html.slice(0, 300)).toBe(200);
        expect(page.type).toMatch(/^text\/html/);
        expect(page.html).toMatch(new RegExp(`<h1[^>]*>${escRe(escapeHtml(title))}</h1>`));
        expect(page.html).toMatch(new RegExp(`<title>[^<]*${escRe(escapeHtml(title))}`));
      });

      if (isList) {
        it('?format=csv is text/csv with a UTF-8 BOM and a header row of the field labels', async () => {
          const res = await fetch(`${t.url}${path}?format=csv`, { headers: { cookie: `token=${tokens.get('superadmin')}` } });
          expect(res.status).toBe(200);
          expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
          expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.csv"$/);
          const bytes = new Uint8Array(await res.arrayBuffer());
          expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
          const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1);
          const header = parseCsv(text)[0] ?? [];
          expect(header[0]).toBe('id');
          expect(header.slice(-2)).toEqual(['created_at', 'updated_at']);
          // Every field's label, in the definition's order (computed values may sit among them).
          const labels = def.fields.map((f) => f.label.ja);
          expect(header.filter((h) => labels.includes(h))).toEqual(labels);
          // One line per row after the header (the seeded lists are not empty, but a new one may be).
          expect(text.endsWith('\n')).toBe(true);
        });

        if (def.fields.some((f) => f.search)) {
          it('a keyword that matches nothing shows the empty-filter message', async () => {
            const q = `該当なし-${Math.random().toString(36).slice(2, 10)}`;
            const page = await getPage(t, `${path}?q=${encodeURIComponent(q)}`, tokens.get('superadmin'));
            expect(page.status).toBe(200);
            expect(page.html).toContain(EMPTY_FILTERED);
            // The search box keeps the keyword.
            expect(page.html).toContain(`value="${escapeHtml(q)}"`);
            expect(page.html).toContain('0件中 0〜0件');
          });
        }
      }

      if (denied && outcome) {
        const target = createTarget(def, screen);
        const answer = outcome.kind === 'notFound' ? "gets the guard's 404 page" : `is sent on to ${outcome.to} (its fallback, else its landing page)`;
        it(`${denied} (may not enter) ${answer}${target ? `, and a POST to ${target} is refused with 403 creating nothing` : ''}`, async () => {
          const page = await getPage(t, path, tokens.get(denied));
          if (outcome.kind === 'notFound') {
            expect(page.status).toBe(404);
            expect(page.html).toContain(CJK_NOT_FOUND);
            expect(page.html).not.toContain('<table');
          } else {
            expect(page.status).toBe(302);
            expect(page.location).toBe(outcome.to);
          }
          if (!target) return;
          // The create screen itself is out of reach too (otherwise its own post would be allowed).
          expect(mayEnter(denied, target.split('?')[0]!)).toBe(false);
          const before = await rowCount(t, def.table);
          const res = await postForm(t, target, tokens.get(denied), sampleForm(def));
          expect(res.status).toBe(403);
          expect(res.location).toBeNull();
          expect(await rowCount(t, def.table)).toBe(before);
        });
        if (def.singleton) {
          it(`${denied} cannot save the singleton's form either (403, the row unchanged)`, async () => {
            const before = await (t.database.db as unknown as Kysely<any>).selectFrom(def.table).selectAll().execute(); // eslint-disable-line @typescript-eslint/no-explicit-any
            const res = await postForm(t, path, tokens.get(denied), sampleForm(def));
            expect(res.status).toBe(403);
            expect(await (t.database.db as unknown as Kysely<any>).selectFrom(def.table).selectAll().execute()).toEqual(before); // eslint-disable-line @typescript-eslint/no-explicit-any
          });
        }
      }
    });
  }
}
