import { type Kysely, sql } from 'kysely';

/**
 * The publish window of a job is a span of calendar days in Japan (the admin screens'
 * date fields): `publish_from` is the first day a job is public, `publish_until` the last, both
 * included. Stored as `date`, they read back exactly as typed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table jobs
      alter column publish_from type date using (publish_from at time zone 'Asia/Tokyo')::date,
      alter column publish_until type date using (publish_until at time zone 'Asia/Tokyo')::date
  `.execute(db);
  await sql`alter table jobs add constraint jobs_publish_window_ck check (publish_until is null or publish_from is null or publish_until >= publish_from)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table jobs drop constraint jobs_publish_window_ck`.execute(db);
  await sql`
    alter table jobs
      alter column publish_from type timestamptz using (publish_from::timestamp at time zone 'Asia/Tokyo'),
      alter column publish_until type timestamptz using ((publish_until + 1)::timestamp at time zone 'Asia/Tokyo')
  `.execute(db);
}
