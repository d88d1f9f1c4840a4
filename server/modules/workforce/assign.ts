/**
 * The working-limit check of every path that puts a person on a shift (
 * docs/workforce.md "How assignment paths must call it"): reads the person's record, their other
 * live shifts around the candidate shift and their school's long vacations, and asks the pure
 * `checkWorkLimits`. Called inside the transaction that writes the assignment, after locking the
 * person's row, so two assignments of one person at once cannot both pass on the same old total.
 */
import { sql } from 'kysely';
import type { DB } from '../../db/connect.ts';
import { clockText } from '../../db/columns.ts';
import { addDays, shiftEndDay } from '../../../shared/time.ts';
import { checkWorkLimits, type WorkLimitsResult } from './work-limits.ts';
import { notClosed } from '../templates/status-tree.ts';
import { placementFacts, placementKey } from './placement-facts.ts';

const local = (date: string, time: string) => `${date}T${time.slice(0, 5)}`;
/** A shift's start and end as wall-clock times; an end at or before the start is on the next day. */
const span = (s: { date: string; start_time: string; end_time: string; break_minutes: number }) => ({
  start: local(s.date, s.start_time),
  end: local(shiftEndDay(s.date, s.start_time, s.end_time), s.end_time),
  breakMinutes: s.break_minutes,
});

/** A recorded clock-in or clock-out as a wall-clock time in Japan ('YYYY-MM-DDTHH:MM'). */
const japanTime = (column: string) => sql<string | null>`to_char(${sql.ref(column)} at time zone 'Asia/Tokyo', 'YYYY-MM-DD"T"HH24:MI')`;

/**
 * The time a person worked or will work on a shift: the recorded clock-in and clock-out where
 * attendance has them (the law counts the hours worked, so a clock-out after the scheduled end
 * counts), the scheduled time for what is not recorded yet. A record that does not make a shift
 * the check accepts (out before in, over 24 hours, a break as long as the time) falls back to the
 * schedule.
 */
function worked(scheduled: { start: string; end: string; breakMinutes: number }, rec: { clock_in: string | null; clock_out: string | null; break_minutes: number | null } | undefined) {
  if (!rec?.clock_in) return scheduled;
  // The schedule stays beside the recorded time: overlaps are judged on schedules (work-limits.ts).
  const planned = { start: scheduled.start, end: scheduled.end };
  const start = rec.clock_in;
  const end = rec.clock_out ?? (scheduled.end > start ? scheduled.end : null);
  if (!end) return scheduled;
  const minutes = (Date.parse(`${end}:00Z`) - Date.parse(`${start}:00Z`)) / 60_000;
  const breakMinutes = rec.clock_out ? (rec.break_minutes ?? scheduled.breakMinutes) : scheduled.breakMinutes;
  return minutes > 0 && minutes <= 24 * 60 && breakMinutes < minutes ? { start, end, breakMinutes, planned } : scheduled;
}

/** One question for checkPeopleForShifts: may this person take this shift (leaving out `without`, a shift of theirs)? */
export interface ShiftQuestion {
  candidateId: string;
  shiftId: string;
  without?: string | undefined;
  /**
   * An application, not a placement: while staff have not verified the person's card, what only the
   * check tells (the card is genuine; the permission for activity outside status stamped on its
   * back) is left to the placement. Every other rule binds, the card's expiry included; once the
   * card is verified this changes nothing.
   */
  cardPending?: boolean | undefined;
}

/**
 * May this person take this shift? Locks the person's row for the rest of the caller's transaction.
 * `without`: a shift of theirs to leave out (a swap moves them off it in the same transaction);
 * `lock: false` only for a read that writes nothing (the minutes-left table of the shifts page).
 */
export async function checkPersonForShift(trx: DB, candidateId: string, shiftId: string, opts: { without?: string; lock?: boolean; cardPending?: boolean } = {}): Promise<WorkLimitsResult> {
  if (opts.lock !== false) await sql`select id from users where id = ${candidateId}::uuid for update`.execute(trx);
  return (await checkPeopleForShifts(trx, [{ candidateId, shiftId, without: opts.without, cardPending: opts.cardPending }]))[0]!;
}

/**
 * The same check for many (person, shift) pairs in four statements whatever their number (a
 * table of people and their shifts must not run a query per row), without locks: for reads only.
 * The answers are in the order of the questions.
 */
