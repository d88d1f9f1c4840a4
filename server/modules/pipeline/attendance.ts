/**
 * Recording attendance on the shukkin list (docs/pipeline.md): clock-in, clock-out,
 * absent, no-show, with who recorded it. One record per application; the money screens read them.
 * Clock-in after the shift's scheduled start (Asia/Tokyo) is recorded as late; clock-out takes the
 * shift's break minutes. A second clock-in (or clock-out) keeps the first time and changes nothing,
 * not even who recorded it; clock-out needs a clock-in.
 */
import type { Actor } from '../../db/audit.ts';
import { sql } from 'kysely';
import type { DB } from '../../db/connect.ts';
import { syncPayForApplications } from '../payroll/lines.ts';
import { awardForWorkedShifts } from '../points/awards.ts';
import { mayWorkApplication, shiftNotStarted } from '../workforce/may-work.ts';
import { workLimitText, type WorkLimitRefusal } from '../workforce/work-limits.ts';
import { notifyCompanyStaff } from '../notifications/service.ts';
import type { EventBus } from '../../events/bus.ts';

export type AttendanceEvent = 'clockIn' | 'clockOut' | 'absent' | 'noShow';

/** An application's attendance as the API gives it (`AttendanceRecord`), or null when nothing is recorded yet. */
export function attendanceRecord(r: { status: string | null; clock_in: Date | null; clock_out: Date | null; break_minutes: number | null; recorded_by_name: string | null }) {
  return r.status
    ? { status: r.status, clockIn: r.clock_in?.toISOString() ?? null, clockOut: r.clock_out?.toISOString() ?? null, breakMinutes: r.break_minutes ?? 0, recordedBy: r.recorded_by_name ?? '' }
    : null;
}

/**
 * Tells the company's staff at once of clock-outs whose worked time crossed a limit: the person,
 * the job and the sentence that says which limit, in both languages, linked to the application.
 */
export async function raiseCrossedLimits(db: DB, bus: EventBus, crossed: AttendanceOutcome['crossed']): Promise<void> {
  for (const c of crossed) {
    const app = await db.selectFrom('applications as a').innerJoin('users as u', 'u.id', 'a.candidate_id').select(['a.company_id', 'u.name']).where('a.id', '=', c.id).executeTakeFirst();
    if (!app) continue;
    await notifyCompanyStaff(db, bus, app.company_id, {
      key: 'workLimits.crossedTitle',
      body: { ja: `${app.name} · ${workLimitText('ja', c.refusal)}`, en: `${app.name} · ${workLimitText('en', c.refusal)}` },
      link: `/admin/candidate/${c.id}`,
    });
  }
}

export interface AttendanceOutcome {
  /** How many records changed. */
  changed: number;
  /** Clock-ins refused because the person may not work the application's time (card, age, status, hours); nothing recorded for them. */
  refused: { id: string; refusal: WorkLimitRefusal }[];
  /** Clock-outs recorded whose worked time crosses a limit (a clock-out after the scheduled end, say): for staff to hear at once. */
  crossed: { id: string; refusal: WorkLimitRefusal }[];
  /** Clock-ins before the shift's day, no-shows before its start (Japan): nothing recorded for them. */
  early: string[];
  /** A clock-in already recorded (a second clock-in), or a clock-out: when it was; nothing changes for them, not even who recorded it. */
  already: { id: string; at: Date }[];
  /** Clock-outs of applications with no clock-in: nothing recorded for them. */
  notClockedIn: string[];
}

/**
 * Records the event for the applications (already checked as the caller's). A clock-in first asks
 * `mayWork` for each application, as a placement does: a card that expired since the placement,
 * say, keeps the person from starting work, and nothing is recorded for them.
 */
