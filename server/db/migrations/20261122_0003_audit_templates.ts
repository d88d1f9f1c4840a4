import { type Kysely, sql } from 'kysely';
import { uuidKey, now, zero, timestamps, dropColumns, bilingual, dropTables } from '../migration-kit.ts';

export async function up(db: Kysely<any>): Promise<void> {
  // Who changed what, when: one row per create, update or delete of any resource.
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull().check(sql`action in ('create','update','delete')`))
    .addColumn('actor_id', 'uuid')
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('company_id', 'uuid')
    .addColumn('changes', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('at', 'timestamptz', now)
    .execute();
  await db.schema.createIndex('audit_log_entity_idx').on('audit_log').columns(['entity', 'entity_id', 'at']).execute();

  // Per-tenant templates (company_id null = the platform default every new tenant starts from).
  await templateTable(db, 'job_statuses')
    .$call(bilingual('name'))
    .addColumn('color', 'text', (c) => c.notNull().defaultTo('#154D9E'))
    .addColumn('is_open', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('sort', 'integer', zero)
    .$call(timestamps)
    .execute();

  // A tree: a status path from the root gives the `roots` of SPEC §3's candidate rows.
  await templateTable(db, 'candidate_statuses')
    .addColumn('parent_id', 'uuid', (c) => c.references('candidate_statuses.id').onDelete('cascade'))
    .$call(bilingual('name'))
    .addColumn('list', 'text', (c) => c.notNull().defaultTo('candidate').check(sql`list in ('candidate','kakunin','shukkin')`))
    .addColumn('sort', 'integer', zero)
    .$call(timestamps)
    .execute();

  await templateTable(db, 'chatbot_messages')
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('daily','other')`))
    .addColumn('step', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('trigger', 'text', (c) => c.notNull().defaultTo(''))
    .$call(bilingual('message'))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .$call(timestamps)
    .execute();

  await templateTable(db, 'app_settings')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .$call(timestamps)
    .execute();
  await sql`create unique index app_settings_key_uq on app_settings (coalesce(company_id, '00000000-0000-0000-0000-000000000000'::uuid), key)`.execute(db);

  // Mail, contract and invoice templates share a shape: a key, a subject/title and a body per language.
  await templateTable(db, 'document_templates')
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('mail','contract','billing','terms','privacy')`))
    .addColumn('key', 'text', (c) => c.notNull())
    .$call(bilingual('subject', (c) => c.notNull().defaultTo('')))
    .$call(bilingual('body', (c) => c.notNull().defaultTo('')))
    .addColumn('published_at', 'timestamptz')
    .$call(timestamps)
    .execute();

  await db.schema.createTable('job_industries').addColumn('id', 'uuid', uuidKey).$call(bilingual('name')).addColumn('sort', 'integer', zero).$call(timestamps).execute();
  await db.schema
    .createTable('job_categories')
    .addColumn('id', 'uuid', uuidKey)
    .addColumn('industry_id', 'uuid', (c) => c.references('job_industries.id').onDelete('set null'))
    .$call(bilingual('name'))
    .addColumn('sort', 'integer', zero)
    .$call(timestamps)
    .execute();

  // Extra company/client fields the organization screens edit.
  // Company settings: payroll closing and pay days, quick pay (advance) availability and ceiling.
  await db.schema
    .alterTable('companies')
    .addColumn('address', 'text')
    .addColumn('representative', 'text')
    .addColumn('closing_day', 'integer', (c) => c.notNull().defaultTo(31))
    .addColumn('pay_day', 'integer', (c) => c.notNull().defaultTo(25))
    .addColumn('quickpay_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('quickpay_rate', 'integer', (c) => c.notNull().defaultTo(70))
    .execute();
  // Client settings: invoice closing day and payment terms.
  await db.schema
    .alterTable('clients')
    .addColumn('address', 'text')
    .addColumn('contact_name', 'text')
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('billing_closing_day', 'integer', (c) => c.notNull().defaultTo(31))
    .addColumn('payment_due_days', 'integer', (c) => c.notNull().defaultTo(30))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropColumns(db, 'clients', ['address', 'contact_name', 'email', 'phone', 'billing_closing_day', 'payment_due_days']);
  await dropColumns(db, 'companies', ['address', 'representative', 'closing_day', 'pay_day', 'quickpay_enabled', 'quickpay_rate']);
  await dropTables(db, ['job_categories', 'job_industries', 'document_templates', 'app_settings', 'chatbot_messages', 'candidate_statuses', 'job_statuses', 'audit_log']);
}

/**
 * A per-tenant template table, opened as each is: its `id`, then `company_id`, null for the
 * platform default every new tenant starts from; a company's own rows go with it.
 */
function templateTable(db: Kysely<any>, name: string) {
  return db.schema
    .createTable(name)
    .addColumn('id', 'uuid', uuidKey)
    .addColumn('company_id', 'uuid', (c) => c.references('companies.id').onDelete('cascade'));
}
