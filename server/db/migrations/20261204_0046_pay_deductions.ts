import { type Kysely, sql } from 'kysely';
import { zero, dropColumns, zeros } from '../migration-kit.ts';

/**
 * Each statutory deduction of a monthly run its own column, so the payslip names each one and the
 * lines add up (docs/payroll.md "Deductions"): health insurance, nursing care, pension,
 * employment insurance, income tax (with the column of the table used and the dependants), and
 * resident tax; `notes` lists what was not computed and why. A daily pay line records the column
 * of the 日額表 its withholding used.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('pay_runs')
    .$call(zeros('health_insurance', 'nursing_insurance', 'pension', 'employment_insurance', 'income_tax', 'resident_tax'))
    .addColumn('tax_column', 'text', (c) => c.check(sql`tax_column in ('kou', 'otsu')`))
    .addColumn('dependents', 'integer', zero)
    .addColumn('notes', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .execute();
  await db.schema
    .alterTable('pay_lines')
    .addColumn('tax_column', 'text', (c) => c.check(sql`tax_column in ('kou', 'otsu', 'hei')`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('pay_lines').dropColumn('tax_column').execute();
  await dropColumns(db, 'pay_runs', ['health_insurance', 'nursing_insurance', 'pension', 'employment_insurance', 'income_tax', 'resident_tax', 'tax_column', 'dependents', 'notes']);
}
