/**
 * The candidate's chat list live in a real browser on a phone (390 px, English): the company's
 * unread answer is listed first with its count, each row names the company and the job in English,
 * and a staff member's new message moves its conversation to the top and raises its count without
 * a reload. (The order and the names over the socket: test/integration/candidate-chat-list.test.ts.)
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../helpers/app.ts';
import { appAndBrowser, candidatePageLogin, openPage, hydrated } from '../helpers/browser.ts';
import { acked, rawSocket, sendMessage, socketConnected } from '../helpers/chat.ts';
import { candidateChats } from '../helpers/conversations.ts';

const { t, browser } = appAndBrowser();
let page: Page;
const errors: string[] = [];
const closers: (() => void)[] = [];
let conv: Awaited<ReturnType<typeof candidateChats>>['conv'];
let olderLabels = { company: '', job: '' };

beforeAll(async () => {
  const chats = await candidateChats(t);
  conv = chats.conv;
  olderLabels = { company: chats.jobs.older.company_en!, job: chats.jobs.older.title_en! };
});
afterAll(async () => {
  for (const close of closers) close();
});

const rowIds = () => page.locator('.candidate-chat-list li').evaluateAll((lis) => lis.map((li) => li.getAttribute('data-conversation')));
const countOf = (id: string) => page.locator(`.candidate-chat-list li[data-conversation="${id}"] [data-testid=unread-count]`);

describe('/staff/chat on a phone', () => {
  it('lists the unread answer first with its count, and names each company and job in English', async () => {
    page = await openPage(browser, { locale: 'en-US', errors, viewport: { width: 390, height: 844 } });
    await candidatePageLogin(page, t.url, DEMO.candidate);
    // The read conversation is opened, so the list shows the others as they are.
    await page.goto(`${t.url}/staff/chat?c=${conv.answered}`);
    await hydrated(page, 'CandidateChat');
    await expect.poll(rowIds).toEqual([conv.waiting, conv.answered, conv.older]);
    expect(await countOf(conv.waiting).textContent()).toBe('1');
    expect(await countOf(conv.older).count()).toBe(0);
    const older = page.locator(`.candidate-chat-list li[data-conversation="${conv.older}"]`);
    expect(await older.locator('.cc-name').textContent()).toBe(olderLabels.company);
    expect(await older.locator('.cc-job').textContent()).toBe(olderLabels.job);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('moves a conversation to the top when a staff member writes, and counts each new message, without a reload', async () => {
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    const staff = rawSocket(t.url, await t.tokenOf('company_staff'), { dispose: (close) => closers.push(close) });
    await socketConnected(staff);
    acked(await sendMessage(staff, conv.older, 'The entrance is on the east side.'));
    await expect.poll(rowIds).toEqual([conv.older, conv.waiting, conv.answered]);
    await expect.poll(() => countOf(conv.older).textContent()).toBe('1');
    const older = page.locator(`.candidate-chat-list li[data-conversation="${conv.older}"]`);
    expect(await older.locator('.cc-last').textContent()).toBe('The entrance is on the east side.');
    expect(await countOf(conv.older).getAttribute('aria-label')).toBe('1 unread');

    acked(await sendMessage(staff, conv.older, 'Please bring your residence card.'));
    await expect.poll(() => countOf(conv.older).textContent()).toBe('2');
    expect(await rowIds()).toEqual([conv.older, conv.waiting, conv.answered]);
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    expect(errors).toEqual([]);
  });
});
