import { sql } from 'kysely';
import type { DB } from '../../db/connect.ts';

/**
 * Many jobs and shifts for load tests (100,000 jobs and 1,000,000 shifts). Generated in
 * SQL with generate_series, so a million rows take seconds, not minutes. Half the jobs are daily,
 * each with `shiftsPerDailyJob` shifts over the next 60 days.
 */
export async function seedLargeJobs(db: DB, opts: { jobs: number; shiftsPerDailyJob: number }): Promise<{ jobs: number; shifts: number }> {
  const clients = await db.selectFrom('clients').select(['id', 'company_id']).execute();
  if (!clients.length) throw new Error('seed the demo data first: large jobs belong to the demo clients');
  const enums = await db.selectFrom('job_enums').select(['id', 'type']).execute();
  const ids = (type: number) => enums.filter((e) => e.type === type).map((e) => e.id);
  const visas = (await db.selectFrom('visa_types').select('id').execute()).map((v) => v.id);
  const prefectures = ['東京都', '大阪府', '神奈川県', '埼玉県', '千葉県', '愛知県', '福岡県', '北海道', '兵庫県', '京都府'];
  const arr = (xs: (string | number)[]) => sql.raw(`array[${xs.map((x) => (typeof x === 'number' ? String(x) : `'${x}'`)).join(',')}]`);
  await sql`
    insert into jobs (company_id, client_id, kind, title_ja, title_en, description_ja, description_en, job_type_id, pay_type_id,
                      wage, prefecture, city, station, languages, visa_type_ids, headcount, status, created_at)
    select (${arr(clients.map((c) => c.company_id))}::uuid[])[1 + g % ${clients.length}],
           (${arr(clients.map((c) => c.id))}::uuid[])[1 + g % ${clients.length}],
           case when g % 2 = 0 then 'daily' else 'other' end,
           '大量テスト求人 ' || g, 'Load test job ' || g, '負荷試験用の求人です。', 'A job for load tests.',
           (${arr(ids(1))}::int[])[1 + g % ${Math.max(1, ids(1).length)}],
           (${arr(ids(18))}::int[])[1 + g % ${Math.max(1, ids(18).length)}],
           1000 + (g * 37) % 1500,
           (${arr(prefectures)}::text[])[1 + g % ${prefectures.length}],
           '市区町村' || (g % 50), '駅' || (g % 200),
           case when g % 3 = 0 then array['en'] when g % 3 = 1 then array['vi','en'] else '{}'::text[] end,
           case when g % 4 = 0 then array[(${arr(visas)}::int[])[1 + g % ${visas.length}]] else '{}'::int[] end,
           1 + g % 5,
           case when g % 10 = 0 then 'closed' else 'open' end,
           now() - (g % 100000) * interval '1 minute'
    from generate_series(1, ${opts.jobs}) g
  `.execute(db);
  // A million rows: skip the per-row last_open_date trigger and set the column once afterwards.
  await sql`alter table job_daily_shifts disable trigger job_daily_shifts_last_open_date`.execute(db);
  await sql`
    insert into job_daily_shifts (job_id, date, start_time, end_time, break_minutes, capacity, filled)
    select j.id, current_date + n + abs(hashtext(j.id::text)) % 40, make_time(6 + n % 12, 0, 0), make_time(6 + n % 12 + 5, 0, 0), 60, 3, n % 4
    from jobs j cross join generate_series(0, ${opts.shiftsPerDailyJob - 1}) n
    where j.kind = 'daily' and j.title_en like 'Load test job %'
    on conflict (job_id, date, start_time) do nothing
  `.execute(db);
  await sql`alter table job_daily_shifts enable trigger job_daily_shifts_last_open_date`.execute(db);
  await sql`
    update jobs j set last_open_date = m.d
    from (select job_id, max(date) d from job_daily_shifts where filled < capacity group by job_id) m
    where m.job_id = j.id and j.title_en like 'Load test job %'
  `.execute(db);
  await sql`analyze jobs`.execute(db);
  await sql`analyze job_daily_shifts`.execute(db);
  const [{ jobs }, { shifts }] = await Promise.all([
    db
      .selectFrom('jobs' as never)
      .select(sql<number>`count(*)::int`.as('jobs'))
      .executeTakeFirstOrThrow() as Promise<{ jobs: number }>,
    db
      .selectFrom('job_daily_shifts' as never)
      .select(sql<number>`count(*)::int`.as('shifts'))
      .executeTakeFirstOrThrow() as Promise<{ shifts: number }>,
  ]);
  return { jobs, shifts };
}
