import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { startTestApp, startedLater, type TestApp } from './app.ts';
import { candidateConversation } from './chat.ts';

/** Debian's Chromium, headless (CHROMIUM_PATH overrides). Fails loudly when it is missing. */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) {
    throw new Error(`Chromium not found at ${executablePath}: install it with "apt-get install chromium" or set CHROMIUM_PATH`);
  }
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // Fewer renderer processes to start and keep: a test navigates hundreds of same-site pages.
      '--disable-features=BackForwardCache,ProactivelySwapBrowsingInstance,RenderDocument,SpareRendererForSitePerProcess',
      '--disable-site-isolation-trials',
    ],
  });
}

/**
 * A page in a context of its own (its own cookies), in `locale`. What the browser reports as broken
 * is pushed to `errors`, prefixed with the page's address: uncaught exceptions, console errors and
 * scripts or stylesheets that did not load. Chromium logs every non-2xx document (a 422 form, a
 * 404 or 501 page) as "Failed to load resource": those are answers the tests check, not errors.
 * `bypassCSP` lets a test inject a script of its own (axe-core) past the pages' script-src 'self';
 * `javaScript: false` is a browser that runs no script (the pages must work without it).
 */
export async function openPage(
  browser: Browser,
  opts: { locale: string; errors: string[]; viewport?: { width: number; height: number }; timeoutMs?: number; bypassCSP?: boolean; javaScript?: boolean },
): Promise<Page> {
  const context = await browser.newContext({
    locale: opts.locale,
    ...(opts.viewport ? { viewport: opts.viewport } : {}),
    ...(opts.bypassCSP ? { bypassCSP: true } : {}),
    ...(opts.javaScript === false ? { javaScriptEnabled: false } : {}),
  });
  const page = await context.newPage();
  page.setDefaultTimeout(opts.timeoutMs ?? 15_000);
  page.setDefaultNavigationTimeout(opts.timeoutMs ?? 15_000);
  page.on('pageerror', (e) => opts.errors.push(`${page.url()}: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) opts.errors.push(`${page.url()}: ${m.text()}`);
  });
  page.on('response', (r) => {
    if (['script', 'stylesheet'].includes(r.request().resourceType()) && r.status() >= 400) opts.errors.push(`${r.url()} answered ${r.status()}`);
  });
  return page;
}

/** Logs in through the back office's login form, as a person does; resolves on the landing page. */
export async function backOfficeLogin(page: Page, baseUrl: string, email: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.fill('input[name=email]', email);
  await page.fill('input[name=password]', inject('demoPassword'));
  await Promise.all([page.waitForURL((u) => u.pathname.startsWith('/admin') || u.pathname.startsWith('/v3/admin')), page.click('form[action="/login"] button[type=submit]')]);
}

/**
 * Opens each of `paths` as `email` on a phone (390×844), in Japanese and then in English (the
 * header's language link), and runs `check` on each; fails if the browser reported anything broken.
 */
export async function onPhonePages(browser: Browser, baseUrl: string, email: string, paths: readonly string[], check: (page: Page, where: string) => Promise<void>): Promise<void> {
  const errors: string[] = [];
  for (const lang of ['ja', 'en'] as const) {
    const page = await openPage(browser, { locale: lang, errors, viewport: { width: 390, height: 844 } });
    await backOfficeLogin(page, baseUrl, email);
    await page.goto(`${baseUrl}/lang/${lang}?back=${encodeURIComponent(paths[0]!)}`);
    for (const path of paths) {
      await page.goto(`${baseUrl}${path}`);
      await check(page, `${lang} ${path}`);
    }
    await page.context().close();
  }
  expect(errors).toEqual([]);
}

/** Logs a candidate in through the candidate's own form (/staff/login); resolves where it lands. */
export async function candidatePageLogin(page: Page, baseUrl: string, email: string): Promise<void> {
  await page.goto(`${baseUrl}/staff/login`);
  const form = page.locator('form[action="/staff/login"]');
  await form.locator('input[name=email]').fill(email);
  await form.locator('input[name=password]').fill(inject('demoPassword'));
  await Promise.all([page.waitForURL((u) => u.pathname !== '/staff/login'), form.locator('button[type=submit]').click()]);
}

/** The number on the notification bell of `page`: 0 when it shows none. */
export const bellCount = async (page: Page): Promise<number> =>
  Number(
    (await page
      .locator('[data-testid=notification-count]')
      .textContent({ timeout: 1_000 })
      .catch(() => '0')) || 0,
  );

/** Resolves once the island named `island` has hydrated (data-hydrated): a press before that is lost. */
export async function hydrated(page: Page, island: string): Promise<void> {
  await page.waitForSelector(`[data-island=${island}][data-hydrated]`, { state: 'attached' });
}

/** Resolves once the island at `selector` hears its live events (data-listening): what happens before that, it misses. */
export async function listening(page: Page, selector: string): Promise<void> {
  await page.locator(`${selector}[data-listening]`).waitFor({ state: 'attached' });
}

/**
 * The bell's number once its first count has come from the server (before that it shows none,
 * whatever the user has) and it hears new notifications, so the number can be counted up from.
 */
export async function countedBell(page: Page): Promise<number> {
  await page.locator('.notification-bell[data-counted]').waitFor({ state: 'attached' });
  await listening(page, '.notification-bell');
  return bellCount(page);
}

/**
 * Resolves once the chat dock and the chat bell of `page` draw the server's first badge list: the
 * numbers they show before it are none, whatever the person has (each island hydrates and hears the
 * socket in its own time).
 */
export async function chatCounted(page: Page): Promise<void> {
  await page.locator('[data-testid=chat-dock][data-counted]').waitFor({ state: 'attached' });
  await page.locator('[data-island=BadgeBell] .badge-bell[data-counted]').waitFor({ state: 'attached' });
}

/**
 * The app and Chromium for a file's tests: both started before them and closed after them. What it
 * returns stands for them once started: read it inside tests and hooks, not while the file is collected.
 */
export function appAndBrowser(): { t: TestApp; browser: Browser } {
  let started: { t: TestApp; browser: Browser } | undefined;
  beforeAll(async () => {
    const [t, browser] = await Promise.all([startTestApp(), launchBrowser()]);
    started = { t, browser };
  });
  afterAll(async () => {
    await started?.browser.close();
    await started?.t.close();
  });
  return { t: startedLater(() => started?.t, 'the app'), browser: startedLater(() => started?.browser, 'the browser') };
}

/**
 * The app and Chromium for a file's tests (appAndBrowser), and a conversation the demo candidate
 * opened before them by applying to a daily shift of company@'s company (candidateConversation).
 * Read `conversationId` inside tests and hooks (not by destructuring while the file is collected).
 */
export function appBrowserAndConversation(): { t: TestApp; browser: Browser; readonly conversationId: string } {
  const { t, browser } = appAndBrowser();
  let conversationId: string | undefined;
  beforeAll(async () => {
    ({ conversationId } = await candidateConversation(t));
  });
  return {
    t,
    browser,
    get conversationId() {
      if (conversationId === undefined) throw new Error('the conversation is not opened yet: read it inside a test or a hook');
      return conversationId;
    },
  };
}

/** What `appBrowserAndPage` makes for a file: its app, the browser, one English context and its first page (a test may open another). */
export interface BrowserFixture {
  t: TestApp;
  browser: Browser;
  context: BrowserContext;
  page: Page;
}

/** The app and Chromium for a file's tests (appAndBrowser), with one English context at `viewport` and a page with a 15 s default timeout. */
export function appBrowserAndPage(viewport: { width: number; height: number }): BrowserFixture {
  const { t, browser } = appAndBrowser();
  const f = { t, browser } as BrowserFixture;
  beforeAll(async () => {
    f.context = await browser.newContext({ locale: 'en-US', viewport });
    f.page = await f.context.newPage();
    f.page.setDefaultTimeout(15_000);
  });
  return f;
}
