import { describe, expect, it } from 'vitest';
import { PREFECTURES } from '../jobs/prefectures.ts';
import { belowMinimumWage, minimumWage, PREFECTURE_CODES, prefectureCode } from './minimum-wage.ts';

// Figures from 厚生労働省「地域別最低賃金の全国一覧」令和6年度 and 令和7年度.
describe('minimumWage', () => {
  it('switches Tokyo from 1,163 to 1,226 yen on 2025-10-03, the FY2025 effective date', () => {
    expect(minimumWage('13', '2024-10-01')).toBe(1163);
    expect(minimumWage('13', '2025-10-02')).toBe(1163);
    expect(minimumWage('13', '2025-10-03')).toBe(1226);
    expect(minimumWage('13', '2026-06-30')).toBe(1226);
  });

  it('keeps FY2024 amounts into 2026 where FY2025 takes effect late', () => {
    // Akita: 951 (FY2024) until 2026-03-30, 1,031 from 2026-03-31, the latest date of FY2025.
    expect(minimumWage('05', '2026-03-30')).toBe(951);
    expect(minimumWage('05', '2026-03-31')).toBe(1031);
    // Gunma 985 → 1,063 on 2026-03-01; Kumamoto 952 → 1,034 on 2026-01-01.
    expect(minimumWage('10', '2026-02-28')).toBe(985);
    expect(minimumWage('10', '2026-03-01')).toBe(1063);
    expect(minimumWage('43', '2025-12-31')).toBe(952);
    expect(minimumWage('43', '2026-01-01')).toBe(1034);
  });

  it("uses each prefecture's own FY2024 date: Tokushima 980 only from 2024-11-01", () => {
    expect(() => minimumWage('36', '2024-10-31')).toThrow(/no minimum wage encoded for 徳島県 on 2024-10-31: the table starts on 2024-11-01/);
    expect(minimumWage('36', '2024-11-01')).toBe(980);
    expect(minimumWage('36', '2026-01-01')).toBe(1046);
    // Iwate 952 from 2024-10-27, 1,031 from 2025-12-01.
    expect(minimumWage('03', '2025-11-30')).toBe(952);
    expect(minimumWage('03', '2025-12-01')).toBe(1031);
  });

  it('has the FY2025 lowest (1,023: Kochi, Miyazaki, Okinawa) and highest (1,226: Tokyo) once all are in force', () => {
    const all = PREFECTURE_CODES.map((p) => minimumWage(p.code, '2026-04-01'));
    expect(Math.min(...all)).toBe(1023);
    expect(Math.max(...all)).toBe(1226);
    expect(PREFECTURE_CODES.filter((p) => minimumWage(p.code, '2026-04-01') === 1023).map((p) => p.name)).toEqual(['高知県', '宮崎県', '沖縄県']);
    // Before any FY2025 date every prefecture is on FY2024: lowest Akita 951, highest Tokyo 1,163.
    const fy24 = PREFECTURE_CODES.map((p) => minimumWage(p.code, '2025-09-30'));
    expect([Math.min(...fy24), Math.max(...fy24)]).toEqual([951, 1163]);
  });

  it('refuses a day before the table, an unknown code and a malformed day', () => {
    expect(() => minimumWage('13', '2024-09-30')).toThrow(/table starts on 2024-10-01/);
    expect(() => minimumWage('48', '2025-01-01')).toThrow(/unknown prefecture code "48"/);
    expect(() => minimumWage('13', '2025/01/01')).toThrow(/YYYY-MM-DD/);
  });

  it('numbers the prefectures as JIS X 0401 does, in the order the job forms list them', () => {
    expect(PREFECTURE_CODES).toHaveLength(47);
    expect(PREFECTURE_CODES.map((p) => p.name)).toEqual(PREFECTURES.map((p) => p.ja));
    expect(prefectureCode('東京都')).toBe('13');
    expect(prefectureCode('沖縄県')).toBe('47');
    expect(prefectureCode('東京')).toBeNull();
  });
});

describe('belowMinimumWage', () => {
  it('refuses ¥500 an hour in Tokyo, naming the minimum', () => {
    expect(belowMinimumWage({ prefecture: '東京都', day: '2026-11-27', hourlyWage: 500 })).toEqual({ prefecture: { code: '13', name: '東京都' }, day: '2026-11-27', minimum: 1226, hourly: 500 });
    expect(belowMinimumWage({ prefecture: '13', day: '2026-11-27', hourlyWage: 1226 })).toBeNull();
    expect(belowMinimumWage({ prefecture: '13', day: '2026-11-27', hourlyWage: 1225 })?.minimum).toBe(1226);
  });

  it('checks a day rate by its exact hourly basis', () => {
    // Chiba from 2025-10-03: 1,140. ¥9,120 for 8 hours = 1,140/h exactly: fine; ¥9,119 = 1,139.875/h: below.
    expect(belowMinimumWage({ prefecture: '千葉県', day: '2026-01-05', dailyWage: 9120, scheduledMinutes: 480 })).toBeNull();
    expect(belowMinimumWage({ prefecture: '千葉県', day: '2026-01-05', dailyWage: 9119, scheduledMinutes: 480 })).toMatchObject({ minimum: 1140, hourly: 1139 });
    // ¥5,000 for 4 hours = 1,250/h: fine even though ¥5,000 < 8 × 1,140.
    expect(belowMinimumWage({ prefecture: '千葉県', day: '2026-01-05', dailyWage: 5000, scheduledMinutes: 240 })).toBeNull();
  });

  it('has nothing to compare for a place outside the 47 prefectures', () => {
    expect(belowMinimumWage({ prefecture: '海外', day: '2026-01-05', hourlyWage: 1 })).toBeNull();
  });
});
