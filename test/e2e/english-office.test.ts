/**
 * The back office in English shows data in English where an English text exists, never a
 * "日本語 / English" pair: a job record's heading, the points ledger's reasons and the chat dock's
 * conversation titles, as company@demo.test with the interface switched to English.
 */
import { beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO } from '../helpers/app.ts';
import { appAndBrowser, backOfficeLogin, openPage } from '../helpers/browser.ts';
import { addDays, mondayOf, todayInJapan } from '../../shared/time.ts';

const { t, browser } = appAndBrowser();
let page: Page;
const errors: string[] = [];
const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;

beforeAll(async () => {
  page = await openPage(browser, { locale: 'en-GB', errors, viewport: { width: 1366, height: 900 } });
  await backOfficeLogin(page, t.url, DEMO.company_admin);
  await page.goto(`${t.url}/lang/en?back=/admin`);
});

it("a job record's heading is the job's English title", async () => {
  const job = await t.database.db.selectFrom('jobs').select('id').where('title_en', '=', 'Restaurant floor staff (lunch)').executeTakeFirstOrThrow();
  await page.goto(`${t.url}/v3/admin/jobs/${job.id}`);
  const h1 = await page.locator('main h1').innerText();
  expect(h1).toContain('Restaurant floor staff (lunch)');
  expect(h1).not.toMatch(JAPANESE);
});

it("a jobs list leads with each job's English title, the link to its record", async () => {
  const job = await t.database.db.selectFrom('jobs').select('id').where('title_en', '=', 'Restaurant floor staff (lunch)').executeTakeFirstOrThrow();
  await page.goto(`${t.url}/v3/admin/jobs/list`);
  const link = page.locator('main tbody tr td:first-child a', { hasText: 'Restaurant floor staff (lunch)' });
  await expect.poll(() => link.getAttribute('href')).toBe(`/v3/admin/jobs/${job.id}`);
  for (const first of await page.locator('main tbody tr td:first-child a').allInnerTexts()) expect(first).not.toMatch(JAPANESE);
});

it('the points ledger gives a reason in one language, not a pair', async () => {
  await page.goto(`${t.url}/v3/admin/point`);
  const reasons = await page.locator('main tbody tr').allInnerTexts();
  expect(reasons.join('\n')).toContain('Welcome gift');
  for (const r of reasons) expect(r).not.toMatch(/[\u3040-\u30ff\u4e00-\u9fff]+ \/ [A-Za-z]/);
  // An expiry is said by its kind, not by the word the ledger stores.
  expect(reasons.filter((r) => /\texpired\t/.test(r))).toEqual([]);
});

it("the chat dock's conversations are titled by the job's English title", async () => {
  await page.goto(`${t.url}/admin/candidate`);
  await page.locator('.chat-dock-toggle').click();
  const titles = page.locator('.chat-recent-job');
  await expect.poll(() => titles.count(), { timeout: 15_000 }).toBeGreaterThan(0);
  await expect.poll(async () => (await titles.allInnerTexts()).join('|'), { timeout: 15_000 }).not.toBe('');
  const texts = await titles.allInnerTexts();
  for (const text of texts) {
    expect(text).not.toMatch(JAPANESE);
    expect(text).not.toContain(' / ');
  }
  expect(errors).toEqual([]);
});

it("the shifts page's hours-left table names each residence status in English", async () => {
  // The student's shifts are the four days from tomorrow: the week they start in (the next one on a Sunday in Japan).
  await page.goto(`${t.url}/admin/shift?week=${mondayOf(addDays(todayInJapan(), 1))}`);
  const hours = page.locator('main section, main .card').filter({ hasText: 'Hours left this week' }).first();
  const text = await hours.innerText();
  // The demo student (留学) is in the table by her status's English name.
  expect(text).toContain('Student');
  expect(text).not.toContain('留学');
});

it("the support chat names each conversation's company by its English name for platform staff", async () => {
  const admin = await openPage(browser, { locale: 'en-GB', errors, viewport: { width: 1366, height: 900 } });
  await backOfficeLogin(admin, t.url, DEMO.superadmin);
  await admin.goto(`${t.url}/lang/en?back=/v3/admin/supportChat`);
  await admin.goto(`${t.url}/v3/admin/supportChat`);
  const companies = admin.locator('.support-chat-company');
  await expect.poll(() => companies.count(), { timeout: 15_000 }).toBeGreaterThan(0);
  const texts = await companies.allInnerTexts();
  expect(texts.join('\n')).toContain('Sakura Staffing Co., Ltd.');
  for (const text of texts) expect(text).not.toMatch(JAPANESE);
  // The open conversation's heading names it the same way.
  await admin.locator('.support-chat-list button').first().click();
  await expect.poll(() => admin.locator('.support-chat-pane-head .support-chat-company').innerText(), { timeout: 15_000 }).not.toMatch(JAPANESE);
  await admin.context().close();
  expect(errors).toEqual([]);
});
