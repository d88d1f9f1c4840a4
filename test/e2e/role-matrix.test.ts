/**
 * The role matrix (/admin/roles) on a laptop: every role's column can be seen and ticked where the
 * matrix opens, in Japanese and in English. A matrix is a grid of equal role columns, not a list
 * whose last column holds a row's actions: none of its roles may sit under another.
 */
import { describe, expect, it } from 'vitest';
import { DEMO } from '../helpers/app.ts';
import { appAndBrowser, backOfficeLogin, openPage } from '../helpers/browser.ts';

const { t, browser } = appAndBrowser();

describe('/admin/roles at 1366 px', () => {
  for (const lang of ['ja', 'en'] as const) {
    it(`shows each role's box of the first screen, none covered by another column (${lang})`, async () => {
      const errors: string[] = [];
      const page = await openPage(browser, { locale: lang === 'ja' ? 'ja-JP' : 'en-GB', errors, viewport: { width: 1366, height: 900 } });
      await backOfficeLogin(page, t.url, DEMO.superadmin);
      await page.goto(`${t.url}/lang/${lang}?back=/admin/roles`);
      const boxes = page.locator('.role-matrix-table tbody tr:not(.role-matrix-group)').first().locator('input[type=checkbox]');
      expect(await boxes.count()).toBe(6);
      // Each box's centre is the box itself (nothing held over it) and lies inside the table's scroll box.
      const seen = await boxes.evaluateAll((inputs) =>
        inputs.map((input) => {
          const r = input.getBoundingClientRect();
          const scroller = input.closest('.table-scroll')!.getBoundingClientRect();
          const x = r.left + r.width / 2;
          const y = r.top + r.height / 2;
          return { label: input.getAttribute('aria-label'), visible: x > scroller.left && x < scroller.right && document.elementFromPoint(x, y) === input };
        }),
      );
      expect(seen.filter((s) => !s.visible).map((s) => s.label)).toEqual([]);
      await page.context().close();
      expect(errors).toEqual([]);
    });
  }
});
