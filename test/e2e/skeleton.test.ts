import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO } from '../helpers/app.ts';
import { appAndBrowser, backOfficeLogin, openPage, hydrated } from '../helpers/browser.ts';

const { t, browser } = appAndBrowser();

/** A Japanese page, with the scripts it loads and the errors the browser reports. */
async function newPage(): Promise<{ page: Page; scripts: string[]; errors: string[] }> {
  const errors: string[] = [];
  const page = await openPage(browser, { locale: 'ja-JP', errors, timeoutMs: 10_000 });
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  return { page, scripts, errors };
}

describe('a visitor and a back-office user in a real browser', () => {
  it('shows the public site in Japanese, switches to English and remembers it, and ships no React', async () => {
    const { page, scripts, errors } = await newPage();
    await page.goto(`${t.url}/`);
    expect(await page.getAttribute('html', 'lang')).toBe('ja');
    expect(await page.title()).toContain('Tsunagu');
    expect(await page.getAttribute('meta[name=theme-color]', 'content')).toBe('#154D9E');
    await Promise.all([page.waitForURL(`${t.url}/`), page.click('a[hreflang=en]')]);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await page.goto(`${t.url}/faq`);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    // Only the boot script (and esbuild's tiny shared runtime): no island, so no React.
    expect(scripts).toContain('/build/boot.js');
    expect(scripts.filter((s) => /\/(client|react|Customizer)-/.test(s))).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('puts the cursor on the first field to fix when a form comes back with errors', async () => {
    const { page, errors } = await newPage();
    await page.goto(`${t.url}/staff/contact`);
    // What the browser accepts but the server does not (an address without a domain suffix).
    const form = page.locator('form[action="/staff/contact"]');
    await form.locator('input[name=name]').fill('Ana');
    await form.locator('input[name=email]').fill('ana@example');
    await form.locator('select[name=topic]').selectOption({ index: 1 });
    await form.locator('textarea[name=message]').fill('Hello');
    await Promise.all([page.waitForLoadState('load'), form.locator('button[type=submit]').click()]);
    await page.waitForSelector('[aria-invalid="true"]');
    expect(await page.$eval('form [aria-invalid="true"]', (el) => el.getAttribute('name'))).toBe('email');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows the registration form on a phone with each language a small box beside its name', async () => {
    const { page, errors } = await newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${t.url}/staff/register`);
    const boxes = await page.$$eval('.checkbox-grid label', (labels) =>
      labels.map((l) => {
        const box = l.querySelector('input')!.getBoundingClientRect();
        const text = l.getBoundingClientRect();
        return { width: box.width, beside: box.top >= text.top - 1 && box.bottom <= text.bottom + 1 && box.right < text.right };
      }),
    );
    expect(boxes.length).toBeGreaterThan(3);
    for (const b of boxes) expect(b).toEqual({ width: expect.any(Number), beside: true });
    expect(Math.max(...boxes.map((b) => b.width))).toBeLessThan(40);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('logs a client admin in, lands on the v3 jobs list with only its pages in the sidebar, and is sent to its fallback', async () => {
    const { page, errors } = await newPage();
    await backOfficeLogin(page, t.url, DEMO.client_admin);
    expect(new URL(page.url()).pathname).toBe('/v3/admin/jobs/list');
    const links = await page.$$eval('nav.sidebar a', (as) => as.map((a) => a.getAttribute('href')));
    expect(links).toContain('/v3/admin/jobs/list');
    expect(links).toContain('/admin/users/client');
    expect(links).not.toContain('/admin/jobs/list');
    expect(links).not.toContain('/admin/roles');
    expect(await page.textContent('[data-testid=current-user]')).toContain('田中');

    await page.goto(`${t.url}/admin/users/admin`);
    expect(new URL(page.url()).pathname).toBe('/admin/users/client');

    // A page it may not enter and with no fallback: its landing page (SPEC §4), never the page.
    await page.goto(`${t.url}/admin/staff`);
    expect(new URL(page.url()).pathname).toBe('/v3/admin/jobs/list');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('keeps the customizer choice across a reload with no flash, and logs out', async () => {
    const { page, scripts, errors } = await newPage();
    page.on('console', (m) => {
      if (m.type() === 'warning') errors.push(m.text());
    });
    await backOfficeLogin(page, t.url, DEMO.company_admin);
    // Click only once React has taken the island over (under load the button can be clicked first).
    await hydrated(page, 'Customizer');
    await page.click('.customizer-toggle');
    await page.check('input[name=layout_version][value=dark-only]');
    await page.waitForFunction(() => document.documentElement.classList.contains('dark-only'));
    // Stored under the signed-in person (client/stores/persist.ts), as all client state.
    expect(await page.evaluate(() => Object.entries(localStorage).find(([k]) => /^tsunagu:admin:[^:]+:customizer$/.test(k))?.[1])).toContain('dark-only');
    expect(scripts.some((s) => s.startsWith('/build/chunks/Customizer-'))).toBe(true);

    // The server renders the chosen layout itself: the class is in the HTML before any script runs.
    const html = await (await page.request.get(`${t.url}/admin/jobs/list`)).text();
    expect(html).toMatch(/<html[^>]*class="[^"]*dark-only/);

    await Promise.all([page.waitForURL(`${t.url}/`), page.click('.logout-form button')]);
    await page.goto(`${t.url}/admin/jobs/list`);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
