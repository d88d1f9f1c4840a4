import { type Kysely, sql } from 'kysely';
import { now, tenantTable } from '../migration-kit.ts';

/**
 * One person (docs/workforce.md "One person"): a row of a company's staff
 * registry may be linked to the registered candidate it is (`staff.person_user_id`); the
 * candidate's residence data then shows on the registry row. Each link or merge of two registry
 * rows is recorded in `person_merges` (from → into, what was taken from each side, by whom).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('staff')
    .addColumn('person_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  // A candidate is at most one row of a company's registry.
  await db.schema.createIndex('staff_person_per_company').on('staff').columns(['company_id', 'person_user_id']).unique().where(sql.ref('person_user_id'), 'is not', null).execute();
  await tenantTable(db, 'person_merges')
    // link: a registry row linked to a candidate; staff: a registry row merged into another.
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('link', 'staff')`))
    .addColumn('into_staff_id', 'uuid', (c) => c.references('staff.id').onDelete('set null'))
    .addColumn('from_staff_id', 'uuid')
    .addColumn('from_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('from_label', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('reasons', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    // { field: 'from' | 'into' }: which side each field's value came from.
    .addColumn('fields', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('merged_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('merged_by_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', now)
    .execute();
  await db.schema.createIndex('person_merges_company').on('person_merges').columns(['company_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('person_merges').execute();
  await db.schema.alterTable('staff').dropColumn('person_user_id').execute();
}
