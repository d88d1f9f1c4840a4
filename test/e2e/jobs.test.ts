/**
 * The jobs flow in a real browser (Chromium): a company admin publishes a daily
 * job on /v3/admin/jobs/add and adds a week of shifts on its record page; a visitor reading the
 * site in English finds it through the search form, is sent to log in when applying, registers,
 * logs in, comes back to the job and applies to a shift; the company admin then sees the new
 * candidate in its candidate list.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO } from '../helpers/app.ts';
import { appAndBrowser, backOfficeLogin, openPage } from '../helpers/browser.ts';
import { tokyoDay } from '../helpers/demo-data.ts';
import { dateYearText } from '../../shared/format.ts';

const { t, browser } = appAndBrowser();
const errors: string[] = [];

/** The weekdays (Mon–Fri) among the seven days from tomorrow: always five. */
const weekdaysFromTomorrow = () => [1, 2, 3, 4, 5, 6, 7].map(tokyoDay).filter((d) => ![0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay()));

const TITLE_JA = '検品スタッフ（e2e）';
const TITLE_EN = 'Inspection staff (e2e)';
const NAME = 'Maria Santos E2E';
const EMAIL = 'maria.e2e@example.test';
const PASSWORD = 'e2e-correct-horse';

let admin: Page;
let jobId = '';

