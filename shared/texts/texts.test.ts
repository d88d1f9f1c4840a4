import { describe, expect, it } from 'vitest';
import { TEXTS, TEXT_PARTS, msg, msgText, textProblems, type TextKey } from './index.ts';

describe('the whole catalogue (browser part and server parts)', () => {
  it.each(Object.keys(TEXTS) as TextKey[])('%s reads in both languages with the same placeholders', (key) => {
    expect(textProblems(TEXTS[key])).toEqual([]);
  });

  it('keeps each key in one part only (a spread would let the later part win in silence)', () => {
    const seen = new Map<string, string>();
    for (const [part, entries] of Object.entries(TEXT_PARTS)) {
      for (const key of Object.keys(entries)) {
        expect(seen.get(key), `${key} is in ${seen.get(key)} and ${part}`).toBeUndefined();
        seen.set(key, part);
      }
    }
    expect(seen.size).toBe(Object.keys(TEXTS).length);
  });

  it('draws a browser message the same as shared/messages.ts does', () => {
    expect(msg('en', 'notice.shiftsAdded', { count: 3 })).toBe('Added 3 shift(s).');
    expect(msgText('notice.shiftsAdded', { count: 2 })).toEqual({ ja: '2件のシフトを追加しました。', en: 'Added 2 shift(s).' });
  });
});
