/**
 * "May this person work this time for this job?" — the one question every path that makes someone
 * work asks before it writes: staff assigning, a swap, any move of an application into a
 * confirmation (kakunin) or attendance (shukkin) status (a list move, one or many, the chat window,
 * the candidate's own confirmation, an interview's result, back from withdrawn or rejected
 * included), a part-time hire, and clock-in. The answer is
 * `checkWorkLimits`'s (docs/workforce.md); this module only says which time and which job.
 *
 * A candidate's own application to a shift (and a scout offer they accept) asks it too, with
 * `cardPending`: applying is not working, so a card staff have not verified yet (nor the permission
 * on its back) does not stop it; every other rule does (an expired card, age, status, hours), and
 * the placement asks again in full.
 *
 * Called inside the caller's transaction; it locks the person's `users` row first (unless
 * `lock: false`, for a read that writes nothing), so two placements of one person at once cannot
 * both pass on the same old total.
 */
import { sql } from 'kysely';
import type { DB } from '../../db/connect.ts';
import { clockInJapan, todayInJapan } from '../../../shared/time.ts';
import type { CandidateList } from '../templates/status-tree.ts';
import { checkPersonForShift } from './assign.ts';
import { placementFactsOf } from './placement-facts.ts';
import { checkUnscheduled, type WorkLimitRefusal, type WorkLimitsResult } from './work-limits.ts';

/**
 * Has the shift started (or ended) at `now`, in Japan: its day has passed, or it is today and its
 * start time has come. Nobody new takes such a shift: applying, a staff placement, a scout offer
 * accepted and a swap all refuse it (recording attendance on it, or confirming a placement made
 * before it started, is not taking it).
 */
export function shiftStarted(shift: { date: string; start: string }, now: Date = new Date()): boolean {
  const today = todayInJapan(now);
  return shift.date < today || (shift.date === today && shift.start.slice(0, 5) <= clockInJapan(now));
}

/** The same as a condition on a query's shift columns (a date and a time of day): the shift has not started at `now`. */
export function shiftNotStarted(date: string, start: string, now: Date = new Date()) {
  const today = todayInJapan(now);
  return sql<boolean>`(${sql.ref(date)} > ${today}::date or (${sql.ref(date)} = ${today}::date and ${sql.ref(start)} > ${clockInJapan(now)}::time))`;
}

/** The lists whose statuses make a person work: being in one of them is being placed. */
export const WORKING_LISTS: readonly CandidateList[] = ['kakunin', 'shukkin'];

export interface WorkQuestion {
  candidateId: string;
  jobId: string;
  /** The shift (a daily job's, or a part-time job's scheduled time); null: a placement without a scheduled time. */
  shiftId: string | null;
  /** A shift of theirs to leave out of their other work (a swap moves them off it in the same transaction). */
  without?: string | undefined;
  lock?: boolean;
  /** An application, not a placement: staff's verification of the card is not asked yet (the placement asks it). */
  cardPending?: boolean;
}

/** The one check. A shift: every rule with its times; no shift: card, age and status on today's date. */
export async function mayWork(trx: DB, q: WorkQuestion): Promise<WorkLimitsResult> {
  if (q.shiftId)
    return checkPersonForShift(trx, q.candidateId, q.shiftId, {
      ...(q.without ? { without: q.without } : {}),
      ...(q.lock === false ? { lock: false } : {}),
      ...(q.cardPending ? { cardPending: true } : {}),
    });
  if (q.lock !== false) await sql`select id from users where id = ${q.candidateId}::uuid for update`.execute(trx);
  const [person, job, facts] = await Promise.all([
    trx
      .selectFrom('candidate_profiles as p')
      .leftJoin('visa_types as v', 'v.id', 'p.visa_type_id')
      .select(['p.visa_expiry', 'p.card_verified', 'p.permission_outside_status', 'v.ja as status'])
      .where('p.user_id', '=', q.candidateId)
      .executeTakeFirst(),
    trx.selectFrom('jobs').select('job_type_id').where('id', '=', q.jobId).executeTakeFirst(),
    placementFactsOf(trx, { candidateId: q.candidateId, jobId: q.jobId }),
  ]);
  if (!person?.visa_expiry) return { ok: false, reason: 'card_unverified', detail: 'no residence card on record', facts: {} };
  return checkUnscheduled({
    day: todayInJapan(),
    residenceStatus: person.status ?? '',
    permissionOutsideStatus: person.permission_outside_status,
    cardExpiry: person.visa_expiry,
    cardVerified: person.card_verified,
    jobType: job?.job_type_id ?? null,
    ...facts,
  });
}

/** The check for an application as it stands (its person, job and shift); null when there is no such application. */
export async function mayWorkApplication(trx: DB, applicationId: string, opts: { lock?: boolean } = {}): Promise<WorkLimitsResult | null> {
  const app = await trx.selectFrom('applications').select(['candidate_id', 'job_id', 'shift_id']).where('id', '=', applicationId).executeTakeFirst();
  if (!app) return null;
  return mayWork(trx, { candidateId: app.candidate_id, jobId: app.job_id, shiftId: app.shift_id, ...(opts.lock === false ? { lock: false } : {}) });
}

/**
 * Before an application moves into status `to`: the refusal when `to` is a working status and the
 * person may not work the application's time, else null (a move within or out of the candidate
 * list places nobody).
 */
export async function mayEnterStatus(trx: DB, applicationId: string, to: string): Promise<WorkLimitRefusal | null> {
  const status = await trx.selectFrom('candidate_statuses').select('list').where('id', '=', to).executeTakeFirst();
  if (!status || !WORKING_LISTS.includes(status.list)) return null;
  const r = await mayWorkApplication(trx, applicationId);
  return r && !r.ok ? r : null;
}
