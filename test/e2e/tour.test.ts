/**
 * README's tour ("Pipeline", "Pay and billing", "Shifts"), clicked through in Chromium on the demo
 * data as the README tells it, with the interface in English: each step opens the page the README
 * names, finds what it says is there, and presses the button it describes. A button that answers
 * an error, or does not do what the README says, fails the step that pressed it.
 */
import { yen } from '../../shared/format.ts';
import { addDays, mondayOf, todayInJapan } from '../../shared/time.ts';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DEMO } from '../helpers/app.ts';
import { appAndBrowser, backOfficeLogin, candidatePageLogin, openPage } from '../helpers/browser.ts';

const { t, browser } = appAndBrowser();
const errors: string[] = [];
const LAPTOP = { width: 1366, height: 900 };

/** A page of its own signed in through `login` (dialogs accepted), the interface switched to English on `home`. */
async function signedIn(login: typeof backOfficeLogin, email: string, home: string): Promise<Page> {
  const page = await openPage(browser, { locale: 'en-GB', errors, viewport: LAPTOP });
  page.on('dialog', (d) => void d.accept());
  await login(page, t.url, email);
  await page.goto(`${t.url}/lang/en?back=${home}`);
  return page;
}
/** A back-office user signed in, the interface in English. */
const staff = (email: string) => signedIn(backOfficeLogin, email, '/admin');
/** A candidate signed in on the candidate's own pages, in English. */
const candidate = (email: string) => signedIn(candidatePageLogin, email, '/staff');

/** Presses a button as a person does (confirming its question) and waits for the page it leads to; the answer's status. */
async function press(page: Page, button: Locator): Promise<number> {
  const [res] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST' && r.request().resourceType() === 'document'), button.click()]);
  await page.waitForLoadState('load');
  return res.status();
}

const row = (page: Page, ...texts: string[]) => texts.reduce((l, s) => l.filter({ hasText: s }), page.locator('main tbody tr'));
const main = (page: Page) => page.locator('main').innerText();

/** A link's file, fetched with the page's cookies: its status and content type. */
async function download(page: Page, link: Locator): Promise<{ status: number; type: string; size: number }> {
  const href = await link.getAttribute('href');
  const res = await page.request.get(new URL(href!, page.url()).toString());
  return { status: res.status(), type: res.headers()['content-type'] ?? '', size: (await res.body()).length };
}

