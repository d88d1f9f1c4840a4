/**
 * Mail to a candidate about a company answer left unread (server/chat/mail.ts), through a real
 * SMTP server on loopback: sent once after the delay with the answers and a link, not sent when
 * the candidate read in time, never for bot answers or the candidate's own messages, and not
 * while the candidate has turned it off on the chat page.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../server/chat/events.ts';
import { DEMO, loginToken, startTestApp, type TestApp } from '../helpers/app.ts';
import { acked, applyToDailyShift, type RawChatSocket, rawSocket, sendMessage, socketConnected } from '../helpers/chat.ts';
import { startSmtpCapture } from '../helpers/smtp.ts';
import { testClock } from '../helpers/clock.ts';

/** The delay in these tests; production's default is 120 s. */
const DELAY_S = 1;

let t: TestApp;
/** The app waits out the delay on this clock: the tests move it instead of sleeping. */
const clock = testClock();
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
const disposers: (() => void)[] = [];

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await startTestApp({ SMTP_URL: smtp.url, CHAT_MAIL_DELAY_SECONDS: String(DELAY_S) }, { timers: clock.timers });
});
afterAll(async () => {
  for (const close of disposers) close();
  await t?.close();
  await smtp?.close();
});

const candidateToken = (email: string) => loginToken(t.url, email);

async function socket(token: string): Promise<RawChatSocket> {
  const s = rawSocket(t.url, token, { dispose: (close) => disposers.push(close) });
  await socketConnected(s);
  return s;
}

const send = async (s: RawChatSocket, conversationId: string, content: string): Promise<ChatMessage> => acked(await sendMessage(s, conversationId, content)).message;

/** A seeded conversation of a demo candidate with the demo company. */
async function conversationOf(email: string): Promise<string> {
  const { rows } = await sql<{ id: string }>`select c.id from conversations c join users u on u.id = c.candidate_id where u.email = ${email} and c.job_id is not null limit 1`.execute(t.database.db);
  return rows[0]!.id;
}

/** A seeded conversation of a demo candidate with the demo company, and the sockets of the candidate and the company admin. */
async function bothSides(email: string) {
  const conversationId = await conversationOf(email);
  const candidate = await socket(await candidateToken(email));
  const staff = await socket(await t.login('company_admin'));
  return { conversationId, candidate, staff };
}

/** The unread-answer mails to a person (applying also mails a receipt, which these tests leave aside). */
const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email) && /New message from|から新しいメッセージ/.test(m.subject));
/** Waits until `n` unread-answer mails reached the person (other mails may arrive in between). */
async function chatMails(email: string, n: number) {
  while (mailsTo(email).length < n) await smtp.waitFor(smtp.mails.length + 1);
  return mailsTo(email);
}

/** The delay passes: what was going to be sent has been (the clock waits for the sending). */
const afterTheDelay = () => clock.advance(DELAY_S * 1000);

