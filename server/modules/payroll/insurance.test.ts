import { describe, expect, it } from 'vitest';
import { HEALTH_RATES, employmentInsuranceCovered, employmentPremium, healthPremium, nursingCareMonth, nursingPremium, pensionPremium, socialInsuranceCovered, standardFor } from './insurance.ts';
import { monthlyDeductions, premiumMonthOf } from './deductions.ts';

describe('premiums, the worker’s share (hand-worked)', () => {
  // Each case: the rates it shows, then [standard, branch, date in the premium month, the worker's half] worked by hand.
  const HEALTH: Record<string, [standard: number, branch: string, month: string, yen: number][]> = {
    'rounds a half yen down and more than a half up (通貨法第3条)': [
      // 110,000 × 9.85% / 2 = 5,417.5 → 5,417 (50 sen is dropped).
      [110_000, '13', '2026-09-01', 5_417],
      // 126,000 × 9.91% / 2 = 6,243.3 → 6,243; 134,000 × 9.91% / 2 = 6,639.7 → 6,640.
      [126_000, '13', '2025-09-01', 6_243],
      [134_000, '13', '2025-09-01', 6_640],
    ],

    // 協会けんぽ 都道府県単位保険料率: 令和6年度 kisaka.net ＝ limo.media; 令和7年度 office-mori.biz ＝ limo.media;
    // 令和8年度 office-mori.biz ＝ kishida-devil/jp-payroll-mcp insurance-r8.json (insurance.ts names each).
    '北海道 (01): 10.21% (2024-03), 10.31% (2025-03), 10.28% (2026-03)': [
      // 300,000 × 10.21% / 2 = 15,315; × 10.31% / 2 = 15,465; × 10.28% / 2 = 15,420.
      [300_000, '01', '2024-06-01', 15_315],
      [300_000, '01', '2025-06-01', 15_465],
      [300_000, '01', '2026-06-01', 15_420],
      // 410,000 × 10.28% / 2 = 21,074 exactly.
      [410_000, '01', '2026-03-01', 21_074],
    ],

    '大阪 (27): 10.34% (2024-03), 10.24% (2025-03), 10.13% (2026-03)': [
      // 300,000 × 10.34% / 2 = 15,510; × 10.24% / 2 = 15,360; × 10.13% / 2 = 15,195.
      [300_000, '27', '2025-02-01', 15_510],
      [300_000, '27', '2025-03-01', 15_360],
      [300_000, '27', '2026-03-01', 15_195],
      // 142,000 × 10.13% / 2 = 7,192.3 → 7,192.
      [142_000, '27', '2026-09-01', 7_192],
    ],

    '佐賀 (41): 10.42% (2024-03), 10.78% (2025-03), 10.55% (2026-03)': [
      // 300,000 × 10.42% / 2 = 15,630; × 10.78% / 2 = 16,170; × 10.55% / 2 = 15,825.
      [300_000, '41', '2024-03-01', 15_630],
      [300_000, '41', '2025-03-01', 16_170],
      [300_000, '41', '2026-03-01', 15_825],
      // 150,000 × 10.55% / 2 = 7,912.5 → 7,912 (50 sen dropped); 134,000 × 10.55% / 2 = 7,068.5 → 7,068.
      [150_000, '41', '2026-03-01', 7_912],
      [134_000, '41', '2026-03-01', 7_068],
    ],

    // Filled later: 宮城 令和7年度 (office-mori.biz ＝ JapanFinance/kei3), 愛知 令和6年度 (s-mngmnt.co.jp alone),
    // 鹿児島 令和6年度 (s-mngmnt.co.jp ＝ kanahara-sr.jp).
    '宮城 (04): 10.11% (2025-03), 10.10% (2026-03)': [
      // 300,000 × 10.11% / 2 = 15,165; 280,000 × 10.11% / 2 = 14,154 exactly; 150,000 × 10.11% / 2 = 7,582.5 → 7,582.
      [300_000, '04', '2025-06-01', 15_165],
      [280_000, '04', '2025-06-01', 14_154],
      [150_000, '04', '2026-02-01', 7_582],
      // 300,000 × 10.10% / 2 = 15,150.
      [300_000, '04', '2026-03-01', 15_150],
    ],

    '愛知 (23): 10.02% (2024-03), 10.03% (2025-03)': [
      // 300,000 × 10.02% / 2 = 15,030; 134,000 × 10.02% / 2 = 6,713.4 → 6,713; 142,000 × 10.02% / 2 = 7,114.2 → 7,114.
      [300_000, '23', '2024-03-01', 15_030],
      [134_000, '23', '2024-10-01', 6_713],
      [142_000, '23', '2025-02-01', 7_114],
      // 126,000 × 10.03% / 2 = 6,318.9 → 6,319 (more than 50 sen rounds up).
      [126_000, '23', '2025-03-01', 6_319],
    ],

    '鹿児島 (46): 10.13% (2024-03), 10.31% (2025-03)': [
      // 300,000 × 10.13% / 2 = 15,195; 410,000 × 10.13% / 2 = 20,766.5 → 20,766 (50 sen dropped).
      [300_000, '46', '2024-06-01', 15_195],
      [410_000, '46', '2024-06-01', 20_766],
      // 300,000 × 10.31% / 2 = 15,465.
      [300_000, '46', '2025-06-01', 15_465],
    ],
  };
  it.each(Object.entries(HEALTH))('%s', (_, premiums) => {
    for (const [standard, branch, month, yen] of premiums) expect(healthPremium(standard, branch, month), `${standard} ${branch} ${month}`).toBe(yen);
  });

  it('takes the rate of the premium month: Tokyo 9.98% (2024-03), 9.91% (2025-03), 9.85% (2026-03)', () => {
    // 300,000 × 9.98% / 2 = 14,970; × 9.91% / 2 = 14,865; × 9.85% / 2 = 14,775.
    expect(healthPremium(300_000, '13', '2025-02-01')).toBe(14_970);
    expect(healthPremium(300_000, '13', '2025-03-01')).toBe(14_865);
    expect(healthPremium(300_000, '13', '2026-03-01')).toBe(14_775);
    expect(() => healthPremium(300_000, '13', '2024-02-01')).toThrow(/no rate encoded/);
  });

  it('every branch has its rate in each encoded year (2024-03, 2025-03, 2026-03), none left unencoded', () => {
    const codes = Array.from({ length: 47 }, (_, i) => String(i + 1).padStart(2, '0'));
    expect(Object.keys(HEALTH_RATES).toSorted()).toEqual(codes);
    for (const code of codes) for (const month of ['2024-03-01', '2025-03-01', '2026-03-01']) expect(healthPremium(300_000, code, month), `${code} ${month}`).not.toBeNull();
    // A code that is no prefecture has no rate at all.
    expect(healthPremium(300_000, '48', '2026-03-01')).toBeNull();
  });

  it('nursing care 1.60% (FY2024) on the health standard', () => {
    // 300,000 × 1.60% / 2 = 2,400; 134,000 × 1.60% / 2 = 1,072.
    expect(nursingPremium(300_000, '2024-06-01')).toBe(2_400);
    expect(nursingPremium(134_000, '2025-02-01')).toBe(1_072);
  });

  it('nursing care 1.59% (FY2025) and 1.62% (FY2026) on the health standard', () => {
    // 300,000 × 1.59% / 2 = 2,385; × 1.62% / 2 = 2,430.
    expect(nursingPremium(300_000, '2025-06-01')).toBe(2_385);
    expect(nursingPremium(300_000, '2026-06-01')).toBe(2_430);
  });

  it('pension 18.3% on the standard held within ¥88,000–¥650,000', () => {
    // 300,000 × 18.3% / 2 = 27,450; 58,000 is held at 88,000: 8,052; 1,000,000 at 650,000: 59,475.
    expect(pensionPremium(300_000, '2026-06-01')).toBe(27_450);
    expect(pensionPremium(58_000, '2026-06-01')).toBe(8_052);
    expect(pensionPremium(1_000_000, '2026-06-01')).toBe(59_475);
  });

  it('employment insurance on the pay: 5.5/1,000 in FY2025, 5/1,000 from April 2026', () => {
    // 201,000 × 0.55% = 1,105.5 → 1,105; 201,100 × 0.55% = 1,106.05 → 1,106; 201,000 × 0.5% = 1,005.
    expect(employmentPremium(201_000, '2026-03-31')).toBe(1_105);
    expect(employmentPremium(201_100, '2026-03-31')).toBe(1_106);
    expect(employmentPremium(201_000, '2026-04-01')).toBe(1_005);
  });

  it('the standard of a monthly pay by the grade table (健康保険法第40条)', () => {
    expect(standardFor(62_999)).toBe(58_000);
    expect(standardFor(63_000)).toBe(68_000);
    expect(standardFor(240_000)).toBe(240_000);
    expect(standardFor(249_999)).toBe(240_000);
    expect(standardFor(250_000)).toBe(260_000);
    expect(standardFor(2_000_000)).toBe(1_390_000);
  });
});

