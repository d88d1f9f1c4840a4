import { type Kysely, sql } from 'kysely';

/**
 * Each statutory deduction of a monthly run its own column, so the payslip names each one and the
 * lines add up (docs/payroll.md "Deductions"): health insurance, nursing care, pension,
 * employment insurance, income tax (with the column of the table used and the dependants), and
 * resident tax; `notes` lists what was not computed and why. A daily pay line records the column
 * of the 日額表 its withholding used.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const yen = (c: any) => c.notNull().defaultTo(0);
  await db.schema
    .alterTable('pay_runs')
    .addColumn('health_insurance', 'integer', yen)
    .addColumn('nursing_insurance', 'integer', yen)
    .addColumn('pension', 'integer', yen)
    .addColumn('employment_insurance', 'integer', yen)
    .addColumn('income_tax', 'integer', yen)
    .addColumn('resident_tax', 'integer', yen)
    .addColumn('tax_column', 'text', (c) => c.check(sql`tax_column in ('kou', 'otsu')`))
    .addColumn('dependents', 'integer', yen)
    .addColumn('notes', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .execute();
  await db.schema
    .alterTable('pay_lines')
    .addColumn('tax_column', 'text', (c) => c.check(sql`tax_column in ('kou', 'otsu', 'hei')`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('pay_lines').dropColumn('tax_column').execute();
  await db.schema
    .alterTable('pay_runs')
    .dropColumn('health_insurance')
    .dropColumn('nursing_insurance')
    .dropColumn('pension')
    .dropColumn('employment_insurance')
    .dropColumn('income_tax')
    .dropColumn('resident_tax')
    .dropColumn('tax_column')
    .dropColumn('dependents')
    .dropColumn('notes')
    .execute();
}
