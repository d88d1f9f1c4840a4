/**
 * Scaling out, as a person sees it: `npm run start:cluster` with two workers and Redis serves two browsers
 * whose chat connections are on different workers, and they chat with each other both ways. Which
 * worker took a page's chat WebSocket is read from its handshake response (`X-Tsunagu-Worker`,
 * through the DevTools protocol); a page whose socket shares the other's worker is reloaded until
 * it lands on the other one.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { DEMO, loginToken } from '../helpers/app.ts';
import { backOfficeLogin, launchBrowser, openPage, hydrated } from '../helpers/browser.ts';
import { applyToDailyShift } from '../helpers/chat.ts';
import { redisOrSkip } from '../helpers/redis.ts';
import { processGround, startCluster, type ProcessGround, type ServerProcess } from '../helpers/server-process.ts';

const redis = await redisOrSkip();

/** Follows a page's chat WebSockets: the worker that answered the latest handshake. */
async function chatWorkerOf(page: Page): Promise<() => string | undefined> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const urls = new Map<string, string>();
  let latest: string | undefined;
  cdp.on('Network.webSocketCreated', (e) => urls.set(e.requestId, e.url));
  cdp.on('Network.webSocketHandshakeResponseReceived', (e) => {
    if (!urls.get(e.requestId)?.includes('/socket.io/')) return;
    const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
    latest = headers['x-tsunagu-worker'];
  });
  return () => latest;
}

redis.describe('two browsers on two workers of a cluster', () => {
  let ground: ProcessGround;
  let cluster: ServerProcess;
  let browser: Browser;
  let conversationId: string;
  const errors: string[] = [];

  beforeAll(async () => {
    ground = await processGround('cluster-e2e');
    [cluster, browser] = await Promise.all([startCluster(ground, 'cluster-e2e'), launchBrowser()]);
    ({ conversationId } = await applyToDailyShift({ url: cluster.url, db: ground.database.db, candidateToken: await loginToken(cluster.url, DEMO.candidate) }));
  });
  afterAll(async () => {
    await browser?.close();
    await cluster?.kill();
    await ground?.remove();
  });

  it('an admin and a candidate, their chat sockets on different workers, chat both ways', async () => {
    const [admin, candidate] = await Promise.all([
      openPage(browser, { locale: 'ja-JP', errors, viewport: { width: 1280, height: 900 } }),
      openPage(browser, { locale: 'en-US', errors, viewport: { width: 1280, height: 900 } }),
    ]);
    const [adminWorker, candidateWorker] = await Promise.all([chatWorkerOf(admin), chatWorkerOf(candidate)]);

    await backOfficeLogin(admin, cluster.url, DEMO.company_admin);
    await hydrated(admin, 'ChatDock');
    await expect.poll(adminWorker).toBeDefined();

    const next = `/staff/chat?c=${conversationId}`;
    await candidate.goto(`${cluster.url}${next}`);
    const form = candidate.locator('form[action="/staff/login"]');
    await form.locator('input[name=email]').fill(DEMO.candidate);
    await form.locator('input[name=password]').fill(inject('demoPassword'));
    await Promise.all([candidate.waitForURL(`${cluster.url}${next}`), form.locator('button[type=submit]').click()]);
    await hydrated(candidate, 'CandidateChat');
    await expect.poll(candidateWorker).toBeDefined();
    // On the admin's worker: a reload opens a new socket, which the primary hands to the next worker.
    for (let i = 0; i < 6 && candidateWorker() === adminWorker(); i++) {
      // A page opens two sockets (the chat's and the bell's): one more connection of our own
      // between reloads, so the round robin does not hand the chat's to the same worker each time.
      if (i % 2 === 1) await fetch(`${cluster.url}/healthz`, { headers: { connection: 'close' } });
      await candidate.reload();
      await hydrated(candidate, 'CandidateChat');
      await expect.poll(candidateWorker).toBeDefined();
    }
    expect(candidateWorker()).not.toBe(adminWorker());

    // The admin opens the conversation from the dock.
    await admin.click('.chat-dock-toggle');
    await admin.locator(`.chat-recent li[data-conversation="${conversationId}"] button`).click();
    const adminWindow = admin.locator('[data-testid=chat-window]');
    await expect.poll(() => adminWindow.count()).toBe(1);

    // The candidate writes: it reaches the admin's window on the other worker, live.
    const thread = candidate.locator('.candidate-chat-thread .chat-thread');
    await thread.locator('textarea').fill('Hello from one worker');
    await thread.locator('textarea').press('Enter');
    await expect.poll(() => adminWindow.locator('.chat-message .chat-content').allTextContents()).toContain('Hello from one worker');

    // The admin answers: it reaches the candidate, live, and the candidate's reading shows as 既読.
    await adminWindow.locator('textarea').fill('こんにちは、別のワーカーからです');
    await adminWindow.locator('textarea').press('Enter');
    await expect.poll(() => thread.locator('.chat-message.is-theirs .chat-content').allTextContents()).toContain('こんにちは、別のワーカーからです');
    await expect.poll(() => adminWindow.locator('.chat-message.is-mine.is-staff .chat-read').allTextContents()).toEqual(['既読']);
    // Neither connection moved meanwhile: the messages crossed between the two workers.
    expect(candidateWorker()).not.toBe(adminWorker());
    expect(errors).toEqual([]);
  });
});