describe('who pays what', () => {
  it('nursing care from the month one turns 40 (the day before the birthday) to the month before one turns 65', () => {
    // Born 1 June 1986: 40 on 31 May 2026 → from May 2026; 65 on 31 May 2051 → to April 2051.
    expect(nursingCareMonth('1986-06-01', '2026-04')).toBe(false);
    expect(nursingCareMonth('1986-06-01', '2026-05')).toBe(true);
    expect(nursingCareMonth('1986-06-01', '2051-04')).toBe(true);
    expect(nursingCareMonth('1986-06-01', '2051-05')).toBe(false);
    // Born 2 June 1986: 40 on 1 June 2026 → from June.
    expect(nursingCareMonth('1986-06-02', '2026-05')).toBe(false);
    expect(nursingCareMonth('1986-06-02', '2026-06')).toBe(true);
  });

  it('health and pension: 30 hours, or 20 for a non-student at ¥88,000; never a contract of two months or less', () => {
    const f = { term: 'longer' as const, weeklyHours: 30, student: false, standard: 58_000 };
    expect(socialInsuranceCovered(f)).toBe(true);
    expect(socialInsuranceCovered({ ...f, weeklyHours: 20 })).toBe(false);
    expect(socialInsuranceCovered({ ...f, weeklyHours: 20, standard: 88_000 })).toBe(true);
    expect(socialInsuranceCovered({ ...f, weeklyHours: 20, standard: 88_000, student: true })).toBe(false);
    expect(socialInsuranceCovered({ ...f, term: 'months2' })).toBe(false);
    expect(socialInsuranceCovered({ ...f, weeklyHours: null })).toBe(false);
  });

  it('employment insurance: 20 hours a week, 31 days or more, not a daytime student', () => {
    const f = { term: 'months2' as const, weeklyHours: 20, student: false, standard: null };
    expect(employmentInsuranceCovered(f)).toBe(true);
    expect(employmentInsuranceCovered({ ...f, term: 'days30' })).toBe(false);
    expect(employmentInsuranceCovered({ ...f, weeklyHours: 19 })).toBe(false);
    expect(employmentInsuranceCovered({ ...f, student: true })).toBe(false);
  });
});

