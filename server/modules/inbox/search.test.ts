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

  it('leaves the common bigrams to the word check, keeping the three rarest however common', () => {
    const frequency = new Map([
      ['co', 1],
      ['on', 0.51],
      ['nv', 0.5],
      ['42', 0.025],
      ['24', 0.045],
      ['2:', 0.17],
    ]);
    // "conversation 4242:": the rare pieces of 4242: ask the index; conversation's are checked as a word.
    expect(gramsQuery(['co', 'on', 'nv', '4242:'], frequency)).toBe("'42' & '24' & '2:'");
    // 正面入口 is everywhere: its three bigrams are still asked.
    expect(
      gramsQuery(
        ['正面入口'],
        new Map([
          ['正面', 0.49],
          ['面入', 0.49],
          ['入口', 0.49],
        ]),
      ),
    ).toBe("'正面' & '面入' & '入口'");
    // A bigram the statistics do not list is rare.
    expect(gramsQuery(['東京駅'], frequency)).toBe("'東京' & '京駅'");
  });

  it('escapes quotes and backslashes so a word cannot change the query', () => {
    expect(gramsQuery(["o'\\"])).toBe("'o''' & '''\\\\'");
  });

  it('has no query for no words', () => {
    expect(gramsQuery(searchWords('   '))).toBeNull();
  });
});
