import { type Kysely, sql } from 'kysely';

/**
 * The public daily board lists a job while it has a future shift with a free seat. Checking that
 * per job costs an index probe for every job scanned; at 100,000 jobs that dominated the listing.
 * `last_open_date` — the latest date of a shift with a free seat — answers it from the job row:
 * a job has a future open shift exactly when `last_open_date >= today`. (The latest date never goes
 * stale as days pass, unlike the earliest.) A trigger keeps it right on every shift change.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table jobs add column last_open_date date`.execute(db);
  await sql`
    create function jobs_refresh_last_open_date() returns trigger language plpgsql as $$
    declare
      affected uuid;
    begin
      for affected in
        select distinct job_id from (
          select new.job_id where tg_op <> 'DELETE'
          union all
          select old.job_id where tg_op <> 'INSERT'
        ) ids
      loop
        update jobs set last_open_date = (
          select max(date) from job_daily_shifts where job_id = affected and filled < capacity
        ) where id = affected;
      end loop;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger job_daily_shifts_last_open_date
    after insert or delete or update of date, filled, capacity, job_id on job_daily_shifts
    for each row execute function jobs_refresh_last_open_date()`.execute(db);
  await sql`update jobs j set last_open_date = (select max(date) from job_daily_shifts s where s.job_id = j.id and s.filled < s.capacity)`.execute(db);
  await sql`create index jobs_daily_open_idx on jobs (created_at desc, id) where status = 'open' and kind = 'daily' and last_open_date is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger job_daily_shifts_last_open_date on job_daily_shifts`.execute(db);
  await sql`drop function jobs_refresh_last_open_date()`.execute(db);
  await sql`drop index jobs_daily_open_idx`.execute(db);
  await sql`alter table jobs drop column last_open_date`.execute(db);
}
