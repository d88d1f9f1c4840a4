/**
 * Scouting (docs/scouting.md): a company offers one of its jobs to a candidate who
 * opted in; the offer opens (or reuses) the conversation about that job and says so in the
 * candidate's language; the candidate accepts or declines. Accepting is the candidate applying:
 * it goes through the one application path, `applyToJob`, so the seat, the conversation, the
 * pipeline's first status and the company's notification are exactly those of an application.
 *
 * Concurrency: the monthly quota is counted under a lock on the company's row (two offers sent at
 * once cannot both take the last one); an answer is one conditional UPDATE on a pending, unexpired
 * offer, so two clicks on "accept" make one application.
 */
import type { WorkLimitRefusal } from '../workforce/work-limits.ts';
import { sql } from 'kysely';
import { DEFAULT_LANG, isLang, pickLang, type Lang } from '../../../shared/i18n.ts';
import { msg } from '../../../shared/messages.ts';
import { dateText, dateTimeText } from '../../../shared/format.ts';
import { SCOUT_OFFER_DAYS } from '../../../shared/scouting.ts';
import { todayInJapan } from '../../../shared/time.ts';
import { hasNoTenant, scopeToTenant, type Tenant } from '../../access/tenancy.ts';
import { postNotice } from '../../chat/post.ts';
import { initialsOf } from '../../chat/queries.ts';
import { CONVERSATION_THREAD } from '../../chat/threads.ts';
import { inTransaction, type DB } from '../../db/connect.ts';
import type { EventBus } from '../../events/bus.ts';
import { applyToJob } from '../jobs/apply.ts';
import { shiftNotStarted, shiftStarted } from '../workforce/may-work.ts';
import { notifyCompanyStaff } from '../notifications/service.ts';
import { audit, type Actor } from '../../db/audit.ts';
import { isUuid } from '../../../shared/ids.ts';

/** The first day of this month in Japan, as a time: the quota's month. */
const monthStart = sql<Date>`(date_trunc('month', now() at time zone 'Asia/Tokyo') at time zone 'Asia/Tokyo')`;

