/**
 * What the public job boards and the pages that link to them share: the two kinds of job and
 * their boards' addresses, and the choices of the search and registration forms.
 */
import { operation } from '../../../api/documents.ts';
import type { ScreenContext } from '../../../web/screen.ts';
import type { Choice } from '../../../../views/pages/public/JobSearch.tsx';
import { prefectureChoices } from '../prefectures.ts';

/** The boards' search choices: only the job types, visa types and languages they offer (not every enumeration with every translation), in one call. */
const BoardChoices = operation(/* GraphQL */ `
  query BoardChoices {
    enums {
      jobTypes { id enum_job_translate_value { language_key value } }
      visaTypes { id ja en }
    }
    languages { code ja en }
  }`);

export type Kind = 'daily' | 'other';
/** The API's job kind (a String in the schema) as the pages' own type. */
export const asKind = (k: string): Kind => (k === 'daily' ? 'daily' : 'other');
export const BASE: Record<Kind, '/daily' | '/part-time'> = { daily: '/daily', other: '/part-time' };

/** The choices of the search and registration forms, in the page's language. */
export async function choices({ call, lang }: ScreenContext) {
  const { enums, languages } = await call(BoardChoices);
  const valueIn = (e: { enum_job_translate_value: { language_key: string; value: string }[] }) => e.enum_job_translate_value.find((t) => t.language_key === lang)?.value ?? '';
  return {
    prefectures: prefectureChoices(lang),
    jobTypes: enums.jobTypes.map((e): Choice => ({ value: String(e.id), label: valueIn(e) })),
    visaTypes: enums.visaTypes.map((v): Choice => ({ value: String(v.id), label: v[lang] })),
    languages: languages.map((l): Choice => ({ value: l.code, label: l[lang] })),
  };
}
