import { wroteTable } from '../../db/notified-cache.ts';
import { sql } from 'kysely';
import { z } from 'zod';
import { hashPassword } from '../../auth/password.ts';
import type { DB } from '../../db/connect.ts';
import { clockText } from '../../db/columns.ts';
import type { EventBus } from '../../events/bus.ts';
import { msgText } from '../../../shared/messages.ts';
import type { Lang } from '../../../shared/i18n.ts';
import { todayInJapan } from '../../time.ts';
import { email, KATAKANA_NAME, optionalText, requiredText } from '../../validation.ts';
import { notifyClientUsers, notifyCompanyStaff } from '../notifications/service.ts';
import { mayWork, shiftStarted } from '../workforce/may-work.ts';
import type { WorkLimitRefusal } from '../workforce/work-limits.ts';
import { isUuid } from '../../../shared/ids.ts';
import { isCountryCode } from '../../../shared/countries.ts';
import { CONVERSATION_THREAD, ensureSupportConversation } from '../../chat/threads.ts';

/** What a foreign staff member gives to register on the public site. */
export const CandidateRegistration = z.object({
  name: requiredText(100),
  email: email(),
  password: z.string().min(8).max(200),
  phone: optionalText(30),
  // An ISO 3166-1 alpha-2 code, as the form's select of countries sends it (shared/countries.ts).
  nationality: z.string().refine(isCountryCode, { message: 'country', params: msgText('candidate.nationalityUnknown') }),
  visa_type_id: z.coerce.number().int().positive(),
  // Checked on the field itself, so it is reported together with every other mistake.
  visa_expiry: z.iso.date().refine((v) => v >= todayInJapan(), { message: 'expired', params: msgText('candidate.visaExpired') }),
  languages: z
    .array(z.string().regex(/^[a-z]{2}$/))
    .max(12)
    .default([]),
  // For the age rules of placement (労働基準法第56・60・61条), the dispatch ledger and the Hello Work
  // report; optional here, completed by staff on the person's record (docs/workforce.md).
  birth_date: z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    z.iso
      .date()
      .refine((v) => v >= '1900-01-01' && v < todayInJapan(), { message: 'birth', params: msgText('candidate.birthDateInvalid') })
      .optional(),
  ),
  name_kana: optionalText(100).refine((v) => v === undefined || KATAKANA_NAME.test(v), { message: 'kana', params: msgText('candidate.nameKanaInvalid') }),
  address: optionalText(200),
  // 性別 of the Hello Work report (外国人雇用状況の届出, 労働施策総合推進法第28条, 様式第3号); optional.
  sex: z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    z
      .string()
      .refine((v): v is 'male' | 'female' => v === 'male' || v === 'female', { message: 'choice', params: msgText('validation.choice') })
      .optional(),
  ),
  referral: z.string().trim().max(40).nullish(),
});
export type CandidateRegistration = z.output<typeof CandidateRegistration>;

export type RegisterResult = { ok: true; userId: string } | { ok: false; field: 'email' };

/** `lang`: the language the person registered in, kept as theirs (the chat's notes and mail speak it). */
export async function registerCandidate(db: DB, input: CandidateRegistration, lang: Lang): Promise<RegisterResult> {
  const hash = await hashPassword(input.password);
  try {
    return await db.transaction().execute(async (trx) => {
      const user = await trx.insertInto('users').values({ email: input.email, password_hash: hash, name: input.name, role: 'candidate', lang }).returning('id').executeTakeFirstOrThrow();
      await trx
        .insertInto('candidate_profiles')
        .values({
          user_id: user.id,
          phone: input.phone ?? null,
          nationality: input.nationality,
          visa_type_id: input.visa_type_id,
          visa_expiry: input.visa_expiry,
          languages: input.languages,
          birth_date: input.birth_date ?? null,
          name_kana: input.name_kana ?? null,
          address: input.address ?? null,
          sex: input.sex ?? null,
        })
        .execute();
      // Invited by a friend: the friend's referral campaigns count this person's first shift (docs/points.md).
      if (input.referral) {
        await sql`insert into referrals (friend_id, referrer_id) select ${user.id}::uuid, r.user_id from referral_codes r where r.code = ${input.referral.toUpperCase()}`.execute(trx);
      }
      return { ok: true as const, userId: user.id };
    });
  } catch (err) {
    // The e-mail is unique regardless of case: someone already registered it.
    if ((err as { code?: string }).code === '23505') return { ok: false, field: 'email' };
    throw err;
  }
}

export type ApplyResult =
  | { ok: true; applicationId: string; conversationId: string }
  | { ok: false; reason: 'not-found' | 'full' | 'already-applied' | 'closed' | 'visa' }
  /** The legal working limits refuse the shift (server/modules/workforce/work-limits.ts). */
  | { ok: false; reason: 'limits'; refusal: WorkLimitRefusal };

/**
 * Applies a candidate to a job, and for a daily job to one of its shifts. The seat is taken with a
 * single conditional UPDATE (filled < capacity) in the same transaction as the application, so
 * two people can never take the last seat, in any number of processes; the database's CHECK
 * (filled <= capacity) is the last line. The application opens a conversation about the job (and
 * shift) and tells the company's users.
 */