/** Offers sent this month (in Japan) by a company, and its quota. */
export async function scoutQuota(db: DB, companyId: string): Promise<{ used: number; limit: number }> {
  const [c, n] = await Promise.all([
    db.selectFrom('companies').select('scout_monthly_quota').where('id', '=', companyId).executeTakeFirst(),
    db
      .selectFrom('scout_offers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('company_id', '=', companyId)
      .where('created_at', '>=', monthStart)
      .executeTakeFirstOrThrow(),
  ]);
  return { used: Number(n.n), limit: c?.scout_monthly_quota ?? 0 };
}

/** The jobs (and for daily jobs the coming shifts) a tenant may offer: open, in its scope. */
export async function offerableJobs(db: DB, tenant: Tenant) {
  if (hasNoTenant(tenant)) return [];
  const today = todayInJapan();
  const jobs = await db
    .selectFrom('jobs as j')
    .innerJoin('companies as c', 'c.id', 'j.company_id')
    .select(['j.id', 'j.kind', 'j.title_ja', 'j.title_en', 'j.company_id', 'c.name as company_ja', 'c.name_en as company_en'])
    .where('j.status', '=', 'open')
    .where((eb) => eb.or([eb('j.publish_until', 'is', null), eb('j.publish_until', '>=', today)]))
    .$call((q) => scopeToTenant(q, tenant, { company: 'j.company_id', client: 'j.client_id' }))
    .orderBy('j.kind')
    .orderBy('j.title_ja')
    .limit(200)
    .execute();
  const daily = jobs.filter((j) => j.kind === 'daily').map((j) => j.id);
  const shifts = daily.length
    ? await db
        .selectFrom('job_daily_shifts')
        .select(['id', 'job_id', 'date', 'start_time', 'end_time'])
        .where('job_id', 'in', daily)
        // Not one that has started: it takes nobody new (applying on acceptance would refuse it).
        .where(shiftNotStarted('date', 'start_time'))
        .whereRef('filled', '<', 'capacity')
        .orderBy('date')
        .orderBy('start_time')
        .execute()
    : [];
  return jobs.map((j) => ({ ...j, shifts: shifts.filter((s) => s.job_id === j.id).slice(0, 14) }));
}

export type SendResult = { ok: true; offerId: string; conversationId: string } | { ok: false; reason: 'not-found' | 'closed' | 'shift' | 'quota' | 'duplicate' | 'already-applied'; limit?: number };

/**
 * Sends an offer: the job must be open and in the sender's tenant, the candidate opted in, the
 * company under its monthly quota, no pending offer of the same job to the same person, and no
 * application of theirs to it. Then the message goes into the job's conversation with them.
 */
export async function sendScoutOffer(
  db: DB,
  bus: EventBus,
  actor: Actor,
  tenant: Tenant,
  input: { candidateId: string; jobId: string; shiftId?: string | null; message: string },
): Promise<SendResult> {
  if (hasNoTenant(tenant) || !isUuid(input.candidateId) || !isUuid(input.jobId) || (input.shiftId && !isUuid(input.shiftId))) return { ok: false, reason: 'not-found' };
  const result = await inTransaction(db, async (trx): Promise<SendResult & { post?: { lang: Lang; text: string } }> => {
    const job = await trx
      .selectFrom('jobs as j')
      .innerJoin('companies as c', 'c.id', 'j.company_id')
      .select(['j.id', 'j.kind', 'j.status', 'j.company_id', 'j.client_id', 'j.title_ja', 'j.title_en', 'j.publish_until', 'c.name as company_ja', 'c.name_en as company_en'])
      .where('j.id', '=', input.jobId)
      .$call((q) => scopeToTenant(q, tenant, { company: 'j.company_id', client: 'j.client_id' }))
      .executeTakeFirst();
    if (!job) return { ok: false, reason: 'not-found' };
    const today = todayInJapan();
    if (job.status !== 'open' || (job.publish_until && job.publish_until < today)) return { ok: false, reason: 'closed' };
    let shift: { id: string; date: string; start_time: string } | undefined;
    if (job.kind === 'daily') {
      if (!input.shiftId) return { ok: false, reason: 'shift' };
      shift = await trx.selectFrom('job_daily_shifts').select(['id', 'date', 'start_time']).where('id', '=', input.shiftId).where('job_id', '=', job.id).executeTakeFirst();
      if (!shift) return { ok: false, reason: 'shift' };
      if (shiftStarted({ date: shift.date, start: shift.start_time })) return { ok: false, reason: 'closed' };
    }
    const candidate = await trx
      .selectFrom('scout_profiles as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['u.id', 'u.lang'])
      .where('s.user_id', '=', input.candidateId)
      .where('s.enabled', '=', true)
      .where('u.active', '=', true)
      .where('u.role', '=', 'candidate')
      .executeTakeFirst();
    // Not opted in is the same answer as no such person: a search never learns who exists.
    if (!candidate) return { ok: false, reason: 'not-found' };
    // The quota, counted under the company's row lock: concurrent offers queue here.
    const company = await trx.selectFrom('companies').select('scout_monthly_quota').where('id', '=', job.company_id).forUpdate().executeTakeFirstOrThrow();
    const used = await trx
      .selectFrom('scout_offers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('company_id', '=', job.company_id)
      .where('created_at', '>=', monthStart)
      .executeTakeFirstOrThrow();
    if (Number(used.n) >= company.scout_monthly_quota) return { ok: false, reason: 'quota', limit: company.scout_monthly_quota };
    const open = await trx
      .selectFrom('scout_offers')
      .select('id')
      .where('job_id', '=', job.id)
      .where('candidate_id', '=', candidate.id)
      .where('status', '=', 'pending')
      .where('expires_at', '>', sql<Date>`now()`)
      .executeTakeFirst();
    if (open) return { ok: false, reason: 'duplicate' };
    const applied = await trx
      .selectFrom('applications')
      .select('id')
      .where('job_id', '=', job.id)
      .where('candidate_id', '=', candidate.id)
      .$if(!!shift, (q) => q.where('shift_id', '=', shift!.id))
      .executeTakeFirst();
    if (applied) return { ok: false, reason: 'already-applied' };
    // The conversation about this job (and shift) with them: the one an application opens too.
    const conversation = await trx
      .insertInto('conversations')
      .values({
        company_id: job.company_id,
        candidate_id: candidate.id,
        job_id: job.id,
        shift_id: shift?.id ?? null,
        application_id: null,
        type: job.kind === 'daily' ? 1 : 2,
        last_message_at: new Date(),
      })
      .onConflict((oc) => oc.expression(CONVERSATION_THREAD).doUpdateSet({ last_message_at: new Date() }))
      .returning('id')
      .executeTakeFirstOrThrow();
    // Sent now (the transaction's time), answerable for SCOUT_OFFER_DAYS from then.
    const offer = await trx
      .insertInto('scout_offers')
      .values({
        company_id: job.company_id,
        client_id: job.client_id,
        job_id: job.id,
        shift_id: shift?.id ?? null,
        candidate_id: candidate.id,
        message: input.message,
        expires_at: sql<Date>`now() + make_interval(days => ${SCOUT_OFFER_DAYS})`,
        conversation_id: conversation.id,
        sent_by: actor.id,
        sent_by_name: actor.name,
      })
      .returning(['id', 'expires_at'])
      .executeTakeFirstOrThrow();
    const expires = offer.expires_at;
    await audit(trx, actor, 'scout_offer', offer.id, job.company_id, { candidate_id: candidate.id, job_id: job.id, shift_id: shift?.id ?? null, status: 'pending' }, 'create');
    // What the candidate reads, in their language: who offers what, until when; then the company's words.
    const lang = isLang(candidate.lang) ? candidate.lang : DEFAULT_LANG;
    const head = msg(lang, 'scout.chatOffer', {
      company: pickLang(lang, job.company_ja, job.company_en),
      job: pickLang(lang, job.title_ja, job.title_en),
      date: shift ? ` ${dateText(shift.date, lang)} ${shift.start_time.slice(0, 5)}` : '',
      expires: dateTimeText(expires, lang),
    });
    return { ok: true, offerId: offer.id, conversationId: conversation.id, post: { lang, text: head + input.message } };
  });
  if (!result.ok) return result;
  await postNotice(db, bus, result.conversationId, result.post!.text, `scout:${result.offerId}`);
  return { ok: true, offerId: result.offerId, conversationId: result.conversationId };
}

export type AnswerResult =
  | { ok: true; status: 'accepted' | 'declined'; applicationId: string | null; conversationId: string | null; created: boolean }
  | { ok: false; reason: 'not-found' | 'expired' | 'answered' | 'closed' | 'full' | 'visa' }
  /** The shift's legal working limits refuse the person (card, permission, hours: docs/workforce.md). */
  | { ok: false; reason: 'limits'; refusal: WorkLimitRefusal };

/**
 * The candidate's answer. Accepting applies them to the offered job (and shift) through
 * `applyToJob`; if the job can no longer take them (closed, full, their status not accepted) the
 * offer goes back to pending and they are told why. An offer already accepted answers with its
 * application again, never a second one.
 */
export async function answerScoutOffer(db: DB, bus: EventBus, candidateId: string, offerId: string, accept: boolean): Promise<AnswerResult> {
  if (!isUuid(offerId)) return { ok: false, reason: 'not-found' };
  const to = accept ? 'accepted' : 'declined';
  const moved = await db
    .updateTable('scout_offers')
    .set({ status: to, answered_at: new Date() })
    .where('id', '=', offerId)
    .where('candidate_id', '=', candidateId)
    .where('status', '=', 'pending')
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['id', 'job_id', 'shift_id', 'company_id', 'conversation_id'])
    .executeTakeFirst();
  if (!moved) {
    const o = await db.selectFrom('scout_offers').select(['status', 'expires_at', 'application_id']).where('id', '=', offerId).where('candidate_id', '=', candidateId).executeTakeFirst();
    if (!o) return { ok: false, reason: 'not-found' };
    if (o.status === to) return { ok: true, status: to, applicationId: o.application_id, conversationId: null, created: false };
    if (o.status === 'pending') return { ok: false, reason: 'expired' };
    return { ok: false, reason: 'answered' };
  }
  const actor = await db.selectFrom('users').select(['name', 'lang']).where('id', '=', candidateId).executeTakeFirstOrThrow();
  const lang = isLang(actor.lang) ? actor.lang : DEFAULT_LANG;
  if (!accept) {
    await audit(db, { id: candidateId, name: actor.name }, 'scout_offer', offerId, moved.company_id, { status: 'declined' });
    if (moved.conversation_id) await postNotice(db, bus, moved.conversation_id, msg(lang, 'scout.chatDeclined'), `scout:${offerId}:declined`);
    await notifyCompanyStaff(db, bus, moved.company_id, { key: 'notify.scoutDeclined', body: initialsOf(actor.name), link: '/v3/admin/scout/confirm' });
    return { ok: true, status: 'declined', applicationId: null, conversationId: null, created: false };
  }
  // The application's note is for the company's staff, in both languages.
  const applied = await applyToJob(db, bus, { candidateId, jobId: moved.job_id, shiftId: moved.shift_id, message: `${msg('ja', 'scout.applicationNote')} / ${msg('en', 'scout.applicationNote')}` });
  let applicationId: string | null;
  if (applied.ok) applicationId = applied.applicationId;
  else if (applied.reason === 'already-applied') {
    // They applied on their own meanwhile: the offer is answered by that application.
    const a = await db
      .selectFrom('applications')
      .select('id')
      .where('job_id', '=', moved.job_id)
      .where('candidate_id', '=', candidateId)
      .$if(!!moved.shift_id, (q) => q.where('shift_id', '=', moved.shift_id!))
      .executeTakeFirst();
    applicationId = a?.id ?? null;
  } else {
    await db.updateTable('scout_offers').set({ status: 'pending', answered_at: null }).where('id', '=', offerId).where('status', '=', 'accepted').where('application_id', 'is', null).execute();
    if (applied.reason === 'limits') return { ok: false, reason: 'limits', refusal: applied.refusal };
    return { ok: false, reason: applied.reason === 'not-found' ? 'closed' : applied.reason };
  }
  await db.updateTable('scout_offers').set({ application_id: applicationId }).where('id', '=', offerId).execute();
  await audit(db, { id: candidateId, name: actor.name }, 'scout_offer', offerId, moved.company_id, { status: 'accepted', application_id: applicationId });
  if (moved.conversation_id) await postNotice(db, bus, moved.conversation_id, msg(lang, 'scout.chatAccepted'), `scout:${offerId}:accepted`);
  return { ok: true, status: 'accepted', applicationId, conversationId: applied.ok ? applied.conversationId : moved.conversation_id, created: applied.ok };
}

/** Withdraws pending offers of the caller's tenant (the pending list's row action); how many. */
export async function withdrawScoutOffers(db: DB, actor: Actor, ids: readonly string[]): Promise<number> {
  if (!ids.length) return 0;
  return inTransaction(db, async (trx) => {
    const rows = await trx
      .updateTable('scout_offers')
      .set({ status: 'withdrawn', answered_at: new Date() })
      .where('id', 'in', ids)
      .where('status', '=', 'pending')
      .returning(['id', 'company_id'])
      .execute();
    for (const r of rows) await audit(trx, actor, 'scout_offer', r.id, r.company_id, { status: 'withdrawn' });
    return rows.length;
  });
}
