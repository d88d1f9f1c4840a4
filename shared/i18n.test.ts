import { describe, expect, it } from 'vitest';
import { chooseLang, LANG_NAMES, fellBack, otherLang, pickLang } from './i18n.ts';

describe('pickLang: a record read in the page language', () => {
  it("gives the page language's column", () => {
    expect(pickLang('ja', '倉庫作業', 'Warehouse work')).toBe('倉庫作業');
    expect(pickLang('en', '倉庫作業', 'Warehouse work')).toBe('Warehouse work');
  });

  it('falls back to the other language when that column is empty, null or blank', () => {
    // A company that only typed its Japanese name still has a name on English pages, and back.
    expect(pickLang('en', 'さくら人材', '')).toBe('さくら人材');
    expect(pickLang('en', 'さくら人材', null)).toBe('さくら人材');
    expect(pickLang('en', 'さくら人材', '   ')).toBe('さくら人材');
    expect(pickLang('ja', undefined, 'Sakura Staffing')).toBe('Sakura Staffing');
    expect(pickLang('ja', null, null)).toBe('');
  });
});

describe('the language switch', () => {
  it('offers the other language under its own name', () => {
    expect(otherLang('ja')).toBe('en');
    expect(otherLang('en')).toBe('ja');
    expect(LANG_NAMES[otherLang('ja')]).toBe('English');
    expect(LANG_NAMES[otherLang('en')]).toBe('日本語');
  });

  it('keeps choosing the cookie, then Accept-Language, then Japanese', () => {
    expect(chooseLang('en', 'ja')).toBe('en');
    expect(chooseLang(undefined, 'fr;q=1, en;q=0.5')).toBe('en');
    expect(chooseLang(undefined, undefined)).toBe('ja');
  });
});

describe('fellBack: whether the reader sees the other language', () => {
  it('is true only when the own column is blank and the other one is not', () => {
    expect(fellBack('en', '江東区', '')).toBe(true);
    expect(fellBack('en', '江東区', 'Koto')).toBe(false);
    expect(fellBack('ja', '江東区', '')).toBe(false);
    expect(fellBack('ja', '', 'Koto')).toBe(true);
    expect(fellBack('en', '', '  ')).toBe(false);
  });
});
