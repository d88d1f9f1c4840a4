import { type Kysely, sql } from 'kysely';

/**
 * The applicant lists (read model `applicants`, docs/pipeline.md "Lists") sort a company's
 * applications by last change and join each row's conversation. With an index for each, the
 * first page reads its 20 rows in order and stops, instead of joining and sorting every
 * application of the company: at 40,000 applications 154–263 ms → about 2 ms a page, and the
 * capped total 40–100 ms → 4–9 ms. `conversations.application_id` also had no index for its
 * foreign key (deleting an application scanned every conversation).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index conversations_application_idx on conversations (application_id)`.execute(db);
  await sql`create index applications_company_recent_idx on applications (company_id, updated_at desc, id desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists applications_company_recent_idx`.execute(db);
  await sql`drop index if exists conversations_application_idx`.execute(db);
}
