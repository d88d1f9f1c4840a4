import type { ColumnType, Generated } from 'kysely';

/** A link of a registry row to its candidate, or a merge of two registry rows (migration 0034). */
export interface PersonMergesTable {
  id: Generated<string>;
  company_id: string;
  kind: 'link' | 'staff';
  into_staff_id: string | null;
  from_staff_id: string | null;
  from_user_id: string | null;
  /** The name of what was merged in, kept when that row is gone. */
  from_label: ColumnType<string, string | undefined>;
  /** Why the two were found to be one person: 'card', 'email'. */
  reasons: ColumnType<string[], string[] | undefined>;
  /** Which side each field's value came from: { visa_expiry: 'from', phone: 'into', … }. */
  fields: ColumnType<Record<string, 'from' | 'into'>, string | undefined>;
  merged_by: string | null;
  merged_by_name: ColumnType<string, string | undefined>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}
