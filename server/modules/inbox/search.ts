/**
 * The inbox's search words as the index reads them (migration 0053, `inbox_grams`): NFKC,
 * lowercased, whitespace folded; each word asks for all its character bigrams (a one-character
 * word for any bigram that starts with it). The rows the index finds are then checked for the
 * words themselves (`words`), so "東京" never matches a message that has 東 and 京 apart.
 */

/** At most this many words count (a longer query narrows no further and costs index work). */
const MAX_WORDS = 8;

export function searchWords(q: string): string[] {
  const words = q
    .normalize('NFKC')
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w !== '');
  return [...new Set(words)].slice(0, MAX_WORDS);
}

const lexeme = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * A bigram in more than this share of the messages narrows the index's answer little and costs it
 * a long posting list to skip through (about 10 ms per bigram in half of a million messages): it is
 * left out of the index query, and the word check (`strpos`) still holds the search exact.
 */
export const COMMON_GRAM = 0.1;
/** However common its bigrams, a search asks the index for at least this many (the rarest). */
export const MIN_GRAMS = 3;

/**
 * The tsquery (as text, to cast with ::tsquery) that finds the rows that may hold every word: the
 * words' bigrams (a one-character word as a prefix) without the common ones (`frequency`: each
 * bigram's share of the messages, from the statistics; a bigram missing is rare), keeping at least
 * the MIN_GRAMS rarest. Any row holding the words holds the bigrams asked for, so leaving some out
 * finds a few more rows for the word check, never fewer. Null for no words.
 */
export function gramsQuery(words: readonly string[], frequency: ReadonlyMap<string, number> = new Map()): string | null {
  const prefixes = new Set<string>();
  const grams = new Set<string>();
  for (const w of words) {
    const chars = [...w];
    if (chars.length === 1) prefixes.add(w);
    for (let i = 0; i + 1 < chars.length; i++) grams.add(chars[i]! + chars[i + 1]!);
  }
  const share = (g: string) => frequency.get(g) ?? 0;
  const rarest = new Set([...grams].sort((a, b) => share(a) - share(b)).slice(0, MIN_GRAMS));
  const asked = [...grams].filter((g) => share(g) <= COMMON_GRAM || rarest.has(g));
  const terms = [...[...prefixes].map((w) => `${lexeme(w)}:*`), ...asked.map(lexeme)];
  return terms.length ? terms.join(' & ') : null;
}
