/**
 * Demo data that shows the pipeline: for Sakura Staffing, a candidate with an
 * application on each list — one awaiting confirmation (kakunin), one recorded as a no-show
 * (shukkin), and one at the interview stage with an online interview tomorrow at 10:00 — with an
 * unread question in the chat.
 */
import { sql } from 'kysely';
import type { DB } from '../../db/connect.ts';
import { addDays, todayInJapan, weekdayOf } from '../../../shared/time.ts';
import { companyTree } from './statuses.ts';

export const PIPELINE_DEMO_CANDIDATE = { email: 'candidate4@demo.test', name: 'Siti Rahma' };

export async function seedDemoPipeline(db: DB, companyId: string): Promise<void> {
  const person = await db.selectFrom('users').select('id').where('email', '=', PIPELINE_DEMO_CANDIDATE.email).executeTakeFirst();
  if (!person) return;
  const tree = await companyTree(db, companyId);
  const status = (en: string) => tree.find((s) => s.name_en === en)!.id;
  const daily = await firstOpenJob(db, companyId, 'daily');
  const other = await firstOpenJob(db, companyId, 'other');
  // The job's last shift, so the demo leaves its earliest seats to whoever tries applying.
  const last = await db
    .selectFrom('job_daily_shifts')
    .select('id')
    .where('job_id', '=', daily.id)
    .where(sql<boolean>`filled < capacity`)
    .orderBy('date', 'desc')
    .orderBy('start_time', 'desc')
    .executeTakeFirst();
  const apply = (job: DemoJob, shiftId: string | null, statusId: string, type: 1 | 2, appliedAt?: Date) =>
    applyAsDemo(db, { job, shiftId, candidateId: person.id, companyId, statusId, type, ...(appliedAt ? { appliedAt } : {}) });
  if (last) await apply(daily, last.id, status('Work confirmation'), 1);
  // The no-show is of a shift that has happened (a no-show is recorded only once the shift has
  // started): the job's afternoon shift on its last working day (Monday to Saturday) before today,
  // applied for three days before it.
  const today = todayInJapan();
  const missed = [1, 2].map((n) => addDays(today, -n)).find((d) => weekdayOf(d) !== 0)!;
  const shift = await db
    .insertInto('job_daily_shifts')
    .values({ job_id: daily.id, date: missed, start_time: '13:00', end_time: '22:00', break_minutes: 60, capacity: 3 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const noShow = await apply(daily, shift.id, status('Attendance'), 1, appliedBefore(missed));
  const recorded = new Date(`${missed}T14:00:00+09:00`);
  await db
    .insertInto('attendance')
    .values({ application_id: noShow.app, company_id: companyId, shift_id: shift.id, status: 'no_show', recorded_by: null, recorded_by_name: 'Tsunagu', created_at: recorded, updated_at: recorded })
    .execute();
  await db.updateTable('applications').set({ updated_at: recorded }).where('id', '=', noShow.app).execute();
  const interview = await apply(other, null, status('Interview'), 2);
  await db
    .insertInto('interviews')
    .values({
      application_id: interview.app,
      company_id: companyId,
      starts_at: new Date(`${addDays(todayInJapan(), 1)}T10:00:00+09:00`),
      minutes: 30,
      online_url: 'https://meet.example/sakura-interview',
      interviewers: '鈴木 一郎 (Ichiro Suzuki)',
      created_by_name: '鈴木 一郎 (Ichiro Suzuki)',
    })
    .execute();
  await db
    .insertInto('messages')
    .values({ conversation_id: interview.conv, seq: 1, sender_id: person.id, sender_role: 'candidate', message_type: 1, content: 'Is the interview in English or Japanese?', client_msg_id: 'seed-1' })
    .execute();
}

type DemoJob = { id: string; client_id: string };

/** The company's oldest open job of a kind: the one a demo person applies to. */
export function firstOpenJob(db: DB, companyId: string, kind: 'daily' | 'other'): Promise<DemoJob> {
  return db
    .selectFrom('jobs')
    .select(['id', 'client_id'])
    .where('company_id', '=', companyId)
    .where('kind', '=', kind)
    .where('status', '=', 'open')
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirstOrThrow();
}

/** When a demo person applied for a shift on `date` (YYYY-MM-DD) that has already happened: three days before it, at 10:00 in Japan. */
export const appliedBefore = (date: string): Date => new Date(`${addDays(date, -3)}T10:00:00+09:00`);

/**
 * A demo person's application to a job (and to one of its shifts, whose seat it takes) with the
 * conversation about it, as applying on the public board leaves them; `appliedAt` when it was
 * made (now unless said).
 */
export async function applyAsDemo(
  db: DB,
  a: { job: DemoJob; shiftId: string | null; candidateId: string; companyId: string; statusId: string; type: 1 | 2; appliedAt?: Date },
): Promise<{ app: string; conv: string }> {
  // Made now unless said: the transaction's now(), as every other row the seed writes.
  const at = a.appliedAt ? { created_at: a.appliedAt, updated_at: a.appliedAt } : {};
  const app = await db
    .insertInto('applications')
    .values({
      job_id: a.job.id,
      shift_id: a.shiftId,
      candidate_id: a.candidateId,
      company_id: a.companyId,
      client_id: a.job.client_id,
      candidate_status_id: a.statusId,
      ...at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (a.shiftId)
    await db
      .updateTable('job_daily_shifts')
      .set((eb) => ({ filled: eb('filled', '+', 1) }))
      .where('id', '=', a.shiftId)
      .execute();
  const conv = await db
    .insertInto('conversations')
    .values({
      company_id: a.companyId,
      candidate_id: a.candidateId,
      job_id: a.job.id,
      shift_id: a.shiftId,
      application_id: app.id,
      type: a.type,
      last_message_at: a.appliedAt ?? new Date(),
      ...(a.appliedAt ? { created_at: a.appliedAt } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { app: app.id, conv: conv.id };
}
