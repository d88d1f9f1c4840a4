/**
 * Accessibility in the browser: axe-core (node_modules/axe-core, injected into the page) on every
 * page type of each role, at a phone's size (390×844) and a laptop's (1366×900): the public site
 * signed out and as a candidate, the back office as superadmin, company admin and client admin —
 * its lists, records, forms, week views and panels. No violation of impact "serious" or "critical"
 * may remain (colour contrast and accessible names among them). A failure names the page, the role,
 * the size, the rule and the elements; the counts by rule are printed.
 *
 * One browser, one page per role: each address is loaded once and checked at both sizes (the page
 * is resized, not reloaded; the next address starts at the size the last one ended on).
 */
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ALL_ROUTES } from '../../server/access/routes.ts';
import { SCREENS } from '../../server/web/screens/index.ts';
import { CODES_OF, type RoleLogin } from '../helpers/codes.ts';
import { DEMO } from '../helpers/app.ts';
import { appAndBrowser, backOfficeLogin, candidatePageLogin, openPage } from '../helpers/browser.ts';
import { openJobPages } from '../helpers/job-pages.ts';
import { companyOf, userId } from '../helpers/demo-data.ts';

const { t, browser } = appAndBrowser();
const AXE = path.resolve('node_modules/axe-core/axe.min.js');

const SIZES = { phone: { width: 390, height: 844 }, laptop: { width: 1366, height: 900 } } as const;
type Size = keyof typeof SIZES;
const BUILT = new Set(SCREENS.map((s) => s.path).filter((p) => !p.includes('[')));
const PUBLIC = ALL_ROUTES.filter((r) => r.kind === 'public' && BUILT.has(r.path)).map((r) => r.path);
const adminPaths = (role: RoleLogin) => ALL_ROUTES.filter((r) => r.kind === 'admin' && BUILT.has(r.path) && r.code !== undefined && CODES_OF[role].includes(r.code)).map((r) => r.path);

/** A serious or critical violation as axe reports it, cut to what a failure message needs. */
interface Found {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
  /** Why the first element fails (e.g. the colours and the ratio), as axe words it. */
  why: string;
}

/** Runs axe on the page as drawn now; only what is serious or critical. */
async function axeOn(page: Page): Promise<Found[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    type Node = { target: unknown[]; any: { message: string }[]; all: { message: string }[]; none: { message: string }[] };
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: { id: string; impact?: string | null; help: string; nodes: Node[] }[] }> } }).axe;
    // No preload: axe would fetch the page's stylesheets again for a rule about locked orientation.
    const r = await axe.run(document, { resultTypes: ['violations'], preload: false });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        rule: v.id,
        impact: v.impact!,
        help: v.help,
        targets: v.nodes.map((n) => n.target.map(String).join(' ')),
        why: [...v.nodes[0]!.any, ...v.nodes[0]!.all, ...v.nodes[0]!.none].map((c) => c.message).join(' / '),
      }));
  });
}

const nextFrame = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/** Everything found, for the counts printed at the end: rule → number of elements. */
const COUNTS = new Map<string, number>();

/**
 * Loads each address and checks it at the page's current size, then resized to the other one
 * (CSS lays it out anew; a load costs more than a check). Returns one line per violation.
 */
async function check(page: Page, who: string, addresses: string[]): Promise<string[]> {
  const failures: string[] = [];
  for (const address of addresses) {
    const res = await page.goto(`${t.url}${address}`);
    expect(res?.status(), `${who} ${address}`).toBeLessThan(500);
    failures.push(...(await checkHere(page, who, address)));
  }
  return failures;
}

/** Checks the page as it stands at both sizes, ending on the size it did not start at. */
async function checkHere(page: Page, who: string, label: string): Promise<string[]> {
  const failures: string[] = [];
  const first: Size = page.viewportSize()?.width === SIZES.phone.width ? 'phone' : 'laptop';
  for (const size of [first, first === 'phone' ? 'laptop' : 'phone'] as const) {
    if (size !== first) {
      await page.setViewportSize(SIZES[size]);
      await nextFrame(page);
    }
    for (const f of await axeOn(page)) {
      COUNTS.set(f.rule, (COUNTS.get(f.rule) ?? 0) + f.targets.length);
      failures.push(
        `${label} as ${who} at ${size}: ${f.rule} (${f.impact}, ${f.help}) on ${f.targets.slice(0, 5).join(', ')}${f.targets.length > 5 ? ` and ${f.targets.length - 5} more` : ''} (${f.why})`,
      );
    }
  }
  return failures;
}

