import { type Kysely, sql } from 'kysely';
import { now, timestamps, companyId, tenantTable, zeros, childTable, dropTables } from '../migration-kit.ts';

/**
 * Integrations (/admin/integration, /admin/integration/romuten): a company's connection to an
 * outside service (today Romuten, the labour-management service), what was pushed to it, and the
 * log of every sync.
 *
 * - `integration_connections`: one per company and service. The API key and secret are sealed
 *   together with AES-256-GCM under INTEGRATION_KEY (`credentials`, never the raw values); only
 *   their last four characters are kept in the clear, to show which key is set. `running_since`
 *   is the claim a sync takes with one UPDATE: one sync at a time per connection.
 * - `integration_items`: per connection, entity (worker | attendance) and our row, the version
 *   last delivered (a hash of what was sent), the remote id and the status last pulled. An item
 *   whose version has not changed is not sent again.
 * - `integration_syncs`: who started a sync, when, what it did (counts) and what went wrong.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await tenantTable(db, 'integration_connections')
    .addColumn('provider', 'text', (c) => c.notNull().check(sql`provider in ('romuten')`))
    .addColumn('base_url', 'text', (c) => c.notNull())
    .addColumn('credentials', 'text')
    .addColumn('api_key_last4', 'text')
    .addColumn('secret_last4', 'text')
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('last_sync_at', 'timestamptz')
    .addColumn('last_sync_status', 'text', (c) => c.check(sql`last_sync_status in ('ok','partial','failed')`))
    .addColumn('running_since', 'timestamptz')
    .$call(timestamps)
    .addUniqueConstraint('integration_connections_company_provider', ['company_id', 'provider'])
    .execute();
  await db.schema
    .createTable('integration_items')
    .addColumn('connection_id', 'uuid', (c) => c.notNull().references('integration_connections.id').onDelete('cascade'))
    .addColumn('entity', 'text', (c) => c.notNull().check(sql`entity in ('worker','attendance')`))
    .addColumn('entity_id', 'uuid', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('remote_id', 'text')
    .addColumn('remote_status', 'text')
    .addColumn('pushed_at', 'timestamptz', now)
    .addColumn('pulled_at', 'timestamptz')
    .addPrimaryKeyConstraint('integration_items_pk', ['connection_id', 'entity', 'entity_id'])
    .execute();
  await childTable(db, 'integration_syncs', 'connection_id', 'integration_connections.id')
    .$call(companyId)
    .addColumn('actor_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', now)
    .addColumn('finished_at', 'timestamptz')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('running').check(sql`status in ('running','ok','partial','failed')`))
    .$call(zeros('workers_pushed', 'attendance_pushed', 'unchanged', 'statuses_pulled', 'failed', 'retries'))
    .addColumn('errors', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
  await db.schema.createIndex('integration_syncs_connection_idx').on('integration_syncs').columns(['connection_id', 'started_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, ['integration_syncs', 'integration_items', 'integration_connections']);
}