export async function recordAttendance(db: DB, actor: Actor, applicationIds: readonly string[], event: AttendanceEvent): Promise<AttendanceOutcome> {
  const refused: AttendanceOutcome['refused'] = [];
  const already: AttendanceOutcome['already'] = [];
  const notClockedIn: string[] = [];
  let early: string[] = [];
  const outcome = (changed: number, crossed: AttendanceOutcome['crossed'] = []): AttendanceOutcome => ({ changed, refused, crossed, early, already, notClockedIn });
  if (!applicationIds.length) return outcome(0);
  // Nobody arrives days ahead, nor misses a shift that has not begun: such a record would be pay
  // for days not worked, or a no-show told to staff before the shift.
  early =
    event === 'clockIn' || event === 'noShow'
      ? (
          await db
            .selectFrom('applications as a')
            .innerJoin('job_daily_shifts as s', 's.id', 'a.shift_id')
            .select('a.id')
            .where('a.id', 'in', applicationIds)
            .where(event === 'clockIn' ? sql<boolean>`s.date > (now() at time zone 'Asia/Tokyo')::date` : shiftNotStarted('s.date', 's.start_time'))
            .execute()
        ).map((r) => r.id)
      : [];
  applicationIds = applicationIds.filter((id) => !early.includes(id));
  if (!applicationIds.length) return outcome(0);
  // A clock-in or clock-out pressed again (a second tab, a row already done) keeps the first time
  // and says when it was; a clock-out without a clock-in says so, rather than "nothing recorded".
  if (event === 'clockIn' || event === 'clockOut') {
    const times = await db.selectFrom('attendance').select(['application_id', 'clock_in', 'clock_out']).where('application_id', 'in', applicationIds).execute();
    const of = (id: string) => times.find((r) => r.application_id === id);
    for (const id of applicationIds) {
      const at = event === 'clockIn' ? of(id)?.clock_in : of(id)?.clock_out;
      if (at) already.push({ id, at });
      else if (event === 'clockOut' && !of(id)?.clock_in) notClockedIn.push(id);
    }
    applicationIds = applicationIds.filter((id) => !already.some((a) => a.id === id) && !notClockedIn.includes(id));
  }
  if (!applicationIds.length) return outcome(0);
  if (event === 'clockIn') {
    for (const id of applicationIds) {
      // Without the lock: a clock-in places nobody new, and the lists clock in many people at once.
      const r = await mayWorkApplication(db, id, { lock: false });
      if (r && !r.ok) refused.push({ id, refusal: r });
    }
    applicationIds = applicationIds.filter((id) => !refused.some((r) => r.id === id));
    if (!applicationIds.length) return outcome(0);
  }
  const by = { recorded_by: actor.id, recorded_by_name: actor.name, updated_at: sql<Date>`now()` };
  if (event === 'clockOut') {
    const r = await db
      .updateTable('attendance as t')
      .set({ clock_out: sql`now()`, break_minutes: sql`coalesce((select s.break_minutes from job_daily_shifts s where s.id = t.shift_id), 0)`, ...by })
      .where('t.application_id', 'in', applicationIds)
      .where('t.clock_in', 'is not', null)
      .where('t.clock_out', 'is', null)
      .executeTakeFirst();
    // The finished shift becomes (or changes) its pay line (server/modules/payroll/lines.ts).
    await syncPayForApplications(db, applicationIds);
    // The worked shift earns points, and may complete a campaign (server/modules/points/awards.ts).
    await awardForWorkedShifts(db, applicationIds);
    // The time worked is what the law counts: asked again with the recorded times. A crossing is
    // recorded as it happened (the work is done) and raised to staff by the caller.
    const crossed: AttendanceOutcome['crossed'] = [];
    for (const id of applicationIds) {
      const check = await mayWorkApplication(db, id, { lock: false });
      if (check && !check.ok) crossed.push({ id, refusal: check });
    }
    return outcome(Number(r.numUpdatedRows), crossed);
  }
  const status =
    event === 'clockIn'
      ? sql<string>`case when s.id is not null and now() > ((s.date + s.start_time) at time zone 'Asia/Tokyo') then 'late' else 'present' end`
      : sql<string>`${event === 'absent' ? 'absent' : 'no_show'}::text`;
  const r = await sql<{ id: string }>`
    insert into attendance (application_id, company_id, shift_id, status, clock_in, recorded_by, recorded_by_name)
    select a.id, a.company_id, a.shift_id, ${status}, ${event === 'clockIn' ? sql`now()` : sql`null`}, ${actor.id}::uuid, ${actor.name}
    from applications a left join job_daily_shifts s on s.id = a.shift_id
    where a.id = any(${[...applicationIds]}::uuid[])
    on conflict (application_id) do update set
      status = ${event === 'clockIn' ? sql`case when attendance.clock_in is null then excluded.status else attendance.status end` : sql`excluded.status`},
      clock_in = ${event === 'clockIn' ? sql`coalesce(attendance.clock_in, excluded.clock_in)` : sql`null`},
      clock_out = ${event === 'clockIn' ? sql`attendance.clock_out` : sql`null`},
      recorded_by = excluded.recorded_by, recorded_by_name = excluded.recorded_by_name, updated_at = now()
    returning id`.execute(db);
  await syncPayForApplications(db, applicationIds);
  return outcome(r.rows.length);
}
