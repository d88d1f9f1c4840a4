/** SPEC §3 "Enumeration store": the lists, replaced whole on a fetch-enums action. */
export interface EnumEntry {
  id: number;
  type: number;
  enum_job_translate_value: { language_key: string; value: string }[];
  name: string;
  label: string;
  value: number;
  enName: string | null;
}
export interface VisaEntry {
  id: number;
  ja: string;
  name: string;
}
export interface LanguageEntry {
  id: number;
  code: string;
  ja: string;
  en: string;
}

export interface EnumState {
  enums: EnumEntry[];
  genders: EnumEntry[];
  overtimes: EnumEntry[];
  languages: LanguageEntry[];
  jobWeeks: EnumEntry[];
  payTypes: EnumEntry[];
  visaTypes: VisaEntry[];
  readSkills: EnumEntry[];
  writeSkills: EnumEntry[];
  educations: EnumEntry[];
  computerSkills: EnumEntry[];
  jobTypes: EnumEntry[];
}

export type EnumAction =
  | { type: 'fetchEnums'; payload: Omit<EnumState, 'languages'> }
  | { type: 'fetchLanguages'; payload: LanguageEntry[] };

export const ENUM_STATE: EnumState = {
  enums: [],
  genders: [],
  overtimes: [],
  languages: [],
  jobWeeks: [],
  payTypes: [],
  visaTypes: [],
  readSkills: [],
  writeSkills: [],
  educations: [],
  computerSkills: [],
  jobTypes: [],
};

export function reduceEnums(state: EnumState, action: EnumAction): EnumState {
  switch (action.type) {
    // SPEC §4: the enumeration store is replaced on a fetch-enums action…
    case 'fetchEnums':
      return { ...ENUM_STATE, ...action.payload, languages: state.languages };
    // …and the languages list on a fetch-languages action.
    case 'fetchLanguages':
      return { ...state, languages: action.payload };
  }
}
