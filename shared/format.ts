/**
 * Dates, numbers and money in the reader's language, with Intl formatters made once per language
 * and style (building an Intl.DateTimeFormat costs ~50× a call to a cached one). Pure: the server,
 * the views and the islands all format through here. Days are days in Japan (Asia/Tokyo).
 */
import type { Lang } from './i18n.ts';

const TZ = 'Asia/Tokyo';
const LOCALE: Record<Lang, string> = { ja: 'ja-JP', en: 'en-GB' };

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function dtf(lang: Lang, key: string, o: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const k = `d:${lang}:${key}`;
  let f = cache.get(k) as Intl.DateTimeFormat | undefined;
  if (!f) cache.set(k, (f = new Intl.DateTimeFormat(LOCALE[lang], { timeZone: TZ, ...o })));
  return f;
}
function nf(lang: Lang): Intl.NumberFormat {
  const k = `n:${lang}`;
  let f = cache.get(k) as Intl.NumberFormat | undefined;
  if (!f) cache.set(k, (f = new Intl.NumberFormat(LOCALE[lang])));
  return f;
}

/** A calendar day 'YYYY-MM-DD' (a day in Japan) as an instant at its start. */
const dayStart = (day: string) => new Date(`${day}T00:00:00+09:00`);

/** A day with its weekday, short: "11月24日(火)" / "Tue 24 Nov". */
export const dateText = (day: string, lang: Lang): string => dtf(lang, 'day', { month: 'short', day: 'numeric', weekday: 'short' }).format(dayStart(day));

/** A day in full: "2026年11月24日" / "24 November 2026". @public (the UI kit's, for the screens to come) */
export const dateLong = (day: string, lang: Lang): string => dtf(lang, 'long', { year: 'numeric', month: 'long', day: 'numeric' }).format(dayStart(day));

/** An instant as day and time, short ("2026/11/24 9:05" / "24/11/2026, 09:05"), or its day only. */
export function dateTimeText(iso: string | Date, lang: Lang, o: { dateOnly?: boolean; medium?: boolean } = {}): string {
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  if (o.dateOnly) return dtf(lang, 'dateOnly', { dateStyle: 'short' }).format(d);
  return o.medium ? dtf(lang, 'medium', { dateStyle: 'medium', timeStyle: 'short' }).format(d) : dtf(lang, 'short', { dateStyle: 'short', timeStyle: 'short' }).format(d);
}

/** A whole number with the language's separators: 1,234. @public (the UI kit's, for the screens to come) */
export const numberText = (n: number, lang: Lang = 'ja'): string => nf(lang).format(n);

/** Yen: "¥1,300". Amounts are whole yen (no floating point touches money). */
export const yen = (n: number): string => `${n < 0 ? '-' : ''}¥${nf('ja').format(Math.abs(n))}`;
