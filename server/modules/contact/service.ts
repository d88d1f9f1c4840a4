import { z } from 'zod';
import type { DB } from '../../db/connect.ts';
import type { Lang } from '../../../shared/i18n.ts';
import { msgText } from '../../../shared/messages.ts';
import { email, optionalText, requiredText } from '../../validation.ts';

export const CONTACT_TOPICS = ['work', 'visa', 'pay', 'company', 'other'] as const;

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
