/**
 * The daily board on a phone, as a candidate meets it: the first job is on the first screen (the
 * filters fold behind one button, which opens without JavaScript), the jobs can be narrowed to a
 * nearest station (in Japanese or by its English name), and a search that finds nothing says so —
 * in the page's language, with a link that clears the filters — instead of "no jobs open".
 */
import { describe, expect, it } from 'vitest';
import { appAndBrowser, openPage } from '../helpers/browser.ts';

const { t, browser } = appAndBrowser();
const PHONE = { width: 390, height: 844 };

describe('/daily on a phone', () => {
  for (const lang of ['ja', 'en'] as const) {
    it(`shows the first job on the first screen, the filters folded behind one button (${lang})`, async () => {
      const errors: string[] = [];
      const page = await openPage(browser, { locale: lang === 'ja' ? 'ja-JP' : 'en-GB', errors, viewport: PHONE });
      await page.goto(`${t.url}/lang/${lang}?back=/daily`);
      const first = page.locator('.job-card').first();
      const box = (await first.locator('h3 a').boundingBox())!;
      expect(box.y + box.height, 'the first job title ends within the first 844 px').toBeLessThan(PHONE.height);
      // The filters are there, behind one button.
      await expect.poll(() => page.locator('form.job-search input[name=q]').isVisible()).toBe(false);
      await page.locator('.search-fold > summary').click();
      expect(await page.locator('form.job-search input[name=q]').isVisible()).toBe(true);
      expect(await page.locator('form.job-search input[name=station]').isVisible()).toBe(true);
      await page.context().close();
      expect(errors).toEqual([]);
    });
  }

  it('opens the filters without JavaScript', async () => {
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false, locale: 'ja-JP' });
    const page = await context.newPage();
    await page.goto(`${t.url}/daily`);
    await page.locator('.search-fold > summary').click();
    expect(await page.locator('form.job-search input[name=station]').isVisible()).toBe(true);
    await context.close();
  });

  it('narrows the jobs to a nearest station, by its Japanese or its English name', async () => {
    const errors: string[] = [];
    const ja = await openPage(browser, { locale: 'ja-JP', errors, viewport: PHONE });
    await ja.goto(`${t.url}/daily`);
    const all = await ja.locator('.job-card').count();
    await ja.locator('.search-fold > summary').click();
    await ja.locator('input[name=station]').fill('川口');
    await Promise.all([ja.waitForURL(/station=/), ja.locator('form.job-search button[type=submit]').click()]);
    const titles = await ja.locator('.job-card h3').allTextContents();
    expect(titles).toEqual(['倉庫内ピッキング（日払い）']);
    expect(all).toBeGreaterThan(1);
    // The filter in use is shown when the page comes back: the folded form says it is open.
    expect(await ja.locator('input[name=station]').inputValue()).toBe('川口');

    const en = await openPage(browser, { locale: 'en-GB', errors, viewport: PHONE });
    await en.goto(`${t.url}/lang/en?back=${encodeURIComponent('/daily?station=kawaguchi')}`);
    expect(await en.locator('.job-card h3').allTextContents()).toEqual(['Warehouse picking (daily pay)']);
    await ja.context().close();
    await en.context().close();
    expect(errors).toEqual([]);
  });

  for (const lang of ['ja', 'en'] as const) {
    it(`says no job matches the filters, with a link that clears them, when a search finds nothing (${lang})`, async () => {
      const errors: string[] = [];
      const page = await openPage(browser, { locale: lang === 'ja' ? 'ja-JP' : 'en-GB', errors, viewport: PHONE });
      await page.goto(`${t.url}/lang/${lang}?back=${encodeURIComponent('/daily?station=nowhere-at-all')}`);
      const empty = (await page.locator('.empty-state').textContent()) ?? '';
      expect(empty).toContain(lang === 'ja' ? '条件に合う仕事はありません' : 'No jobs match these filters');
      expect(empty).not.toContain(lang === 'ja' ? '現在、募集中の日払いの仕事はありません' : 'There are no daily jobs open right now');
      const clear = page.locator('.empty-state a', { hasText: lang === 'ja' ? '条件をクリア' : 'Clear filters' });
      await Promise.all([page.waitForURL((u) => u.pathname === '/daily' && u.search === ''), clear.click()]);
      expect(await page.locator('.job-card').count()).toBeGreaterThan(0);
      await page.context().close();
      expect(errors).toEqual([]);
    });
  }
});
