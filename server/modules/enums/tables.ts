import type { Generated } from 'kysely';
import type { CreatedAt, UpdatedAt } from '../../db/columns.ts';

/** Reference data: job enumerations with their translations, residence statuses, languages, industries and categories. */

export interface JobEnumsTable {
  id: Generated<number>;
  type: number;
  sort: Generated<number>;
  /** A job type's defaults for its jobs (migration 0050): the 特定技能 field and simple manual work. */
  ssw_field: Generated<string | null>;
  simple_labour: Generated<boolean | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface JobEnumTranslationsTable {
  enum_id: number;
  language_key: 'ja' | 'en';
  value: string;
}

export interface VisaTypesTable {
  id: Generated<number>;
  ja: string;
  en: string;
  sort: Generated<number>;
}

export interface LanguagesTable {
  id: Generated<number>;
  code: string;
  ja: string;
  en: string;
  sort: Generated<number>;
}

export interface JobIndustriesTable {
  id: Generated<string>;
  name_ja: string;
  name_en: string;
  sort: Generated<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface JobCategoriesTable {
  id: Generated<string>;
  industry_id: string | null;
  name_ja: string;
  name_en: string;
  sort: Generated<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}
