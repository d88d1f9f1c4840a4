import { describe, expect, it } from 'vitest';
import { MESSAGES, msg, msgParts, msgText, type MessageKey } from './messages.ts';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the message catalogue', () => {
  it.each(Object.keys(MESSAGES) as MessageKey[])('%s reads in both languages with the same placeholders', (key) => {
    const { ja, en } = MESSAGES[key];
    expect(ja.trim()).not.toBe('');
    expect(en.trim()).not.toBe('');
    expect(placeholders(ja)).toEqual(placeholders(en));
    // English text has no Japanese in it (a copy-paste slip shows up on English pages).
    expect(en).not.toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(msg('en', 'notice.shiftsAdded', { count: 3 })).toBe('Added 3 shift(s).');
    expect(msg('ja', 'notice.shiftsAdded', { count: 3 })).toBe('3件のシフトを追加しました。');
    expect(msg('en', 'notice.shiftsAdded')).toBe('Added {count} shift(s).');
  });

  it('gives both languages of a message, filled', () => {
    expect(msgText('notice.shiftsAdded', { count: 2 })).toEqual({ ja: '2件のシフトを追加しました。', en: 'Added 2 shift(s).' });
  });

  it("splits a sentence around the elements placed in it, in each language's own order", () => {
    const link = { href: '/policy' };
    expect(msgParts('en', 'contact.privacyNote', { policy: link })).toEqual(['We handle your personal information as described in our ', link, '.']);
    expect(msgParts('ja', 'contact.privacyNote', { policy: link })).toEqual(['お預かりした個人情報は、', link, 'に従って取り扱います。']);
  });
});
