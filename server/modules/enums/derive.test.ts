import { describe, expect, it } from 'vitest';
import { deriveJobEnum, deriveVisaType } from './derive.ts';

const record = (type: number) => ({
  id: 42,
  type,
  enum_job_translate_value: [
    { language_key: 'en' as const, value: 'JLPT N2 level' },
    { language_key: 'ja' as const, value: 'N2レベル' },
  ],
});

describe('deriveJobEnum (SPEC §3 derived display fields)', () => {
  it('uses the Japanese value for name and label and the id for value', () => {
    const d = deriveJobEnum(record(1));
    expect(d.name).toBe('N2レベル');
    expect(d.label).toBe('N2レベル');
    expect(d.value).toBe(42);
  });

  it('gives the English value as enName on the read-skill list (type 16) only', () => {
    expect(deriveJobEnum(record(16)).enName).toBe('JLPT N2 level');
    for (const type of [1, 8, 11, 12, 13, 14, 15, 18]) expect(deriveJobEnum(record(type)).enName).toBeNull();
  });

  it('keeps the record fields and tolerates a missing translation', () => {
    const d = deriveJobEnum({ id: 7, type: 16, enum_job_translate_value: [{ language_key: 'ja', value: '日本語' }] });
    expect(d).toMatchObject({ id: 7, type: 16, name: '日本語', enName: null });
    expect(d.enum_job_translate_value).toHaveLength(1);
  });
});

describe('deriveVisaType', () => {
  it('shows a visa type as its id plus its Japanese name', () => {
    expect(deriveVisaType({ id: 3, ja: '留学', en: 'Student' })).toEqual({ id: 3, ja: '留学', en: 'Student', name: '留学' });
  });
});
