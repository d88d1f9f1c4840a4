import { type Kysely, sql } from 'kysely';
import { uuidKey, zero, timestamps, createNotifyFunction, createStatementTrigger, bilingual } from '../migration-kit.ts';

/**
 * Ads on the public boards (/admin/superadmin/ads, docs/ads.md): featured jobs and banners, each
 * with a period in days in Japan, a language and a placement. Every process keeps the current
 * ads in memory (server/modules/ads/cache.ts); any write to `ads` sends NOTIFY tsunagu_ads once per
 * statement, delivered on commit, so each process drops its copy. The counters live in their own
 * table without that trigger: the batched counter UPDATEs never empty the caches.
 * A banner's image is stored here (fetched once from the URL given, re-encoded), so the boards
 * never load a third party's image (no tracking, and the CSP stays img-src 'self').
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ads')
    .addColumn('id', 'uuid', uuidKey)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('banner').check(sql`kind in ('featured','banner')`))
    .addColumn('job_id', 'uuid', (c) => c.references('jobs.id').onDelete('cascade'))
    .$call(bilingual('title', (c) => c))
    .$call(bilingual('body', (c) => c.notNull().defaultTo('')))
    .addColumn('link_url', 'text')
    .addColumn('image_url', 'text')
    .addColumn('image_data', 'bytea')
    .addColumn('image_type', 'text')
    .addColumn('lang', 'text', (c) => c.notNull().defaultTo('both').check(sql`lang in ('both','ja','en')`))
    .addColumn('placements', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('starts_on', 'date', (c) => c.notNull())
    .addColumn('ends_on', 'date', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .$call(timestamps)
    .addCheckConstraint('ads_period', sql`ends_on >= starts_on`)
    .addCheckConstraint('ads_featured_job', sql`kind <> 'featured' or job_id is not null`)
    .execute();
  await db.schema
    .createTable('ad_counts')
    .addColumn('ad_id', 'uuid', (c) => c.primaryKey().references('ads.id').onDelete('cascade'))
    .addColumn('impressions', 'bigint', zero)
    .addColumn('clicks', 'bigint', zero)
    .execute();
  await createNotifyFunction(db, 'tsunagu_ads_changed', `'tsunagu_ads'`, `''`);
  await createStatementTrigger(db, 'ads_changed', 'insert or update or delete or truncate', 'ads', 'tsunagu_ads_changed');
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ad_counts').ifExists().execute();
  await db.schema.dropTable('ads').ifExists().execute();
  await sql`drop function if exists tsunagu_ads_changed()`.execute(db);
}
