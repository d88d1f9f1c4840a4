/**
 * What the placement rules of `checkWorkLimits` read from the database beside the card and the
 * hours (docs/workforce.md "The data behind the rules"): the person's date of birth and 特定技能
 * field, the job's 特定技能 field and simple-labour flag (the job's own, else its job type's
 * default), and whether the placement is by dispatch. One read for many (person, job) pairs, so a
 * table of people and shifts runs no query per row.
 */
import { sql } from 'kysely';
import type { DB } from '../../db/connect.ts';
import type { WorkLimitsInput } from './work-limits.ts';
import { inCompany } from '../../access/tenancy.ts';

type PlacementFacts = Required<Pick<WorkLimitsInput, 'birthDate' | 'dispatch' | 'jobField' | 'personField' | 'simpleLabour'>>;

interface PlacementPair {
  candidateId: string;
  jobId: string;
}

const key = (p: PlacementPair) => `${p.candidateId}:${p.jobId}`;

/** The facts of each pair, by `candidateId:jobId`. A pair without a profile or job still gets an answer (nothing recorded). */
export async function placementFacts(db: DB, pairs: readonly PlacementPair[]): Promise<Map<string, PlacementFacts>> {
  const out = new Map<string, PlacementFacts>();
  if (!pairs.length) return out;
  const people = [...new Set(pairs.map((p) => p.candidateId))];
  const jobs = [...new Set(pairs.map((p) => p.jobId))];
  const [persons, jobRows, placements] = await Promise.all([
    db
      .selectFrom('candidate_profiles as p')
      // The person's own date of birth, and the one a company's registry row linked to them holds;
      // of two that differ, the later (the younger person: the stricter answer).
      .select([
        'p.user_id',
        'p.ssw_field',
        sql<string | null>`to_char(greatest(p.birth_date, (select max(s.birth_date) from staff s where s.person_user_id = p.user_id)), 'YYYY-MM-DD')`.as('birth_date'),
      ])
      .where('p.user_id', 'in', people)
      .execute(),
    db
      .selectFrom('jobs as j')
      .leftJoin('job_enums as e', 'e.id', 'j.job_type_id')
      .select(['j.id', sql<string | null>`coalesce(j.ssw_field, e.ssw_field)`.as('ssw_field'), sql<boolean>`coalesce(j.simple_labour, e.simple_labour, false)`.as('simple_labour')])
      .where('j.id', 'in', jobs)
      .execute(),
    // How the person is placed on the job: dispatch unless every application of theirs to it says
    // direct employment (none yet: the platform's default, dispatch).
    db
      .selectFrom('applications')
      .select(['candidate_id', 'job_id', sql<boolean>`bool_or(dispatch)`.as('dispatch')])
      .where('candidate_id', 'in', people)
      .where('job_id', 'in', jobs)
      .groupBy(['candidate_id', 'job_id'])
      .execute(),
  ]);
  for (const p of pairs) {
    const person = persons.find((r) => r.user_id === p.candidateId);
    const job = jobRows.find((r) => r.id === p.jobId);
    const placed = placements.find((r) => r.candidate_id === p.candidateId && r.job_id === p.jobId);
    out.set(key(p), {
      birthDate: person?.birth_date ?? null,
      dispatch: placed ? placed.dispatch : true,
      jobField: job?.ssw_field ?? null,
      personField: person?.ssw_field ?? null,
      simpleLabour: job?.simple_labour ?? false,
    });
  }
  return out;
}

/** The facts of one pair. */
export async function placementFactsOf(db: DB, pair: PlacementPair): Promise<PlacementFacts> {
  return (await placementFacts(db, [pair])).get(key(pair))!;
}

export const placementKey = key;

/**
 * Records whether a placement is by dispatch (true) or direct employment by the client (false).
 * Only before the person works it (the application is not in a working list): the check of a
 * working status was made on the old answer. `companyId` null: the platform (any company).
 */
export async function setPlacementDispatch(db: DB, companyId: string | null, applicationId: string, dispatch: boolean): Promise<'ok' | 'not-found' | 'working'> {
  const q = db.selectFrom('applications as a').innerJoin('candidate_statuses as s', 's.id', 'a.candidate_status_id').select(['a.id', 's.list']).where('a.id', '=', applicationId);
  const app = await inCompany(q, 'a.company_id', companyId).executeTakeFirst();
  if (!app) return 'not-found';
  if (app.list === 'kakunin' || app.list === 'shukkin') return 'working';
  await db.updateTable('applications').set({ dispatch, updated_at: new Date() }).where('id', '=', applicationId).execute();
  return 'ok';
}
