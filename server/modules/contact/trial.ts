import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { hashPassword } from '../../auth/password.ts';
import type { DB } from '../../db/connect.ts';
import type { Lang } from '../../../shared/i18n.ts';
import type { FieldErrors } from '../../validation.ts';
import { saveTrial, type TrialInput } from './service.ts';
import { copyTemplatesToCompany } from '../templates/copy.ts';
import { msg } from '../../../shared/messages.ts';

export type TrialSignupResult = { ok: true; companyId: string; userId: string; requestId: string } | { ok: false; errors: FieldErrors };

/**
 * /v3/trial: a staffing company signs up for a trial. In one transaction: the company
 * (status 'trial'), its first company_admin (the contact's name and e-mail, a password nobody
 * knows), its own copy of the platform's templates, and the trial request row the platform's
 * sales team reads. An e-mail address that already has an account refuses the whole signup with
 * an error on the e-mail field and creates nothing. The caller sends the invitation mail after the
 * commit: setting a password through its link proves the address (the verification mail).
 */
export async function signUpForTrial(db: DB, input: TrialInput, lang: Lang): Promise<TrialSignupResult> {
  const email = input.email.trim();
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  try {
    return await db.transaction().execute(async (trx) => {
      const taken = await trx.selectFrom('users').select('id').where(sql`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();
      if (taken) return { ok: false as const, errors: { email: msg(lang, 'trial.emailTaken') } };
      const company = await trx
        .insertInto('companies')
        .values({ name: input.company_name, name_en: input.company_name, email, phone: input.phone, status: 'trial' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const user = await trx
        .insertInto('users')
        .values({ email, password_hash: passwordHash, name: input.contact_name, role: 'company_admin', company_id: company.id, client_id: null, lang })
        .returning('id')
        .executeTakeFirstOrThrow();
      await copyTemplatesToCompany(trx, company.id);
      const requestId = await saveTrial(trx, input, lang);
      return { ok: true as const, companyId: company.id, userId: user.id, requestId };
    });
  } catch (err) {
    // Two signups with one address at the same moment: the unique index on lower(email) decides.
    if ((err as { code?: string }).code === '23505') return { ok: false, errors: { email: msg(lang, 'trial.emailTaken') } };
    throw err;
  }
}
