/**
 * The notification bell in a real browser: company staff have the back office
 * open, a candidate applies, and the bell rings without a reload (graphql-ws subscription); the
 * panel lists it, opening it marks it read and goes where it points. Another company hears nothing.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { appAndBrowser, backOfficeLogin, bellCount, candidatePageLogin, countedBell, hydrated, openPage } from '../helpers/browser.ts';
import { applyToDailyShift } from '../helpers/chat.ts';
import { candidateLogin } from '../helpers/pages.ts';
import { visaId } from '../helpers/demo-data.ts';

const { t, browser } = appAndBrowser();
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  page = await openPage(browser, { locale: 'en-US', errors, viewport: { width: 1280, height: 900 } });
});

const count = () => bellCount(page);
const unreadOf = async (who: 'company2' | 'company_admin') =>
  ((await t.gql('{ notificationCount { notification } }', {}, { as: who })).data.notificationCount as { notification: number }).notification;

describe('the notification bell', () => {
  it('rings when a candidate applies, lists it, and marks it read when opened', async () => {
    await backOfficeLogin(page, t.url, 'company@demo.test');
    await page.goto(`${t.url}/admin/jobs/list`);
    await hydrated(page, 'NotificationBell');
    const before = await countedBell(page);
    const otherBefore = await unreadOf('company2');
    const mineBefore = await unreadOf('company_admin');

    // A new candidate applies to one of Sakura's daily shifts.
    const email = `bell-${Date.now()}@example.test`;
    const reg = await t.gql('mutation($i: CandidateRegistrationInput!) { registerCandidate(input: $i) }', {
      i: { name: 'Bell Tester', email, password: 'Passw0rd!long', nationality: 'VN', visa_type_id: Number(await visaId(t, '永住者')), visa_expiry: '2030-12-31' },
    });
    expect(reg.errors, JSON.stringify(reg.errors)).toBeUndefined();
    // Staff checked the new candidate's residence card: only then may they take a shift (docs/workforce.md).
    await t.database.db
      .updateTable('candidate_profiles')
      .set({ card_verified: true })
      .where('user_id', '=', reg.data!.registerCandidate as string)
      .execute();
    const { token } = await candidateLogin(t, email, { password: 'Passw0rd!long' });
    await applyToDailyShift({ url: t.url, db: t.database.db, candidateToken: token });

    await expect.poll(count, { timeout: 5_000 }).toBe(before + 1);
    await page.click('[data-testid=notification-bell]');
    const item = page.locator('.notification-panel li.is-new').filter({ hasText: 'Bell Tester' });
    await expect.poll(() => item.count()).toBe(1);
    // Drawn in the page's own language, never a "日本語 / English" pair.
    const lang = await page.evaluate(() => document.documentElement.lang);
    expect(await item.textContent()).toContain(lang === 'en' ? 'New application: ' : '新しい応募: ');
    expect(await item.textContent()).not.toContain(lang === 'en' ? '新しい応募' : 'New application');
    // It opens the applicant's own record.
    await Promise.all([page.waitForURL((u) => /^\/admin\/candidate\/[0-9a-f-]{36}$/.test(u.pathname)), item.locator('button').click()]);
    // Opened is read: back to the unread notifications there were before it came.
    expect(await unreadOf('company_admin')).toBe(mineBefore);
    // Another company was told nothing.
    expect(await unreadOf('company2')).toBe(otherBefore);
    expect(errors).toEqual([]);
  });

  it("is a candidate's header button on a phone, and its panel opens under the header without squeezing it", async () => {
    const phone = await openPage(browser, { locale: 'en-US', errors, viewport: { width: 390, height: 844 } });
    await candidatePageLogin(phone, t.url, 'worker2@demo.test');
    await phone.goto(`${t.url}/lang/en?back=/staff/applications`);
    await hydrated(phone, 'NotificationBell');
    const bell = phone.locator('[data-testid=notification-bell]');
    const header = phone.locator('header.site-header');
    const headerBefore = (await header.boundingBox())!;
    // A tap target the size of the header's other buttons, its icon drawn at its size.
    const box = (await bell.boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(40);
    expect((await bell.locator('svg').boundingBox())!.width).toBe(20);
    await bell.click();
    const panel = phone.locator('.notification-panel');
    await panel.locator('.chat-empty, li').first().waitFor();
    // The header keeps its height; the panel lies under it, inside the screen, over the page.
    expect((await header.boundingBox())!.height).toBe(headerBefore.height);
    const p = (await panel.boundingBox())!;
    expect(p.y).toBeGreaterThanOrEqual(headerBefore.y + headerBefore.height - 1);
    expect(p.x).toBeGreaterThanOrEqual(0);
    expect(p.x + p.width).toBeLessThanOrEqual(390);
    expect(await panel.evaluate((el) => getComputedStyle(el).position)).toBe('absolute');
    expect(errors).toEqual([]);
    await phone.context().close();
  });
});
