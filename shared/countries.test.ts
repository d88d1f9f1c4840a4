import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, countryChoices, countryName, countryOptions, isCountryCode } from './countries.ts';

describe('countries: a code stored, a name read', () => {
  it("names a code in the reader's language and shows anything else as it is", () => {
    expect(countryName('VN', 'ja')).toBe('ベトナム');
    expect(countryName('VN', 'en')).toBe('Vietnam');
    expect(countryName('PH', 'ja')).toBe('フィリピン');
    // An old free text, a registry's "other", nothing.
    expect(countryName('Atlantis', 'ja')).toBe('Atlantis');
    expect(countryName('other', 'en')).toBe('other');
    expect(countryName(null, 'en')).toBe('');
    expect(isCountryCode('VN')).toBe(true);
    expect(isCountryCode('XX')).toBe(false);
    expect(isCountryCode('vn')).toBe(false);
  });

  it("offers every country once, named (never by its code) and sorted by name in the reader's language", () => {
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    for (const lang of ['ja', 'en'] as const) {
      const options = countryOptions(lang);
      expect(options.map((o) => o.value).sort()).toEqual([...COUNTRY_CODES].sort());
      expect(options.filter((o) => o.label === o.value)).toEqual([]);
      const collator = new Intl.Collator(lang);
      expect(options.every((o, i) => i === 0 || collator.compare(options[i - 1]!.label, o.label) <= 0)).toBe(true);
    }
    expect(countryChoices().find((c) => c.value === 'VN')?.label).toEqual({ ja: 'ベトナム', en: 'Vietnam' });
  });
});
