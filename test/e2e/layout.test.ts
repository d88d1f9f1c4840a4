/**
 * The layout check: every built page, for roles that may open it, at a phone's size
 * (390×844) and a laptop's (1366×900; the public pages are loaded at the phone's size, then
 * resized): the page never scrolls sideways, no fixed element covers a link, button or field, and
 * an English page's heading is English, and no short word (a price, a time, a one-word button) is
 * drawn over two lines. A failure names the page, the role and the size, and leaves a screenshot
 * in test-results/layout/. The public run also opens an open daily job and a part-time job.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ROUTES, routeByPath } from '../../server/access/routes.ts';
import { SCREENS } from '../../server/web/screens/index.ts';
import { CODES_OF, type RoleLogin } from '../helpers/codes.ts';
import { DEMO } from '../helpers/app.ts';
import { appAndBrowser, backOfficeLogin, candidatePageLogin, openPage } from '../helpers/browser.ts';
import { openJobPages } from '../helpers/job-pages.ts';
import { companyOf, userId } from '../helpers/demo-data.ts';

const { t, browser } = appAndBrowser();
const SHOTS = path.resolve('test-results/layout');

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
});

const SIZES = { phone: { width: 390, height: 844 }, laptop: { width: 1366, height: 900 } } as const;
/** Built pages without parameters (a record page needs a record: the resource tests open those). */
const BUILT = new Set(SCREENS.map((s) => s.path).filter((p) => !p.includes('[')));
const PUBLIC = ROUTES.filter((r) => r.kind === 'public' && BUILT.has(r.path)).map((r) => r.path);
const adminPaths = (role: RoleLogin) => ROUTES.filter((r) => r.kind === 'admin' && BUILT.has(r.path) && r.code !== undefined && CODES_OF[role].includes(r.code)).map((r) => r.path);
/**
 * Record pages opened with a demo record of Sakura Staffing (the company run checks them): the
 * pages people work in most, where a long name or a wide table would hurt on a phone.
 */
async function recordPaths(): Promise<string[]> {
  const db = t.database.db;
  const company = await companyOf(t, DEMO.company_admin);
  const app = await db.selectFrom('applications').select('id').where('company_id', '=', company).executeTakeFirstOrThrow();
  const daily = await db.selectFrom('jobs').select('id').where('company_id', '=', company).where('kind', '=', 'daily').executeTakeFirstOrThrow();
  const other = await db.selectFrom('jobs').select('id').where('company_id', '=', company).where('kind', '=', 'other').executeTakeFirstOrThrow();
  // Jose Reyes's record: the dispatch ledger with its complaint and the complaint forms.
  const jose = await userId(t, 'worker2@demo.test');
  return [`/admin/candidate/${app.id}`, `/admin/candidate/${app.id}/sheet`, `/v3/admin/jobs/${daily.id}`, `/admin/jobs/${other.id}`, `/admin/worker?id=${jose}`];
}

interface Problem {
  kind: string;
  detail: string;
}

