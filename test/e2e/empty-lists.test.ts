/**
 * An empty list on a phone says so where it can be read: a client user at 390×844 opens its
 * invoices (none issued in the demo) and its shifts (nobody with an hour limit this week). The
 * table is as wide as its columns, wider than the screen; its message must still end on the
 * screen, not be cut at its edge as "Nothing here y…".
 */
import { expect, it } from 'vitest';
import { DEMO } from '../helpers/app.ts';
import { appAndBrowser, onPhonePages } from '../helpers/browser.ts';

const { t, browser } = appAndBrowser();

it("an empty list's message is read whole on a phone, in Japanese and in English", async () => {
  await onPhonePages(browser, t.url, DEMO.client_admin, ['/admin/billing', '/admin/shift'], async (page, where) => {
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
    expect(drawn.text.trim(), where).not.toBe('');
    expect(drawn.left, `${where}: ${drawn.text}`).toBeGreaterThanOrEqual(0);
    expect(drawn.right, `${where}: ${drawn.text}`).toBeGreaterThanOrEqual(0);
  });
});
