/**
 * What a browser keeps for the chat belongs to the person signed in: a candidate writes while the
 * chat cannot reach the server (the message waits in the outbox, kept in local storage), logs out,
 * and the next candidate on the same browser sees nothing of it, and nothing of it is stored.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { launchBrowser } from '../helpers/browser.ts';

let t: TestApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [t, browser] = await Promise.all([startTestApp(), launchBrowser()]);
  context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

async function candidateLogin(email: string) {
  await page.goto(`${t.url}/staff/login?next=${encodeURIComponent('/staff/chat')}`);
  const form = page.locator('form[action="/staff/login"]');
  await form.locator('input[name=email]').fill(email);
  await form.locator('input[name=password]').fill(inject('demoPassword'));
  await Promise.all([page.waitForURL((u) => u.pathname === '/staff/chat'), form.locator('button[type=submit]').click()]);
  await page.waitForSelector('[data-island=CandidateChat][data-hydrated]', { state: 'attached' });
}

const outboxKeys = () => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('tsunagu.chat.outbox')));

describe('the chat outbox on a shared browser', () => {
  it('keeps a message written offline under its writer, and clears it when that person logs out', async () => {
    await candidateLogin('candidate2@demo.test');
    await page.locator('.candidate-chat-list li button').first().click();
    const thread = page.locator('.candidate-chat-thread .chat-thread');
    await expect.poll(() => thread.locator('textarea').count()).toBe(1);

    // The chat loses the server, and every new connection is refused: the message waits.
    await page.routeWebSocket(/socket\.io/, (ws) => ws.close());
    await context.setOffline(true);
    await context.setOffline(false);
    await thread.locator('textarea').fill('Written while offline');
    await thread.locator('textarea').press('Enter');
    await expect.poll(() => thread.locator('.chat-message.is-pending .chat-content').allTextContents()).toEqual(['Written while offline']);
    const id = await page.evaluate(() => document.documentElement.dataset.candidateId);
    expect(id).toBeTruthy();
    expect(await outboxKeys()).toEqual([`tsunagu.chat.outbox:candidate:${id}`]);

    await Promise.all([page.waitForURL((u) => u.pathname === '/daily'), page.locator('form[action="/staff/logout"] button').click()]);
    expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);
    expect(await outboxKeys()).toEqual([]);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes(':candidate:')))).toEqual([]);
  });

  it('shows the next candidate nothing of the first', async () => {
    // A new tab of the same browser (same storage), whose chat may reach the server.
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await candidateLogin('candidate3@demo.test');
    await page.locator('.candidate-chat-list li button').first().click();
    const thread = page.locator('.candidate-chat-thread .chat-thread');
    await expect.poll(() => thread.locator('textarea').count()).toBe(1);
    expect(await page.locator('text=Written while offline').count()).toBe(0);
    expect(await thread.locator('.chat-message.is-pending').count()).toBe(0);
  });
});
