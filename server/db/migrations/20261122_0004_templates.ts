import { type Kysely, sql } from 'kysely';

/**
 * Template screens (issue: every template page as a resource definition).
 * - document_templates.published: the "publish" box of the terms and privacy versions. A trigger
 *   keeps published_at in step: set when a version becomes published, cleared when withdrawn, so
 *   "the newest published version" is simply the published row with the latest published_at.
 * - One key per tenant and kind (a mail template is looked up by its key).
 * - Indexes for the per-tenant lists and the candidate-status tree.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('document_templates')
    .addColumn('published', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`update document_templates set published = (published_at is not null)`.execute(db);
  await sql`
    create function document_templates_published_at() returns trigger language plpgsql as $$
    begin
      if new.published then
        if tg_op = 'INSERT' then
          new.published_at := coalesce(new.published_at, now());
        elsif not old.published or new.published_at is null then
          new.published_at := now();
        end if;
      else
        new.published_at := null;
      end if;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger document_templates_published_at before insert or update on document_templates
    for each row execute function document_templates_published_at()`.execute(db);

  await sql`create unique index document_templates_key_uq on document_templates (coalesce(company_id, '00000000-0000-0000-0000-000000000000'::uuid), kind, key)`.execute(db);
  await db.schema.createIndex('document_templates_published_idx').on('document_templates').columns(['kind', 'published_at']).execute();
  for (const table of ['job_statuses', 'candidate_statuses', 'chatbot_messages', 'document_templates']) {
    await db.schema.createIndex(`${table}_company_idx`).on(table).column('company_id').execute();
  }
  await db.schema.createIndex('candidate_statuses_parent_idx').on('candidate_statuses').column('parent_id').execute();
  await db.schema.createIndex('job_categories_industry_idx').on('job_categories').column('industry_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('job_categories_industry_idx').execute();
  await db.schema.dropIndex('candidate_statuses_parent_idx').execute();
  for (const table of ['job_statuses', 'candidate_statuses', 'chatbot_messages', 'document_templates']) {
    await db.schema.dropIndex(`${table}_company_idx`).execute();
  }
  await db.schema.dropIndex('document_templates_published_idx').execute();
  await db.schema.dropIndex('document_templates_key_uq').execute();
  await sql`drop trigger document_templates_published_at on document_templates`.execute(db);
  await sql`drop function document_templates_published_at()`.execute(db);
  await db.schema.alterTable('document_templates').dropColumn('published').execute();
}