describe('mail about an unread company answer', () => {
  it('mails the candidate once, after the delay, in its language, quoting the answers and linking to the conversation', async () => {
    const token = await candidateToken(DEMO.candidate);
    const { conversationId } = await applyToDailyShift({ url: t.url, db: t.database.db, candidateToken: token });
    const staff = await socket(await t.login('company_admin'));
    await send(staff, conversationId, 'Please bring your residence card.');
    await send(staff, conversationId, 'See you at 9:00 at the north gate.');
    expect(mailsTo(DEMO.candidate)).toHaveLength(0); // not at once: the candidate may be reading

    await afterTheDelay();
    const [mail] = await chatMails(DEMO.candidate, 1);
    expect(mail!.subject).toMatch(/^New message from .+ on Tsunagu$/); // demo candidates chose English
    expect(mail!.text).toContain('Please bring your residence card.');
    expect(mail!.text).toContain('See you at 9:00 at the north gate.');
    expect(mail!.text).toContain(`Read and reply: ${t.url}/staff/chat?c=${conversationId}`);

    // More answers soon after: no second mail (one per conversation per 30 minutes).
    await send(staff, conversationId, 'And comfortable shoes.');
    await afterTheDelay();
    expect(mailsTo(DEMO.candidate)).toHaveLength(1);
  });

  it('sends nothing when the candidate reads the answer in time, and nothing for its own messages or the bot', async () => {
    const email = 'candidate2@demo.test';
    const { conversationId, candidate, staff } = await bothSides(email);
    await send(staff, conversationId, 'Are you free on Saturday?');
    const seen = await candidate.timeout(5_000).emitWithAck('sendSeenAdmin', { conversation_id: conversationId });
    expect(seen.ok).toBe(true);
    // The candidate writes and the bot may answer: neither mails the candidate.
    await send(candidate, conversationId, 'Yes, I am.');
    await candidate.timeout(5_000).emitWithAck('sendBotMember', { conversation_id: conversationId });
    await afterTheDelay();
    expect(mailsTo(email)).toEqual([]);
  });

  it('an answer that comes after one the candidate read in time gets its own delay, and its mail quotes only what is unread', async () => {
    const email = 'candidate2@demo.test';
    const { conversationId, candidate, staff } = await bothSides(email);
    await send(staff, conversationId, 'Did you find the gate?');
    expect((await candidate.timeout(5_000).emitWithAck('sendSeenAdmin', { conversation_id: conversationId })).ok).toBe(true);
    await send(staff, conversationId, 'Call me when you arrive: 03-1234-5678.');
    // The first answer's delay finds it read; the second answer's own delay starts then.
    await afterTheDelay();
    expect(mailsTo(email)).toHaveLength(0);
    await afterTheDelay();
    const mails = await chatMails(email, 1);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Call me when you arrive: 03-1234-5678.');
    expect(mails[0]!.text).not.toContain('Did you find the gate?');
  });

  it('follows the switch on the chat page: no mail while it is off, mail again once it is on', async () => {
    const email = 'candidate3@demo.test';
    const conversationId = await conversationOf(email);
    const token = await candidateToken(email);
    const cookie = `candidate_token=${token}; lang=en`;
    const page = async () => (await fetch(`${t.url}/staff/chat?c=${conversationId}`, { headers: { cookie } })).text();
    const toggle = (enabled: boolean) =>
      fetch(`${t.url}/staff/chat`, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie, origin: t.url, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ _action: 'mail', c: conversationId, ...(enabled ? { enabled: '1' } : {}) }),
      });
    /** Whether the page shows the switch on. */
    const shownOn = (html: string) => /<input[^>]*name="enabled"[^>]*>/.exec(html)![0].includes('checked');
    expect(shownOn(await page())).toBe(true);

    const off = await toggle(false);
    expect(off.status).toBe(303);
    expect(off.headers.get('location')).toBe(`/staff/chat?c=${conversationId}&saved=1`);
    const html = await (await fetch(`${t.url}${off.headers.get('location')}`, { headers: { cookie } })).text();
    expect(shownOn(html)).toBe(false);
    expect(html).toContain('Saved.');

    const staff = await socket(await t.login('company_admin'));
    await send(staff, conversationId, 'Your contract is ready.');
    await afterTheDelay();
    expect(mailsTo(email)).toEqual([]);

    // The candidate switches the site to Japanese with the header's switch: the mail follows.
    const switchHref = /<a class="lang-switch" href="([^"]+)"/.exec(await page())![1]!.replace(/&amp;/g, '&');
    expect(switchHref).toBe(`/lang/ja?back=${encodeURIComponent('/staff/chat')}`);
    const switched = await fetch(`${t.url}${switchHref}`, { redirect: 'manual', headers: { cookie } });
    expect(switched.status).toBe(303);
    expect((await toggle(true)).status).toBe(303);
    expect(shownOn(await page())).toBe(true);
    await send(staff, conversationId, 'Please sign it by Friday.');
    const before = mailsTo(email).length;
    await afterTheDelay();
    const mail = (await chatMails(email, before + 1)).at(-1);
    expect(mail!.subject).toMatch(/^【Tsunagu】.+から新しいメッセージ$/);
    expect(mail!.text).toContain(`読んで返信する：${t.url}/staff/chat?c=${conversationId}`);
    // Every answer still unread is quoted, the one sent while mail was off too.
    expect(mail!.text).toContain('Your contract is ready.');
    expect(mail!.text).toContain('Please sign it by Friday.');

    // A form posted from another site changes nothing.
    const forged = await fetch(`${t.url}/staff/chat`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ _action: 'mail', c: conversationId }),
    });
    expect(forged.status).toBe(403);
    expect(shownOn(await page())).toBe(true);
  });

  it('sends a signed-out visitor of the switch to the login first', async () => {
    const res = await fetch(`${t.url}/staff/chat`, { method: 'POST', redirect: 'manual', headers: { origin: t.url, 'content-type': 'application/x-www-form-urlencoded' }, body: '_action=mail' });
    expect(res.status).toBe(303);
    // Back to the chat after it, not to a "saved" notice for a switch that was not saved.
    expect(res.headers.get('location')).toBe(`/staff/login?next=${encodeURIComponent('/staff/chat')}`);
  });
});
