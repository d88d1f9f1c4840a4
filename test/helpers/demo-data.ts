import type { Insertable, Kysely } from 'kysely';
import type { DB } from '../../server/db/connect.ts';
import type { Database } from '../../server/db/database.ts';
import { wroteTable } from '../../server/db/notified-cache.ts';
import { syncPay } from '../../server/modules/payroll/lines.ts';
import { addDays, todayInJapan } from '../../shared/time.ts';

/**
 * Looking things up in a test's database, by what a person would name them (an account's e-mail,
 * an enumeration's Japanese label), and dates as the tests compute them, independently of the app.
 */
type WithDb = { database: { db: DB } };

/** The user id of the account with this e-mail. */
export const userId = async (t: WithDb, email: string): Promise<string> => (await t.database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

/** The pay lines of the account with this e-mail, oldest shift first. */
export const payLinesOf = async (t: WithDb, email: string) =>
  t.database.db
    .selectFrom('pay_lines')
    .selectAll()
    .where('user_id', '=', await userId(t, email))
    .orderBy('start_at')
    .execute();

/** The company of the account with this e-mail. */
export const companyOf = async (t: WithDb, email: string): Promise<string> =>
  (await t.database.db.selectFrom('users').select('company_id').where('email', '=', email).executeTakeFirstOrThrow()).company_id!;

/** The client of the client user (client_admin, client_staff) with this e-mail. */
export const clientOf = async (t: WithDb, email: string): Promise<string> =>
  (await t.database.db.selectFrom('users').select('client_id').where('email', '=', email).executeTakeFirstOrThrow()).client_id!;

/** The daily application (the first) of the account with this e-mail at the company, with its shift's day and start. */
export const dailyApplication = (t: WithDb, email: string, companyId: string) =>
  t.database.db
    .selectFrom('applications as a')
    .innerJoin('users as u', 'u.id', 'a.candidate_id')
    .innerJoin('job_daily_shifts as s', 's.id', 'a.shift_id')
    .select(['a.id', 'a.shift_id', 's.date', 's.start_time'])
    .where('u.email', '=', email)
    .where('a.company_id', '=', companyId)
    .executeTakeFirstOrThrow();

/** An open job of a company (the `nth` oldest, part-time unless `kind` says), by default one that any residence status may take. */
export const openJob = (t: WithDb, companyId: string, o: { kind?: 'daily' | 'other'; nth?: number; anyVisa?: boolean } = {}) =>
  t.database.db
    .selectFrom('jobs')
    .select(['id', 'title_en'])
    .where('company_id', '=', companyId)
    .where('kind', '=', o.kind ?? 'other')
    .where('status', '=', 'open')
    .$if(!o.anyVisa, (q) => q.where((eb) => eb.fn('cardinality', ['visa_type_ids']), '=', 0))
    .orderBy('created_at')
    .orderBy('id')
    .offset(o.nth ?? 0)
    .limit(1)
    .executeTakeFirstOrThrow();

/** The ids of a company's candidate statuses (its pipeline's columns), by English name. */
export async function statusIds<Name extends string>(t: WithDb, companyId: string): Promise<Record<Name, string>> {
  const rows = await t.database.db.selectFrom('candidate_statuses').select(['id', 'name_en']).where('company_id', '=', companyId).execute();
  return Object.fromEntries(rows.map((r) => [r.name_en, r.id])) as Record<Name, string>;
}

/** The id (as a form sends it) of the enumeration entry of `type` labelled `ja`. */
export const enumId = async (t: WithDb, type: number, ja: string): Promise<string> =>
  String(
    (
      await t.database.db
        .selectFrom('job_enums as e')
        .innerJoin('job_enum_translations as tr', 'tr.enum_id', 'e.id')
        .select('e.id')
        .where('e.type', '=', type)
        .where('tr.value', '=', ja)
        .executeTakeFirstOrThrow()
    ).id,
  );

/** The id (as a form sends it) of the visa type labelled `ja`. */
export const visaId = async (t: WithDb, ja: string): Promise<string> => String((await t.database.db.selectFrom('visa_types').select('id').where('ja', '=', ja).executeTakeFirstOrThrow()).id);

/**
 * How many rows `table` holds, or only those whose columns have the values of `where`. Any table by
 * its name: the generic tests name them from the resource definitions.
 */
export const rowCount = async (t: WithDb, table: string, where: Record<string, string> = {}): Promise<number> => {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a table named at run time
  let query = (t.database.db as unknown as Kysely<any>).selectFrom(table).select((eb) => eb.fn.countAll().as('n'));
  for (const [column, value] of Object.entries(where)) query = query.where(column, '=', value);
  return Number((await query.executeTakeFirstOrThrow()).n);
};

/** How many audit log entries there are of a kind of entity (`entity`) or of one record (`entityId`). */
export const auditCount = (t: WithDb, of: { entity: string } | { entityId: string }): Promise<number> => rowCount(t, 'audit_log', 'entity' in of ? { entity: of.entity } : { entity_id: of.entityId });

/**
 * What a save on a company's settings page (/admin/company/<id>/settings) posts besides the fields
 * a test is about: closing on the 31st, paid on the 25th, quick pay on at 70%, 10 points a shift
 * valid for a year, 50 scout offers a month.
 */
export const COMPANY_SETTINGS_FORM = {
  _action: 'save',
  closing_day: '31',
  pay_day: '25',
  quickpay_enabled: 'on',
  quickpay_rate: '70',
  points_per_shift: '10',
  points_valid_days: '365',
  scout_monthly_quota: '50',
} as const;

/**
 * A document template (a mail, a contract, an invoice …) written straight into the database, as a
 * row the screens did not make: the app's cached copy of the templates goes at once, as after a
 * write of this process (another process's would go on its notice). Its id.
 */
export async function insertTemplate(t: WithDb, row: Insertable<Database['document_templates']>): Promise<string> {
  const { id } = await t.database.db.insertInto('document_templates').values(row).returning('id').executeTakeFirstOrThrow();
  wroteTable(t.database.db, 'document_templates');
  return id;
}

/** A day in Japan (UTC+9, no daylight saving), YYYY-MM-DD, `days` from today. */
export const tokyoDay = (days: number): string => new Date(Date.now() + 9 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

/** A new shift of the company's job (by English title), `day` days from today in Japan: its id, the job's and the job's client's. */
export async function newShiftOf(t: WithDb, companyId: string, title: string, s: { day: number; start: string; end: string; breakMinutes?: number; capacity: number }) {
  const db = t.database.db;
  const job = await db.selectFrom('jobs').select(['id', 'client_id']).where('company_id', '=', companyId).where('title_en', '=', title).executeTakeFirstOrThrow();
  const shift = await db
    .insertInto('job_daily_shifts')
    .values({ job_id: job.id, date: addDays(todayInJapan(), s.day), start_time: s.start, end_time: s.end, break_minutes: s.breakMinutes ?? 0, capacity: s.capacity })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { shiftId: shift.id, jobId: job.id, clientId: job.client_id };
}

/** What `workedShift` is told: the job (by English title), the person (by e-mail), the day and the hours (Japan time). */
interface Shift {
  job: string;
  email: string;
  date: string;
  start: string;
  end: string;
  breakMinutes: number;
  /** The shift's own hourly wage (yen); without it the job's wage applies. */
  wage?: number;
}

/**
 * A worked shift, pay not yet synced: a new shift of the job for the person, their application and
 * attendance clocked from start to end (an end at or before the start is the next day). Answers the
 * ids syncPay and the shift's pay line are found by, so a test can sync many shifts at once.
 */
export async function workedShift(t: WithDb, w: Shift): Promise<{ companyId: string; userId: string; attendanceId: string }> {
  const db = t.database.db;
  const job = await db.selectFrom('jobs').select(['id', 'client_id', 'company_id']).where('title_en', '=', w.job).executeTakeFirstOrThrow();
  const candidateId = await userId(t, w.email);
  const shift = await db
    .insertInto('job_daily_shifts')
    .values({ job_id: job.id, date: w.date, start_time: w.start, end_time: w.end, break_minutes: w.breakMinutes, capacity: 1, wage: w.wage ?? null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const app = await db
    .insertInto('applications')
    .values({ job_id: job.id, shift_id: shift.id, candidate_id: candidateId, company_id: job.company_id, client_id: job.client_id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const endDate = w.end <= w.start ? addDays(w.date, 1) : w.date;
  const attendance = await db
    .insertInto('attendance')
    .values({
      application_id: app.id,
      company_id: job.company_id,
      shift_id: shift.id,
      status: 'present',
      clock_in: new Date(`${w.date}T${w.start}:00+09:00`),
      clock_out: new Date(`${endDate}T${w.end}:00+09:00`),
      break_minutes: w.breakMinutes,
      recorded_by: null,
      recorded_by_name: 'test',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { companyId: job.company_id, userId: candidateId, attendanceId: attendance.id };
}

/** A worked shift (workedShift) with pay synced: the pay line it makes (undefined when none is made). */
export async function workedDay(t: WithDb, w: Shift) {
  const worked = await workedShift(t, w);
  await syncPay(t.database.db, worked.companyId, worked.userId);
  return t.database.db.selectFrom('pay_lines').selectAll().where('attendance_id', '=', worked.attendanceId).executeTakeFirst();
}
