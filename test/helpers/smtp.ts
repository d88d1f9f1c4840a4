import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect } from 'vitest';
import { appForFile, startedLater, type TestApp } from './app.ts';
import { within } from './wait.ts';

export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
  /** The Reply-To address, '' when the mail has none. */
  replyTo: string;
  attachments: { filename: string; contentType: string; content: string }[];
}

export interface SmtpCapture {
  url: string;
  mails: CapturedMail[];
  waitFor(n?: number): Promise<CapturedMail[]>;
  close(): Promise<void>;
}

/** A real SMTP server on loopback that keeps what it receives (the only fake: outside mail). */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const mails: CapturedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, cb) {
      simpleParser(stream)
        .then((m) => {
          const to = Array.isArray(m.to) ? m.to.map((a) => a.text).join(', ') : (m.to?.text ?? '');
          const attachments = m.attachments.map((a) => ({ filename: a.filename ?? '', contentType: a.contentType, content: a.content.toString('utf8') }));
          mails.push({ to, subject: m.subject ?? '', text: m.text ?? '', replyTo: m.replyTo?.text ?? '', attachments });
          waiters.splice(0).forEach((w) => w());
          cb();
        })
        .catch(cb);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const addr = server.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitFor(n = 1) {
      const arrived = (async () => {
        while (mails.length < n) await new Promise<void>((resolve) => waiters.push(resolve));
      })();
      await within(arrived, 'mails', 10_000).catch(() => {
        throw new Error(`expected ${n} mail(s), got ${mails.length}`);
      });
      return mails;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The link to set a password in a mail (a reset, an invitation) and its token; throws when the mail has none. */
export function resetLinkIn(mail: { text: string }): { link: string; token: string } {
  const m = /(\S+\/reset-password\?token=([A-Za-z0-9_%-]+))/.exec(mail.text);
  if (!m) throw new Error(`no link in: ${mail.text}`);
  return { link: m[1]!, token: decodeURIComponent(m[2]!) };
}

/**
 * For a file's tests of what the app mails: a capture and the app sending to it (`env` added),
 * started before the tests and stopped after them (the app first). Read both inside the tests.
 */
export function appAndMailForFile(env: Record<string, string> = {}): { t: TestApp; smtp: SmtpCapture } {
  let capture: SmtpCapture | undefined;
  beforeAll(async () => {
    capture = await startSmtpCapture();
  });
  afterAll(async () => capture?.close());
  const smtp = startedLater(() => capture, 'the mail capture');
  return { t: appForFile(() => ({ SMTP_URL: smtp.url, ...env })), smtp };
}

/**
 * Asserts that the app sent no mail since the capture held `before`: it sends a marker mail after
 * (a password reset for `markerTo`, through the API) and waits for it; a mail the app was still
 * sending would have come before it. `markerTo` must be an account's address.
 */
export async function expectNoMailSince(
  capture: { mails: { to: string }[]; waitFor(n?: number): Promise<unknown> },
  before: number,
  app: { gql(query: string, variables?: Record<string, unknown>): Promise<unknown> },
  markerTo: string,
): Promise<void> {
  await app.gql('mutation ($email: String!) { requestPasswordReset(email: $email) }', { email: markerTo });
  await capture.waitFor(before + 1);
  expect(capture.mails.slice(before).map((m) => m.to)).toEqual([expect.stringContaining(markerTo)]);
}