describe('a daily job from the back office to an application, in Chromium', () => {
  it('company@ publishes a daily job with a week of shifts, and logs out', async () => {
    admin = await openPage(browser, { locale: 'ja-JP', errors });
    await backOfficeLogin(admin, t.url, DEMO.company_admin);
    await admin.goto(`${t.url}/v3/admin/jobs/add`);
    const form = admin.locator('form.resource-form');
    await form.locator('select[name=client_id]').selectOption({ label: '東京フードサービス株式会社' });
    await form.locator('input[name=title_ja]').fill(TITLE_JA);
    await form.locator('input[name=title_en]').fill(TITLE_EN);
    await form.locator('textarea[name=description_ja]').fill('倉庫で商品の検品をするお仕事です。');
    await form.locator('textarea[name=description_en]').fill('Checking goods in a warehouse.');
    await form.locator('select[name=pay_type_id]').selectOption({ label: '時給' });
    await form.locator('input[name=wage]').fill('1350');
    await form.locator('select[name=prefecture]').selectOption('東京都');
    await form.locator('input[name=city]').fill('江東区');
    await form.locator('input[name=headcount]').fill('2');
    await form.locator('select[name=status]').selectOption('open');
    await Promise.all([admin.waitForURL(/\/v3\/admin\/jobs\/[0-9a-f-]{36}\?created=1$/), form.locator('button[type=submit]').click()]);
    jobId = /\/v3\/admin\/jobs\/([0-9a-f-]{36})/.exec(admin.url())![1]!;
    expect(await admin.textContent('.notice')).toContain('登録しました。');
    expect(await admin.textContent('#job-shifts')).toContain('シフトはまだありません。');

    // A week from tomorrow, Monday to Friday, 09:00–17:00, two seats each.
    const plan = admin.locator('form.shift-plan');
    await plan.locator('input[name=plan_from]').fill(tokyoDay(1));
    await plan.locator('input[name=plan_to]').fill(tokyoDay(7));
    for (const d of ['1', '2', '3', '4', '5']) await plan.locator(`input[name=plan_weekdays][value="${d}"]`).check();
    for (const d of ['6', '0']) await plan.locator(`input[name=plan_weekdays][value="${d}"]`).uncheck();
    await plan.locator('input[name=plan_slot1_start]').fill('09:00');
    await plan.locator('input[name=plan_slot1_end]').fill('17:00');
    await plan.locator('input[name=plan_capacity]').fill('2');
    await Promise.all([admin.waitForURL((u) => u.pathname === `/v3/admin/jobs/${jobId}` && u.searchParams.get('shiftsAdded') === '5'), plan.locator('button[type=submit]').click()]);
    expect(await admin.textContent('#job-shifts .notice')).toBe('5件のシフトを追加しました。');
    const rows = admin.locator('#job-shifts table tbody tr');
    expect(await rows.count()).toBe(5);
    const days = weekdaysFromTomorrow();
    for (let i = 0; i < 5; i++) {
      const text = (await rows.nth(i).textContent()) ?? '';
      // The day as the page says it (a Japanese page), not the stored 2026-12-01.
      expect(text).toContain(dateYearText(days[i]!, 'ja'));
      expect(text).toContain('09:00–17:00');
    }

    await Promise.all([admin.waitForURL(`${t.url}/`), admin.click('.logout-form button')]);
    expect(errors).toEqual([]);
  }, 60_000);

  it('a visitor in English finds it, registers when applying, is signed in and back on the job, and applies to the first shift', async () => {
    expect(jobId).not.toBe('');
    const page = await openPage(browser, { locale: 'en-US', errors });
    await page.goto(`${t.url}/daily`);
    expect(await page.getAttribute('html', 'lang')).toBe('en');

    // The search form (folded behind its button): Tokyo and a keyword.
    await page.locator('.search-fold > summary').click();
    const search = page.locator('form.job-search');
    await search.locator('input[name=q]').fill('Inspection');
    await search.locator('select[name=prefecture]').selectOption({ label: 'Tokyo' });
    await Promise.all([
      page.waitForURL((u) => u.pathname === '/daily' && u.searchParams.get('q') === 'Inspection' && u.searchParams.get('prefecture') === '東京都'),
      search.locator('button[type=submit]').click(),
    ]);
    const link = page.locator('a.job-link', { hasText: TITLE_EN });
    expect(await link.count()).toBe(1);
    expect(await page.locator('a.job-link').count()).toBe(1);
    await Promise.all([page.waitForURL(`${t.url}/daily/${jobId}`), link.click()]);
    expect(await page.textContent('h1')).toBe(TITLE_EN);
    const rows = page.locator('table.shift-table tbody tr');
    expect(await rows.count()).toBe(5);
    expect(await rows.nth(0).textContent()).toContain('09:00–17:00');
    expect(await rows.nth(0).locator('td').nth(3).textContent()).toBe('2');

    // Apply, not signed in: the candidate login, which comes back here.
    const next = `/daily/${jobId}`;
    await Promise.all([page.waitForURL((u) => u.pathname === '/staff/login' && u.searchParams.get('next') === next), rows.nth(0).locator('a', { hasText: 'Apply' }).click()]);
    await Promise.all([page.waitForURL((u) => u.pathname === '/staff/register' && u.searchParams.get('next') === next), page.locator('a', { hasText: 'Register for free' }).click()]);

    const reg = page.locator('form[action="/staff/register"]');
    await reg.locator('input[name=name]').fill(NAME);
    await reg.locator('input[name=email]').fill(EMAIL);
    await reg.locator('input[name=password]').fill(PASSWORD);
    await reg.locator('select[name=nationality]').selectOption({ label: 'Philippines' });
    await reg.locator('select[name=visa_type_id]').selectOption({ label: 'Permanent Resident' });
    await reg.locator('input[name=visa_expiry]').fill(tokyoDay(365));
    await reg.locator('input[name=languages][value=en]').check();
    // Registered: signed in at once and back on the job page, which says so and whose buttons now apply.
    await Promise.all([page.waitForURL(`${t.url}${next}?registered=1`), reg.locator('button[type=submit]').click()]);
    expect(await page.textContent('header .header-candidate')).toBe(NAME);
    await page.getByText('You are registered and signed in: you can apply now.').waitFor();

    // Signed in, and nobody has checked the residence card yet: applying is not working, so the
    // application goes through; the page says up front that the card is checked before the first shift.
    expect(await page.textContent('.card-needed')).toContain('Your residence card must be checked before your first shift');
    expect(await page.getAttribute('.card-needed a', 'href')).toBe('/staff/card');
    // The first shift's button posts the application.
    await Promise.all([page.waitForURL(`${t.url}${next}?applied=1`), rows.nth(0).locator('form.apply-form button[type=submit]').click()]);
    expect(await page.textContent('[role=status]')).toBe('You have applied. The company will message you soon.');
    expect(await rows.count()).toBe(5);
    expect(await rows.nth(0).locator('.badge').textContent()).toBe('Applied');
    expect(await rows.nth(0).locator('td').nth(3).textContent()).toBe('1');
    // The other shifts can still be applied to.
    expect(await rows.nth(1).locator('form.apply-form button').textContent()).toBe('Apply');
    expect(await page.locator('table.shift-table .badge').count()).toBe(1);

    // And the job page remembers it when opened again.
    await page.goto(`${t.url}${next}`);
    expect(await rows.nth(0).locator('.badge').textContent()).toBe('Applied');
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('company@ logs in again and finds the new candidate on /admin/candidate', async () => {
    expect(jobId).not.toBe('');
    await backOfficeLogin(admin, t.url, DEMO.company_admin);
    await admin.goto(`${t.url}/admin/candidate`);
    const main = (await admin.textContent('main')) ?? '';
    expect(main).toContain(NAME);
    expect(main).toContain(TITLE_JA);
    expect(errors).toEqual([]);
    await admin.context().close();
  }, 60_000);
});
