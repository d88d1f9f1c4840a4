import type { Generated } from 'kysely';
import type { CreatedAt, UpdatedAt } from '../../db/columns.ts';

/** The staffing companies and their clients. */

export interface CompaniesTable {
  id: Generated<string>;
  name: string;
  name_en: string;
  email: string | null;
  phone: string | null;
  status: Generated<'active' | 'trial' | 'suspended'>;
  /** Payroll closing day and pay day (1–31, 31 = the month's end); quick pay on/off and its ceiling percent (migration 0003). */
  closing_day: Generated<number>;
  pay_day: Generated<number>;
  quickpay_enabled: Generated<boolean>;
  quickpay_rate: Generated<number>;
  /** The invoice registration number (T + 13 digits) and the account salaries are paid from (migration 0024). */
  registration_number: Generated<string>;
  /** Scout offers the company may send per month in Japan (migration 0026, docs/scouting.md). */
  scout_monthly_quota: Generated<number>;
  transfer_requester_code: Generated<string>;
  transfer_requester_name: Generated<string>;
  transfer_bank_code: Generated<string>;
  transfer_bank_name: Generated<string>;
  transfer_branch_code: Generated<string>;
  transfer_branch_name: Generated<string>;
  transfer_account_type: Generated<number>;
  transfer_account_number: Generated<string>;
  /** Points a worked shift earns and how many days they stay valid (migration 0025, docs/points.md). */
  points_per_shift: Generated<number>;
  points_valid_days: Generated<number>;
  /** The 協会けんぽ prefecture of the company's office, JIS X 0401 ('13'); null: health insurance not computed (migration 0045). */
  insurance_prefecture: Generated<string | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ClientsTable {
  id: Generated<string>;
  company_id: string;
  name: string;
  name_en: string;
  /** Invoice closing day (1–31) and days from closing to the due date (migration 0003). */
  billing_closing_day: Generated<number>;
  payment_due_days: Generated<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}
