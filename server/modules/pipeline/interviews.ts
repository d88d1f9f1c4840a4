/**
 * Interviews (docs/pipeline.md "Interviews"): scheduled from an application, the
 * candidate invited by mail (the `interview_scheduled` template, with an .ics calendar file) and in
 * the chat; the result moves the application along the company's status tree — pass: its first
 * move forward, fail: its first closing status (Rejected by default), hold: no move — audited and
 * announced like any move. A cancel moves nothing, and tells the candidate as the invitation did.
 */
import type { Actor } from '../../db/audit.ts';
import { z } from 'zod';
import { msgText } from '../../../shared/messages.ts';
import { DEFAULT_LANG, isLang, pickLang, type Lang } from '../../../shared/i18n.ts';
import { dateTimeText, hoursMinutesText } from '../../../shared/format.ts';
import { postNotice } from '../../chat/post.ts';
import { hasNoTenant, scopeToTenant, type Tenant } from '../../access/tenancy.ts';
import type { DB } from '../../db/connect.ts';
import { composeMail } from '../templates/mail.ts';
import { statusMoves } from '../templates/status-tree.ts';
import { announceMoves, type AnnounceDeps } from './announce.ts';
import { companyTree, moveApplication } from './statuses.ts';
import { applicationsWithParties } from './repo.ts';
import { calendarAttachment, calendarEvent } from './calendar.ts';
import type { InterviewStatus } from './tables.ts';

/** What a person enters to schedule one (the form and the API validate with it). */
export const InterviewInput = z
  .object({
    date: z.iso.date(),
    time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
    minutes: z.coerce.number().int().min(5).max(480),
    place: z.string().trim().max(300).default(''),
    onlineUrl: z
      .string()
      .trim()
      .max(500)
      .refine((v) => v === '' || /^https:\/\/[^\s]+$/.test(v), { params: msgText('interview.https') })
      .default(''),
    interviewers: z.string().trim().max(300).default(''),
  })
  .refine((v) => v.place !== '' || v.onlineUrl !== '', { path: ['place'], params: msgText('interview.where') });
export type InterviewInput = z.infer<typeof InterviewInput>;

/** A date and time in Japan as an instant (Japan has no daylight saving: always UTC+9). */
const tokyoInstant = (date: string, time: string) => new Date(`${date}T${time}:00+09:00`);

/** The application if the tenant may schedule for it (its company's, or its client's for a client user). */
async function applicationOf(db: DB, tenant: Tenant, applicationId: string) {
  if (hasNoTenant(tenant)) return undefined;
  const q = db.selectFrom('applications').select(['id', 'company_id', 'client_id']).where('id', '=', applicationId);
  return scopeToTenant(q, tenant, { company: 'company_id', client: 'client_id' }).executeTakeFirst();
}

