/** The two languages of the product (DESIGN.md §4). Japanese is the default. */
export const LANGS = ['ja', 'en'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'ja';

/** A text in both languages. */
export type Text = { ja: string; en: string };

export function isLang(value: unknown): value is Lang {
  return value === 'ja' || value === 'en';
}

/** Picks the text for a language. */
export function tr(lang: Lang, text: Text): string {
  return text[lang];
}

const OTHER: Readonly<Record<Lang, Lang>> = { ja: 'en', en: 'ja' };

/** The other language (what the language switch offers). */
export function otherLang(lang: Lang): Lang {
  return OTHER[lang];
}

/** Each language's name in that language, as the language switch shows it. */
export const LANG_NAMES: Readonly<Record<Lang, string>> = { ja: '日本語', en: 'English' };

/**
 * The one way to choose between a record's two language columns (title_ja / title_en, name /
 * name_en, message_ja / message_en): the column of `lang`, or the other language's when that one
 * is empty (null, undefined or only spaces), so a record written in one language still reads in
 * both. '' only when both are empty.
 */
export function pickLang(lang: Lang, ja: string | null | undefined, en: string | null | undefined): string {
  const cols: Record<Lang, string | null | undefined> = { ja, en };
  const own = cols[lang];
  if (own != null && own.trim() !== '') return own;
  return cols[OTHER[lang]] ?? own ?? '';
}

/** Whether `pickLang` had to fall back: the reader's column is blank and the other one is not. */
export function fellBack(lang: Lang, ja: string | null | undefined, en: string | null | undefined): boolean {
  const cols: Record<Lang, string | null | undefined> = { ja, en };
  return (cols[lang] ?? '').trim() === '' && (cols[OTHER[lang]] ?? '').trim() !== '';
}

/**
 * The language of a request: the `lang` cookie wins, else the first supported
 * language of Accept-Language (in q order), else Japanese.
 */
export function chooseLang(cookieLang: unknown, acceptLanguage: string | undefined): Lang {
  if (isLang(cookieLang)) return cookieLang;
  if (acceptLanguage) {
    const ranked = acceptLanguage
      .split(',')
      .map((part, index) => {
        const [tag = '', ...params] = part.trim().split(';');
        const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
        const weight = q ? Number(q.slice(2)) : 1;
        return { base: tag.toLowerCase().split('-')[0] ?? '', weight: Number.isFinite(weight) ? weight : 0, index };
      })
      .filter((x) => x.weight > 0)
      .sort((a, b) => b.weight - a.weight || a.index - b.index);
    for (const { base } of ranked) if (isLang(base)) return base;
  }
  return DEFAULT_LANG;
}

const orders = new WeakMap<readonly unknown[], Partial<Record<Lang, readonly unknown[]>>>();

/**
 * Choices whose labels are names (countries) in the alphabetical order of the reader's language,
 * kept for each list and language; an option 'other' stays last, where people look for it.
 */
export function inReaderOrder<T extends { value: string; label: Text }>(options: readonly T[], lang: Lang): readonly T[] {
  let byLang = orders.get(options);
  if (!byLang) orders.set(options, (byLang = {}));
  const known = byLang[lang] as readonly T[] | undefined;
  if (known) return known;
  const collator = new Intl.Collator(lang);
  const rank = (o: T) => (o.value === 'other' ? 1 : 0);
  const sorted = [...options].sort((a, b) => rank(a) - rank(b) || collator.compare(a.label[lang], b.label[lang]));
  byLang[lang] = sorted;
  return sorted;
}
