import { type Kysely, sql } from 'kysely';
import { uuidKey, timestamps, tenantTable, childTable, dropTables } from '../migration-kit.ts';

export async function up(db: Kysely<any>): Promise<void> {
  // The registry of foreign staff (/admin/staff): each person belongs to the company that
  // registered them. Gender and reading skill are job-enum ids (types 8 and 16, SPEC §3).
  await tenantTable(db, 'staff')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_kana', 'text')
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    // ISO 3166-1 alpha-2, or 'other'.
    .addColumn('nationality', 'text')
    .addColumn('birth_date', 'date')
    .addColumn('gender', 'integer', (c) => c.references('job_enums.id').onDelete('set null'))
    .addColumn('visa_type_id', 'integer', (c) => c.references('visa_types.id').onDelete('set null'))
    .addColumn('visa_expiry', 'date')
    .addColumn('read_skill', 'integer', (c) => c.references('job_enums.id').onDelete('set null'))
    // Codes of the languages table (ja, vi, …).
    .addColumn('languages', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('address', 'text')
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .$call(timestamps)
    .execute();
  await db.schema.createIndex('staff_company_idx').on('staff').columns(['company_id', 'name']).execute();
  await db.schema.createIndex('staff_visa_expiry_idx').on('staff').column('visa_expiry').execute();

  // Identity and permit documents of a staff member, shown on the person's record page.
  await childTable(db, 'staff_documents', 'staff_id', 'staff.id')
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('residence_card','passport','certificate','other')`))
    .addColumn('number', 'text')
    .addColumn('expires_on', 'date')
    .addColumn('note', 'text')
    .$call(timestamps)
    .execute();
  await db.schema.createIndex('staff_documents_staff_idx').on('staff_documents').column('staff_id').execute();

  // Platform-wide salary transfer and quick pay settings (/admin/system/payment): exactly one row.
  await db.schema
    .createTable('payment_settings')
    .addColumn('id', 'uuid', uuidKey)
    .addColumn('one_row', 'boolean', (c) => c.notNull().defaultTo(true).unique().check(sql`one_row`))
    // Transfers requested after this time of day (Japan) go out on the next business day.
    .addColumn('transfer_cutoff', 'text', (c) => c.notNull().defaultTo('15:00').check(sql`transfer_cutoff ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`))
    .addColumn('transfer_fee', 'integer', (c) => c.notNull().defaultTo(165).check(sql`transfer_fee >= 0`))
    .addColumn('quickpay_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('quickpay_fee_percent', sql`numeric(5,2)`, (c) => c.notNull().defaultTo(3).check(sql`quickpay_fee_percent between 0 and 100`))
    .addColumn('quickpay_min_fee', 'integer', (c) => c.notNull().defaultTo(330).check(sql`quickpay_min_fee >= 0`))
    .addColumn('quickpay_daily_limit', 'integer', (c) => c.notNull().defaultTo(30000).check(sql`quickpay_daily_limit >= 0`))
    .$call(timestamps)
    .execute();
  await db.insertInto('payment_settings').defaultValues().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, ['payment_settings', 'staff_documents', 'staff']);
}
