/**
 * Dates, numbers and money in the reader's language, with Intl formatters made once per language
 * and style (building an Intl.DateTimeFormat costs ~50× a call to a cached one). Pure: the server,
 * the views and the islands all format through here. Days are days in Japan (Asia/Tokyo).
 */
import type { Lang } from './i18n.ts';
import { msg } from './messages.ts';
import { isDay, todayInJapan } from './time.ts';

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

/**
 * A region's name (an ISO 3166-1 alpha-2 code, 'VN') in the language: "ベトナム" / "Vietnam";
 * the code itself when ICU has no name for it. shared/countries.ts says which codes are countries.
 */
export function regionName(code: string, lang: Lang): string {
  let f = regions.get(lang);
  if (!f) regions.set(lang, (f = new Intl.DisplayNames(LOCALE[lang], { type: 'region', fallback: 'code' })));
  return f.of(code) ?? code;
}
const regions = new Map<Lang, Intl.DisplayNames>();

/** A calendar day 'YYYY-MM-DD' (a day in Japan) as an instant at its start. */
const dayStart = (day: string) => new Date(`${day}T00:00:00+09:00`);

/**
 * A day with its weekday, short: "11月24日(火)" / "Tue 24 Nov". Remembered per language and day (a
 * board's cards share a few days, and ICU's format costs microseconds a call); at most 2,000 kept.
 */
export function dateText(day: string, lang: Lang): string {
  const k = lang + day;
  let text = dayTexts.get(k);
  if (text === undefined) {
    if (dayTexts.size >= 2_000) dayTexts.clear();
    dayTexts.set(k, (text = dtf(lang, 'day', { month: 'short', day: 'numeric', weekday: 'short' }).format(dayStart(day))));
  }
  return text;
}
const dayTexts = new Map<string, string>();

/**
 * A day with its year and weekday, short: "2026年11月24日(火)" / "Tue, 24 Nov 2026". For a record
 * that outlives the year (a card's expiry, a shift on a person's record), where "24 Nov" is unsure.
 */
export const dateYearText = (day: string, lang: Lang): string => dtf(lang, 'dayYear', { year: 'numeric', month: 'short', day: 'numeric', weekday: 'short' }).format(dayStart(day));

/** A day in full: "2026年11月24日" / "24 November 2026"; of a calendar day 'YYYY-MM-DD' or of an instant (its day in Japan). */
export const dateLong = (day: string | Date, lang: Lang): string => dtf(lang, 'long', { year: 'numeric', month: 'long', day: 'numeric' }).format(isDay(day) ? dayStart(day) : new Date(day));

/** An instant as day and time, short ("2026/11/24 9:05" / "24/11/2026, 09:05"), or its day only. */
export function dateTimeText(iso: string | Date, lang: Lang, o: { dateOnly?: boolean; medium?: boolean } = {}): string {
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  if (o.dateOnly) return dtf(lang, 'dateOnly', { dateStyle: 'short' }).format(d);
  return o.medium ? dtf(lang, 'medium', { dateStyle: 'medium', timeStyle: 'short' }).format(d) : dtf(lang, 'short', { dateStyle: 'short', timeStyle: 'short' }).format(d);
}

/** A weekday's short name, of a day 'YYYY-MM-DD' or of a weekday number (0 = Sunday … 6 = Saturday): "月" / "Mon". */
export function weekdayText(day: string | number, lang: Lang): string {
  // 2026-11-22 is a Sunday: the weekday n is n days after it.
  const d = typeof day === 'number' ? dayStart(`2026-11-${String(22 + day)}`) : dayStart(day);
  return dtf(lang, 'weekday', { weekday: 'short' }).format(d);
}

/** An instant's time of day in Japan: "09:05". */
export const timeText = (iso: string | Date, lang: Lang): string => dtf(lang, 'time', { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

/** An instant as month, day and time, without the year: "11/24 09:05" / "24/11, 09:05". */
export const dayTimeText = (iso: string | Date, lang: Lang): string => dtf(lang, 'dayTime', { month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

/**
 * When something happened, as a list shows it: the time if it was today (in Japan), else the day
 * ("11/24" / "24/11"). '' for a value that is not a date.
 */
export function stampText(iso: string | Date, lang: Lang, now: Date = new Date()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return todayInJapan(d) === todayInJapan(now) ? timeText(d, lang) : dtf(lang, 'monthDay', { month: 'numeric', day: 'numeric' }).format(d);
}

/**
 * A whole number with the language's separators: 1,234. Both languages group whole numbers by
 * threes with a comma, so a safe integer is grouped here (a list of 50 rows formats hundreds of
 * numbers, and ICU's format costs several times more); anything else goes through Intl.
 * @public (the UI kit's, for the screens to come)
 */
export const numberText = (n: number, lang: Lang = 'ja'): string => (Number.isSafeInteger(n) ? grouped(n) : nf(lang).format(n));
const grouped = (n: number): string => `${n < 0 ? '-' : ''}${String(Math.abs(n)).replace(THOUSANDS, ',')}`;
const THOUSANDS = /\B(?=(\d{3})+$)/g;

/**
 * Lists and boards count matches up to this many and no further: counting every
 * match of a broad search over a large table costs more than the page, and nobody pages that far.
 * A count past it arrives as COUNT_CAP + 1 and reads "1,000+" (`countText`).
 */
export const COUNT_CAP = 1_000;

/** A list's count as the reader sees it: "1,234", or "1,000+" past COUNT_CAP. */
export const countText = (n: number, lang: Lang = 'ja'): string => (n > COUNT_CAP ? `${numberText(COUNT_CAP, lang)}+` : numberText(n, lang));

/** Yen: "¥1,300". Amounts are whole yen (no floating point touches money). */
export const yen = (n: number): string => `${n < 0 ? '-' : ''}¥${numberText(Math.abs(n))}`;

/**
 * A job's pay as the public pages say it: its pay type's name, in the reader's language, before the
 * amount ("Hourly ¥1,300", "時給 ¥1,300"), and what a day or month rate comes to an hour when known
 * ("日給 ¥9,800（時給換算 ¥2,450）", "Daily ¥9,800 (¥2,450 an hour)").
 */
export function wageText(wage: number, payType: string | null | undefined, perHour?: { lang: Lang; hourlyPay: number | null }): string {
  const pay = payType ? `${payType} ${yen(wage)}` : yen(wage);
  return perHour?.hourlyPay ? msg(perHour.lang, 'board.hourlyPay', { pay, hourly: yen(perHour.hourlyPay) }) : pay;
}

/** A duration in minutes in words, for people rather than tables of figures: 1,650 → "27時間30分" / "27 h 30 min"; 240 → "4時間" / "4 h"; 30 → "30分" / "30 min". */
export function hoursMinutesText(minutes: number, lang: Lang): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (!h) return msg(lang, 'format.minutes', { m });
  return m ? msg(lang, 'format.hoursMinutes', { h: numberText(h), m }) : msg(lang, 'format.hours', { h: numberText(h) });
}

/** A duration in minutes as hours and minutes: 510 → "8:30". */
export const minutesText = (minutes: number): string => `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
