import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, UpdatedAt } from '../../db/columns.ts';

/** A link of a registry row to its candidate, or a merge of two registry rows (migration 0034). */
export interface PersonMergesTable {
  id: Generated<string>;
  company_id: string;
  kind: 'link' | 'staff';
  into_staff_id: string | null;
  from_staff_id: string | null;
  from_user_id: string | null;
  /** The name of what was merged in, kept when that row is gone. */
  from_label: Generated<string>;
  /** Why the two were found to be one person: 'card', 'email'. */
  reasons: Generated<string[]>;
  /** Which side each field's value came from: { visa_expiry: 'from', phone: 'into', … }. */
  fields: ColumnType<Record<string, 'from' | 'into'>, string | undefined>;
  merged_by: string | null;
  merged_by_name: Generated<string>;
  created_at: CreatedAt;
}

// Staff registry and platform payment settings (migration 0005).
export interface StaffTable {
  id: Generated<string>;
  company_id: string;
  name: string;
  name_kana: string | null;
  email: string | null;
  phone: string | null;
  /** ISO 3166-1 alpha-2 code, or 'other'. */
  nationality: string | null;
  /** YYYY-MM-DD. */
  birth_date: string | null;
  /** A job-enum id of type 8. */
  gender: number | null;
  visa_type_id: number | null;
  /** YYYY-MM-DD: the residence card's expiry. */
  visa_expiry: string | null;
  /** A job-enum id of type 16. */
  read_skill: number | null;
  /** Codes of the languages table. */
  languages: Generated<string[]>;
  address: string | null;
  notes: Generated<string>;
  /** The registered candidate this row is (migration 0034, docs/workforce.md "One person"). */
  person_user_id: Generated<string | null>;
  /** The person's payroll record (migration 0045, docs/payroll.md "The person's payroll record"). */
  tax_form_filed: Generated<boolean>;
  dependents: Generated<number>;
  employment_term: Generated<'days30' | 'months2' | 'longer'>;
  weekly_hours: Generated<number | null>;
  student: Generated<boolean>;
  standard_monthly_remuneration: Generated<number | null>;
  resident_tax_monthly: Generated<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface StaffDocumentsTable {
  id: Generated<string>;
  staff_id: string;
  kind: 'residence_card' | 'passport' | 'certificate' | 'other';
  number: string | null;
  expires_on: string | null;
  note: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}
