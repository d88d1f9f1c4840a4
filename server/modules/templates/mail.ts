/**
 * Every mail and chat note the product sends comes from a template (docs/templates.md):
 * a `document_templates` row of kind `mail` by key — the company's own copy when it has one,
 * else the platform's, else the built-in default of `DEFAULT_DOCUMENTS` (so a key added in a
 * release works on a database seeded before it) — in the recipient's language (the other language
 * when a translation is blank), with `{{variables}}` filled. Editing a template on
 * /admin/templates/mail changes the next mail. A key ending in `_chat` is a chat note: its body
 * is posted in the conversation and its subject is unused.
 */
import { pickLang, type Lang, type Text } from '../../../shared/i18n.ts';
import { msgText } from '../../../shared/texts/index.ts';
import type { DB } from '../../db/connect.ts';
import { DEFAULT_DOCUMENTS } from './defaults.ts';
import { renderTemplate, type TemplateVars } from './render-template.ts';

export type MailKey =
  | 'password_reset'
  | 'invitation'
  | 'trial_invitation'
  | 'application_received'
  | 'status_changed'
  | 'status_changed_chat'
  | 'kakunin_request'
  | 'kakunin_request_chat'
  | 'interview_scheduled'
  | 'interview_scheduled_chat'
  | 'interview_reminder'
  | 'interview_reminder_chat'
  | 'interview_cancelled'
  | 'interview_cancelled_chat'
  | 'chat_unread';

/**
 * The variables each mail is sent with (docs/templates.md "Mail templates that are used"): what
 * its template may use. Any other `{{variable}}` stays in the mail as written, so the record page's
 * preview fills only these.
 */
const PARTY = ['name', 'company', 'job'] as const;
export const MAIL_VARIABLES: Record<MailKey, readonly string[]> = {
  password_reset: ['name', 'link', 'email'],
  invitation: ['name', 'invitedBy', 'link', 'email'],
  trial_invitation: ['name', 'companyName', 'company', 'link', 'email'],
  application_received: [...PARTY, 'link'],
  status_changed: [...PARTY, 'status', 'date', 'link'],
  status_changed_chat: [...PARTY, 'status', 'date', 'link'],
  kakunin_request: [...PARTY, 'status', 'date', 'link'],
  kakunin_request_chat: [...PARTY, 'status', 'date', 'link'],
  interview_scheduled: [...PARTY, 'date', 'link'],
  interview_scheduled_chat: [...PARTY, 'date', 'link'],
  interview_reminder: [...PARTY, 'date', 'link'],
  interview_reminder_chat: [...PARTY, 'date', 'link'],
  interview_cancelled: [...PARTY, 'date', 'link'],
  interview_cancelled_chat: [...PARTY, 'date', 'link'],
  chat_unread: [...PARTY, 'about', 'messages', 'link', 'note'],
};

/**
 * What each mail is, by its key (a `_chat` key is the chat note of its mail): the mail templates'
 * key is chosen among them, each named, so a mail added here is offered there.
 */
export const MAIL_NAMES: Record<Exclude<MailKey, `${string}_chat`>, Text> = {
  password_reset: msgText('res.templates.mail.passwordReset'),
  invitation: msgText('res.templates.mail.invitation'),
  trial_invitation: msgText('res.templates.mail.trialInvitation'),
  application_received: msgText('res.templates.mail.applicationReceived'),
  status_changed: msgText('res.templates.mail.statusChanged'),
  kakunin_request: msgText('res.templates.mail.kakuninRequest'),
  interview_scheduled: msgText('res.templates.mail.interviewScheduled'),
  interview_reminder: msgText('res.templates.mail.interviewReminder'),
  interview_cancelled: msgText('res.templates.mail.interviewCancelled'),
  chat_unread: msgText('res.templates.mail.chatUnread'),
};

export interface ComposedMail {
  subject: string;
  text: string;
}

/** The template `key` for a company (null: the platform's), rendered in `lang` with `vars`. */
export async function composeMail(db: DB, key: MailKey, o: { companyId: string | null; lang: Lang; vars: TemplateVars }): Promise<ComposedMail> {
  const rows = await db
    .selectFrom('document_templates')
    .select(['company_id', 'subject_ja', 'subject_en', 'body_ja', 'body_en'])
    .where('kind', '=', 'mail')
    .where('key', '=', key)
    .where((eb) => (o.companyId ? eb.or([eb('company_id', '=', o.companyId), eb('company_id', 'is', null)]) : eb('company_id', 'is', null)))
    .execute();
  const own = rows.find((r) => r.company_id !== null) ?? rows[0];
  const builtIn = DEFAULT_DOCUMENTS.find((d) => d.kind === 'mail' && d.key === key);
  const subject = own ? pickLang(o.lang, own.subject_ja, own.subject_en) : builtIn ? builtIn.subject[o.lang] : key;
  const body = own ? pickLang(o.lang, own.body_ja, own.body_en) : builtIn ? builtIn.body[o.lang] : '';
  return { subject: renderTemplate(subject, o.vars).replace(/\s+/g, ' ').trim(), text: renderTemplate(body, o.vars) };
}