export async function applyToJob(
  db: DB,
  bus: EventBus,
  input: {
    candidateId: string;
    jobId: string;
    shiftId?: string | null;
    message?: string;
    /**
     * 'application' (the default): the candidate applies; it lands in the candidate list, so staff's
     * check of the residence card is left to the placement (confirmation, moves into working
     * statuses, clock-in). 'placement': staff put the person on the shift (`assignShift`), the full gate.
     */
    as?: 'application' | 'placement';
  },
): Promise<ApplyResult> {
  if (!isUuid(input.jobId) || (input.shiftId && !isUuid(input.shiftId))) return { ok: false, reason: 'not-found' };
  const result = await db
    .transaction()
    .execute(async (trx): Promise<ApplyResult & { notify?: { companyId: string; clientId: string | null; job: { ja: string; en: string } } }> => {
      const job = await trx
        .selectFrom('jobs as j')
        .innerJoin('companies as c', 'c.id', 'j.company_id')
        .select(['j.id', 'j.kind', 'j.status', 'j.company_id', 'j.client_id', 'j.title_ja', 'j.title_en', 'j.visa_type_ids', 'j.publish_until', 'c.status as company_status'])
        .where('j.id', '=', input.jobId)
        .executeTakeFirst();
      if (!job) return { ok: false, reason: 'not-found' };
      // The last day of the publish window is a day in Japan (YYYY-MM-DD).
      const today = todayInJapan();
      if (job.status !== 'open' || (job.publish_until && job.publish_until < today)) return { ok: false, reason: 'closed' };
      // A suspended company takes no one (its job is off the boards; an old link or offer still points at it).
      if (job.company_status === 'suspended') return { ok: false, reason: 'closed' };
      if (job.visa_type_ids.length) {
        const profile = await trx.selectFrom('candidate_profiles').select('visa_type_id').where('user_id', '=', input.candidateId).executeTakeFirst();
        if (!profile?.visa_type_id || !job.visa_type_ids.includes(profile.visa_type_id)) return { ok: false, reason: 'visa' };
      }
      let shiftId: string | null = null;
      if (job.kind === 'daily') {
        if (!input.shiftId) return { ok: false, reason: 'not-found' };
        const shift = await trx
          .selectFrom('job_daily_shifts')
          .select(['id', 'date', clockText('start_time').as('start')])
          .where('id', '=', input.shiftId)
          .where('job_id', '=', job.id)
          .executeTakeFirst();
        if (!shift) return { ok: false, reason: 'not-found' };
        // A shift that has started (or ended) takes nobody new: the day passed, or today past its start.
        if (shiftStarted(shift)) return { ok: false, reason: 'closed' };
        // May this person work this shift for this job (card, age, status, hours), with their row locked
        // (docs/workforce.md); an application leaves the card's verification to the placement.
        const limits = await mayWork(trx as unknown as DB, { candidateId: input.candidateId, jobId: job.id, shiftId: shift.id, cardPending: input.as !== 'placement' });
        if (!limits.ok) return { ok: false, reason: 'limits', refusal: limits };
        shiftId = shift.id;
      }
      // ON CONFLICT DO NOTHING: applying twice to the same shift (or job) is answered, not an error.
      const applied = await trx
        .insertInto('applications')
        .values({ job_id: job.id, shift_id: shiftId, candidate_id: input.candidateId, company_id: job.company_id, client_id: job.client_id, message: input.message ?? '' })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!applied) return { ok: false, reason: 'already-applied' };
      if (shiftId) {
        const seat = await trx
          .updateTable('job_daily_shifts')
          // A new person on the shift: the staffing the client confirmed changed (docs/workforce.md).
          .set((eb) => ({ filled: eb('filled', '+', 1), client_confirmed_at: null, client_confirmed_by: null }))
          .where('id', '=', shiftId)
          .whereRef('filled', '<', 'capacity')
          .returning('id')
          .executeTakeFirst();
        if (!seat) throw new ShiftFull();
      }
      const conversation = await trx
        .insertInto('conversations')
        .values({
          company_id: job.company_id,
          candidate_id: input.candidateId,
          job_id: job.id,
          shift_id: shiftId,
          application_id: applied.id,
          type: job.kind === 'daily' ? 1 : 2,
          last_message_at: new Date(),
        })
        .onConflict((oc) => oc.expression(CONVERSATION_THREAD).doUpdateSet({ application_id: applied.id }))
        .returning('id')
        .executeTakeFirstOrThrow();
      await ensureSupportConversation(trx, job.company_id, input.candidateId);
      return { ok: true, applicationId: applied.id, conversationId: conversation.id, notify: { companyId: job.company_id, clientId: job.client_id, job: { ja: job.title_ja, en: job.title_en } } };
    })
    .catch((err) => {
      if (err instanceof ShiftFull) return { ok: false as const, reason: 'full' as const };
      throw err;
    });
  // A seat taken: this process's board shows it at once (others on the database's notice).
  if (result.ok) wroteTable(db, 'job_daily_shifts');
  if (result.ok && 'notify' in result && result.notify) {
    const { companyId, clientId, job } = result.notify;
    const candidate = await db.selectFrom('users').select('name').where('id', '=', input.candidateId).executeTakeFirst();
    await notifyCompanyStaff(db, bus, companyId, { key: 'notify.newApplication', params: { job }, body: candidate?.name ?? '', link: `/admin/candidate/${result.applicationId}` });
    // The client whose job it is hears of it too (SPEC §6: client users see the applicants of their jobs), with the person's record
    // on its workers page (the client roles hold no applicant list).
    if (clientId) await notifyClientUsers(db, bus, clientId, { key: 'notify.clientApplicant', params: { job }, body: candidate?.name ?? '', link: `/admin/worker?id=${input.candidateId}` });
    return { ok: true, applicationId: result.applicationId, conversationId: result.conversationId };
  }
  return result.ok ? { ok: true, applicationId: result.applicationId, conversationId: result.conversationId } : result;
}

/** Thrown inside the transaction when the last seat went to someone else: the whole application rolls back. */
class ShiftFull extends Error {}
