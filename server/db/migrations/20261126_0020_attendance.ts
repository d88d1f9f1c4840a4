import { type Kysely, sql } from 'kysely';
import { uuidKey, now, companyId } from '../migration-kit.ts';

/**
 * Attendance (shukkin): one record per application (a daily job's application is
 * for one shift), what was scheduled and what happened — clock-in and clock-out, minutes of break,
 * status — and who recorded it. The money screens read these records (scheduled vs actual).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('attendance')
    .addColumn('id', 'uuid', uuidKey)
    .addColumn('application_id', 'uuid', (c) => c.notNull().unique().references('applications.id').onDelete('cascade'))
    .$call(companyId)
    .addColumn('shift_id', 'uuid', (c) => c.references('job_daily_shifts.id').onDelete('set null'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('present', 'late', 'absent', 'no_show')`))
    .addColumn('clock_in', 'timestamptz')
    .addColumn('clock_out', 'timestamptz')
    .addColumn('break_minutes', 'integer', (c) => c.notNull().defaultTo(0).check(sql`break_minutes between 0 and 1440`))
    .addColumn('recorded_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('recorded_by_name', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', now)
    .addColumn('created_at', 'timestamptz', now)
    .addCheckConstraint('attendance_out_after_in', sql`clock_out is null or (clock_in is not null and clock_out > clock_in)`)
    .execute();
  await db.schema.createIndex('attendance_company_idx').on('attendance').columns(['company_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('attendance').execute();
}
