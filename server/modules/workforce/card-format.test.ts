import { describe, expect, it } from 'vitest';
import { CardRecordInput } from './card-checks.ts';
import { cardNumberMatches } from './card-format.ts';

describe('the residence-card number', () => {
  it('matches two letters, eight digits, two letters, and nothing else', () => {
    expect(cardNumberMatches('AB12345678CD')).toBe(true);
    for (const n of ['AB1234567CD', 'AB123456789CD', 'A112345678CD', 'AB12345678C1', 'ab12345678cd', 'AB12345678CD ', '', '１２']) expect(cardNumberMatches(n)).toBe(false);
  });

  it('is kept as printed when typed on a phone: full-width, small letters, spaces and hyphens', () => {
    const parse = (cardNumber: string) => CardRecordInput.parse({ cardNumber, visaTypeId: '3', expiry: '2030-01-31', permission: '1' }).cardNumber;
    expect(parse('ａｂ１２３４５６７８ｃｄ')).toBe('AB12345678CD');
    expect(parse(' ab 1234-5678 cd ')).toBe('AB12345678CD');
    // Kept even when it does not match: showing staff that it does not is part of the check.
    expect(parse('AB1234567')).toBe('AB1234567');
    expect(() => parse('   ')).toThrow();
  });
});
