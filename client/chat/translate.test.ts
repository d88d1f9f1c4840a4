import { describe, expect, it } from 'vitest';
import { translateHref, writtenIn } from './translate.ts';

describe('writtenIn', () => {
  it('tells Japanese (kana, kanji, half-width kana) from English, and says nothing of digits alone', () => {
    expect(writtenIn('明日は何時からですか？')).toBe('ja');
    expect(writtenIn('OK、わかりました')).toBe('ja');
    expect(writtenIn('ｶﾀｶﾅ')).toBe('ja');
    expect(writtenIn('What time tomorrow?')).toBe('en');
    expect(writtenIn('10:00 👍')).toBeNull();
  });
});

describe('translateHref', () => {
  it('fills {text} and {lang} encoded, so a message cannot break out of its parameter', () => {
    expect(translateHref('https://translate.example/?tl={lang}&text={text}', 'Fish & chips? #1', 'ja')).toBe('https://translate.example/?tl=ja&text=Fish%20%26%20chips%3F%20%231');
  });
});
