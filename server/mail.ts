import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Where an answer goes, when not to the sender (a contact message: the person who wrote it). */
  replyTo?: string;
  /** Files sent with the mail (an interview's calendar invitation, a payslip). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  content: string | Buffer;
  contentType: string;
}

export interface Mailer {
  send(msg: MailMessage): Promise<void>;
  close(): void;
}

/**
 * SMTP_URL sends real mail (tests point it at a local SMTP server). Without it, mail is written to
 * the log so a developer can follow a password-reset link on a laptop with no mail server.
 */
export function createMailer(opts: { smtpUrl: string | undefined; from: string; log: Logger }): Mailer {
  const transport: Transporter = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : nodemailer.createTransport({ jsonTransport: true });
  return {
    async send(msg) {
      await transport.sendMail({
        from: opts.from,
        to: msg.to,
        subject: msg.subject,
        text: msg.text,
        ...(msg.replyTo ? { replyTo: msg.replyTo } : {}),
        ...(msg.attachments ? { attachments: msg.attachments } : {}),
      });
      if (!opts.smtpUrl)
        opts.log.info({ mail: { to: msg.to, subject: msg.subject, text: msg.text, attachments: msg.attachments?.map((a) => a.filename) } }, 'mail (no SMTP_URL set, so it is only logged)');
    },
    close() {
      transport.close();
    },
  };
}
