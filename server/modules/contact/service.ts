import { z } from 'zod';
import { inTransaction, type DB } from '../../db/connect.ts';
import { audit, type Actor } from '../../db/audit.ts';
import type { Services } from '../../services.ts';
import { DEFAULT_LANG, LANG_NAMES, type Lang } from '../../../shared/i18n.ts';
import { msg, msgText } from '../../../shared/texts/index.ts';
import { CONTACT_TOPIC_LABELS, CONTACT_TOPICS } from '../../../shared/contact.ts';
import { inBoth } from '../../resources/define.ts';
import { email, optionalText, requiredText } from '../../validation.ts';
import { notifyPlatform } from '../notifications/service.ts';
import { readAppSetting } from '../templates/app-settings.ts';

const PHONE = /^[0-9+()\-\s]{6,30}$/;

/** /staff/contact: a foreign staff member or anyone writes to the platform. */
export const ContactInput = z.object({
  name: requiredText(100),
  email: email(),
  phone: optionalText(30).refine((v) => v === undefined || PHONE.test(v), { message: 'phone', params: msgText('validation.phone') }),
  topic: z.enum(CONTACT_TOPICS),
  message: requiredText(4000),
});
export type ContactInput = z.output<typeof ContactInput>;

/** /v3/trial: a staffing company asks for a trial. */
export const TrialInput = z.object({
  company_name: requiredText(200),
  contact_name: requiredText(100),
  email: email(),
  phone: requiredText(30).refine((v) => PHONE.test(v), { message: 'phone', params: msgText('validation.phone') }),
  message: optionalText(4000),
});
export type TrialInput = z.output<typeof TrialInput>;

export async function saveContact(db: DB, input: ContactInput, lang: Lang): Promise<string> {
  const row = await db
    .insertInto('contact_messages')
    .values({ kind: 'contact', name: input.name, email: input.email, phone: input.phone ?? null, topic: input.topic, company_name: null, message: input.message, lang })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function saveTrial(db: DB, input: TrialInput, lang: Lang): Promise<string> {
  const row = await db
    .insertInto('contact_messages')
    .values({
      kind: 'trial',
      name: input.contact_name,
      email: input.email,
      phone: input.phone,
      topic: null,
      company_name: input.company_name,
      message: input.message ?? '',
      lang,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Marks contact messages answered (by `actor`, now) or back to new. A message already so is left
 * alone; each change is in the audit log with who made it.
 */
export async function markContactMessages(db: DB, actor: Actor, ids: readonly string[], to: 'new' | 'answered'): Promise<void> {
  if (!ids.length) return;
  await inTransaction(db, async (trx) => {
    const changed = await trx
      .updateTable('contact_messages')
      .set(to === 'answered' ? { status: to, answered_by_name: actor.name, answered_at: new Date() } : { status: to, answered_by_name: null, answered_at: null })
      .where('id', 'in', ids)
      .where('kind', '=', 'contact')
      .where('status', '!=', to)
      .returning('id')
      .execute();
    for (const r of changed) await audit(trx, actor, 'contactMessage', r.id, null, { status: { from: to === 'new' ? 'answered' : 'new', to } });
  });
}

/**
 * Mails the support address (app setting `support.email`, the platform's; blank: no mail) what
 * came in through a public form, answered by replying to `replyTo` (the person who wrote). The mail
 * is in the platform's language, as the support desk reads it. What came in is stored before; a
 * mail that fails is logged and lost to no one.
 */
async function mailSupport(services: Services, replyTo: string, compose: (lang: Lang) => { subject: string; text: string }): Promise<void> {
  const to = (await readAppSetting(services.db, 'support.email', null))?.trim();
  if (!to) return;
  try {
    await services.mailer.send({ to, replyTo, ...compose(DEFAULT_LANG) });
  } catch (err) {
    services.log.error({ err }, 'mail to the support address failed');
  }
}

/**
 * Tells the platform of a new contact message: a notification to whoever may open the messages'
 * list, and a mail to the support address; the message also waits on the list.
 */
export async function announceContact(services: Services, input: ContactInput, senderLang: Lang): Promise<void> {
  const topic = msgText(CONTACT_TOPIC_LABELS[input.topic]);
  await notifyPlatform(services.db, services.bus, {
    key: 'notify.newContact',
    body: inBoth((lang) => msg(lang, 'res.common.parenthesised', { text: input.name, note: topic[lang] })),
    link: CONTACT_LIST,
  });
  await mailSupport(services, input.email, (lang) => ({
    subject: msg(lang, 'contact.mail.subject', { topic: topic[lang], name: input.name }),
    text: msg(lang, 'contact.mail.body', {
      name: input.name,
      email: input.email,
      phone: input.phone ?? '—',
      topic: topic[lang],
      language: LANG_NAMES[senderLang],
      message: input.message,
      link: services.publicUrl(CONTACT_LIST),
    }),
  }));
}

/**
 * Tells the support address of a trial signup with what the company wrote (the platform's
 * notification links to the new company, not to this text), answered by replying to its contact.
 */
export async function announceTrial(services: Services, input: TrialInput, senderLang: Lang, companyId: string): Promise<void> {
  await mailSupport(services, input.email, (lang) => ({
    subject: msg(lang, 'trial.mail.subject', { company: input.company_name }),
    text: msg(lang, 'trial.mail.body', {
      company: input.company_name,
      name: input.contact_name,
      email: input.email,
      phone: input.phone,
      language: LANG_NAMES[senderLang],
      message: input.message?.trim() || '—',
      link: services.publicUrl(`/v3/admin/company/${companyId}`),
    }),
  }));
}

/** The platform's list of contact messages. */
export const CONTACT_LIST = '/admin/staff/contact';
