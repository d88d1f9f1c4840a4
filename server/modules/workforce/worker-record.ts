/**
 * The record of one worker (/admin/worker?id=<userId>, docs/workforce.md
 * "Workers"): what a row of the workers list opens. Who may open it is decided by the caller (the
 * API asks the workers read model's tenant rule); these functions read only what lies inside the
 * caller's scope: the applications, shifts and attendance at the caller's company (a client user:
 * at its own jobs; the platform: everywhere), the pay lines and runs of the caller's company, and
 * the company's staff-registry documents of the same e-mail.
 */
import { sql } from 'kysely';
import { z } from 'zod';
import { audit, type Actor } from '../../db/audit.ts';
import { CandidateRegistration } from '../jobs/apply.ts';
import { candidatesWithProfile, shiftApplicationsWithClient, shiftDayAndTimes } from '../jobs/repo.ts';
import { applicationsWithParties } from '../pipeline/repo.ts';
import type { DB } from '../../db/connect.ts';
import { companyIdOf, hasNoTenant, inCompany, scopeToTenant, type Tenant } from '../../access/tenancy.ts';
import { todayInJapan } from '../../../shared/time.ts';

/** The part of the data a tenant sees: a company's, a client's, or (the platform) everyone's. */
type Scope = Exclude<Tenant, { kind: 'none' }>;
export const scopeOf = (tenant: Tenant): Scope | null => (hasNoTenant(tenant) ? null : tenant);
/** Where an application (`a`) says whose it is. */
const APPLICATION_TENANT = { company: 'a.company_id', client: 'a.client_id' } as const;

