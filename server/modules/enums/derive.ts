import { ENUM_TYPES } from './reference-data.ts';

/** A job-enum record as stored and sent (SPEC §3). */
export interface JobEnumRecord {
  id: number;
  type: number;
  enum_job_translate_value: { language_key: 'ja' | 'en'; value: string }[];
  /** A job type's defaults for its jobs (docs/workforce.md "The data behind the rules"): the 特定技能 field and simple manual work; null on other types. */
  ssw_field?: string | null;
  simple_labour?: boolean | null;
}

export interface DerivedJobEnum extends JobEnumRecord {
  /** The Japanese value. */
  name: string;
  /** The Japanese value. */
  label: string;
  /** The id. */
  value: number;
  /** The English value, only on the read-skill list (SPEC §3); null elsewhere. */
  enName: string | null;
}

const valueIn = (r: JobEnumRecord, lang: 'ja' | 'en') => r.enum_job_translate_value.find((t) => t.language_key === lang)?.value;

/** SPEC §3: name and label are the Japanese value, value is the id, enName only for read skills. */
export function deriveJobEnum(r: JobEnumRecord): DerivedJobEnum {
  const ja = valueIn(r, 'ja') ?? '';
  return {
    ...r,
    name: ja,
    label: ja,
    value: r.id,
    enName: r.type === ENUM_TYPES.readSkills ? (valueIn(r, 'en') ?? null) : null,
  };
}

/** SPEC §3: visa types arrive with id and ja and are shown as id plus name. */
export function deriveVisaType(v: { id: number; ja: string; en: string }): { id: number; ja: string; en: string; name: string } {
  return { ...v, name: v.ja };
}
