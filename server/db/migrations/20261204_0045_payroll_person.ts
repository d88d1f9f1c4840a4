import { type Kysely, sql } from 'kysely';
import { dropColumns } from '../migration-kit.ts';

/**
 * What pay needs to know of a person, kept on the company's staff registry row of that person
 * (staff.person_user_id) and edited on /admin/staff (docs/payroll.md "The person's payroll record"):
 *
 * - the 扶養控除等申告書 (所得税法第194条): filed with this company or not, and the dependants it
 *   declares — 甲欄 when filed, 乙欄 otherwise;
 * - the expected length of employment: up to 30 days, 31 days to 2 months, or longer / no fixed
 *   term — a contract of two months or less is a day hire (丙欄 of the 日額表, 第185条第1項第3号)
 *   and outside health insurance and pension; 31 days or more brings employment insurance;
 * - scheduled hours a week and whether a daytime student: insurance eligibility;
 * - the 標準報酬月額 (health insurance and pension premiums are on it, not on the month's pay);
 * - the resident tax to deduct each month (特別徴収, 地方税法第321条の5).
 *
 * And the company's 協会けんぽ prefecture (the office's, whose rate applies).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('staff')
    .addColumn('tax_form_filed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('dependents', 'integer', (c) => c.notNull().defaultTo(0).check(sql`dependents between 0 and 20`))
    .addColumn('employment_term', 'text', (c) => c.notNull().defaultTo('longer').check(sql`employment_term in ('days30', 'months2', 'longer')`))
    .addColumn('weekly_hours', 'integer', (c) => c.check(sql`weekly_hours between 0 and 80`))
    .addColumn('student', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('standard_monthly_remuneration', 'integer', (c) => c.check(sql`standard_monthly_remuneration between 58000 and 1390000`))
    .addColumn('resident_tax_monthly', 'integer', (c) => c.notNull().defaultTo(0).check(sql`resident_tax_monthly between 0 and 1000000`))
    .execute();
  await sql`create index staff_person_company_idx on staff (person_user_id, company_id) where person_user_id is not null`.execute(db);
  await db.schema
    .alterTable('companies')
    .addColumn('insurance_prefecture', 'text', (c) => c.check(sql`insurance_prefecture ~ '^(0[1-9]|[1-3][0-9]|4[0-7])$'`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('companies').dropColumn('insurance_prefecture').execute();
  await sql`drop index if exists staff_person_company_idx`.execute(db);
  await dropColumns(db, 'staff', ['tax_form_filed', 'dependents', 'employment_term', 'weekly_hours', 'student', 'standard_monthly_remuneration', 'resident_tax_monthly']);
}