/** Opens each panel of the header (customizer, chat dock, bells) that the page has, checks it and closes it again. */
async function checkHeaderPanels(page: Page, who: string): Promise<string[]> {
  const failures: string[] = [];
  const toggles = ['.customizer-toggle', '.chat-dock-toggle', '[data-testid=badge-bell]', '[data-testid=notification-bell]'];
  for (const sel of toggles) {
    const toggle = page.locator(`header ${sel}`).first();
    if (!(await toggle.count()) || !(await toggle.isVisible())) continue;
    await toggle.click();
    await page.waitForFunction((s) => document.querySelector(`header ${s}`)?.getAttribute('aria-expanded') === 'true', sel);
    failures.push(...(await checkHere(page, who, `${new URL(page.url()).pathname} with ${sel} open`)));
    await toggle.click();
  }
  return failures;
}

/** Records of the demo data behind the record pages, as a person reaches them from the lists. */
async function records() {
  const db = t.database.db;
  const company = await companyOf(t, DEMO.company_admin);
  const [daily, other, app, otherApp, client, worker, card, survey] = await Promise.all([
    db.selectFrom('jobs').select('id').where('company_id', '=', company).where('kind', '=', 'daily').executeTakeFirstOrThrow(),
    db.selectFrom('jobs').select('id').where('company_id', '=', company).where('kind', '=', 'other').executeTakeFirstOrThrow(),
    db.selectFrom('applications as a').innerJoin('jobs as j', 'j.id', 'a.job_id').select('a.id').where('a.company_id', '=', company).where('j.kind', '=', 'daily').executeTakeFirstOrThrow(),
    db.selectFrom('applications as a').innerJoin('jobs as j', 'j.id', 'a.job_id').select('a.id').where('a.company_id', '=', company).where('j.kind', '=', 'other').executeTakeFirstOrThrow(),
    db.selectFrom('clients').select('id').where('company_id', '=', company).executeTakeFirstOrThrow(),
    userId(t, 'worker1@demo.test'),
    db.selectFrom('residence_cards').select('id').where('status', '=', 'pending').executeTakeFirstOrThrow(),
    db.selectFrom('surveys').select('id').where('company_id', '=', company).executeTakeFirstOrThrow(),
  ]);
  return { company, daily: daily.id, other: other.id, app: app.id, otherApp: otherApp.id, client: client.id, worker, card: card.id, survey: survey.id };
}
type Records = Awaited<ReturnType<typeof records>>;

/** Record pages, panels opened by a query and week views: what the role can reach from its lists. */
function recordAddresses(role: RoleLogin, r: Records): string[] {
  const paths = new Set(adminPaths(role));
  const out: string[] = [];
  const add = (list: string, address: string) => {
    if (paths.has(list)) out.push(address);
  };
  add('/admin/jobs/list', `/admin/jobs/${r.other}`);
  add('/v3/admin/jobs/list', `/v3/admin/jobs/${r.daily}`);
  add('/admin/candidate', `/admin/candidate/${r.app}`);
  add('/v3/admin/candidate/other', `/v3/admin/candidate/other/${r.otherApp}`);
  add('/admin/company', `/admin/company/edit/${r.company}`);
  add('/admin/company', `/admin/company/${r.company}/settings`);
  add('/v3/admin/company', `/v3/admin/company/${r.company}`);
  add('/admin/clients', `/admin/clients/edit/${r.client}`);
  add('/admin/clients', `/admin/clients/${r.client}/settings`);
  add('/v3/admin/clients', `/v3/admin/clients/${r.client}`);
  add('/admin/worker', `/admin/worker?id=${r.worker}`);
  add('/admin/worker/rcCheckCandidate', `/admin/worker/rcCheckCandidate?card=${r.card}`);
  add('/v3/admin/survey', `/v3/admin/survey?id=${r.survey}`);
  add('/admin/interview', '/admin/interview?view=week');
  add('/admin/shift', '/admin/shift?view=week');
  return out;
}

/** What one run found: violations (one line each) and what the browser reported as broken. */
interface RunResult {
  failures: string[];
  errors: string[];
}