export async function scheduleInterview(
  deps: AnnounceDeps,
  caller: { name: string; tenant: Tenant },
  applicationId: string,
  input: InterviewInput,
): Promise<{ ok: true; id: string } | { ok: false; reason: 'not-found' | 'past' }> {
  const app = await applicationOf(deps.db, caller.tenant, applicationId);
  if (!app) return { ok: false, reason: 'not-found' };
  const startsAt = tokyoInstant(input.date, input.time);
  if (startsAt.getTime() < Date.now()) return { ok: false, reason: 'past' };
  const row = await deps.db
    .insertInto('interviews')
    .values({
      application_id: app.id,
      company_id: app.company_id,
      starts_at: startsAt,
      minutes: input.minutes,
      place: input.place,
      online_url: input.onlineUrl,
      interviewers: input.interviewers,
      created_by_name: caller.name,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await tellCandidate(deps, row.id, 'scheduled');
  return { ok: true, id: row.id };
}

/** When an interview is and how long, as its mails say it in `lang` ("2026/12/02 14:30 (45分)", "… (45 min)"), as the applicant record does. */
export const interviewTimeText = (lang: Lang, startsAt: Date, minutes: number): string => `${dateTimeText(startsAt, lang)} (${hoursMinutesText(minutes, lang)})`;

/**
 * What the candidate is told of an interview, in their language: a chat note and a mail with the
 * calendar file — `scheduled`: the invitation (the event); `cancelled`: that it is called off (the
 * same event withdrawn, so the calendar that took the invitation drops it). An interview cancelled
 * after its start tells nobody: it is a record being tidied, not news.
 */
async function tellCandidate(deps: AnnounceDeps, interviewId: string, what: 'scheduled' | 'cancelled'): Promise<void> {
  const r = await applicationsWithParties(deps.db)
    .innerJoin('interviews as i', 'i.application_id', 'a.id')
    .leftJoin('conversations as c', 'c.application_id', 'a.id')
    .select(['i.id', 'i.starts_at', 'i.minutes', 'i.place', 'i.online_url', 'a.company_id', 'u.name', 'u.email', 'u.lang', 'u.active'])
    .select(['co.name as company', 'co.name_en as company_en', 'j.title_ja', 'j.title_en', 'c.id as conversation_id'])
    .where('i.id', '=', interviewId)
    .executeTakeFirstOrThrow();
  if (what === 'cancelled' && r.starts_at.getTime() <= Date.now()) return;
  const lang: Lang = isLang(r.lang) ? r.lang : DEFAULT_LANG;
  const company = pickLang(lang, r.company, r.company_en);
  const job = pickLang(lang, r.title_ja, r.title_en);
  const where = r.online_url || r.place;
  const vars = { name: r.name, company, job, date: interviewTimeText(lang, r.starts_at, r.minutes), link: where, place: r.place, onlineUrl: r.online_url };
  const key = what === 'scheduled' ? 'interview_scheduled' : 'interview_cancelled';
  try {
    if (r.conversation_id) {
      const note = await composeMail(deps.db, `${key}_chat`, { companyId: r.company_id, lang, vars });
      await postNotice(deps.db, deps.bus, r.conversation_id, note.text, `interview${what === 'cancelled' ? '-cancelled' : ''}:${r.id}`);
    }
    if (!r.active) return;
    const mail = await composeMail(deps.db, key, { companyId: r.company_id, lang, vars });
    const ics = calendarEvent({
      uid: `interview-${r.id}@tsunagu`,
      start: r.starts_at.getTime(),
      end: r.starts_at.getTime() + r.minutes * 60_000,
      title: `${company}: ${job}`,
      description: mail.text,
      location: r.place,
      url: r.online_url,
      cancelled: what === 'cancelled',
    });
    await deps.mailer.send({ to: r.email, ...mail, attachments: [calendarAttachment('interview.ics', ics, what === 'cancelled' ? 'CANCEL' : 'PUBLISH')] });
  } catch (err) {
    deps.log.warn({ err, interviewId, what }, 'the candidate could not be told of the interview');
  }
}

export type InterviewResult = Extract<InterviewStatus, 'pass' | 'fail' | 'hold' | 'cancelled'>;

/**
 * Records a result for interviews the caller's tenant owns that are still open (scheduled or on
 * hold) and moves their applications; returns how many interviews it changed.
 */
export async function recordInterviewResult(deps: AnnounceDeps, actor: Actor, tenant: Tenant, ids: readonly string[], result: InterviewResult): Promise<number> {
  if (!ids.length || hasNoTenant(tenant)) return 0;
  const moves: { applicationId: string; kind: 'forward' | 'close' }[] = [];
  const cancelled: string[] = [];
  const changed = await deps.db.transaction().execute(async (trx) => {
    let q = trx
      .updateTable('interviews as i')
      .set({ status: result, updated_at: new Date() })
      .where('i.id', 'in', [...ids])
      .where('i.status', 'in', ['scheduled', 'hold']);
    q = scopeToTenant(q, tenant, { company: 'i.company_id' });
    const rows = await q.returning(['i.id', 'i.application_id', 'i.company_id']).execute();
    if (result === 'cancelled') cancelled.push(...rows.map((r) => r.id));
    if (result !== 'pass' && result !== 'fail') return rows.length;
    for (const row of rows) {
      const app = await trx.selectFrom('applications').select(['candidate_status_id']).where('id', '=', row.application_id).executeTakeFirstOrThrow();
      const tree = statusMoves(await companyTree(trx, row.company_id)).filter((m) => m.from === app.candidate_status_id);
      const move = tree.find((m) => m.kind === (result === 'pass' ? 'forward' : 'close'));
      if (!move) continue;
      const ok = await moveApplication(trx, { applicationId: row.application_id, companyId: row.company_id, from: move.from, to: move.to, actor, extra: { interview: result } });
      // A pass the person may not work (card, age, status, hours) stays where it was: the interview keeps its result.
      if (ok.moved) moves.push({ applicationId: row.application_id, kind: move.kind === 'forward' ? 'forward' : 'close' });
    }
    return rows.length;
  });
  await announceMoves(deps, moves);
  // The candidate was invited by mail, calendar file and chat note: a cancel is told the same ways.
  for (const id of cancelled) await tellCandidate(deps, id, 'cancelled');
  return changed;
}
