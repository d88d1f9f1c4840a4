import { type Kysely, sql } from 'kysely';
import { now, tenantTable, dropTables } from '../migration-kit.ts';

/**
 * Scouting (docs/scouting.md): a candidate's scouting profile (opted in or not,
 * what they share, area, availability, a level per language), the offers companies send for one
 * of their jobs (pending until answered or past `expires_at`), and each company's monthly quota.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('scout_profiles')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('share_nationality', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('share_languages', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('share_residence', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('share_attendance', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('prefecture', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('availability', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('language_levels', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('intro', 'text', (c) => c.notNull().defaultTo('').check(sql`length(intro) <= 500`))
    .addColumn('updated_at', 'timestamptz', now)
    .execute();
  await sql`create index scout_profiles_enabled_idx on scout_profiles (user_id) where enabled`.execute(db);

  await tenantTable(db, 'scout_offers')
    .addColumn('client_id', 'uuid', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('job_id', 'uuid', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('shift_id', 'uuid', (c) => c.references('job_daily_shifts.id').onDelete('set null'))
    .addColumn('candidate_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('message', 'text', (c) => c.notNull().check(sql`length(message) between 1 and 1000`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'accepted', 'declined', 'withdrawn')`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('conversation_id', 'uuid', (c) => c.references('conversations.id').onDelete('set null'))
    .addColumn('application_id', 'uuid', (c) => c.references('applications.id').onDelete('set null'))
    .addColumn('sent_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('sent_by_name', 'text', (c) => c.notNull())
    .addColumn('answered_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', now)
    .execute();
  await db.schema.createIndex('scout_offers_company_idx').on('scout_offers').columns(['company_id', 'created_at']).execute();
  await db.schema.createIndex('scout_offers_candidate_idx').on('scout_offers').columns(['candidate_id', 'created_at']).execute();

  await db.schema
    .alterTable('companies')
    .addColumn('scout_monthly_quota', 'integer', (c) => c.notNull().defaultTo(50).check(sql`scout_monthly_quota between 0 and 100000`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('companies').dropColumn('scout_monthly_quota').execute();
  await dropTables(db, ['scout_offers', 'scout_profiles']);
}
