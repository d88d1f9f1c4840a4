import { type Kysely, sql } from 'kysely';
import { uuidKey, now, timestamps, companyId, zeros, childTable, dropTables } from '../migration-kit.ts';

/**
 * Job import (the crawler at /admin/superadmin/crawler): sources to fetch on a schedule, the
 * history of each run, and what each run found, keyed by its source URL with a hash of its
 * content, so a second run skips what it imported already and notices what changed.
 * `running_since` is the claim a process takes with one UPDATE before it runs a source: one run
 * at a time per source, whichever process's scheduler got there first.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('crawler_sources')
    .addColumn('id', 'uuid', uuidKey)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull().defaultTo('html').check(sql`format in ('html','json')`))
    .addColumn('job_kind', 'text', (c) => c.notNull().defaultTo('other').check(sql`job_kind in ('daily','other')`))
    .$call(companyId)
    .addColumn('client_id', 'uuid', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    // Where each job is (html: a CSS selector of the element holding one job; json: the dotted path
    // of the array of jobs), then where each field is inside it (a CSS selector, or a dotted path).
    .addColumn('item_selector', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('map_url', 'text')
    .addColumn('map_title', 'text', (c) => c.notNull())
    .addColumn('map_title_en', 'text')
    .addColumn('map_description', 'text')
    .addColumn('map_wage', 'text')
    .addColumn('map_prefecture', 'text')
    .addColumn('map_city', 'text')
    .addColumn('map_station', 'text')
    .addColumn('schedule_minutes', 'integer', (c) => c.notNull().defaultTo(1440).check(sql`schedule_minutes >= 5`))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('last_run_at', 'timestamptz')
    .addColumn('running_since', 'timestamptz')
    .$call(timestamps)
    .execute();
  await childTable(db, 'crawler_runs', 'source_id', 'crawler_sources.id')
    .addColumn('started_at', 'timestamptz', now)
    .addColumn('finished_at', 'timestamptz')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('running').check(sql`status in ('running','ok','failed')`))
    .$call(zeros('found', 'imported', 'updated', 'skipped'))
    .addColumn('errors', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
  await db.schema.createIndex('crawler_runs_source_started').on('crawler_runs').columns(['source_id', 'started_at']).execute();
  await childTable(db, 'crawler_items', 'source_id', 'crawler_sources.id')
    .addColumn('source_url', 'text', (c) => c.notNull())
    .addColumn('content_hash', 'text', (c) => c.notNull())
    .addColumn('job_id', 'uuid', (c) => c.references('jobs.id').onDelete('set null'))
    .addColumn('first_seen_at', 'timestamptz', now)
    .addColumn('last_seen_at', 'timestamptz', now)
    .addUniqueConstraint('crawler_items_source_url', ['source_id', 'source_url'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, ['crawler_items', 'crawler_runs', 'crawler_sources']);
}