/** What is wrong with the page as drawn now; `wide`: at laptop size, where a table's last column must be in view. */
async function problemsOf(page: Page, english: boolean, wide: boolean): Promise<Problem[]> {
  return page.evaluate(
    ([english, wide]) => {
      const out: { kind: string; detail: string }[] = [];
      const doc = document.documentElement;
      if (doc.scrollWidth > doc.clientWidth + 1) out.push({ kind: 'sideways scroll', detail: `${doc.scrollWidth}px wide in ${doc.clientWidth}px` });
      const visible = (el: Element) => {
        const r = el.getBoundingClientRect();
        const s = getComputedStyle(el);
        return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none' && r.bottom > 0 && r.top < innerHeight;
      };
      const fixed = [...document.querySelectorAll('body *')].filter((el) => getComputedStyle(el).position === 'fixed' && visible(el));
      const controls = [...document.querySelectorAll('main a[href], main button, main input:not([type=hidden]), main select, main textarea')].filter(visible);
      for (const f of fixed) {
        const a = f.getBoundingClientRect();
        for (const c of controls) {
          if (f.contains(c)) continue;
          const b = c.getBoundingClientRect();
          if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1) {
            out.push({ kind: 'covered', detail: `${f.className || f.tagName} covers ${c.tagName.toLowerCase()} "${(c.textContent || c.getAttribute('name') || '').trim().slice(0, 30)}"` });
          }
        }
      }
      // At laptop size a wide table keeps its last column (the status or the row's actions) in view:
      // held at the right edge of its scroll box, or the table fits. A last column reached only by
      // scrolling the box sideways is cut off for a person reading the rows.
      if (wide) {
        for (const table of document.querySelectorAll('main table')) {
          const head = (table as HTMLTableElement).rows[0];
          const last = head?.cells[head.cells.length - 1];
          if (!last || !visible(table)) continue;
          let right = document.documentElement.clientWidth;
          for (let el = table.parentElement; el && el !== document.body; el = el.parentElement) {
            const ox = getComputedStyle(el).overflowX;
            if (ox !== 'visible') right = Math.min(right, el.getBoundingClientRect().right);
          }
          const r = last.getBoundingClientRect();
          if (r.right > right + 1) {
            const name = (table.closest('[aria-label]')?.getAttribute('aria-label') ?? table.className).slice(0, 40);
            out.push({ kind: 'last column out of view', detail: `"${(last.textContent ?? '').trim().slice(0, 20)}" of ${name} ends at ${Math.round(r.right)}px, its box at ${Math.round(right)}px` });
          }
        }
      }
      const h1 = document.querySelector('main h1')?.textContent ?? '';
      if (english && /[\u3040-\u30ff\u4e00-\u9fff]/.test(h1)) out.push({ kind: 'Japanese in an English page', detail: h1 });
      // A short text without spaces (a price, a time, a one-word button, an English word) drawn over
      // two lines: "¥1,2/50", "Ap/ply". Japanese may break between any two characters, so CJK text
      // ends a word; a word also ends after a dash or a slash, where a break is allowed and reads
      // ("09:00–/18:00", "¥1,300//hour"). The text of an element is read across its adjacent text
      // nodes (React writes "¥{n}" as two), and each word's boxes (Range.getClientRects) must lie on
      // one line.
      const SKIP = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEXTAREA', 'OPTION', 'SELECT', 'TEMPLATE', 'TITLE']);
      const WORD = /[^\s\u3000-\u30ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef\-\u2013\u2014/]+[-\u2013\u2014/]?/g;
      const broken: string[] = [];
      const range = document.createRange();
      for (const el of document.body.querySelectorAll('*')) {
        if (SKIP.has(el.tagName) || el.closest('select, textarea')) continue;
        let run: { node: Text; from: number }[] = [];
        let text = '';
        const flush = () => {
          if (!run.length) return;
          // Text hidden for screen readers only (1px wide) breaks after every letter, and a closed
          // <details> lays out its content without drawing it: neither is seen.
          const box = el.getBoundingClientRect();
          if (box.width > 2 && box.height > 2 && el.checkVisibility({ visibilityProperty: true })) {
            const at = (i: number): [Text, number] => {
              let k = run.length - 1;
              while (run[k]!.from > i) k--;
              return [run[k]!.node, i - run[k]!.from];
            };
            for (const m of text.matchAll(WORD)) {
              const word = m[0];
              if (word.length < 2 || word.length > 20) continue;
              range.setStart(...at(m.index));
              range.setEnd(...at(m.index + word.length - 1));
              range.setEnd(range.endContainer, range.endOffset + 1);
              const rects = [...range.getClientRects()].filter((r) => r.width > 0.5 && r.height > 0.5);
              if (rects.length < 2) continue;
              const tops = rects.map((r) => r.top);
              const lowest = Math.min(...rects.map((r) => r.height));
              if (Math.max(...tops) - Math.min(...tops) > lowest / 2) {
                const where = `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\s+/).join('.') : ''}`;
                broken.push(`"${word}" in ${where}`);
              }
            }
          }
          run = [];
          text = '';
        };
        for (const child of el.childNodes) {
          if (child.nodeType === Node.TEXT_NODE) {
            run.push({ node: child as Text, from: text.length });
            text += (child as Text).data;
          } else if (child.nodeType !== Node.COMMENT_NODE) flush();
        }
        flush();
      }
      const words = [...new Set(broken)];
      if (words.length) out.push({ kind: 'word broken over two lines', detail: words.slice(0, 8).join(', ') + (words.length > 8 ? ` and ${words.length - 8} more` : '') });
      return out;
    },
    [english, wide] as const,
  );
}

