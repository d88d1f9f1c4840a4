import { sql, type RawBuilder } from 'kysely';
import { otherLang, type Lang } from '../../shared/i18n.ts';

/** What JavaScript's trim() removes that a language column may hold: spaces, tabs, line breaks, the ideographic space. */
const BLANKS = sql.raw(String.raw`E' \t\n\r\u3000'`);

/**
 * pickLang (shared/i18n.ts) in SQL, for a list that shows, sorts or searches a record's text in
 * the database: the column of `lang`, or the other language's when that one is blank (null or only
 * spaces). `ja` and `en` name the two columns (`'j.title_ja'`, `'j.title_en'`; `'cl.name'`,
 * `'cl.name_en'`). Null only when both are null (a row a left join did not find), where pickLang
 * says ''.
 */
export function pickLangSql(lang: Lang, ja: string, en: string): RawBuilder<string | null> {
  const cols: Record<Lang, RawBuilder<unknown>> = { ja: sql.ref(ja), en: sql.ref(en) };
  const own = cols[lang];
  return sql<string | null>`(case when btrim(${own}, ${BLANKS}) <> '' then ${own} else coalesce(${cols[otherLang(lang)]}, ${own}) end)`;
}
