/**
 * The inbox's search words as the index reads them (migration 0053, `inbox_grams`): NFKC,
 * lowercased, whitespace folded; each word asks for all its character bigrams (a one-character
 * word for any bigram that starts with it). The rows the index finds are then checked for the
 * words themselves (`words`), so "東京" never matches a message that has 東 and 京 apart.
 */

/** At most this many words count (a longer query narrows no further and costs index work). */
const MAX_WORDS = 8;

export function searchWords(q: string): string[] {
  const words = q.normalize('NFKC').toLowerCase().split(/\s+/).filter((w) => w !== '');
  return [...new Set(words)].slice(0, MAX_WORDS);
}

const lexeme = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** The tsquery (as text, to cast with ::tsquery) that finds rows holding every word's bigrams; null for no words. */
export function gramsQuery(words: readonly string[]): string | null {
  const terms = new Set<string>();
  for (const w of words) {
    const chars = [...w];
    if (chars.length === 1) terms.add(`${lexeme(w)}:*`);
    for (let i = 0; i + 1 < chars.length; i++) terms.add(lexeme(chars[i]! + chars[i + 1]!));
  }
  return terms.size ? [...terms].join(' & ') : null;
}
