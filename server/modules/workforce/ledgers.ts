/**
 * The records a dispatching company must keep of a worker, from what the platform holds
 * (docs/workforce.md "The records a dispatching company keeps"), cut to the caller's company:
 *
 * - 派遣元管理台帳 (労働者派遣法第37条, 施行規則第30条・第31条): per day a dispatched worker worked
 *   or is to work — the client (派遣先), the work place (就業場所), the work (業務の種類), the day,
 *   start and end (recorded clock-in/out, else the schedule), break and hours, the client's
 *   supervisor (派遣先責任者) and the complaints raised and how they were handled.
 * - 外国人雇用状況の届出 (労働施策総合推進法第28条, 施行規則第10条・様式第3号): the person's name
 *   (Roman letters), residence status, period of stay (its last day), date of birth, sex,
 *   nationality, permission outside status, card number, and the day of hiring (first day worked)
 *   and of leaving (last day worked, once no later shift is planned). A dispatched worker is reported
 *   by the dispatching company, which employs them.
 */
import { sql } from 'kysely';
import type { DB } from '../../db/connect.ts';
import { todayInJapan } from '../../../shared/time.ts';
import { countryName } from '../../../shared/countries.ts';
import { audit, type Actor } from '../../db/audit.ts';
import { candidatesWithProfile, shiftApplicationsWithClient, shiftDayAndTimes } from '../jobs/repo.ts';
import { inCompany } from '../../access/tenancy.ts';

/** Wall-clock time in Japan (HH:MM) of a timestamp column. */
const hm = (column: string) => sql<string | null>`to_char(${sql.ref(column)} at time zone 'Asia/Tokyo', 'HH24:MI')`;

interface LedgerRow {
  /** The placement (application) of the day: what a complaint is recorded on. */
  applicationId: string;
  date: string;
  client: string;
  place: string;
  work: string;
  start: string;
  end: string;
  breakMinutes: number;
  /** Worked minutes (end − start − break; an end at or before the start is on the next day). */
  minutes: number;
  recorded: boolean;
  supervisor: string;
  complaints: string;
}

const minutesOf = (start: string, end: string) => {
  const m = (s: string) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3, 5));
  const span = m(end) - m(start);
  return span > 0 ? span : span + 24 * 60;
};

/** One worker's dispatched placements at `companyId` (null: every company), with the shift (`s`), job (`j`) and client (`cl`). */
function dispatchedPlacements(db: DB, companyId: string | null, userId: string) {
  return shiftApplicationsWithClient(db)
    .where('a.candidate_id', '=', userId)
    .where('a.dispatch', '=', true)
    .$call((q) => inCompany(q, 'a.company_id', companyId));
}

/** The 派遣元管理台帳 rows of one worker at `companyId` (null: every company), oldest day first; dispatched placements only, not cancelled or missed days. */
export async function dispatchLedger(db: DB, companyId: string | null, userId: string): Promise<LedgerRow[]> {
  const q = dispatchedPlacements(db, companyId, userId)
    .leftJoin('attendance as t', 't.application_id', 'a.id')
    .select([
      'a.id',
      ...shiftDayAndTimes,
      'cl.name as client',
      'j.prefecture',
      'j.city',
      'j.station',
      'j.title_ja',
      'j.supervisor',
      hm('t.clock_in').as('clock_in'),
      hm('t.clock_out').as('clock_out'),
      't.break_minutes as recorded_break',
    ])
    .select((eb) =>
      eb
        .selectFrom('dispatch_complaints as c')
        .select(
          sql<string>`string_agg(to_char(c.received_on, 'YYYY-MM-DD') || ' ' || c.complaint || case when c.handling <> '' then ' → ' || c.handling else '' end, ' / ' order by c.received_on)`.as('c'),
        )
        .whereRef('c.application_id', '=', 'a.id')
        .as('complaints'),
    )
    .where((eb) => eb.or([eb('t.status', 'is', null), eb('t.status', 'not in', ['absent', 'no_show'])]));
  const rows = await q.orderBy('s.date').orderBy('s.start_time').limit(1000).execute();
  return rows.map((r) => {
    const recorded = !!(r.clock_in && r.clock_out);
    const start = recorded ? r.clock_in! : r.start;
    const end = recorded ? r.clock_out! : r.end;
    const breakMinutes = recorded ? (r.recorded_break ?? r.break_minutes) : r.break_minutes;
    return {
      applicationId: r.id,
      date: r.date,
      client: r.client,
      place: [r.prefecture, r.city, r.station].filter(Boolean).join(' '),
      work: r.title_ja,
      start,
      end,
      breakMinutes,
      minutes: Math.max(0, minutesOf(start, end) - breakMinutes),
      recorded,
      supervisor: r.supervisor ?? '',
      complaints: r.complaints ?? '',
    };
  });
}

interface ForeignEmploymentReport {
  name: string;
  nameKana: string;
  status: string;
  stayUntil: string | null;
  birthDate: string | null;
  sex: 'male' | 'female' | null;
  /** 国籍・地域: the country's Japanese name. */
  nationality: string;
  permission: boolean;
  cardNumber: string | null;
  hiredOn: string | null;
  leftOn: string | null;
}

