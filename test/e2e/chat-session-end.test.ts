/**
 * Chat when the session ends (docs/chat.md "When the session ends"): the candidate's session is
 * ended by the server as it ends one (a logout on another device ends every session of the
 * account, and the server drops the account's sockets), not by touching the f.page. The open chat
 * says so and offers to sign in again; a message typed meanwhile waits, survives the trip through
 * the login, and is sent once after signing in again.
 */
import { describe, expect, inject, it } from 'vitest';
import { appBrowserAndPage, hydrated } from '../helpers/browser.ts';
import { formRequest } from '../helpers/pages.ts';

const f = appBrowserAndPage({ width: 390, height: 844 });

const EMAIL = 'candidate2@demo.test';
const TEXT = 'Typed after my session ended: is the shift still on?';

/** Signs in on the candidate's login form the page is on (or opens it), landing on the chat. */
async function signIn() {
  if (new URL(f.page.url()).pathname !== '/staff/login') await f.page.goto(`${f.t.url}/staff/login?next=${encodeURIComponent('/staff/chat')}`);
  const form = f.page.locator('form[action="/staff/login"]');
  await form.locator('input[name=email]').fill(EMAIL);
  await form.locator('input[name=password]').fill(inject('demoPassword'));
  await Promise.all([f.page.waitForURL((u) => u.pathname === '/staff/chat'), form.locator('button[type=submit]').click()]);
  await hydrated(f.page, 'CandidateChat');
}

async function openFirstConversation() {
  await f.page.locator('.candidate-chat-list li button').first().click();
  const thread = f.page.locator('.candidate-chat-thread .chat-thread');
  await expect.poll(() => thread.locator('textarea').count()).toBe(1);
  return thread;
}

const sentCount = async (conversationId: string) =>
  Number(
    (
      await f.t.database.db
        .selectFrom('messages')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('conversation_id', '=', conversationId)
        .where('content', '=', TEXT)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the chat after the session ends', () => {
  it('offers to sign in again, keeps what was typed meanwhile, and sends it once after signing in', async () => {
    await signIn();
    const thread = await openFirstConversation();
    const conversationId = (await thread.getAttribute('data-conversation'))!;
    expect(conversationId).toBeTruthy();

    // The person logs out on another device: the server ends every session of the account.
    const token = (await f.context.cookies()).find((c) => c.name === 'candidate_token')!.value;
    const out = await fetch(`${f.t.url}/staff/logout`, formRequest({}, { origin: f.t.url, cookie: `candidate_token=${token}` }));
    expect(out.status).toBe(303);

    const prompt = thread.getByTestId('chat-session-ended');
    await prompt.waitFor();
    expect(await prompt.textContent()).toBe('Your session has ended. Messages waiting to be sent are kept and will be sent after you sign in again. Sign in again');

    // Written meanwhile: it waits (shown as sending), nothing reaches the server.
    await thread.locator('textarea').fill(TEXT);
    await thread.locator('textarea').press('Enter');
    await expect.poll(() => thread.locator('.chat-message.is-pending .chat-content').allTextContents()).toEqual([TEXT]);
    expect(await sentCount(conversationId)).toBe(0);

    // The prompt's link goes to the login, to come back to this page and this conversation.
    await Promise.all([
      f.page.waitForURL((u) => u.pathname === '/staff/login' && u.searchParams.get('next') === `/staff/chat?c=${conversationId}`),
      prompt.getByRole('link', { name: 'Sign in again' }).click(),
    ]);
    await signIn();

    // Signed in again: the waiting message goes, once, and the outbox is empty.
    await expect.poll(() => sentCount(conversationId), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => f.page.evaluate(() => Object.entries(localStorage).filter(([k, v]) => k.startsWith('tsunagu.chat.outbox') && v !== '[]').length)).toBe(0);
    const again = await openFirstConversation();
    await expect.poll(() => again.locator('.chat-message .chat-content').filter({ hasText: TEXT }).count()).toBe(1);
    expect(await again.locator('.chat-message.is-pending').count()).toBe(0);
    expect(await again.getByTestId('chat-session-ended').count()).toBe(0);

    // A reload sends nothing more.
    await f.page.reload();
    await hydrated(f.page, 'CandidateChat');
    const reloaded = await openFirstConversation();
    await expect.poll(() => reloaded.locator('.chat-message .chat-content').filter({ hasText: TEXT }).count()).toBe(1);
    expect(await sentCount(conversationId)).toBe(1);
  });
});
