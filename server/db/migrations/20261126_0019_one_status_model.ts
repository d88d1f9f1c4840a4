import { type Kysely, sql } from 'kysely';

/**
 * One status model: an application's place in the pipeline is its node in the
 * company's candidate-status tree, never a separate status column.
 *
 * - `candidate_status_root(company)`: the first top-level status of the company's own tree, or of
 *   the platform's default tree when the company has none (docs/pipeline.md).
 * - Existing rows are moved into the tree from the old column: applied → the root, accepted →
 *   the first status of the kakunin list, rejected → "Rejected", cancelled → "Withdrawn" (by their
 *   English names in the tree, else the root).
 * - A new application without a status starts at the root (a trigger, so every path that applies
 *   — the public board, scouting, tests — starts the same way); the column is then required, and a
 *   status in use cannot be deleted (its applications would lose their place).
 * - The old `status` column is dropped.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function candidate_status_root(company uuid) returns uuid language sql stable as $$
      select s.id from candidate_statuses s
      where s.parent_id is null
        and (s.company_id = company
             or (s.company_id is null and not exists (select 1 from candidate_statuses o where o.company_id = company)))
      order by s.sort, s.name_ja, s.id
      limit 1
    $$`.execute(db);
  await sql`
    create function candidate_status_named(company uuid, english text) returns uuid language sql stable as $$
      select s.id from candidate_statuses s
      where lower(s.name_en) = lower(english)
        and (s.company_id = company
             or (s.company_id is null and not exists (select 1 from candidate_statuses o where o.company_id = company)))
      order by s.sort limit 1
    $$`.execute(db);
  await sql`
    update applications a set candidate_status_id = coalesce(
      case a.status
        when 'accepted' then (select s.id from candidate_statuses s
                              where s.list = 'kakunin'
                                and (s.company_id = a.company_id
                                     or (s.company_id is null and not exists (select 1 from candidate_statuses o where o.company_id = a.company_id)))
                              order by s.sort limit 1)
        when 'rejected' then candidate_status_named(a.company_id, 'Rejected')
        when 'cancelled' then candidate_status_named(a.company_id, 'Withdrawn')
      end,
      candidate_status_root(a.company_id))
    where a.candidate_status_id is null`.execute(db);
  await sql`drop function candidate_status_named(uuid, text)`.execute(db);
  await sql`
    create function applications_initial_status() returns trigger language plpgsql as $$
    begin
      if new.candidate_status_id is null then
        new.candidate_status_id := candidate_status_root(new.company_id);
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger applications_initial_status before insert on applications for each row execute function applications_initial_status()`.execute(db);
  await sql`alter table applications alter column candidate_status_id set not null`.execute(db);
  await sql`alter table applications drop constraint applications_candidate_status_id_fkey`.execute(db);
  await sql`alter table applications add constraint applications_candidate_status_id_fkey foreign key (candidate_status_id) references candidate_statuses (id) on delete restrict`.execute(db);
  await sql`create index applications_status_idx on applications (company_id, candidate_status_id, updated_at desc)`.execute(db);
  await db.schema.alterTable('applications').dropColumn('status').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('applications')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('applied').check(sql`status in ('applied','accepted','rejected','cancelled')`))
    .execute();
  await sql`drop index applications_status_idx`.execute(db);
  await sql`alter table applications drop constraint applications_candidate_status_id_fkey`.execute(db);
  await sql`alter table applications add constraint applications_candidate_status_id_fkey foreign key (candidate_status_id) references candidate_statuses (id) on delete set null`.execute(db);
  await sql`alter table applications alter column candidate_status_id drop not null`.execute(db);
  await sql`drop trigger applications_initial_status on applications`.execute(db);
  await sql`drop function applications_initial_status()`.execute(db);
  await sql`drop function candidate_status_root(uuid)`.execute(db);
}
