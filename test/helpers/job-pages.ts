import type { DB } from '../../server/db/connect.ts';
import { todayInJapan } from '../../shared/time.ts';

/**
 * The public pages of two open demo jobs: the daily job with the most shifts still to come (its
 * open shifts table, with prices and apply buttons, is the widest part of the public site on a
 * phone) and a part-time job.
 */
export async function openJobPages(db: DB): Promise<string[]> {
  const daily = await db
    .selectFrom('jobs as j')
    .innerJoin('job_daily_shifts as s', 's.job_id', 'j.id')
    .select('j.id')
    .where('j.kind', '=', 'daily')
    .where('j.status', '=', 'open')
    .where('s.date', '>=', todayInJapan())
    .groupBy('j.id')
    .orderBy((eb) => eb.fn.countAll(), 'desc')
    .orderBy('j.id')
    .executeTakeFirstOrThrow();
  const other = await db.selectFrom('jobs').select('id').where('kind', '=', 'other').where('status', '=', 'open').orderBy('id').executeTakeFirstOrThrow();
  return [`/daily/${daily.id}`, `/part-time/${other.id}`];
}
