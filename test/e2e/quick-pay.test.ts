/**
 * A worker asks for quick pay in Chromium, on a phone: the request is one that asks first (it
 * costs a fee and comes off the next pay), and the question comes only once the form can be sent.
 */
import { describe, expect, it } from 'vitest';
import { appAndBrowser, candidatePageLogin, openPage } from '../helpers/browser.ts';
import { companyOf, userId } from '../helpers/demo-data.ts';

const { t, browser } = appAndBrowser();
const WORKER = 'worker1@demo.test';

describe('quick pay on /staff/pay', () => {
  it('says what to fill in before asking; dismissed, nothing is requested; accepted, the request is listed as Requested', async () => {
    const errors: string[] = [];
    const page = await openPage(browser, { locale: 'en-US', errors, viewport: { width: 390, height: 844 } });
    await candidatePageLogin(page, t.url, WORKER);
    await page.goto(`${t.url}/lang/en?back=/staff/pay`);
    const me = await userId(t, WORKER);
    const company = await companyOf(t, 'company@demo.test');
    const requests = () => t.database.db.selectFrom('advances').select('amount').where('user_id', '=', me).where('company_id', '=', company).where('status', '=', 'requested').execute();
    const before = await requests();

    const questions: string[] = [];
    let answer: 'accept' | 'dismiss' = 'dismiss';
    page.on('dialog', (d) => {
      questions.push(d.message());
      void (answer === 'accept' ? d.accept() : d.dismiss());
    });
    const posts: string[] = [];
    page.on('request', (r) => void (r.method() === 'POST' && r.resourceType() === 'document' && posts.push(r.url())));

    const form = page.locator('form', { has: page.locator(`input[name=companyId][value="${company}"]`) });
    // The next part's heading stands clear of the quick-pay card, not glued to its edge.
    const cardBottom = await form.evaluate((el) => el.getBoundingClientRect().bottom);
    const nextHeading = await page.getByRole('heading', { name: 'Payslips (monthly pay)' }).evaluate((el) => el.getBoundingClientRect().top);
    expect(nextHeading - cardBottom).toBeGreaterThanOrEqual(16);
    const amount = form.locator('input[name=amount]');
    const request = form.getByRole('button', { name: 'Request quick pay' });

    // Nothing typed: the browser points at the amount, and no question comes before it.
    await request.click();
    await expect.poll(() => amount.evaluate((el: HTMLInputElement) => el.validity.valueMissing && document.activeElement === el)).toBe(true);
    expect(questions).toEqual([]);

    // An amount: the question names the fee; dismissed, no form is sent.
    await amount.fill('1000');
    await request.click();
    expect(questions).toEqual([expect.stringMatching(/^Request this advance\? The fee is \d+% \(at least ¥[\d,]+\)/)]);
    expect(posts).toEqual([]);
    expect(await requests()).toEqual(before);

    // Accepted: the request is made and listed.
    answer = 'accept';
    await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST' && r.request().resourceType() === 'document'), request.click()]);
    await page.waitForLoadState('load');
    expect(await requests()).toHaveLength(before.length + 1);
    const row = page.locator('tr', { hasText: '¥1,000' }).filter({ hasText: 'Requested' });
    expect(await row.count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);
});
