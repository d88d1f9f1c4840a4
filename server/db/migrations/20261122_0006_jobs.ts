import { type Kysely, sql } from 'kysely';
import { now, zero, timestamps, bilingual, companyId, tenantTable, childTable, dropTables } from '../migration-kit.ts';

export async function up(db: Kysely<any>): Promise<void> {
  // Jobs: regular/part-time ('other') and daily spot work split into shifts ('daily').
  await tenantTable(db, 'jobs')
    .addColumn('client_id', 'uuid', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('daily','other')`))
    .$call(bilingual('title'))
    .$call(bilingual('description', (c) => c.notNull().defaultTo('')))
    .addColumn('job_type_id', 'integer', (c) => c.references('job_enums.id').onDelete('set null'))
    .addColumn('pay_type_id', 'integer', (c) => c.references('job_enums.id').onDelete('set null'))
    .addColumn('overtime_id', 'integer', (c) => c.references('job_enums.id').onDelete('set null'))
    .addColumn('job_week_id', 'integer', (c) => c.references('job_enums.id').onDelete('set null'))
    .addColumn('read_skill_id', 'integer', (c) => c.references('job_enums.id').onDelete('set null'))
    .addColumn('industry_id', 'uuid', (c) => c.references('job_industries.id').onDelete('set null'))
    .addColumn('category_id', 'uuid', (c) => c.references('job_categories.id').onDelete('set null'))
    .addColumn('wage', 'integer', (c) => c.notNull().check(sql`wage >= 0`))
    .addColumn('prefecture', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('station', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('languages', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('visa_type_ids', sql`integer[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('headcount', 'integer', (c) => c.notNull().defaultTo(1).check(sql`headcount >= 1`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft').check(sql`status in ('draft','open','paused','closed')`))
    .addColumn('publish_from', 'timestamptz')
    .addColumn('publish_until', 'timestamptz')
    .$call(timestamps)
    .execute();
  // The public boards read open jobs newest first, by kind; the admin lists by tenant.
  await sql`create index jobs_public_idx on jobs (kind, created_at desc, id) where status = 'open'`.execute(db);
  await sql`create index jobs_public_wage_idx on jobs (kind, wage desc, id) where status = 'open'`.execute(db);
  await sql`create index jobs_prefecture_idx on jobs (prefecture, kind) where status = 'open'`.execute(db);
  await sql`create index jobs_visa_idx on jobs using gin (visa_type_ids)`.execute(db);
  await sql`create index jobs_languages_idx on jobs using gin (languages)`.execute(db);
  await db.schema.createIndex('jobs_company_idx').on('jobs').columns(['company_id', 'created_at']).execute();
  await db.schema.createIndex('jobs_client_idx').on('jobs').columns(['client_id', 'created_at']).execute();

  // Job daily shifts: the jobDailyShiftId of SPEC §3's chat windows.
  await childTable(db, 'job_daily_shifts', 'job_id', 'jobs.id')
    .addColumn('date', 'date', (c) => c.notNull())
    .addColumn('start_time', sql`time`, (c) => c.notNull())
    .addColumn('end_time', sql`time`, (c) => c.notNull())
    .addColumn('break_minutes', 'integer', (c) => c.notNull().defaultTo(60).check(sql`break_minutes >= 0`))
    .addColumn('capacity', 'integer', (c) => c.notNull().check(sql`capacity >= 1`))
    .addColumn('filled', 'integer', zero)
    .addColumn('wage', 'integer')
    .addColumn('created_at', 'timestamptz', now)
    // The seat count can never pass the capacity, whatever the application code does.
    .addCheckConstraint('shift_capacity_ck', sql`filled >= 0 and filled <= capacity`)
    .addUniqueConstraint('shift_slot_uq', ['job_id', 'date', 'start_time'])
    .execute();
  await db.schema.createIndex('shifts_date_idx').on('job_daily_shifts').columns(['date', 'job_id']).execute();

  // Foreign staff who use the public site (role 'candidate'): what they tell us when registering.
  await db.schema
    .createTable('candidate_profiles')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('phone', 'text')
    .addColumn('nationality', 'text', (c) => c.notNull())
    .addColumn('visa_type_id', 'integer', (c) => c.references('visa_types.id').onDelete('set null'))
    .addColumn('visa_expiry', 'date')
    .addColumn('languages', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .$call(timestamps)
    .execute();

  // An application to a job (and, for daily jobs, one shift of it).
  await childTable(db, 'applications', 'job_id', 'jobs.id')
    .addColumn('shift_id', 'uuid', (c) => c.references('job_daily_shifts.id').onDelete('cascade'))
    .addColumn('candidate_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .$call(companyId)
    .addColumn('client_id', 'uuid', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('applied').check(sql`status in ('applied','accepted','rejected','cancelled')`))
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .$call(timestamps)
    .execute();
  await sql`create unique index applications_shift_uq on applications (shift_id, candidate_id) where shift_id is not null`.execute(db);
  await sql`create unique index applications_job_uq on applications (job_id, candidate_id) where shift_id is null`.execute(db);
  await db.schema.createIndex('applications_company_idx').on('applications').columns(['company_id', 'created_at']).execute();

  // A conversation between a company and a candidate about a job (and its shift): the chat issue builds on it.
  await tenantTable(db, 'conversations')
    .addColumn('candidate_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('job_id', 'uuid', (c) => c.references('jobs.id').onDelete('set null'))
    .addColumn('shift_id', 'uuid', (c) => c.references('job_daily_shifts.id').onDelete('set null'))
    .addColumn('application_id', 'uuid', (c) => c.references('applications.id').onDelete('set null'))
    .addColumn('type', 'smallint', (c) => c.notNull().check(sql`type in (1, 2)`))
    .addColumn('last_message_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', now)
    .execute();
  await sql`create unique index conversations_thread_uq on conversations (company_id, candidate_id, coalesce(job_id, '00000000-0000-0000-0000-000000000000'::uuid), coalesce(shift_id, '00000000-0000-0000-0000-000000000000'::uuid))`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, ['conversations', 'applications', 'candidate_profiles', 'job_daily_shifts', 'jobs']);
}
