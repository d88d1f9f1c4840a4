import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, UpdatedAt } from '../../db/columns.ts';

/** What a company sets up from the platform's defaults: status lists, settings and document templates. */

// Template tables (migrations 0003 and 0004). company_id null = the platform default.
export interface JobStatusesTable {
  id: Generated<string>;
  company_id: string | null;
  name_ja: string;
  name_en: string;
  color: Generated<string>;
  is_open: Generated<boolean>;
  sort: Generated<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface CandidateStatusesTable {
  id: Generated<string>;
  company_id: string | null;
  /** The parent in the status tree; null for a root. */
  parent_id: string | null;
  name_ja: string;
  name_en: string;
  list: Generated<'candidate' | 'kakunin' | 'shukkin'>;
  sort: Generated<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface AppSettingsTable {
  id: Generated<string>;
  company_id: string | null;
  key: string;
  value: Generated<string>;
  description: Generated<string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export type DocumentKind = 'mail' | 'contract' | 'billing' | 'terms' | 'privacy';

export interface DocumentTemplatesTable {
  id: Generated<string>;
  company_id: string | null;
  kind: DocumentKind;
  /** The template's key (mail: what the system sends it for; terms/privacy: the version). */
  key: string;
  subject_ja: Generated<string>;
  subject_en: Generated<string>;
  body_ja: Generated<string>;
  body_en: Generated<string>;
  published: Generated<boolean>;
  /** Kept by a trigger: set when `published` becomes true, null while unpublished. */
  published_at: ColumnType<Date | null, Date | string | null | undefined>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}