/**
 * Opens each path at the page's size and checks it; with `alsoAt`, resizes to that size and checks
 * the same page again (CSS lays it out anew; a page load costs more than the check), then back.
 */
async function check(page: Page, who: string, size: keyof typeof SIZES, paths: string[], english: boolean, alsoAt?: keyof typeof SIZES): Promise<string[]> {
  const failures: string[] = [];
  const problemsAt = async (p: string, at: keyof typeof SIZES) => {
    const problems = await problemsOf(page, english, at === 'laptop');
    if (problems.length) {
      const shot = path.join(SHOTS, `${who}-${at}-${p.replace(/[^a-z0-9]+/gi, '_')}.png`);
      await page.screenshot({ path: shot, fullPage: true });
      failures.push(`${p} as ${who} at ${at}: ${problems.map((x) => `${x.kind}: ${x.detail}`).join('; ')} (screenshot ${shot})`);
    }
  };
  for (const p of paths) {
    const res = await page.goto(`${t.url}${p}`);
    expect(res?.status(), `${who} ${p}`).toBeLessThan(500);
    await problemsAt(p, size);
    if (alsoAt) {
      await page.setViewportSize(SIZES[alsoAt]);
      // The layout at the new size is drawn by the next frame.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      await problemsAt(p, alsoAt);
      await page.setViewportSize(SIZES[size]);
    }
  }
  return failures;
}

describe('the layout of every built page', () => {
  it(`has ${PUBLIC.length} public pages and a page list per role to check`, () => {
    expect(PUBLIC).toContain('/daily');
    expect(adminPaths('superadmin')).toContain('/admin/candidate');
    expect(adminPaths('client_staff')).not.toContain('/admin/candidate');
  });

  it('the public site at phone and laptop size, in Japanese and in English', async () => {
    const errors: string[] = [];
    const ja = await openPage(browser, { locale: 'ja-JP', errors, viewport: SIZES.phone });
    const en = await openPage(browser, { locale: 'en-GB', errors, viewport: SIZES.phone });
    await en.goto(`${t.url}/lang/en?back=/`);
    const pages = [...PUBLIC, ...(await openJobPages(t.database.db))];
    const failures = [...(await check(ja, 'visitor-ja', 'phone', pages, false, 'laptop')), ...(await check(en, 'visitor-en', 'phone', pages, true, 'laptop'))];
    await ja.context().close();
    await en.context().close();
    expect(failures).toEqual([]);
    expect(errors).toEqual([]);
  });

  // A signed-in candidate's own pages (pay and points draw the list kit's tables) and the job pages.
  it('the candidate pages signed in, at phone and laptop size, in English', async () => {
    const errors: string[] = [];
    const page = await openPage(browser, { locale: 'en-GB', errors, viewport: SIZES.phone });
    await candidatePageLogin(page, t.url, 'worker3@demo.test');
    await page.goto(`${t.url}/lang/en?back=/staff`);
    const own = PUBLIC.filter((p) => p.startsWith('/staff/') && !['/staff/login', '/staff/register', '/staff/contact'].includes(p));
    const failures = await check(page, 'candidate-en', 'phone', ['/', ...own, ...(await openJobPages(t.database.db))], true, 'laptop');
    await page.context().close();
    expect(failures).toEqual([]);
    expect(errors).toEqual([]);
  });

  // The platform sees every page; a company and a client role see theirs (phone size, where it is tight).
  const RUNS: { role: RoleLogin; size: keyof typeof SIZES; english: boolean }[] = [
    { role: 'superadmin', size: 'laptop', english: false },
    { role: 'company_admin', size: 'laptop', english: true },
    { role: 'client_admin', size: 'laptop', english: false },
    { role: 'superadmin', size: 'phone', english: true },
    { role: 'company_admin', size: 'phone', english: false },
    { role: 'client_staff', size: 'phone', english: true },
  ];
  for (const run of RUNS) {
    it(`the back office of ${run.role} at ${run.size} size${run.english ? ' in English' : ''}`, async () => {
      const errors: string[] = [];
      const page = await openPage(browser, { locale: run.english ? 'en-GB' : 'ja-JP', errors, viewport: SIZES[run.size], timeoutMs: 20_000 });
      await backOfficeLogin(page, t.url, DEMO[run.role]);
      if (run.english) await page.goto(`${t.url}/lang/en?back=/admin`);
      const paths = [...adminPaths(run.role), ...(run.role === 'company_admin' ? await recordPaths() : [])];
      expect(paths.length).toBeGreaterThan(0);
      const failures = await check(page, run.role, run.size, paths, run.english);
      await page.context().close();
      expect(failures).toEqual([]);
      expect(errors).toEqual([]);
    }, 240_000);
  }
});

