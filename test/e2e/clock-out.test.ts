/**
 * Clocking out in Chromium: it ends the recorded shift and makes its pay, so the worker on their
 * phone and staff on the attendance list are asked first; dismissed, nothing is recorded.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { appAndBrowser, backOfficeLogin, candidatePageLogin, openPage } from '../helpers/browser.ts';
import { companyOf, newShiftOf, statusIds, userId } from '../helpers/demo-data.ts';
import { msg } from '../../shared/texts/index.ts';

const { t, browser } = appAndBrowser();
const WORKER = 'worker2@demo.test';
let app: string;

/** A shift of today (Japan) for the worker on the attendance list, clocked in an hour ago. */
beforeAll(async () => {
  const db = t.database.db;
  const company = await companyOf(t, 'company@demo.test');
  const S = await statusIds<'Attendance'>(t, company);
  const shift = await newShiftOf(t, company, 'Warehouse picking (daily pay)', { day: 0, start: '00:05', end: '23:55', breakMinutes: 45, capacity: 1 });
  app = (
    await db
      .insertInto('applications')
      .values({ job_id: shift.jobId, shift_id: shift.shiftId, candidate_id: await userId(t, WORKER), company_id: company, client_id: shift.clientId, candidate_status_id: S.Attendance })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await db
    .insertInto('attendance')
    .values({ application_id: app, company_id: company, shift_id: shift.shiftId, status: 'present', clock_in: new Date(Date.now() - 3_600_000), recorded_by_name: 'Jose Reyes' })
    .execute();
});

const clockOut = async () => (await t.database.db.selectFrom('attendance').select('clock_out').where('application_id', '=', app).executeTakeFirstOrThrow()).clock_out;

/**
 * Presses `button` twice: the first question dismissed (no form is sent, nothing is recorded), the
 * second accepted (the clock-out is recorded once the page the form went to has loaded). Answers
 * the questions the page asked.
 */
async function dismissThenAccept(page: Page, button: Locator): Promise<string[]> {
  const questions: string[] = [];
  const posts: string[] = [];
  let answer: 'accept' | 'dismiss' = 'dismiss';
  page.on('dialog', (d) => {
    questions.push(d.message());
    void (answer === 'accept' ? d.accept() : d.dismiss());
  });
  page.on('request', (r) => void (r.method() === 'POST' && r.resourceType() === 'document' && posts.push(r.url())));
  await button.click();
  await expect.poll(() => questions.length).toBe(1);
  expect(posts).toEqual([]);
  expect(await clockOut()).toBeNull();
  answer = 'accept';
  await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST' && r.request().resourceType() === 'document'), button.click()]);
  await page.waitForLoadState('load');
  expect(await clockOut()).toBeInstanceOf(Date);
  return questions;
}

const SIDES = [
  {
    who: 'the worker on their phone (/staff/applications)',
    locale: 'en-US',
    viewport: { width: 390, height: 844 },
    login: (page: Page) => candidatePageLogin(page, t.url, WORKER),
    open: '/lang/en?back=/staff/applications',
    button: (page: Page) => page.getByRole('button', { name: 'Clock out' }),
    question: msg('en', 'candidate.clockOutConfirm'),
    notice: 'Clock-out recorded. Thank you for your work.',
  },
  {
    who: 'staff on the attendance list, in Japanese',
    locale: 'ja-JP',
    viewport: { width: 1366, height: 900 },
    login: (page: Page) => backOfficeLogin(page, t.url, 'company@demo.test'),
    open: '/lang/ja?back=/admin/candidate/shukkin',
    button: (page: Page) => page.locator(`button[value="row:${app}:clockOut"]`),
    question: msg('ja', 'res.applications.clockOutConfirm'),
    notice: msg('ja', 'res.applications.clockOutRecorded'),
  },
];

describe('clocking out', () => {
  it.each(SIDES)('asks $who first: dismissed, nothing is recorded; accepted, the clock-out is', async (side) => {
    await t.database.db.updateTable('attendance').set({ clock_out: null }).where('application_id', '=', app).execute();
    const errors: string[] = [];
    const page = await openPage(browser, { locale: side.locale, errors, viewport: side.viewport });
    await side.login(page);
    await page.goto(`${t.url}${side.open}`);
    expect(await dismissThenAccept(page, side.button(page))).toEqual([side.question, side.question]);
    await expect.poll(() => page.getByText(side.notice).count()).toBe(1);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