async function visitorRun(): Promise<RunResult> {
  const errors: string[] = [];
  const page = await openPage(browser, { locale: 'ja-JP', errors, viewport: SIZES.phone, timeoutMs: 60_000, bypassCSP: true });
  const failures = await check(page, 'visitor', [...PUBLIC, ...(await openJobPages(t.database.db))]);
  await page.context().close();
  return { failures, errors };
}

/**
 * A worker of the demo week (applications, pay, points, a survey not yet answered), in English: the
 * pages a candidate sees differently once signed in. The rest of the public site is the visitor's
 * but for the header, which these pages draw too.
 */
async function candidateRun(): Promise<RunResult> {
  const db = t.database.db;
  const survey = await db.selectFrom('surveys').select('id').executeTakeFirstOrThrow();
  const errors: string[] = [];
  const page = await openPage(browser, { locale: 'en-GB', errors, viewport: SIZES.phone, timeoutMs: 60_000, bypassCSP: true });
  await candidatePageLogin(page, t.url, 'worker3@demo.test');
  await page.goto(`${t.url}/lang/en?back=/staff`);
  const own = PUBLIC.filter((p) => p.startsWith('/staff/') && !['/staff/login', '/staff/register', '/staff/contact'].includes(p));
  const failures = await check(page, 'candidate', ['/', '/daily', ...own, ...(await openJobPages(db)), `/staff/survey/${survey.id}`]);
  await page.context().close();
  return { failures, errors };
}

/** Every page of the role, the records, panels and week views reached from them, and the header's panels. */
async function backOfficeRun(role: RoleLogin, english: boolean): Promise<RunResult> {
  const errors: string[] = [];
  const page = await openPage(browser, { locale: english ? 'en-GB' : 'ja-JP', errors, viewport: SIZES.phone, timeoutMs: 60_000, bypassCSP: true });
  await backOfficeLogin(page, t.url, DEMO[role]);
  if (english) await page.goto(`${t.url}/lang/en?back=/admin`);
  const failures = await check(page, role, [...adminPaths(role), ...recordAddresses(role, await records())]);
  await page.waitForFunction(() => [...document.querySelectorAll('header [data-island]')].every((el) => el.hasAttribute('data-hydrated')));
  failures.push(...(await checkHeaderPanels(page, role)));
  await page.context().close();
  return { failures, errors };
}

describe('accessibility (axe-core): no serious or critical violation', () => {
  it('has public pages and back-office pages per role to check', () => {
    expect(PUBLIC).toContain('/daily');
    expect(adminPaths('client_admin').length).toBeGreaterThan(2);
    expect(recordAddresses('superadmin', { company: 'c', daily: 'd', other: 'o', app: 'a', otherApp: 'p', client: 'l', worker: 'w', card: 'k', survey: 's' })).toHaveLength(15);
  });

  // The five runs share the browser, one page each, side by side: each waits on the server as much
  // as on its own work, so together they take about as long as the longest (the superadmin's). The
  // first test starts them all; each test then waits for its own, so that a slow or failing run is
  // named alone. (Not `it.concurrent`: test/setup/console.ts watches console.error one test at a time.)
  const runs: [string, () => Promise<RunResult>][] = [
    ['the public site signed out (Japanese)', visitorRun],
    ['the public site as a candidate (English)', candidateRun],
    ['the back office of the superadmin (Japanese)', () => backOfficeRun('superadmin', false)],
    ['the back office of a company admin (English)', () => backOfficeRun('company_admin', true)],
    ['the back office of a client admin (Japanese)', () => backOfficeRun('client_admin', false)],
  ];
  let started: Promise<RunResult>[] | undefined;
  const startAll = () => {
    started ??= runs.map(([, run]) => {
      const p = run();
      p.catch(() => {}); // awaited by its own test; not an unhandled rejection while an earlier test runs
      return p;
    });
    return started;
  };
  runs.forEach(([name], i) => {
    it(name, async () => {
      const { failures, errors } = await startAll()[i]!;
      expect(failures).toEqual([]);
      expect(errors).toEqual([]);
    }, 600_000);
  });

  afterAll(() => {
    const lines = [...COUNTS].sort((a, b) => b[1] - a[1]).map(([rule, n]) => `${rule}: ${n}`);
    console.log(`axe, serious and critical violations, elements by rule: ${lines.length ? lines.join(', ') : 'none'}`);
  });
});