describe('monthlyDeductions', () => {
  const person = { taxFormFiled: false, dependents: 3, term: 'longer' as const, weeklyHours: 40, student: false, standard: 300_000, residentTax: 15_000, birthDate: '1990-01-15' };

  it('the premium month is the month before the pay day', () => {
    expect(premiumMonthOf('2026-01-23')).toBe('2025-12');
    expect(premiumMonthOf('2026-10-23')).toBe('2026-09');
  });

  it('乙欄 when the declaration is not recorded, whatever the dependants typed', () => {
    // 300,000 gross, pay day 2026-10-23: health 14,775, pension 27,450, employment 1,500 = 43,725;
    // 256,275 on the 乙欄 (令和8年分) → the table's row; dependants ignored without the declaration.
    const d = monthlyDeductions({ gross: 300_000, payDay: '2026-10-23', periodEnd: '2026-09-30', person, prefecture: '13' });
    expect(d).toMatchObject({ healthInsurance: 14_775, nursingInsurance: 0, pension: 27_450, employmentInsurance: 1_500, taxColumn: 'otsu', dependents: 0, residentTax: 15_000 });
    expect(d.notes).toEqual(['childcare_levy']);
  });

  it('no record: 乙欄 and nothing else, said in a note; no prefecture: no health line, said', () => {
    expect(monthlyDeductions({ gross: 100_000, payDay: '2026-10-23', periodEnd: '2026-09-30', person: null, prefecture: '13' })).toMatchObject({
      healthInsurance: 0,
      pension: 0,
      incomeTax: 3_063,
      notes: ['no_record'],
    });
    const noPrefecture = monthlyDeductions({ gross: 300_000, payDay: '2026-10-23', periodEnd: '2026-09-30', person: { ...person, taxFormFiled: true }, prefecture: null });
    expect(noPrefecture).toMatchObject({ healthInsurance: 0, pension: 27_450, taxColumn: 'kou', dependents: 3 });
    expect(noPrefecture.notes).toContain('prefecture_missing');
  });

  it('a company in 佐賀 gets its health and nursing lines; so does one in 宮城 in 令和7年度', () => {
    // Born 1980: nursing care. Premium month 2026-09 (pay day 2026-10-23), 佐賀 10.55%, nursing 1.62%:
    // 300,000 × 10.55% / 2 = 15,825; 300,000 × 1.62% / 2 = 2,430.
    const older = { ...person, birthDate: '1980-04-01' };
    expect(monthlyDeductions({ gross: 300_000, payDay: '2026-10-23', periodEnd: '2026-09-30', person: older, prefecture: '41' })).toMatchObject({
      healthInsurance: 15_825,
      nursingInsurance: 2_430,
      pension: 27_450,
    });
    // 宮城 (04), premium month 2025-09 (pay day 2025-10-24): 10.11%, nursing 1.59%:
    // 300,000 × 10.11% / 2 = 15,165; 300,000 × 1.59% / 2 = 2,385.
    const miyagi = monthlyDeductions({ gross: 300_000, payDay: '2025-10-24', periodEnd: '2025-09-30', person: older, prefecture: '04' });
    expect(miyagi).toMatchObject({ healthInsurance: 15_165, nursingInsurance: 2_385, pension: 27_450 });
    expect(miyagi.notes).not.toContain('health_rate_missing');
  });

  it('caps resident tax at what is left, and says so', () => {
    const d = monthlyDeductions({ gross: 10_000, payDay: '2026-10-23', periodEnd: '2026-09-30', person: { ...person, weeklyHours: 10, residentTax: 50_000 }, prefecture: '13' });
    // No insurance (10 hours); 乙欄 3.063% of 10,000 = 306; resident tax 10,000 − 306 = 9,694.
    expect(d).toMatchObject({ incomeTax: 306, residentTax: 9_694 });
    expect(d.notes).toContain('resident_tax_capped');
  });
});
