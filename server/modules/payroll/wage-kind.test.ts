import { describe, expect, it } from 'vitest';
import { computeShiftPay } from './compute.ts';
import { scheduledMinutesOf, shiftWageOf, wageKindOf, wageRefusal } from './wage-kind.ts';

describe('wage kinds', () => {
  it('reads the pay type by its Japanese name; none, 時給 and 週払い are hourly', () => {
    expect([wageKindOf('時給'), wageKindOf('日給'), wageKindOf('月給'), wageKindOf('週払い'), wageKindOf(null)]).toEqual(['hourly', 'daily', 'monthly', 'hourly', 'hourly']);
  });

  it("takes a day rate's scheduled minutes from the planned shift, else 8 hours", () => {
    // 05:00–10:00 less 0 = 300; 22:00–07:00 less 60 = 480; no plan = 480.
    expect(scheduledMinutesOf({ start: '05:00', end: '10:00', breakMinutes: 0 })).toBe(300);
    expect(scheduledMinutesOf({ start: '22:00', end: '07:00', breakMinutes: 60 })).toBe(480);
    expect(scheduledMinutesOf(null)).toBe(480);
  });

  it("pays the demo's ¥9,800 5-hour sorting day as ¥9,800, not ¥49,000", () => {
    // 日給 9,800 for 05:00–10:00 without a break: worked 300 = scheduled 300 → base 9,800;
    // 05:00 is day time (night ends at 05:00), so no premium.
    const wage = shiftWageOf('daily', 9800, { start: '05:00', end: '10:00', breakMinutes: 0 })!;
    const pay = computeShiftPay({ date: '2026-11-24', start: '05:00', end: '10:00', breakMinutes: 0, statutoryHoliday: false, ...wage }, { weeklyMinutesBefore: 0, monthlyOvertimeMinutesBefore: 0 });
    expect(pay).toMatchObject({ workedMinutes: 300, base: 9800, total: 9800 });
  });

  it('makes no per-shift wage of a 月給', () => {
    expect(shiftWageOf('monthly', 240000, null)).toBeNull();
  });
});

describe('wageRefusal', () => {
  it('refuses ¥500 an hour in Tokyo, naming 1,226 yen, the prefecture and the day in both languages', () => {
    const r = wageRefusal({ kind: 'hourly', wage: 500, prefecture: '東京都', day: '2026-11-27' });
    expect(r?.ja).toBe('東京都の地域別最低賃金は2026-11-27時点で時給1,226円です（最低賃金法第4条）。この給与は時給換算で500円のため登録できません。');
    expect(r?.en).toBe('The regional minimum wage in Tokyo on 2026-11-27 is 1,226 yen an hour (Minimum Wage Act article 4). This pay is 500 yen an hour, so it cannot be saved.');
    expect(wageRefusal({ kind: 'hourly', wage: 1226, prefecture: '東京都', day: '2026-11-27' })).toBeNull();
  });

  it('checks a day rate against its planned shift: ¥9,800 for 05:00–10:00 is 1,960/h, for 08:00–20:00 less 60 it is 890.9/h', () => {
    // Chiba 1,140 from 2025-10-03. 9,800 ÷ 5 h = 1,960: fine. 9,800 ÷ 11 h = 890.90…: below, shown as 890.
    expect(wageRefusal({ kind: 'daily', wage: 9800, prefecture: '千葉県', day: '2026-12-01', plan: { start: '05:00', end: '10:00', breakMinutes: 0 } })).toBeNull();
    expect(wageRefusal({ kind: 'daily', wage: 9800, prefecture: '千葉県', day: '2026-12-01', plan: { start: '08:00', end: '20:00', breakMinutes: 60 } })?.en).toContain(
      'in Chiba on 2026-12-01 is 1,140 yen an hour (Minimum Wage Act article 4). This pay is 890 yen',
    );
    // Without a planned shift a day rate is not judged (its basis depends on the shift).
    expect(wageRefusal({ kind: 'daily', wage: 1, prefecture: '千葉県', day: '2026-12-01' })).toBeNull();
  });

  it('refuses a 月給 whatever the amount', () => {
    expect(wageRefusal({ kind: 'monthly', wage: 300000, prefecture: '大阪府', day: '2026-12-01' })?.ja).toContain('月給の求人は給与計算に対応していません');
  });
});