/** The 外国人雇用状況届出 facts of one worker at `companyId` (null: every company); hiring and leaving from the days they work. */
export async function foreignEmploymentReport(db: DB, companyId: string | null, userId: string): Promise<ForeignEmploymentReport | null> {
  const days = db
    .selectFrom('applications as a')
    .innerJoin('job_daily_shifts as s', 's.id', 'a.shift_id')
    .leftJoin('attendance as t', 't.application_id', 'a.id')
    .select([sql<string | null>`to_char(min(s.date), 'YYYY-MM-DD')`.as('first'), sql<string | null>`to_char(max(s.date), 'YYYY-MM-DD')`.as('last')])
    .where('a.candidate_id', '=', userId)
    .where((eb) => eb.or([eb('t.status', 'is', null), eb('t.status', 'not in', ['absent', 'no_show'])]));
  const [p, d] = await Promise.all([
    candidatesWithProfile(db)
      .select([
        'u.name',
        'p.name_kana',
        'v.ja as status',
        'p.visa_expiry',
        sql<string | null>`to_char(p.birth_date, 'YYYY-MM-DD')`.as('birth_date'),
        'p.sex',
        'p.nationality',
        'p.permission_outside_status',
        'p.card_number',
      ])
      .where('u.id', '=', userId)
      .executeTakeFirst(),
    inCompany(days, 'a.company_id', companyId).executeTakeFirst(),
  ]);
  if (!p) return null;
  const today = todayInJapan();
  return {
    name: p.name,
    nameKana: p.name_kana ?? '',
    status: p.status ?? '',
    stayUntil: p.visa_expiry,
    birthDate: p.birth_date,
    sex: p.sex,
    // 国籍・地域 as the form asks it (様式第3号, 労働施策総合推進法第28条): in Japanese whatever the
    // reader's language, the stored country code named (a text stored before codes, as it is).
    nationality: countryName(p.nationality, 'ja'),
    permission: p.permission_outside_status,
    cardNumber: p.card_number,
    hiredOn: d?.first ?? null,
    leftOn: d?.last && d.last < today ? d.last : null,
  };
}

/** A complaint on the 派遣元管理台帳 (施行規則第31条: 苦情の処理状況) with the placement it is about. */
interface ComplaintRow {
  id: string;
  applicationId: string;
  shiftDate: string;
  client: string;
  work: string;
  receivedOn: string;
  complaint: string;
  handling: string;
}

/** The complaints about one worker's dispatched placements at `companyId` (null: every company), oldest received first. */
export async function dispatchComplaints(db: DB, companyId: string | null, userId: string): Promise<ComplaintRow[]> {
  const q = dispatchedPlacements(db, companyId, userId)
    .innerJoin('dispatch_complaints as c', 'c.application_id', 'a.id')
    .select(['c.id', 'c.application_id', 's.date', 'cl.name as client', 'j.title_ja', sql<string>`to_char(c.received_on, 'YYYY-MM-DD')`.as('received_on'), 'c.complaint', 'c.handling']);
  const rows = await q.orderBy('c.received_on').orderBy('c.created_at').limit(500).execute();
  return rows.map((r) => ({
    id: r.id,
    applicationId: r.application_id,
    shiftDate: r.date,
    client: r.client,
    work: r.title_ja,
    receivedOn: r.received_on,
    complaint: r.complaint,
    handling: r.handling,
  }));
}

/**
 * Records a complaint about a dispatched placement of `companyId` (null: the platform, any company),
 * audited in the same transaction. 'not-found': no such placement of the company, or one by direct
 * employment (the ledger is the dispatching company's: 労働者派遣法第37条).
 */
export async function recordComplaint(
  db: DB,
  actor: Actor,
  companyId: string | null,
  input: { applicationId: string; receivedOn: string; complaint: string; handling: string },
): Promise<{ ok: true; id: string } | { ok: false }> {
  return db.transaction().execute(async (trx) => {
    const q = trx.selectFrom('applications').select(['id', 'company_id']).where('id', '=', input.applicationId).where('dispatch', '=', true);
    const app = await inCompany(q, 'company_id', companyId).executeTakeFirst();
    if (!app) return { ok: false } as const;
    const { id } = await trx
      .insertInto('dispatch_complaints')
      .values({ application_id: app.id, received_on: input.receivedOn, complaint: input.complaint, handling: input.handling })
      .returning('id')
      .executeTakeFirstOrThrow();
    await audit(trx, actor, 'dispatch_complaint', id, app.company_id, { applicationId: app.id, receivedOn: input.receivedOn, complaint: input.complaint, handling: input.handling }, 'create');
    return { ok: true, id } as const;
  });
}

/** Updates how a complaint was handled, on a placement of `companyId` (null: any); false when there is no such complaint. */
export async function setComplaintHandling(db: DB, actor: Actor, companyId: string | null, id: string, handling: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const q = trx
      .selectFrom('dispatch_complaints as c')
      .innerJoin('applications as a', 'a.id', 'c.application_id')
      .select(['c.id', 'c.handling', 'a.company_id'])
      .where('c.id', '=', id)
      .where('a.dispatch', '=', true)
      .forUpdate();
    const row = await inCompany(q, 'a.company_id', companyId).executeTakeFirst();
    if (!row) return false;
    if (row.handling === handling) return true;
    await trx.updateTable('dispatch_complaints').set({ handling }).where('id', '=', id).execute();
    await audit(trx, actor, 'dispatch_complaint', id, row.company_id, { handling: { from: row.handling, to: handling } });
    return true;
  });
}
