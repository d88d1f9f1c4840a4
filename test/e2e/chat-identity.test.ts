/**
 * What a browser keeps for the chat belongs to the person signed in: a candidate writes while the
 * chat cannot reach the server (the message waits in the outbox, kept in local storage), logs out,
 * and the next candidate on the same browser sees nothing of it, and nothing of it is stored.
 */
import { describe, expect, inject, it } from 'vitest';
import { appBrowserAndPage, hydrated } from '../helpers/browser.ts';

const f = appBrowserAndPage({ width: 1280, height: 900 });

async function candidateLogin(email: string) {
  await f.page.goto(`${f.t.url}/staff/login?next=${encodeURIComponent('/staff/chat')}`);
  const form = f.page.locator('form[action="/staff/login"]');
  await form.locator('input[name=email]').fill(email);
  await form.locator('input[name=password]').fill(inject('demoPassword'));
  await Promise.all([f.page.waitForURL((u) => u.pathname === '/staff/chat'), form.locator('button[type=submit]').click()]);
  await hydrated(f.page, 'CandidateChat');
}

const outboxKeys = () => f.page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('tsunagu.chat.outbox')));

describe('the chat outbox on a shared browser', () => {
  it('keeps a message written offline under its writer, and clears it when that person logs out', async () => {
    await candidateLogin('candidate2@demo.test');
    await f.page.locator('.candidate-chat-list li button').first().click();
    const thread = f.page.locator('.candidate-chat-thread .chat-thread');
    await expect.poll(() => thread.locator('textarea').count()).toBe(1);

    // The chat loses the server, and every new connection is refused: the message waits.
    await f.page.routeWebSocket(/socket\.io/, (ws) => ws.close());
    await f.context.setOffline(true);
    await f.context.setOffline(false);
    await thread.locator('textarea').fill('Written while offline');
    await thread.locator('textarea').press('Enter');
    await expect.poll(() => thread.locator('.chat-message.is-pending .chat-content').allTextContents()).toEqual(['Written while offline']);
    const id = await f.page.evaluate(() => document.documentElement.dataset.candidateId);
    expect(id).toBeTruthy();
    expect(await outboxKeys()).toEqual([`tsunagu.chat.outbox:candidate:${id}`]);

    await Promise.all([f.page.waitForURL((u) => u.pathname === '/daily'), f.page.locator('form[action="/staff/logout"] button').click()]);
    expect(await f.page.evaluate(() => Object.keys(localStorage))).toEqual([]);
    expect(await outboxKeys()).toEqual([]);
    expect(await f.page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes(':candidate:')))).toEqual([]);
  });

  it('shows the next candidate nothing of the first', async () => {
    // A new tab of the same browser (same storage), whose chat may reach the server.
    f.page = await f.context.newPage();
    f.page.setDefaultTimeout(15_000);
    await candidateLogin('candidate3@demo.test');
    await f.page.locator('.candidate-chat-list li button').first().click();
    const thread = f.page.locator('.candidate-chat-thread .chat-thread');
    await expect.poll(() => thread.locator('textarea').count()).toBe(1);
    expect(await f.page.locator('text=Written while offline').count()).toBe(0);
    expect(await thread.locator('.chat-message.is-pending').count()).toBe(0);
  });
});
