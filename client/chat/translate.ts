import type { Lang } from '../../shared/i18n.ts';

/**
 * The inbox's translation hint (docs/inbox.md): which of our two languages a message is written
 * in, and the address of its translation where one is configured (TRANSLATE_URL_TEMPLATE). The
 * browser opens the link; the server never calls a translation service.
 */

const JAPANESE = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff66-\uff9f]/;
const LATIN = /[A-Za-z]/;

/** 'ja' when the text holds kana or kanji, 'en' when it holds Latin letters only, null when neither (digits, emoji). */
export function writtenIn(text: string): Lang | null {
  if (JAPANESE.test(text)) return 'ja';
  return LATIN.test(text) ? 'en' : null;
}

/** The template with {text} and {lang} filled, each encoded for a URL. */
export const translateHref = (template: string, text: string, lang: Lang): string => template.replaceAll('{text}', encodeURIComponent(text)).replaceAll('{lang}', encodeURIComponent(lang));
