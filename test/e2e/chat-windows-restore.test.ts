/**
 * Chat windows that survive navigation (client/chat/restore.ts): the open window and its draft come
 * back on the next page, for the same person only, and are gone after logout.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../helpers/app.ts';
import { appBrowserAndConversation, backOfficeLogin, openPage, hydrated } from '../helpers/browser.ts';

const chat = appBrowserAndConversation();
const { t, browser } = chat;
const errors: string[] = [];

let page: Page;
const windows = () => page.locator('[data-testid=chat-window]');
const DRAFT = '駐車場について確認中です（まだ送らない）';

async function login(email: string) {
  await backOfficeLogin(page, t.url, email);
  await hydrated(page, 'ChatWindowsV3');
}

describe('chat windows across page changes', () => {
  it('the open window and its draft come back on the next page', async () => {
    page = await openPage(browser, { locale: 'ja-JP', errors, viewport: { width: 1366, height: 900 } });
    await login(DEMO.company_admin);
    await hydrated(page, 'ChatDock');
    await page.click('.chat-dock-toggle');
    await page.locator(`.chat-recent li[data-conversation="${chat.conversationId}"] button`).click();
    await expect.poll(() => windows().count()).toBe(1);
    await windows().locator('textarea').fill(DRAFT);

    await page.goto(`${t.url}/admin/candidate`);
    await hydrated(page, 'ChatWindowsV3');
    await expect.poll(() => windows().count()).toBe(1);
    await expect.poll(() => windows().locator('textarea').inputValue()).toBe(DRAFT);

    // Minimised stays minimised.
    await windows().locator('.chat-window-title').click();
    await expect.poll(() => windows().getAttribute('class')).toContain('is-mini');
    await page.goto(`${t.url}/admin/jobs/list`);
    await expect.poll(() => windows().count()).toBe(1);
    await expect.poll(() => windows().getAttribute('class')).toContain('is-mini');
  });

  it('logout clears them, and the next person on the browser starts with none', async () => {
    await Promise.all([page.waitForURL((u) => u.pathname === '/'), page.click('form[action="/logout"] button[type=submit]')]);
    const left = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.endsWith(':chatWindows')));
    expect(left).toEqual([]);
    await login(DEMO.company_staff);
    await page.goto(`${t.url}/admin/candidate`);
    await hydrated(page, 'ChatWindowsV3');
    // Give a restore a chance to act (it would open within the same tick of loading the chat code).
    await page.waitForLoadState('networkidle');
    expect(await windows().count()).toBe(0);
  });

  it('another person never sees what one left open, even without logging out', async () => {
    await page.context().clearCookies();
    await login(DEMO.company_admin);
    await page.click('.chat-dock-toggle');
    await page.locator(`.chat-recent li[data-conversation="${chat.conversationId}"] button`).click();
    await expect.poll(() => windows().count()).toBe(1);
    // The session is simply dropped (no logout): company staff signs in on the same browser.
    await page.context().clearCookies();
    await login(DEMO.company_staff);
    await page.waitForLoadState('networkidle');
    expect(await windows().count()).toBe(0);
    // And company_admin's windows are still theirs when they come back.
    await page.context().clearCookies();
    await login(DEMO.company_admin);
    await expect.poll(() => windows().count()).toBe(1);
    expect(errors).toEqual([]);
  });
});
