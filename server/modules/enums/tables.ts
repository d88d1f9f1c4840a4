import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, UpdatedAt } from '../../db/columns.ts';

/** Reference data: job enumerations with their translations, residence statuses, languages, industries and categories. */

export interface JobEnumsTable {
  id: Generated<number>;
  type: number;
  sort: ColumnType<number, number | undefined>;
  /** A job type's defaults for its jobs (migration 0050): the 特定技能 field and simple manual work. */
  ssw_field: ColumnType<string | null, string | null | undefined>;
  simple_labour: ColumnType<boolean | null, boolean | null | undefined>;
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
  sort: ColumnType<number, number | undefined>;
}

export interface LanguagesTable {
  id: Generated<number>;
  code: string;
  ja: string;
  en: string;
  sort: ColumnType<number, number | undefined>;
}

export interface JobIndustriesTable {
  id: Generated<string>;
  name_ja: string;
  name_en: string;
  sort: ColumnType<number, number | undefined>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface JobCategoriesTable {
  id: Generated<string>;
  industry_id: string | null;
  name_ja: string;
  name_en: string;
  sort: ColumnType<number, number | undefined>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}
