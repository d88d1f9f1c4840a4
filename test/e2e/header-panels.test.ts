/**
 * The header's panels on a phone: the chat dock's recent chats and the customizer open over the
 * page, and nothing of the header (the other toggles, the bells) is drawn over them, so every
 * part of an open panel is the panel's to press; a conversation chosen in the dock opens a window
 * that nothing covers.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { appAndBrowser, backOfficeLogin, hydrated, openPage } from '../helpers/browser.ts';

const { t, browser } = appAndBrowser();
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  page = await openPage(browser, { locale: 'en-US', errors, viewport: { width: 390, height: 844 } });
  await backOfficeLogin(page, t.url, 'company@demo.test');
});

/** The points of a grid over the element at `selector` whose topmost element lies outside it. */
const coveredPoints = (selector: string) =>
  page.evaluate((sel) => {
    const panel = document.querySelector(sel)!;
    const box = panel.getBoundingClientRect();
    const covered: string[] = [];
    for (let x = box.left + 4; x < box.right - 4; x += 20)
      for (let y = box.top + 4; y < Math.min(box.bottom, innerHeight) - 4; y += 20) {
        const top = document.elementFromPoint(x, y);
        if (top && !panel.contains(top)) covered.push(`${Math.round(x)},${Math.round(y)}: ${top.className || top.tagName}`);
      }
    return covered;
  }, selector);

describe('the header’s panels at 390 px', () => {
  it.each([
    ['ChatDock', '.chat-dock-toggle', '.chat-dock-panel'],
    ['Customizer', '.customizer-toggle', '.customizer-panel'],
  ])('%s opens with nothing of the header over it', async (island, toggle, panel) => {
    await page.goto(`${t.url}/admin/candidate`);
    await hydrated(page, island);
    await page.click(toggle);
    await page.locator(panel).waitFor();
    expect(await coveredPoints(panel)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('a conversation chosen in the dock opens its window, and the list steps aside so the window can be read and answered', async () => {
    await page.goto(`${t.url}/admin/candidate`);
    await hydrated(page, 'ChatDock');
    await hydrated(page, 'ChatWindowsV3');
    await page.click('.chat-dock-toggle');
    await page.locator('.chat-recent li[data-conversation] button').first().click();
    const window = page.locator('[data-testid=chat-window]');
    await window.locator('textarea').waitFor();
    expect(await page.locator('.chat-dock-panel').count()).toBe(0);
    expect(await coveredPoints('[data-testid=chat-window]')).toEqual([]);
    expect(errors).toEqual([]);
  });
});
