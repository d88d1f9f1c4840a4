/**
 * A list's row buttons on a phone (390×844): the table is wider than the screen and scrolls in its
 * box, and a row's buttons are held at the box's right edge, so every one of them is seen whole
 * beside the row without scrolling the table sideways, not under the held first column nor past the
 * box's edge (they used to sit in the last column, some always out of sight).
 */
import { expect, it } from 'vitest';
import { DEMO } from '../helpers/app.ts';
import { appAndBrowser, onPhonePages } from '../helpers/browser.ts';

const { t, browser } = appAndBrowser();

it("a list's row buttons are in view on a phone, in Japanese and in English", async () => {
  await onPhonePages(browser, t.url, DEMO.company_admin, ['/admin/interview', '/admin/candidate', '/admin/candidate/shukkin'], async (page, where) => {
    await page.locator('main td.row-actions').first().waitFor();
    // Each button's box against what of the table's box is seen: right of the held first column, left of the box's edge.
    const out = await page.evaluate(() =>
      [...document.querySelectorAll('main td.row-actions')].flatMap((td) => {
        const box = td.closest('.table-scroll')!.getBoundingClientRect();
        const held = td.parentElement!.firstElementChild!.getBoundingClientRect();
        return [...td.querySelectorAll('button, a')]
          .map((b) => ({ text: (b.textContent ?? '').trim(), r: b.getBoundingClientRect() }))
          .filter(({ r }) => r.left < held.right || r.right > box.right + 1)
          .map(({ text, r }) => `"${text}" at ${Math.round(r.left)}–${Math.round(r.right)}px, seen ${Math.round(held.right)}–${Math.round(box.right)}px`);
      }),
    );
    expect(out, where).toEqual([]);
  });
});
