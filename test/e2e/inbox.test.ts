/**
 * The staff inbox in real browsers (docs/inbox.md): two staff members of one company and a
 * candidate. The candidate writes: the conversation comes to the top of staff A's inbox with an
 * unread count, without a reload. A assigns it to B (B's bell rings), answers with a canned reply
 * picked, edited and sent (the candidate reads it), writes a private note mentioning B (never on
 * the candidate's page), and resolves it; the candidate writes again and it is open again in A's
 * list. Then the page at 390 px: the list, and the conversation as its own screen, where a
 * Japanese reader is told the candidate wrote in English and offered the configured translation.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../helpers/app.ts';
import { appAndBrowser, backOfficeLogin, bellCount, candidatePageLogin, countedBell, hydrated, openPage } from '../helpers/browser.ts';
import { candidateConversation } from '../helpers/chat.ts';

const { t, browser } = appAndBrowser();
let a: Page;
let b: Page;
let candidate: Page;
let conversationId = '';
let staffB = { id: '', name: '' };
const errors: string[] = [];
const NOTE = 'Private: they asked about parking, call before 5 pm.';

beforeAll(async () => {
  staffB = await t.database.db.selectFrom('users').select(['id', 'name']).where('email', '=', DEMO.company_staff).executeTakeFirstOrThrow();
  [a, b, candidate] = await Promise.all([
    openPage(browser, { locale: 'en-US', errors, viewport: { width: 1280, height: 900 } }),
    openPage(browser, { locale: 'en-US', errors, viewport: { width: 1280, height: 900 } }),
    openPage(browser, { locale: 'en-US', errors, viewport: { width: 1280, height: 900 } }),
  ]);
});

const row = (page: Page, id: string) => page.locator(`.inbox-list li[data-conversation="${id}"]`);
const topRow = (page: Page) => page.locator('.inbox-list li[data-conversation]').first().getAttribute('data-conversation');
const unreadOf = async (page: Page, id: string) =>
  Number(
    (await row(page, id)
      .locator('[data-testid=inbox-unread] [aria-hidden]')
      .textContent({ timeout: 1_000 })
      .catch(() => '0')) || 0,
  );
const candidateThread = () => candidate.locator('.candidate-chat-thread .chat-thread');

async function candidateSays(text: string) {
  await candidateThread().locator('textarea').fill(text);
  await candidateThread().locator('textarea').press('Enter');
  await expect.poll(() => candidateThread().locator('.chat-message.is-mine:not(.is-pending)').filter({ hasText: text }).count()).toBe(1);
}

describe('the staff inbox with two staff members and a candidate', () => {
  it('a candidate’s message comes to the top of A’s inbox with an unread count, without a reload', async () => {
    await Promise.all([backOfficeLogin(a, t.url, DEMO.company_admin), backOfficeLogin(b, t.url, DEMO.company_staff)]);
    await a.goto(`${t.url}/admin/inbox`);
    await hydrated(a, 'InboxList');
    await b.goto(`${t.url}/admin/jobs/list`);
    await hydrated(b, 'NotificationBell');
    // Marks the document: a reload would lose it.
    await a.evaluate(() => Object.assign(window, { inboxStayed: true }));

    ({ conversationId } = await candidateConversation(t));
    await candidatePageLogin(candidate, t.url, DEMO.candidate);
    await candidate.goto(`${t.url}/staff/chat?c=${conversationId}`);
    await hydrated(candidate, 'CandidateChat');
    await candidateSays('Hello! Is there parking at the warehouse?');

    await expect.poll(() => topRow(a)).toBe(conversationId);
    await expect.poll(() => unreadOf(a, conversationId)).toBeGreaterThan(0);
    expect(await a.evaluate(() => (window as unknown as { inboxStayed?: boolean }).inboxStayed)).toBe(true);
  });

  it('A opens it, assigns it to B, and B’s bell rings', async () => {
    await Promise.all([a.waitForURL((u) => u.searchParams.get('c') === conversationId), row(a, conversationId).locator('a').click()]);
    await hydrated(a, 'InboxThread');
    await expect.poll(() => a.locator('.inbox-thread .chat-message.is-theirs').filter({ hasText: 'parking' }).count()).toBe(1);
    // A reads English, as the candidate writes: no translation hint.
    expect(await a.locator('[data-testid=inbox-translate]').count()).toBe(0);
    const before = await countedBell(b);
    await a.selectOption('#inbox-assignee', staffB.id);
    await Promise.all([a.waitForURL((u) => u.searchParams.get('saved') === '1'), a.locator('.inbox-assign button[type=submit]').click()]);
    expect(await a.locator('#inbox-assignee').inputValue()).toBe(staffB.id);
    expect(await a.locator('.inbox-history-list').textContent()).toContain(staffB.name);

    await expect.poll(() => bellCount(b), { timeout: 10_000 }).toBe(before + 1);
    await b.click('[data-testid=notification-bell]');
    await expect.poll(() => b.locator('.notification-panel li').filter({ hasText: 'assigned you a conversation' }).count()).toBeGreaterThan(0);
  });

  it('A answers with a canned reply, picked and edited, and the candidate reads it', async () => {
    await hydrated(a, 'InboxThread');
    const box = a.locator('.inbox-thread .chat-compose textarea');
    await a.locator('[data-testid=inbox-canned]').selectOption({ label: '確認しました / Noted' });
    // The reply is filled for this conversation (the company's name in it), in the box to edit.
    await expect.poll(() => box.inputValue()).toMatch(/(We have noted it|確認しました)/);
    const filled = await box.inputValue();
    expect(filled).not.toContain('{');
    await box.fill(`${filled} Parking is behind the building.`);
    await box.press('Enter');
    await expect.poll(() => candidateThread().locator('.chat-message.is-theirs').filter({ hasText: 'Parking is behind the building.' }).count(), { timeout: 10_000 }).toBe(1);
  });

  it('A writes a private note mentioning B; it is drawn apart from the messages and never reaches the candidate', async () => {
    const before = await countedBell(b);
    await a.fill('#inbox-note-body', NOTE);
    await a.locator(`.inbox-mentions input[value="${staffB.id}"]`).check();
    await Promise.all([a.waitForURL((u) => u.searchParams.get('saved') === '1'), a.locator('.inbox-note-form button[type=submit]').click()]);
    const note = a.locator('[data-testid=inbox-note]').filter({ hasText: NOTE });
    await expect.poll(() => note.count()).toBe(1);
    // Not a message of the thread, and marked out as staff-only.
    expect(await a.locator('.inbox-thread').filter({ hasText: NOTE }).count()).toBe(0);
    expect(await note.evaluate((el) => getComputedStyle(el).borderStyle)).toBe('dashed');
    await expect.poll(() => bellCount(b), { timeout: 10_000 }).toBe(before + 1);
  });

  it('A resolves it; the candidate writes again and it is open again in A’s list; the note was never on the candidate’s page', async () => {
    await Promise.all([a.waitForURL((u) => u.searchParams.get('saved') === '1'), a.locator('.inbox-status button[type=submit]', { hasText: 'Resolve' }).click()]);
    expect(await a.locator('.inbox-status-now').textContent()).toContain('Resolved');
    await a.goto(`${t.url}/admin/inbox`);
    await hydrated(a, 'InboxList');
    expect(await row(a, conversationId).locator('.inbox-status').getAttribute('data-status')).toBe('resolved');

    await candidateSays('Sorry, one more thing: can I bring a bicycle?');
    await expect.poll(() => row(a, conversationId).locator('.inbox-status').count()).toBe(0);
    await expect.poll(() => topRow(a)).toBe(conversationId);
    await expect.poll(() => unreadOf(a, conversationId)).toBeGreaterThan(0);
    // The reopening is the server's too: the open filter lists it.
    await a.goto(`${t.url}/admin/inbox?status=open`);
    expect(await row(a, conversationId).count()).toBe(1);

    // The candidate's page has every message of the company, and nothing of the note.
    await candidate.reload();
    await hydrated(candidate, 'CandidateChat');
    await expect.poll(() => candidateThread().locator('.chat-message').filter({ hasText: 'Parking is behind the building.' }).count()).toBe(1);
    expect(await candidate.content()).not.toContain('call before 5 pm');
  });

  it('at 390 px the list and the conversation are separate screens, nothing wider than the phone', async () => {
    const phone = await openPage(browser, { locale: 'ja-JP', errors, viewport: { width: 390, height: 844 } });
    await backOfficeLogin(phone, t.url, DEMO.company_admin);
    await phone.goto(`${t.url}/admin/inbox`);
    await hydrated(phone, 'InboxList');
    expect(await phone.locator('.inbox-list').isVisible()).toBe(true);
    expect(await phone.locator('.inbox-pane').isVisible()).toBe(false);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The reader is Japanese and the candidate wrote in English: the page says so, and with a
    // translation configured it links the message there in the reader's language (the browser goes, never the server).
    t.config.translateUrlTemplate = 'https://translate.example/?tl={lang}&text={text}';
    await Promise.all([phone.waitForURL((u) => u.searchParams.get('c') === conversationId), row(phone, conversationId).locator('a').click()]);
    await hydrated(phone, 'InboxThread');
    const hint = phone.locator('[data-testid=inbox-translate]');
    await expect.poll(() => hint.textContent()).toContain('Englishで書かれています');
    expect(await hint.locator('a').getAttribute('href')).toBe(`https://translate.example/?tl=ja&text=${encodeURIComponent('Sorry, one more thing: can I bring a bicycle?')}`);
    expect(await hint.locator('a').textContent()).toBe('日本語に翻訳');
    expect(await phone.locator('.inbox-list').isVisible()).toBe(false);
    expect(await phone.locator('.inbox-thread .chat-compose textarea').isVisible()).toBe(true);
    expect(await phone.locator('.inbox-back').first().isVisible()).toBe(true);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await Promise.all([phone.waitForURL((u) => !u.searchParams.has('c')), phone.locator('.inbox-back').first().click()]);
    expect(await phone.locator('.inbox-list').isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });
});
