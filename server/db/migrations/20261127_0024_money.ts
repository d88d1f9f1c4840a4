import { type Kysely, sql } from 'kysely';
import { now, zero, timestamps, dropColumns, bilingual, userId, tenantTable, zeros, childTable, dropTables } from '../migration-kit.ts';

/**
 * Money (docs/payroll.md): pay lines made from attendance, daily transfer batches,
 * monthly pay runs, quick-pay advances, bank accounts, invoices and their lines; bill rates on
 * jobs and shifts; the company's invoice registration number and the account it pays from.
 * Every amount is integer yen.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // What the client is billed an hour: the job's rate, and a shift's own, which comes first where set.
  for (const table of ['jobs', 'job_daily_shifts']) {
    await db.schema
      .alterTable(table)
      .addColumn('bill_rate', 'integer', (c) => c.check(sql`bill_rate between 0 and 1000000`))
      .execute();
  }
  // How the job's shifts are paid: daily jobs daily, the others with the monthly run, unless set otherwise.
  await db.schema
    .alterTable('jobs')
    .addColumn('pay_mode', 'text', (c) => c.check(sql`pay_mode in ('daily', 'monthly')`))
    .execute();
  await sql`update jobs set pay_mode = case when kind = 'daily' then 'daily' else 'monthly' end`.execute(db);
  await sql`alter table jobs alter column pay_mode set default 'daily', alter column pay_mode set not null`.execute(db);
  // A new job's default follows its kind.
  await sql`
    create function jobs_pay_mode_default() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' and new.kind <> 'daily' and new.pay_mode = 'daily' then new.pay_mode := 'monthly'; end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger jobs_pay_mode_default before insert on jobs for each row execute function jobs_pay_mode_default()`.execute(db);
  await db.schema
    .alterTable('companies')
    .addColumn('registration_number', 'text', (c) => c.notNull().defaultTo('').check(sql`registration_number = '' or registration_number ~ '^T[0-9]{13}$'`))
    .addColumn('transfer_requester_code', 'text', (c) => c.notNull().defaultTo('').check(sql`transfer_requester_code = '' or transfer_requester_code ~ '^[0-9]{10}$'`))
    .addColumn('transfer_requester_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('transfer_bank_code', 'text', (c) => c.notNull().defaultTo('').check(sql`transfer_bank_code = '' or transfer_bank_code ~ '^[0-9]{4}$'`))
    .addColumn('transfer_bank_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('transfer_branch_code', 'text', (c) => c.notNull().defaultTo('').check(sql`transfer_branch_code = '' or transfer_branch_code ~ '^[0-9]{3}$'`))
    .addColumn('transfer_branch_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('transfer_account_type', 'integer', (c) => c.notNull().defaultTo(1).check(sql`transfer_account_type in (1, 2)`))
    .addColumn('transfer_account_number', 'text', (c) => c.notNull().defaultTo('').check(sql`transfer_account_number = '' or transfer_account_number ~ '^[0-9]{7}$'`))
    .execute();

  // The account a worker is paid into (a required document, entered on /staff).
  await db.schema
    .createTable('bank_accounts')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('bank_code', 'text', (c) => c.notNull().check(sql`bank_code ~ '^[0-9]{4}$'`))
    .addColumn('bank_name', 'text', (c) => c.notNull())
    .addColumn('branch_code', 'text', (c) => c.notNull().check(sql`branch_code ~ '^[0-9]{3}$'`))
    .addColumn('branch_name', 'text', (c) => c.notNull())
    .addColumn('account_type', 'integer', (c) => c.notNull().check(sql`account_type in (1, 2)`))
    .addColumn('account_number', 'text', (c) => c.notNull().check(sql`account_number ~ '^[0-9]{7}$'`))
    .addColumn('holder_kana', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', now)
    .execute();

  await tenantTable(db, 'transfer_batches')
    .addColumn('transfer_date', 'date', (c) => c.notNull())
    .$call(zeros('payees', 'total'))
    .addColumn('created_by_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', now)
    .execute();

  await tenantTable(db, 'pay_runs')
    .$call(userId)
    .addColumn('period_start', 'date', (c) => c.notNull())
    .addColumn('period_end', 'date', (c) => c.notNull())
    .addColumn('pay_date', 'date', (c) => c.notNull())
    .addColumn('shifts', 'integer', zero)
    .$call(minutesByKind)
    .$call(zeros('gross', 'advances', 'transfer_fee', 'net'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft').check(sql`status in ('draft', 'approved', 'paid')`))
    .$call(timestamps)
    .addUniqueConstraint('pay_runs_once', ['company_id', 'user_id', 'period_start'])
    .execute();

  await tenantTable(db, 'pay_lines')
    .$call(userId)
    .addColumn('application_id', 'uuid', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('attendance_id', 'uuid', (c) => c.notNull().unique().references('attendance.id').onDelete('cascade'))
    .addColumn('job_id', 'uuid', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('mode', 'text', (c) => c.notNull().check(sql`mode in ('daily', 'monthly')`))
    .addColumn('work_date', 'date', (c) => c.notNull())
    .addColumn('start_at', 'timestamptz', (c) => c.notNull())
    .addColumn('end_at', 'timestamptz', (c) => c.notNull())
    .addColumn('break_minutes', 'integer', zero)
    .addColumn('hourly_wage', 'integer', (c) => c.notNull())
    .addColumn('statutory_holiday', 'boolean', (c) => c.notNull().defaultTo(false))
    .$call(minutesByKind)
    .$call(zeros('base', 'overtime_premium', 'late_night_premium', 'holiday_premium', 'total', 'withholding', 'transfer_fee', 'advance_deducted', 'net'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'approved', 'transferred', 'failed')`))
    .addColumn('failure_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('batch_id', 'uuid', (c) => c.references('transfer_batches.id').onDelete('set null'))
    .addColumn('run_id', 'uuid', (c) => c.references('pay_runs.id').onDelete('set null'))
    .$call(timestamps)
    // A line is paid once: by a daily transfer or by a monthly run, never both.
    .addCheckConstraint('pay_lines_paid_once', sql`batch_id is null or run_id is null`)
    .execute();
  await db.schema.createIndex('pay_lines_company_date_idx').on('pay_lines').columns(['company_id', 'work_date']).execute();
  await db.schema.createIndex('pay_lines_user_idx').on('pay_lines').columns(['user_id', 'start_at']).execute();

  await tenantTable(db, 'advances')
    .$call(userId)
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount > 0`))
    .$call(zeros('fee', 'net'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('requested').check(sql`status in ('requested', 'approved', 'rejected', 'transferred', 'recovered')`))
    .addColumn('requested_on', 'date', (c) => c.notNull())
    .addColumn('decided_by_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('recovered_run_id', 'uuid', (c) => c.references('pay_runs.id').onDelete('set null'))
    .addColumn('recovered_batch_id', 'uuid', (c) => c.references('transfer_batches.id').onDelete('set null'))
    .$call(timestamps)
    .execute();
  await db.schema.createIndex('advances_user_idx').on('advances').columns(['user_id', 'company_id']).execute();

  await tenantTable(db, 'invoices')
    .addColumn('client_id', 'uuid', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('period_start', 'date', (c) => c.notNull())
    .addColumn('period_end', 'date', (c) => c.notNull())
    .addColumn('issue_date', 'date')
    .addColumn('due_date', 'date', (c) => c.notNull())
    .addColumn('registration_number', 'text', (c) => c.notNull().defaultTo(''))
    .$call(zeros('net', 'tax', 'total'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft').check(sql`status in ('draft', 'issued', 'paid')`))
    .$call(timestamps)
    .addUniqueConstraint('invoices_once', ['client_id', 'period_start'])
    .addUniqueConstraint('invoices_number', ['company_id', 'number'])
    .execute();

  await childTable(db, 'invoice_lines', 'invoice_id', 'invoices.id')
    .addColumn('attendance_id', 'uuid', (c) => c.references('attendance.id').onDelete('set null'))
    .addColumn('work_date', 'date', (c) => c.notNull())
    .$call(bilingual('description'))
    .addColumn('minutes', 'integer', (c) => c.notNull())
    .addColumn('unit_price', 'integer', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('tax_rate', 'integer', (c) => c.notNull().check(sql`tax_rate in (8, 10)`))
    .execute();
  await db.schema.createIndex('invoice_lines_invoice_idx').on('invoice_lines').column('invoice_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, ['invoice_lines', 'invoices', 'advances', 'pay_lines', 'pay_runs', 'transfer_batches', 'bank_accounts']);
  await dropColumns(db, 'companies', [
    'registration_number',
    'transfer_requester_code',
    'transfer_requester_name',
    'transfer_bank_code',
    'transfer_bank_name',
    'transfer_branch_code',
    'transfer_branch_name',
    'transfer_account_type',
    'transfer_account_number',
  ]);
  await db.schema.alterTable('job_daily_shifts').dropColumn('bill_rate').execute();
  await sql`drop trigger jobs_pay_mode_default on jobs`.execute(db);
  await sql`drop function jobs_pay_mode_default()`.execute(db);
  await db.schema.alterTable('jobs').dropColumn('bill_rate').dropColumn('pay_mode').execute();
}

/** The minutes worked, by the rate the law pays them at: a pay line's, and a pay run's sum of its lines. */
const minutesByKind = zeros('worked_minutes', 'overtime_minutes', 'over60_minutes', 'late_night_minutes', 'holiday_minutes');
