/**
 * A survey on a phone, in a real browser at 390×844: the worker follows the
 * link from the chat, answers by tapping, and is thanked; the company reads the chart on its own
 * phone. Neither page scrolls sideways. Screenshots go to test-results/surveys/.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { Page } from 'playwright-core';
import { appAndBrowser, backOfficeLogin, openPage, hydrated } from '../helpers/browser.ts';

const { t, browser } = appAndBrowser();
const SHOTS = path.resolve('test-results/surveys');
const PHONE = { width: 390, height: 844 };
const errors: string[] = [];

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
});

const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);

describe('a survey answered on a phone and charted', () => {
  it('the worker answers from the chat’s link; the company sees the bars', async () => {
    const survey = await t.database.db.selectFrom('surveys').select('id').where('title_en', 'like', 'Workplace survey%').executeTakeFirstOrThrow();
    const link = `/staff/survey/${survey.id}`;
    // The note in Bikash's chat carries the link.
    const note = await t.database.db.selectFrom('messages').select('content').where('content', 'like', `%${link}%`).execute();
    expect(note.length).toBe(3);

    const phone = await openPage(browser, { locale: 'en-US', errors, viewport: PHONE });
    // A visitor is asked to log in first, then comes back to the survey.
    await phone.goto(`${t.url}${link}`);
    await phone.waitForURL((u) => u.pathname === '/staff/login');
    expect(new URL(phone.url()).searchParams.get('next')).toBe(link);
    // Bikash logs in, opens his chat with Sakura Staffing and taps the link in the survey's note.
    await phone.goto(`${t.url}/staff/login?next=${encodeURIComponent('/staff/chat')}`);
    const form = phone.locator('form[action="/staff/login"]');
    await form.locator('input[name=email]').fill('worker3@demo.test');
    await form.locator('input[name=password]').fill(inject('demoPassword'));
    await Promise.all([phone.waitForURL((u) => u.pathname === '/staff/chat'), form.locator('button[type=submit]').click()]);
    await hydrated(phone, 'CandidateChat');
    await phone.locator('.candidate-chat-list li button').first().click();
    const inChat = phone.locator(`.chat-content a[href="${link}"]`);
    await inChat.waitFor();
    await Promise.all([phone.waitForURL((u) => u.pathname === link), inChat.click()]);
    await expect.poll(() => phone.locator('h1').textContent()).toContain('Workplace survey');
    expect(await scrollsSideways(phone)).toBe(false);
    await phone.getByLabel('Yes').check();
    await phone.getByLabel('Friendly team').check();
    await phone.locator('.survey-scale label', { hasText: '5' }).click();
    await phone.locator('textarea[name=q4]').fill('Thank you!');
    await phone.screenshot({ path: path.join(SHOTS, 'answer-phone.png'), fullPage: true });
    await Promise.all([phone.waitForURL((u) => u.searchParams.get('thanks') === '1'), phone.getByRole('button', { name: 'Send my answers' }).click()]);
    await expect.poll(() => phone.locator('[role=status]').first().textContent()).toContain('Thank you for your answers.');

    const admin = await openPage(browser, { locale: 'en-US', errors, viewport: PHONE });
    await backOfficeLogin(admin, t.url, 'company@demo.test');
    await admin.goto(`${t.url}/v3/admin/survey?id=${survey.id}`);
    const bars = admin.locator('article[data-question="1"] g.survey-bar');
    await expect.poll(() => bars.count()).toBe(3);
    expect(await bars.first().getAttribute('data-count')).toBe('2');
    const chart = await admin.locator('article[data-question="1"] svg').boundingBox();
    expect(chart!.width).toBeLessThanOrEqual(PHONE.width);
    expect(await scrollsSideways(admin)).toBe(false);
    await admin.screenshot({ path: path.join(SHOTS, 'results-phone.png'), fullPage: true });
    await admin.locator('section[aria-labelledby=survey-results-title]').screenshot({ path: path.join(SHOTS, 'charts-phone.png') });
    expect(errors).toEqual([]);
  });
});
