/**
 * What the shift screens read (docs/workforce.md): the open shifts a worker may take, the
 * placements that can be swapped, who is placed in a week, the shifts a company can fill. A
 * company id of null means every company (platform staff).
 */
import { sql } from 'kysely';
import { inCompany, scopeToTenant, type Tenant } from '../../access/tenancy.ts';
import type { DB } from '../../db/connect.ts';
import type { Lang } from '../../../shared/i18n.ts';
import { addDays } from '../../../shared/time.ts';
import { shiftNotStarted } from './may-work.ts';
import { liveApplication } from './swap.ts';
import { JOB_PLACE, placementsJoined } from '../jobs/repo.ts';

/**
 * The open daily shifts on a date the candidate has not applied to, with seats left, not started,
 * and accepting the candidate's residence status as applying checks it (at most 50), with the
 * job's pay type in `lang` (時給 / Hourly), which says what the wage is per.
 */
export async function openShiftsFor(db: DB, me: string, date: string, today: string, lang: Lang) {
  const profile = await db.selectFrom('candidate_profiles').select('visa_type_id').where('user_id', '=', me).executeTakeFirst();
  return (
    db
      .selectFrom('job_daily_shifts as s')
      .innerJoin('jobs as j', 'j.id', 's.job_id')
      .innerJoin('companies as c', 'c.id', 'j.company_id')
      .leftJoin('job_enum_translations as pt', (jn) => jn.onRef('pt.enum_id', '=', 'j.pay_type_id').on('pt.language_key', '=', lang))
      .select([
        's.id',
        's.job_id',
        's.date',
        's.start_time',
        's.end_time',
        's.break_minutes',
        's.filled',
        's.capacity',
        'j.title_ja',
        'j.title_en',
        ...JOB_PLACE,
        'j.wage',
        'c.name as company',
        'c.name_en as companyEn',
        'pt.value as payType',
      ])
      .select(sql<number | null>`coalesce(s.wage, j.wage)`.as('pay'))
      .where('j.kind', '=', 'daily')
      .where('j.status', '=', 'open')
      .where((eb) => eb.or([eb('j.publish_until', 'is', null), eb('j.publish_until', '>=', today)]))
      .where('s.date', '=', date)
      .where(shiftNotStarted('s.date', 's.start_time'))
      .whereRef('s.filled', '<', 's.capacity')
      // The job's accepted residence statuses, as applying checks them.
      .where((eb) => eb.or([sql<boolean>`cardinality(j.visa_type_ids) = 0`, profile?.visa_type_id ? sql<boolean>`${profile.visa_type_id}::int = any(j.visa_type_ids)` : sql<boolean>`false`]))
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('applications as a').select('a.id').whereRef('a.shift_id', '=', 's.id').where('a.candidate_id', '=', me))))
      .orderBy('s.start_time')
      .orderBy('j.title_ja')
      .limit(50)
      .execute()
  );
}

/** Live placements on shifts of the next two weeks that have not started and have no attendance yet. */
export function swappablePlacements(db: DB, companyId: string | null, today: string) {
  return placementsJoined(db)
    .select(['a.id', 'u.name', 's.date', 's.start_time', 's.end_time', 'j.title_ja', 'j.title_en'])
    .where(shiftNotStarted('s.date', 's.start_time'))
    .where('s.date', '<=', addDays(today, 14))
    .where(liveApplication)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('attendance as t').select('t.id').whereRef('t.application_id', '=', 'a.id'))))
    .$call((q) => inCompany(q, 'a.company_id', companyId))
    .orderBy('s.date')
    .orderBy('s.start_time')
    .orderBy('u.name')
    .limit(300)
    .execute();
}

/** The tenant's live placements on shifts of the week from `week`, with each person's residence status. */
export function placedInWeek(db: DB, tenant: Tenant, week: string) {
  return placementsJoined(db)
    .leftJoin('visa_types as v', 'v.id', 'p.visa_type_id')
    .select(['a.candidate_id', 'u.name', 'v.ja as status', 'v.en as status_en', 's.id as shiftId'])
    .where('s.date', '>=', week)
    .where('s.date', '<', addDays(week, 7))
    .where(liveApplication)
    .$call((q) => scopeToTenant(q, tenant, { company: 'j.company_id', client: 'j.client_id' }))
    .orderBy('u.name')
    .limit(500)
    .execute();
}

/** Open jobs' shifts of the next two weeks with seats left that have not started (at most 200). */
export function assignableShifts(db: DB, companyId: string | null, today: string) {
  const q = db
    .selectFrom('job_daily_shifts as s')
    .innerJoin('jobs as j', 'j.id', 's.job_id')
    .select(['s.id', 's.date', 's.start_time', 's.end_time', 'j.title_ja', 'j.title_en', 's.filled', 's.capacity'])
    // Not one that has started or ended: it takes nobody new (applyToJob refuses it the same way).
    .where(shiftNotStarted('s.date', 's.start_time'))
    .where('s.date', '<=', addDays(today, 14))
    .where('j.status', '=', 'open')
    .whereRef('s.filled', '<', 's.capacity')
    .orderBy('s.date')
    .orderBy('s.start_time')
    .limit(200);
  return inCompany(q, 'j.company_id', companyId).execute();
}

/** A shift with its job and the job's company. */
export function shiftWithCompany(db: DB, shiftId: string) {
  return db.selectFrom('job_daily_shifts as s').innerJoin('jobs as j', 'j.id', 's.job_id').select(['s.id', 'j.id as jobId', 'j.company_id']).where('s.id', '=', shiftId).executeTakeFirst();
}

/** The shifts the given applications are on. */
export async function shiftsOfApplications(db: DB, applicationIds: readonly string[]): Promise<string[]> {
  const rows = await db.selectFrom('applications').select('shift_id').where('id', 'in', applicationIds).execute();
  return rows.flatMap((m) => (m.shift_id ? [m.shift_id] : []));
}