export async function checkPeopleForShifts(db: DB, questions: readonly ShiftQuestion[]): Promise<WorkLimitsResult[]> {
  if (!questions.length) return [];
  const people = [...new Set(questions.map((q) => q.candidateId))];
  const shiftIds = [...new Set(questions.map((q) => q.shiftId))];
  const shifts = new Map(
    (
      await db
        .selectFrom('job_daily_shifts as s')
        .innerJoin('jobs as j', 'j.id', 's.job_id')
        .select(['s.id', 's.date', clockText('s.start_time').as('start_time'), clockText('s.end_time').as('end_time'), 's.break_minutes', 's.job_id', 'j.job_type_id'])
        .where('s.id', 'in', shiftIds)
        .execute()
    ).map((s) => [s.id, s]),
  );
  const missing = shiftIds.find((id) => !shifts.has(id));
  if (missing) throw new Error(`no shift ${missing}`);
  const dates = [...shifts.values()].map((s) => s.date).sort();
  const [profiles, facts, others, vacations, ownRecords] = await Promise.all([
    db
      .selectFrom('candidate_profiles as p')
      .leftJoin('visa_types as v', 'v.id', 'p.visa_type_id')
      .select(['p.user_id', 'p.visa_expiry', 'p.card_verified', 'p.permission_outside_status', 'v.ja as status'])
      .where('p.user_id', 'in', people)
      .execute(),
    placementFacts(
      db,
      questions.map((q) => ({ candidateId: q.candidateId, jobId: shifts.get(q.shiftId)!.job_id })),
    ),
    db
      .selectFrom('applications as a')
      .innerJoin('job_daily_shifts as s', 's.id', 'a.shift_id')
      .leftJoin('attendance as t', 't.application_id', 'a.id')
      .select(['a.candidate_id', 's.id', 's.date', clockText('s.start_time').as('start_time'), clockText('s.end_time').as('end_time'), 's.break_minutes'])
      .select([japanTime('t.clock_in').as('clock_in'), japanTime('t.clock_out').as('clock_out'), 't.break_minutes as recorded_break'])
      .where('a.candidate_id', 'in', people)
      .where('s.date', '>=', addDays(dates[0]!, -8))
      .where('s.date', '<=', addDays(dates[dates.length - 1]!, 8))
      // Not a closing status (rejected, withdrawn: a leaf right under a root), and not a shift they did not come to.
      .where(notClosed('a.candidate_status_id'))
      .where((eb) => eb.or([eb('t.status', 'is', null), eb('t.status', 'not in', ['absent', 'no_show'])]))
      .execute(),
    db.selectFrom('long_vacations').select(['user_id', 'from_date', 'to_date']).where('user_id', 'in', people).execute(),
    // What attendance recorded of the asked shifts themselves (a clock-in checked again, a clock-out).
    db
      .selectFrom('attendance as t')
      .innerJoin('applications as a', 'a.id', 't.application_id')
      .select(['a.candidate_id', 'a.shift_id', japanTime('t.clock_in').as('clock_in'), japanTime('t.clock_out').as('clock_out'), 't.break_minutes'])
      .where('a.candidate_id', 'in', people)
      .where('a.shift_id', 'in', shiftIds)
      .where('t.clock_in', 'is not', null)
      .execute(),
  ]);
  const profileOf = new Map(profiles.map((p) => [p.user_id, p]));
  return questions.map((q) => {
    const shift = shifts.get(q.shiftId)!;
    const person = profileOf.get(q.candidateId);
    // No card on record at all: nothing to check it against.
    if (!person?.visa_expiry) return { ok: false, reason: 'card_unverified', detail: 'no residence card on record', facts: {} };
    const from = addDays(shift.date, -8);
    const to = addDays(shift.date, 8);
    // An application before the card is checked: what only the check can tell (that the card is
    // genuine, and the permission stamped on its back) is left to the placement.
    const pending = q.cardPending === true && !person.card_verified;
    return checkWorkLimits({
      residenceStatus: person.status ?? '',
      permissionOutsideStatus: person.permission_outside_status || pending,
      cardExpiry: person.visa_expiry,
      cardVerified: person.card_verified || pending,
      longVacations: vacations.filter((v) => v.user_id === q.candidateId).map((v) => ({ from: v.from_date, to: v.to_date })),
      assignments: others
        .filter((o) => o.candidate_id === q.candidateId && o.id !== q.shiftId && o.id !== q.without && o.date >= from && o.date <= to)
        .map((o) => worked(span(o), { clock_in: o.clock_in, clock_out: o.clock_out, break_minutes: o.recorded_break })),
      candidate: worked(
        span(shift),
        ownRecords.find((r) => r.candidate_id === q.candidateId && r.shift_id === q.shiftId),
      ),
      jobType: shift.job_type_id,
      ...facts.get(placementKey({ candidateId: q.candidateId, jobId: shift.job_id }))!,
    });
  });
}