describe("README's tour in Chromium", () => {
  it('Pipeline: the lists, the applicant record and its moves, the interviews, and the candidate confirming', async () => {
    const page = await staff(DEMO.company_admin);
    await page.goto(`${t.url}/admin/candidate`);
    await expect.poll(() => row(page, 'Siti Rahma', 'Interview').count()).toBe(1);
    await page.goto(`${t.url}/admin/candidate/kakunin`);
    expect(await row(page, 'Siti Rahma', 'Work confirmation').count()).toBe(1);
    await page.goto(`${t.url}/admin/candidate/shukkin`);
    expect(await row(page, 'Siti Rahma', 'No-show').count()).toBe(1);

    // Her name opens her record, where a status move is a button.
    await page.goto(`${t.url}/admin/candidate`);
    await Promise.all([page.waitForURL(/\/admin\/candidate\/[0-9a-f-]{36}/), row(page, 'Siti Rahma', 'Interview').getByRole('link', { name: 'Siti Rahma' }).click()]);
    expect(await page.locator('main h1').innerText()).toContain('Siti Rahma');
    const offer = page.locator('main').getByRole('button', { name: 'Offer', exact: true }).first();
    expect(await press(page, offer)).toBeLessThan(400);
    expect(await main(page)).toMatch(/Moved to .*Offer|Offer/);

    // The interview tomorrow at 10:00 is listed, and in the week view.
    await page.goto(`${t.url}/admin/interview`);
    expect(await row(page, 'Siti Rahma', '10:00').count()).toBe(1);
    await page.locator('main').getByRole('link', { name: 'Week', exact: true }).click();
    // On a Sunday in Japan tomorrow is in the next week: the calendar's own link shows it.
    if (mondayOf(addDays(todayInJapan(), 1)) !== mondayOf(todayInJapan())) await page.locator('main').getByRole('link', { name: 'Next week →' }).click();
    await expect.poll(() => main(page)).toContain('Siti Rahma');
    await page.context().close();

    // She confirms the shift she was asked about.
    const siti = await candidate('candidate4@demo.test');
    await siti.goto(`${t.url}/staff/applications`);
    const confirm = siti.getByRole('button', { name: 'Confirm I will come' });
    expect(await confirm.count()).toBe(1);
    expect(await press(siti, confirm)).toBeLessThan(400);
    expect(await siti.getByRole('button', { name: 'Confirm I will come' }).count()).toBe(0);
    await siti.context().close();
    expect(errors).toEqual([]);
  }, 120_000);

  it('Pay and billing: daily pay and its transfer file, a batch that fails for want of a bank account, the monthly run and its payslip, quick pay, an invoice issued and downloaded by the client', async () => {
    const page = await staff(DEMO.company_admin);
    await page.goto(`${t.url}/admin/salary/daily`);
    expect(await row(page, 'Jose Reyes', 'Transferred').count()).toBeGreaterThan(0);
    const batches = page.locator('main section, main .card').filter({ hasText: 'Transfer batches' }).first();
    const file = await download(page, batches.getByRole('link', { name: 'Download' }).first());
    expect(file.status).toBe(200);
    expect(file.size).toBeGreaterThan(0);
    // Bikash Thapa's approved pay fails when batched (on the first business day offered): he has no bank account yet, and the page names him.
    expect(await row(page, 'Bikash Thapa', 'Approved').count()).toBeGreaterThan(0);
    expect(await press(page, page.getByRole('button', { name: 'Batch approved pay for transfer' }))).toBeLessThan(400);
    expect(await main(page)).toMatch(/Bikash Thapa/);
    expect(await main(page)).toMatch(/bank account/i);

    await page.goto(`${t.url}/admin/salary/monthly`);
    const mai = row(page, 'Tran Thi Mai');
    expect(await mai.innerText()).toContain('¥5,000');
    const payslip = await download(page, mai.getByRole('link', { name: 'PDF' }));
    expect(payslip).toMatchObject({ status: 200, type: 'application/pdf' });
    expect(await press(page, mai.getByRole('button', { name: 'Approve' }))).toBeLessThan(400);
    expect(await row(page, 'Tran Thi Mai').innerText()).toContain('Approved');

    await page.goto(`${t.url}/admin/salary/quickpay`);
    expect(await page.locator('main tbody tr').count()).toBeGreaterThan(0);

    // One draft invoice per client: issue the one of Tokyo Food Service.
    await page.goto(`${t.url}/admin/billing`);
    const draft = row(page, 'Tokyo Food Service', 'Draft');
    expect(await draft.count()).toBe(1);
    expect(await press(page, draft.getByRole('button', { name: 'Issue' }))).toBeLessThan(400);
    expect(await row(page, 'Tokyo Food Service', 'Issued').count()).toBe(1);
    await page.context().close();

    // The client sees it and downloads it.
    const client = await staff(DEMO.client_admin);
    await client.goto(`${t.url}/admin/billing`);
    const issued = row(client, 'Issued');
    expect(await issued.count()).toBe(1);
    const invoice = await download(client, issued.locator('a[href*="invoice="]').first());
    expect(invoice).toMatchObject({ status: 200, type: 'application/pdf' });
    await client.context().close();

    // Workers see their pay and payslips at /staff/pay.
    const worker = await candidate('worker1@demo.test');
    await worker.goto(`${t.url}/staff/pay`);
    const run = await t.database.db
      .selectFrom('pay_runs as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select('r.net')
      .where('u.email', '=', 'worker1@demo.test')
      .orderBy('r.period_end', 'desc')
      .executeTakeFirstOrThrow();
    expect(await main(worker)).toContain(yen(Number(run.net)));
    await worker.context().close();
    expect(errors).toEqual([]);
  }, 120_000);

  it('Shifts: the hours left of the week, a client confirming its staffing, a candidate taking a free seat', async () => {
    const page = await staff(DEMO.company_admin);
    // The student's shifts are the four days from tomorrow: the week they start in (the next one on a Sunday in Japan).
    await page.goto(`${t.url}/admin/shift?week=${mondayOf(addDays(todayInJapan(), 1))}`);
    const hours = page.locator('main section, main .card').filter({ hasText: 'Hours left this week' }).first();
    // The demo student has four hours left ("4:00", or "4 h" where hours are said in words).
    expect(await hours.locator('tr', { hasText: 'Tran Minh Chau' }).innerText()).toMatch(/\b4(:00| h)\b/);

    const client = await staff(DEMO.client_admin);
    await client.goto(`${t.url}/admin/shift`);
    const open = () => row(client, 'Not confirmed').count();
    const before = await open();
    expect(before).toBeGreaterThan(0);
    expect(await press(client, row(client, 'Not confirmed').first().getByRole('button', { name: 'Confirm staffing' }))).toBeLessThan(400);
    expect(await open()).toBe(before - 1);
    await client.context().close();
    // The company sees who confirmed.
    await page.goto(`${t.url}/admin/shift`);
    expect(await main(page)).toMatch(/Tokyo Food|client@demo\.test|Confirmed/);
    await page.context().close();

    // The first free seat offered is taken, as a person would take it, and becomes an application.
    const cand = await candidate('worker1@demo.test');
    await cand.goto(`${t.url}/staff/shifts`);
    // Seats the law does not let her take say why instead of offering the button (docs/workforce.md).
    const first = cand
      .locator('.open-shift')
      .filter({ has: cand.getByRole('button', { name: 'Take this shift' }) })
      .first();
    // Today's seats may all have started (late in the day in Japan): she looks at the next days, as
    // the day chips offer them, until one has a seat for her.
    const days = await cand.locator('.day-chips a').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
    for (const day of days) {
      if (await first.count()) break;
      await cand.goto(day);
    }
    const title = await first.locator('h2').innerText();
    expect(await press(cand, first.getByRole('button', { name: 'Take this shift' }))).toBeLessThan(400);
    await cand.goto(`${t.url}/staff/applications`);
    expect(await main(cand)).toContain(title);
    await cand.context().close();
    expect(errors).toEqual([]);
  }, 120_000);
});
