/**
 * The jobs module's tables as other queries open them: a daily job's shifts as its record page reads
 * and writes them (modules/jobs/shift-plan.ts makes the plan), and the join graphs over shifts,
 * applications and candidate profiles that several modules' queries start from.
 */
import { sql } from 'kysely';
import type { DB } from '../../db/connect.ts';
import { clockText } from '../../db/columns.ts';
import type { PlannedShift } from './shift-plan.ts';

/**
 * The columns a job's place is written from, in both languages (`placeIn` and `locationText`,
 * jobs/public.ts), for a query that has the job as `j`: `.select([...JOB_PLACE])`.
 */
export const JOB_PLACE = ['j.prefecture', 'j.city', 'j.city_en', 'j.station', 'j.station_en'] as const;

/** A job's shifts in date and time order, each with how many applied to it. */
export function shiftsOfJob(db: DB, jobId: string) {
  return db
    .selectFrom('job_daily_shifts as s')
    .select(['s.id', 's.date', 's.start_time', 's.end_time', 's.break_minutes', 's.capacity', 's.filled', 's.wage'])
    .select(sql<number>`(select count(*)::int from applications a where a.shift_id = s.id)`.as('applications'))
    .where('s.job_id', '=', jobId)
    .orderBy('s.date')
    .orderBy('s.start_time')
    .execute();
}

/** Adds the planned shifts to a job; a slot the job already has (same date and start) is skipped: the unique (job_id, date, start_time). The ids added. */
export function addPlannedShifts(trx: DB, jobId: string, planned: readonly PlannedShift[]) {
  return trx
    .insertInto('job_daily_shifts')
    .values(planned.map((s) => ({ ...s, job_id: jobId })))
    .onConflict((oc) => oc.columns(['job_id', 'date', 'start_time']).doNothing())
    .returning('id')
    .execute();
}

/** One shift: its job, day and times. */
export function jobShift(db: DB, shiftId: string) {
  return db.selectFrom('job_daily_shifts').select(['id', 'job_id', 'date', 'start_time', 'end_time']).where('id', '=', shiftId).executeTakeFirst();
}

/**
 * Sets a shift's capacity unless fewer seats than are taken: the row is locked first, so a seat
 * taken meanwhile is counted. Run it inside the transaction that audits the change.
 */
export async function setShiftCapacity(trx: DB, shiftId: string, capacity: number): Promise<{ from: number; filled: number } | null> {
  const row = await trx.selectFrom('job_daily_shifts').select(['capacity', 'filled']).where('id', '=', shiftId).forUpdate().executeTakeFirst();
  if (!row || capacity < row.filled) return row ? { from: row.capacity, filled: row.filled } : null;
  await trx.updateTable('job_daily_shifts').set({ capacity }).where('id', '=', shiftId).execute();
  return { from: row.capacity, filled: row.filled };
}

/**
 * Deletes a shift nobody applied to. Locked first: an application in flight (its foreign key
 * holds the row) finishes before we look. Run it inside the transaction that audits the deletion.
 */
export async function deleteShiftUnlessApplied(trx: DB, shiftId: string): Promise<'gone' | 'applied' | 'deleted'> {
  const locked = await trx.selectFrom('job_daily_shifts').select('id').where('id', '=', shiftId).forUpdate().executeTakeFirst();
  if (!locked) return 'gone';
  const applied = await trx.selectFrom('applications').select('id').where('shift_id', '=', shiftId).limit(1).executeTakeFirst();
  if (applied) return 'applied';
  await trx.deleteFrom('job_daily_shifts').where('id', '=', shiftId).execute();
  return 'deleted';
}

/** Candidates (`u`) with their profile (`p`, only those who have one) and its residence status (`v`). */
export function candidatesWithProfile(db: DB) {
  return db.selectFrom('users as u').innerJoin('candidate_profiles as p', 'p.user_id', 'u.id').leftJoin('visa_types as v', 'v.id', 'p.visa_type_id');
}

/** Placements: applications (`a`) on a shift (`s`) of a job (`j`), with the candidate (`u`) and their profile (`p`, when there is one). */
export function placementsJoined(db: DB) {
  return db
    .selectFrom('applications as a')
    .innerJoin('job_daily_shifts as s', 's.id', 'a.shift_id')
    .innerJoin('jobs as j', 'j.id', 's.job_id')
    .innerJoin('users as u', 'u.id', 'a.candidate_id')
    .leftJoin('candidate_profiles as p', 'p.user_id', 'a.candidate_id');
}

/** Applications (`a`) on a shift (`s`) with their job (`j`) and the job's client (`cl`). */
export function shiftApplicationsWithClient(db: DB) {
  return db.selectFrom('applications as a').innerJoin('job_daily_shifts as s', 's.id', 'a.shift_id').innerJoin('jobs as j', 'j.id', 'a.job_id').innerJoin('clients as cl', 'cl.id', 'a.client_id');
}

/** A shift's (`s`) day, its start and end as HH:MM (`start`, `end`) and its break: what a placement's row shows of the shift. */
export const shiftDayAndTimes = ['s.date', clockText('s.start_time').as('start'), clockText('s.end_time').as('end'), 's.break_minutes'] as const;