export async function workerProfile(db: DB, userId: string) {
  return candidatesWithProfile(db)
    .select([
      'u.id',
      'u.name',
      'u.email',
      'u.lang',
      'p.phone',
      'p.nationality',
      'v.ja as visa_ja',
      'v.en as visa_en',
      'p.visa_expiry',
      'p.card_verified',
      'p.permission_outside_status',
      'p.languages',
      'p.name_kana',
      'p.address',
      'p.sex',
      'p.ssw_field',
    ])
    .select(sql<string | null>`to_char(p.birth_date, 'YYYY-MM-DD')`.as('birth_date'))
    .select((eb) =>
      eb
        .selectFrom('residence_cards as c')
        .select(sql<string>`c.id || ':' || c.status`.as('card'))
        .whereRef('c.user_id', '=', 'u.id')
        .where('c.status', '!=', 'replaced')
        .orderBy('c.created_at', 'desc')
        .limit(1)
        .as('latest_card'),
    )
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

/** The worker's shifts in scope, newest first, with the attendance recorded for each. */
export async function workerShifts(db: DB, scope: Scope, userId: string) {
  let q = shiftApplicationsWithClient(db)
    .leftJoin('attendance as t', (join) => join.onRef('t.application_id', '=', 'a.id'))
    .select([
      'a.id as application_id',
      's.id as shift_id',
      ...shiftDayAndTimes,
      'j.id as job_id',
      'j.title_ja',
      'j.title_en',
      'cl.name as client_ja',
      'cl.name_en as client_en',
      't.status as attendance',
      't.clock_in',
      't.clock_out',
    ])
    .where('a.candidate_id', '=', userId);
  q = scopeToTenant(q, scope, APPLICATION_TENANT);
  const rows = await q.orderBy('s.date', 'desc').orderBy('s.start_time', 'desc').limit(200).execute();
  const today = todayInJapan();
  return rows.map((r) => ({ ...r, upcoming: r.date >= today }));
}

/** The jobs in scope the worker applied to (the employment contract is for one of them). */
export async function workerJobs(db: DB, scope: Scope, userId: string) {
  let q = db
    .selectFrom('applications as a')
    .innerJoin('jobs as j', 'j.id', 'a.job_id')
    .innerJoin('clients as cl', 'cl.id', 'a.client_id')
    .select(['j.id', 'j.company_id', 'j.title_ja', 'j.title_en', 'cl.name as client_ja', 'cl.name_en as client_en'])
    .distinct()
    .where('a.candidate_id', '=', userId);
  q = scopeToTenant(q, scope, APPLICATION_TENANT);
  return q.orderBy('j.title_ja').execute();
}

/** Pay to date at the caller's company (all of them for the platform): gross this month (Japan) and overall. */
export async function workerPay(db: DB, companyId: string | null, userId: string) {
  const month = `${todayInJapan().slice(0, 7)}-01`;
  const q = db
    .selectFrom('pay_lines')
    .select([
      sql<string>`coalesce(sum(total), 0)`.as('total'),
      sql<string>`coalesce(sum(total) filter (where work_date >= ${month}::date), 0)`.as('month'),
      sql<string>`count(*)`.as('lines'),
      sql<string>`coalesce(sum(worked_minutes), 0)`.as('minutes'),
    ])
    .where('user_id', '=', userId);
  const r = await inCompany(q, 'company_id', companyId).executeTakeFirstOrThrow();
  const runs = db.selectFrom('pay_runs').select(['id', 'period_start', 'period_end', 'pay_date', 'gross', 'net', 'status']).where('user_id', '=', userId);
  return {
    total: Number(r.total),
    month: Number(r.month),
    lines: Number(r.lines),
    minutes: Number(r.minutes),
    runs: await inCompany(runs, 'company_id', companyId).orderBy('period_end', 'desc').limit(24).execute(),
  };
}

/** Until the one person record: the staff registry's documents of the rows with the worker's e-mail (the company's own). */
export async function workerDocuments(db: DB, companyId: string | null, email: string) {
  const q = db
    .selectFrom('staff_documents as d')
    .innerJoin('staff as st', 'st.id', 'd.staff_id')
    .select(['d.kind', 'd.number', 'd.expires_on', 'd.note'])
    .where(sql<boolean>`lower(st.email) = lower(${email})`);
  return inCompany(q, 'st.company_id', companyId).orderBy('d.created_at').execute();
}

/**
 * What the employment contract of one job fills its template with: the job in scope the worker
 * applied to, its company and client, the first and last of the worker's shifts on it, the wage.
 * Null when the worker has no application to that job inside the scope.
 */
export async function contractFacts(db: DB, scope: Scope, userId: string, jobId: string) {
  let q = applicationsWithParties(db)
    .innerJoin('clients as cl', 'cl.id', 'a.client_id')
    .leftJoin('job_daily_shifts as s', 's.id', 'a.shift_id')
    .select([
      'u.name as worker',
      'co.id as company_id',
      'co.name as company_ja',
      'co.name_en as company_en',
      'cl.name as client_ja',
      'cl.name_en as client_en',
      'j.title_ja',
      'j.title_en',
      'j.prefecture',
      'j.city',
      'j.city_en',
      'j.wage',
      sql<string | null>`min(s.date)::text`.as('first_day'),
      sql<string | null>`max(s.date)::text`.as('last_day'),
      sql<string>`min(a.created_at at time zone 'Asia/Tokyo')::date::text`.as('applied_on'),
      sql<number | null>`max(s.wage)`.as('shift_wage'),
    ])
    .where('a.candidate_id', '=', userId)
    .where('a.job_id', '=', jobId)
    .groupBy(['u.name', 'co.id', 'co.name', 'co.name_en', 'cl.name', 'cl.name_en', 'j.title_ja', 'j.title_en', 'j.prefecture', 'j.city', 'j.city_en', 'j.wage']);
  q = scopeToTenant(q, scope, APPLICATION_TENANT);
  return q.executeTakeFirst();
}

/**
 * The person's facts staff complete on the worker record (docs/workforce.md "Editing a person's
 * facts"): the same fields and rules as registration (`CandidateRegistration`), the katakana name
 * typed in half-width folded to full-width first (NFKC), as the ledgers and transfers read it.
 */
export const PersonFactsInput = z.object({
  birth_date: CandidateRegistration.shape.birth_date,
  name_kana: z.preprocess((v) => (typeof v === 'string' ? v.normalize('NFKC') : v), CandidateRegistration.shape.name_kana),
  address: CandidateRegistration.shape.address,
  sex: CandidateRegistration.shape.sex,
});
export type PersonFactsInput = z.output<typeof PersonFactsInput>;

/** Saves the facts on the person's profile, with an audit entry of what changed; false when there is no profile. */
export async function savePersonFacts(db: DB, actor: Actor, tenant: Tenant, userId: string, facts: PersonFactsInput): Promise<boolean> {
  return await db.transaction().execute(async (trx) => {
    const was = await trx.selectFrom('candidate_profiles').select(['birth_date', 'name_kana', 'address', 'sex']).where('user_id', '=', userId).forUpdate().executeTakeFirst();
    if (!was) return false;
    const next = { birth_date: facts.birth_date ?? null, name_kana: facts.name_kana ?? null, address: facts.address ?? null, sex: facts.sex ?? null };
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const k of Object.keys(next) as (keyof typeof next)[]) if ((was[k] ?? null) !== next[k]) changes[k] = { from: was[k] ?? null, to: next[k] };
    if (Object.keys(changes).length === 0) return true;
    await trx.updateTable('candidate_profiles').set(next).where('user_id', '=', userId).execute();
    await audit(trx, actor, 'candidate_profile', userId, companyIdOf(tenant), changes);
    return true;
  });
}
