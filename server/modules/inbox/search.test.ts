import { describe, expect, it } from 'vitest';
import { gramsQuery, searchWords } from './search.ts';

describe('inbox search words', () => {
  it('normalises full-width letters, case and spaces, and keeps each word once', () => {
    expect(searchWords('  ＡＢＣ  東京\u3000abc ')).toEqual(['abc', '東京']);
  });

  it('asks for every bigram of every word, and a lone character as a prefix', () => {
    expect(gramsQuery(['東京駅'])).toBe("'東京' & '京駅'");
    expect(gramsQuery(['東', 'ab'])).toBe("'東':* & 'ab'");
  });

  it('escapes quotes and backslashes so a word cannot change the query', () => {
    expect(gramsQuery(["o'\\"])).toBe("'o''' & '''\\\\'");
  });

  it('has no query for no words', () => {
    expect(gramsQuery(searchWords('   '))).toBeNull();
  });
});
