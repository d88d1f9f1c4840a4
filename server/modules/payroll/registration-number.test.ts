import { describe, expect, it } from 'vitest';
import { isRegistrationNumber, registrationCheckDigit } from './registration-number.ts';
import { premiumAmount } from './invoices.ts';

describe('registration number check digit (法人番号, National Tax Agency rule)', () => {
  it('9 − (Σ digit × 1 or 2 from the right, mod 9)', () => {
    // 000012050002: 2+0+0+0+5+0+2+2+0+0+0+0 = 11; 11 mod 9 = 2; 9 − 2 = 7.
    expect(registrationCheckDigit('000012050002')).toBe(7);
    expect(isRegistrationNumber('T7000012050002')).toBe(true);
    // 234567890123: 3+4+1+0+9+16+7+12+5+8+3+4 = 72; 72 mod 9 = 0; 9 − 0 = 9: the old demo's T1… fails.
    expect(registrationCheckDigit('234567890123')).toBe(9);
    expect(isRegistrationNumber('T1234567890123')).toBe(false);
    expect(isRegistrationNumber('T9234567890123')).toBe(true);
    expect(isRegistrationNumber('7000012050002')).toBe(false);
  });
});

describe('premium lines on an invoice', () => {
  it('minutes × bill rate × percent, rounded half up once', () => {
    expect(premiumAmount(60, 1_700, 25)).toBe(425);
    expect(premiumAmount(300, 1_700, 35)).toBe(2_975);
    // 90 min at ¥1,850 × 25%: 693.75 → 694.
    expect(premiumAmount(90, 1_850, 25)).toBe(694);
  });
});
