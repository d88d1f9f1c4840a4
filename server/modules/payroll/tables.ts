import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, UpdatedAt } from '../../db/columns.ts';

/** The money tables (migration 0024, docs/payroll.md). Amounts are integer yen. */
export interface MoneyTables {
  bank_accounts: BankAccountsTable;
  transfer_batches: TransferBatchesTable;
  pay_runs: PayRunsTable;
  pay_lines: PayLinesTable;
  advances: AdvancesTable;
  invoices: InvoicesTable;
  invoice_lines: InvoiceLinesTable;
}

type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Yen = ColumnType<number, number | undefined, number>;

export interface BankAccountsTable {
  user_id: string;
  bank_code: string;
  bank_name: string;
  branch_code: string;
  branch_name: string;
  account_type: 1 | 2;
  account_number: string;
  holder_kana: string;
  updated_at: Stamp;
}

export interface TransferBatchesTable {
  id: Generated<string>;
  company_id: string;
  transfer_date: string;
  payees: Yen;
  total: Yen;
  created_by_name: string;
  created_at: Stamp;
}

export type PayRunStatus = 'draft' | 'approved' | 'paid';

export interface PayRunsTable {
  id: Generated<string>;
  company_id: string;
  user_id: string;
  period_start: string;
  period_end: string;
  pay_date: string;
  shifts: Yen;
  worked_minutes: Yen;
  overtime_minutes: Yen;
  over60_minutes: Yen;
  late_night_minutes: Yen;
  holiday_minutes: Yen;
  gross: Yen;
  advances: Yen;
  transfer_fee: Yen;
  net: Yen;
  /** Statutory deductions (migration 0046): each its own payslip line. */
  health_insurance: Yen;
  nursing_insurance: Yen;
  pension: Yen;
  employment_insurance: Yen;
  income_tax: Yen;
  resident_tax: Yen;
  /** The 月額表 column the income tax used, and the dependants read in it. */
  tax_column: Generated<'kou' | 'otsu' | null>;
  dependents: Yen;
  /** What was not computed and why (keys of payNotes in deductions.ts). */
  notes: Generated<string[]>;
  status: Generated<PayRunStatus>;
  created_at: Stamp;
  updated_at: Stamp;
}

export type PayLineStatus = 'pending' | 'approved' | 'transferred' | 'failed';

export interface PayLinesTable {
  id: Generated<string>;
  company_id: string;
  user_id: string;
  application_id: string;
  attendance_id: string;
  job_id: string;
  mode: 'daily' | 'monthly';
  work_date: string;
  start_at: Date;
  end_at: Date;
  break_minutes: Yen;
  hourly_wage: number;
  statutory_holiday: Generated<boolean>;
  worked_minutes: Yen;
  overtime_minutes: Yen;
  over60_minutes: Yen;
  late_night_minutes: Yen;
  holiday_minutes: Yen;
  base: Yen;
  overtime_premium: Yen;
  late_night_premium: Yen;
  holiday_premium: Yen;
  total: Yen;
  withholding: Yen;
  /** The 日額表 column of the withholding: 丙 for a day hire, else 甲/乙 (migration 0046). */
  tax_column: Generated<'kou' | 'otsu' | 'hei' | null>;
  /** The dependants of a 甲欄 line (扶養親族等の数; 0 on 乙 and 丙, migration 0059). */
  dependents: Generated<number>;
  transfer_fee: Yen;
  advance_deducted: Yen;
  net: Yen;
  status: Generated<PayLineStatus>;
  failure_reason: Generated<string>;
  batch_id: string | null;
  run_id: string | null;
  created_at: Stamp;
  updated_at: Stamp;
}

export type AdvanceStatus = 'requested' | 'approved' | 'rejected' | 'transferred' | 'recovered';

export interface AdvancesTable {
  id: Generated<string>;
  company_id: string;
  user_id: string;
  amount: number;
  fee: Yen;
  net: Yen;
  status: Generated<AdvanceStatus>;
  requested_on: string;
  decided_by_name: Generated<string>;
  recovered_run_id: string | null;
  recovered_batch_id: string | null;
  created_at: Stamp;
  updated_at: Stamp;
}

export type InvoiceStatus = 'draft' | 'issued' | 'paid';

export interface InvoicesTable {
  id: Generated<string>;
  company_id: string;
  client_id: string;
  number: string;
  period_start: string;
  period_end: string;
  issue_date: string | null;
  due_date: string;
  registration_number: Generated<string>;
  net: Yen;
  tax: Yen;
  total: Yen;
  status: Generated<InvoiceStatus>;
  /** The billing template chosen when the invoice was made; null: the company's usual one. */
  template_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface InvoiceLinesTable {
  id: Generated<string>;
  invoice_id: string;
  attendance_id: string | null;
  work_date: string;
  description_ja: string;
  description_en: string;
  minutes: number;
  unit_price: number;
  amount: number;
  tax_rate: 8 | 10;
  /** What the line bills: the hours worked, or one premium on them (migration 0043). */
  kind: Generated<InvoiceLineKind>;
}
export type InvoiceLineKind = 'work' | 'overtime' | 'late_night' | 'holiday';

export interface PaymentSettingsTable {
  id: Generated<string>;
  one_row: ColumnType<boolean, never, never>;
  /** HH:MM, Japan time. */
  transfer_cutoff: Generated<string>;
  /** Yen per transfer, charged to the worker. */
  transfer_fee: Generated<number>;
  quickpay_enabled: Generated<boolean>;
  /** numeric(5,2), read as a string ("3.00"). */
  quickpay_fee_percent: ColumnType<string, string | number | undefined>;
  quickpay_min_fee: Generated<number>;
  quickpay_daily_limit: Generated<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}
