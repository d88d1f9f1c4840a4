/**
 * An empty list on a phone says so where it can be read: a client user at 390×844 opens its
 * invoices (none issued in the demo) and its shifts (nobody with an hour limit this week). The
 * table is as wide as its columns, wider than the screen; its message must still end on the
 * screen, not be cut at its edge as "Nothing here y…".
 */
import { expect, it } from 'vitest';
import { DEMO } from '../helpers/app.ts';
import { appAndBrowser, backOfficeLogin, openPage } from '../helpers/browser.ts';

const { t, browser } = appAndBrowser();

it("an empty list's message is read whole on a phone, in Japanese and in English", async () => {
  const errors: string[] = [];
  for (const lang of ['ja', 'en'] as const) {
    const page = await openPage(browser, { locale: lang, errors, viewport: { width: 390, height: 844 } });
    await backOfficeLogin(page, t.url, DEMO.client_admin);
    await page.goto(`${t.url}/lang/${lang}?back=/admin/billing`);
    for (const path of ['/admin/billing', '/admin/shift']) {
      await page.goto(`${t.url}${path}`);
      const cell = page.locator('main td.empty').first();
      await cell.waitFor();
      // Where the message's words are drawn (a range over the cell's text, whatever wraps it), from the edges of the box the table scrolls in.
      const drawn = await cell.evaluate((td) => {
        const range = document.createRange();
        range.selectNodeContents(td);
        const r = range.getBoundingClientRect();
        const box = (td.closest('.table-scroll') ?? td).getBoundingClientRect();
        return { left: r.left - box.left, right: box.right - r.right, text: td.textContent ?? '' };
      });
      expect(drawn.text.trim(), `${lang} ${path}`).not.toBe('');
      expect(drawn.left, `${lang} ${path}: ${drawn.text}`).toBeGreaterThanOrEqual(0);
      expect(drawn.right, `${lang} ${path}: ${drawn.text}`).toBeGreaterThanOrEqual(0);
    }
    await page.context().close();
  }
  expect(errors).toEqual([]);
});
