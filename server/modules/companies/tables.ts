import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, UpdatedAt } from '../../db/columns.ts';

/** The staffing companies and their clients. */

export interface CompaniesTable {
  id: Generated<string>;
  name: string;
  name_en: string;
  email: string | null;
  phone: string | null;
  status: ColumnType<'active' | 'trial' | 'suspended', 'active' | 'trial' | 'suspended' | undefined>;
  /** Payroll closing day and pay day (1–31, 31 = the month's end); quick pay on/off and its ceiling percent (migration 0003). */
  closing_day: ColumnType<number, number | undefined>;
  pay_day: ColumnType<number, number | undefined>;
  quickpay_enabled: ColumnType<boolean, boolean | undefined>;
  quickpay_rate: ColumnType<number, number | undefined>;
  /** The invoice registration number (T + 13 digits) and the account salaries are paid from (migration 0024). */
  registration_number: ColumnType<string, string | undefined>;
  /** Scout offers the company may send per month in Japan (migration 0026, docs/scouting.md). */
  scout_monthly_quota: ColumnType<number, number | undefined>;
  transfer_requester_code: ColumnType<string, string | undefined>;
  transfer_requester_name: ColumnType<string, string | undefined>;
  transfer_bank_code: ColumnType<string, string | undefined>;
  transfer_bank_name: ColumnType<string, string | undefined>;
  transfer_branch_code: ColumnType<string, string | undefined>;
  transfer_branch_name: ColumnType<string, string | undefined>;
  transfer_account_type: ColumnType<number, number | undefined>;
  transfer_account_number: ColumnType<string, string | undefined>;
  /** Points a worked shift earns and how many days they stay valid (migration 0025, docs/points.md). */
  points_per_shift: ColumnType<number, number | undefined>;
  points_valid_days: ColumnType<number, number | undefined>;
  /** The 協会けんぽ prefecture of the company's office, JIS X 0401 ('13'); null: health insurance not computed (migration 0045). */
  insurance_prefecture: ColumnType<string | null, string | null | undefined>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ClientsTable {
  id: Generated<string>;
  company_id: string;
  name: string;
  name_en: string;
  /** Invoice closing day (1–31) and days from closing to the due date (migration 0003). */
  billing_closing_day: ColumnType<number, number | undefined>;
  payment_due_days: ColumnType<number, number | undefined>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}