// The shifts page as staff use it: the name search with its matches, the assignment and swap
// forms and the hours left, at both sizes and in both languages (the runs above open it without a search).
it('the shifts page with a name search, as a company at phone and laptop size, in Japanese and English', async () => {
  const errors: string[] = [];
  const failures: string[] = [];
  for (const english of [false, true]) {
    const page = await openPage(browser, { locale: english ? 'en-GB' : 'ja-JP', errors, viewport: SIZES.phone, timeoutMs: 20_000 });
    await backOfficeLogin(page, t.url, DEMO.company_admin);
    if (english) await page.goto(`${t.url}/lang/en?back=/admin`);
    failures.push(...(await check(page, `company_admin-${english ? 'en' : 'ja'}`, 'phone', ['/admin/shift?who=Tran', '/admin/shift?view=week&who=a'], english, 'laptop')));
    expect(await page.locator('select[name="person"] option').count()).toBeGreaterThan(0);
    await page.context().close();
  }
  expect(failures).toEqual([]);
  expect(errors).toEqual([]);
}, 120_000);

// What a post did and why one was refused must stand out from the form around it (they were
// plain paragraphs in the back office: its stylesheet had no rule for them).
it('draws a done notice and a refusal in the back office as tinted boxes with a coloured edge', async () => {
  const page = await openPage(browser, { locale: 'en-GB', errors: [], viewport: SIZES.phone });
  await backOfficeLogin(page, t.url, DEMO.company_admin);
  await page.goto(`${t.url}/admin/billing?made=2-1-0`);
  const looks = await page.evaluate(() => {
    const main = document.querySelector('main')!;
    const refusal = document.createElement('p');
    refusal.className = 'alert alert-error';
    refusal.textContent = 'refused';
    main.prepend(refusal);
    const boxes = { notice: document.querySelector('.form-notice'), refusal };
    return Object.fromEntries(
      Object.entries(boxes).map(([k, el]) => {
        if (!el) return [k, null];
        const s = getComputedStyle(el);
        return [k, { text: el.textContent, background: s.backgroundColor, edge: parseFloat(s.borderLeftWidth), edgeColour: s.borderLeftColor, colour: s.color }];
      }),
    );
  });
  await page.context().close();
  expect(looks.notice?.text).toMatch(/2/);
  for (const box of [looks.notice, looks.refusal]) {
    expect(box!.background).not.toBe('rgba(0, 0, 0, 0)');
    expect(box!.edge).toBeGreaterThanOrEqual(3);
    expect(box!.edgeColour).not.toBe(box!.colour);
  }
  expect(looks.notice!.edgeColour).not.toBe(looks.refusal!.edgeColour);
});

it('the billing page keeps its invoice-making form apart from the list’s filters, at phone and laptop size', async () => {
  const errors: string[] = [];
  const page = await openPage(browser, { locale: 'en', errors, viewport: SIZES.phone });
  await backOfficeLogin(page, t.url, DEMO.company_admin);
  await page.goto(`${t.url}/lang/en?back=/admin/billing`);
  const gap = () => page.evaluate(() => document.querySelector('form.filters')!.getBoundingClientRect().top - document.querySelector('form.panel')!.getBoundingClientRect().bottom);
  for (const size of [SIZES.phone, SIZES.laptop]) {
    await page.setViewportSize(size);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    // "Make this month’s invoices" and the Keyword box below it read as one form when they touch.
    expect(await gap()).toBeGreaterThanOrEqual(16);
  }
  expect(errors).toEqual([]);
  await page.context().close();
});

// A route in the table that the layout check cannot open is still reached: its code is known.
it('knows the code of every page it opens', () => {
  for (const p of adminPaths('superadmin')) expect(routeByPath(p)?.code).toBeDefined();
});
