/**
 * The chat, in two real browsers: a company admin (Japanese) and a candidate
 * (English) chat both ways about a daily shift, with the chatbot's first answer, read marks and
 * badges updating live on both sides; a user of another company never sees the conversation.
 * (Every event's refusal for other tenants is in test/integration/chat-events.test.ts; restarts
 * and two processes in chat-resilience.test.ts.)
 */
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { ChatConnection } from '../../client/api/chat-socket.ts';
import { DEMO } from '../helpers/app.ts';
import { appBrowserAndConversation, backOfficeLogin, chatCounted, openPage, hydrated } from '../helpers/browser.ts';

// The candidate applies to a daily shift of company@'s company (the jobs e2e test applies through the site).
const chat = appBrowserAndConversation();
const { t, browser } = chat;
const errors: string[] = [];

let admin: Page;
let candidate: Page;
/** Logs in to the back office and waits until the chat dock is live. */
async function adminLogin(page: Page, email: string) {
  await backOfficeLogin(page, t.url, email);
  await hydrated(page, 'ChatDock');
}
const adminWindow = () => admin.locator('[data-testid=chat-window]');
const candidateThread = () => candidate.locator('.candidate-chat-thread .chat-thread');

describe('an admin and a candidate chat in two browsers', () => {
  it('both open the conversation: the admin on a back-office page, the candidate from its chat link', async () => {
    [admin, candidate] = await Promise.all([
      openPage(browser, { locale: 'ja-JP', errors, viewport: { width: 1280, height: 900 } }),
      openPage(browser, { locale: 'en-US', errors, viewport: { width: 1280, height: 900 } }),
    ]);
    await adminLogin(admin, DEMO.company_admin);

    const next = `/staff/chat?c=${chat.conversationId}`;
    await candidate.goto(`${t.url}${next}`);
    await candidate.waitForURL((u) => u.pathname === '/staff/login');
    const form = candidate.locator('form[action="/staff/login"]');
    await form.locator('input[name=email]').fill(DEMO.candidate);
    await form.locator('input[name=password]').fill(inject('demoPassword'));
    await Promise.all([candidate.waitForURL(`${t.url}${next}`), form.locator('button[type=submit]').click()]);
    await hydrated(candidate, 'CandidateChat');
    await expect.poll(() => candidateThread().count()).toBe(1);
    expect(await candidate.locator(`.candidate-chat-list li[data-conversation="${chat.conversationId}"]`).count()).toBe(1);
  });

  /** The number on the dock (unread conversations) and on the bell (unseen badges); the demo data has some already. */
  const count = async (testId: string) => {
    const el = admin.locator(`[data-testid=${testId}]`);
    return (await el.count()) ? Number(await el.textContent()) : 0;
  };
  let dockBefore = 0;
  let bellBefore = 0;

  it('the candidate writes; the bot answers; the admin sees the unread badge live', async () => {
    // Counted from the server's first badge list, which both draw on their own after the page loads.
    await chatCounted(admin);
    dockBefore = await count('chat-dock-unread');
    bellBefore = await count('badge-bell-count');
    // The demo company has unread conversations of its own.
    expect(dockBefore).toBeGreaterThan(0);
    await candidateThread().locator('textarea').fill('Hello, is there parking near the warehouse?');
    await candidateThread().locator('textarea').press('Enter');
    // Stored (no longer "sending…"), then the chatbot's first answer in the candidate's language.
    await expect.poll(() => candidateThread().locator('.chat-message.is-mine:not(.is-pending) .chat-content').allTextContents()).toEqual(['Hello, is there parking near the warehouse?']);
    await expect.poll(() => candidateThread().locator('.chat-message.is-bot .chat-content').count()).toBe(1);
    expect(await candidateThread().locator('.chat-message.is-bot .chat-content').textContent()).toMatch(/Thank you for applying/);

    // The admin did nothing: the dock's unread count and the bell come from the socket.
    await expect.poll(() => count('chat-dock-unread')).toBe(dockBefore + 1);
    await expect.poll(() => count('badge-bell-count')).toBe(bellBefore + 1);
    // So does the tab's title, to be noticed from another tab.
    await expect.poll(() => admin.title()).toMatch(new RegExp(`^\\(${dockBefore + 1}\\) \\S`));
  });

  it('the admin opens it from the dock: the messages are there, the badge goes, the candidate sees "Read"', async () => {
    await admin.click('.chat-dock-toggle');
    const row = admin.locator(`.chat-recent li[data-conversation="${chat.conversationId}"]`);
    await expect.poll(() => row.getAttribute('class')).toBe('is-unread');
    expect(await row.textContent()).toContain('Nguyen Van An');
    await row.locator('button').click();
    await expect.poll(() => adminWindow().count()).toBe(1);
    await expect
      .poll(() => adminWindow().locator('.chat-message .chat-content').allTextContents())
      .toEqual(['Hello, is there parking near the warehouse?', expect.stringMatching(/Thank you for applying/)]);
    await expect.poll(() => count('chat-dock-unread')).toBe(dockBefore);
    await expect.poll(() => admin.title()).toMatch(new RegExp(`^\\(${dockBefore}\\) \\S`));
    // The candidate's own message shows as read once the company has seen it.
    await expect.poll(() => candidateThread().locator('.chat-message.is-mine:not(.is-bot) .chat-read').count()).toBe(1);
  });

  it('the admin answers; the candidate sees it being typed, gets it live and reads it; the admin sees 既読', async () => {
    const box = adminWindow().locator('textarea');
    await box.fill('駐車場はありませんが、駅から徒歩5分です。 No parking, but it is a 5-minute walk from the station.');
    // While the admin writes, the candidate sees who is typing (in English, its language).
    await expect.poll(() => candidateThread().locator('.chat-typing').textContent()).toMatch(/^.+ is typing…$/);
    await box.press('Enter');
    await expect.poll(() => candidateThread().locator('.chat-message.is-theirs .chat-content').last().textContent()).toMatch(/5-minute walk/);
    // The message came: the typing line is gone at once.
    expect(await candidateThread().locator('.chat-typing').textContent()).toBe('');
    // The candidate's thread is on screen, so the message is read at once: the admin's window says so.
    await expect.poll(() => adminWindow().locator('.chat-message.is-mine.is-staff .chat-read').allTextContents()).toEqual(['既読']);
    // A person answered: the bot steps back (the window shows who is answering).
    expect(await adminWindow().locator('.chat-status').textContent()).toContain('担当者が対応中');
  });

  it('the candidate sends a photo; the admin sees the image in the open window', async () => {
    // A camera-sized photo: what reaches the admin is at most 2048 px wide.
    const photo = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: { r: 30, g: 90, b: 160 } } })
      .jpeg()
      .toBuffer();
    await candidateThread().locator('.chat-attach input[type=file]').setInputFiles({ name: 'card.jpg', mimeType: 'image/jpeg', buffer: photo });
    const img = adminWindow().locator('.chat-message.is-theirs .chat-image img');
    await expect.poll(() => img.count()).toBe(1);
    // The browser really loaded it (with the session cookie), it is not a broken image.
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth)).toBe(2048);
    await expect.poll(() => candidateThread().locator('.chat-message.is-mine .chat-image img').count()).toBe(1);
  });

  it('with the window minimised and closed, a new candidate message brings the badge back; the bell marks it seen', async () => {
    await adminWindow().getByRole('button', { name: '最小化' }).click();
    await expect.poll(() => adminWindow().getAttribute('class')).toContain('is-mini');
    await adminWindow().getByRole('button', { name: '元に戻す' }).click();
    await expect.poll(() => adminWindow().locator('textarea').count()).toBe(1);
    await adminWindow().getByRole('button', { name: '閉じる' }).click();
    await expect.poll(() => adminWindow().count()).toBe(0);

    await candidateThread().locator('textarea').fill('Thank you! See you on the day.');
    await candidateThread().locator('button[type=submit]').click();
    await expect.poll(() => count('chat-dock-unread')).toBe(dockBefore + 1);
    // The dock closed when it opened the window: open it again to read the list.
    await admin.click('.chat-dock-toggle');
    await expect.poll(() => admin.locator(`.chat-recent li[data-conversation="${chat.conversationId}"] .chat-recent-last`).textContent()).toBe('Thank you! See you on the day.');
    expect(await admin.locator(`.chat-recent li[data-conversation="${chat.conversationId}"]`).getAttribute('class')).toBe('is-unread');
    await expect.poll(() => count('badge-bell-count')).toBeGreaterThan(0);
    await admin.click('[data-testid=badge-bell]');
    // Seen badges (isSee 1) no longer count on the bell, but the conversations stay unread in the dock.
    await expect.poll(() => count('badge-bell-count')).toBe(0);
    expect(await count('chat-dock-unread')).toBe(dockBefore + 1);
    // Stored on the server: after a reload the bell stays quiet.
    await admin.reload();
    // The bell's 0 below is the server's, not the none it shows until its first badge list.
    await chatCounted(admin);
    await expect.poll(() => count('chat-dock-unread')).toBe(dockBefore + 1);
    expect(await count('badge-bell-count')).toBe(0);
  });

  it('a user of another company never sees the conversation', async () => {
    const other = await openPage(browser, { locale: 'ja-JP', errors, viewport: { width: 1280, height: 900 } });
    await adminLogin(other, DEMO.company2);
    await other.click('.chat-dock-toggle');
    await expect.poll(() => other.locator('.chat-recent .chat-empty, .chat-recent li[data-conversation]').count()).toBeGreaterThan(0);
    expect(await other.locator(`.chat-recent li[data-conversation="${chat.conversationId}"]`).count()).toBe(0);
    expect(await other.locator('.chat-recent').textContent()).not.toContain('Nguyen Van An');
    // Its session cannot read or join it by any event either.
    const probe = new ChatConnection({ url: t.url, token: await t.login('company2'), storage: null, reconnection: false });
    try {
      for (const attempt of [() => probe.history(chat.conversationId), () => probe.join(chat.conversationId), () => probe.seen(chat.conversationId)]) {
        await expect(attempt()).rejects.toMatchObject({ code: 'forbidden' });
      }
    } finally {
      probe.close();
    }
    await other.context().close();
  });

  it('the candidate turns mail off while reading another conversation, and comes back to that one', async () => {
    const other = candidate.locator(`.candidate-chat li[data-conversation]:not([data-conversation="${chat.conversationId}"]) button`).first();
    const otherId = await candidate.locator(`.candidate-chat li[data-conversation]:not([data-conversation="${chat.conversationId}"])`).first().getAttribute('data-conversation');
    await other.click();
    await candidate.uncheck('.chat-mail-setting input[name=enabled]');
    await Promise.all([candidate.waitForURL((u) => u.searchParams.get('saved') === '1'), candidate.click('.chat-mail-setting button[type=submit]')]);
    expect(new URL(candidate.url()).searchParams.get('c')).toBe(otherId);
    expect(await candidate.isChecked('.chat-mail-setting input[name=enabled]')).toBe(false);
    expect(await candidate.textContent('.chat-mail-saved')).toContain('Saved.');
    await expect.poll(() => candidate.locator(`.candidate-chat li[data-conversation="${otherId}"] button`).getAttribute('aria-current')).toBe('true');
  });

  it('no page logged an error', () => {
    expect(errors).toEqual([]);
  });
});
