/**
 * The regional minimum wage (地域別最低賃金, 最低賃金法第9条; in force from its 発効日, 第14条) on a day, per prefecture.
 *
 * Source: 厚生労働省「地域別最低賃金の全国一覧」, 令和6年度 (FY2024, published 2024-08/09) and
 * 令和7年度 (FY2025, published 2025-09): the amount per hour and the day each prefecture's new amount
 * took effect (発効年月日). FY2025's dates differ widely: Tochigi from 2025-10-01, six prefectures
 * only in 2026 (Fukushima, Tokushima, Kumamoto, Oita 2026-01-01; Gunma 2026-03-01; Akita 2026-03-31).
 *
 * Rules:
 * - An amount applies from its effective date (inclusive) until the next one: on the day before
 *   Tokyo's 2025-10-03 the FY2024 amount (1,163) is in force, on the day itself the FY2025 (1,226).
 * - A day before the earliest encoded date (FY2024's, 2024-10-01 at the earliest) throws: nothing
 *   here says what applied then, and a check must not pass on a guess.
 * - A day after the latest encoded date gets the latest amount. Once the next fiscal year's amounts
 *   are published (each August–September, effective from October) they must be added, or the check
 *   runs on last year's, lower, amounts: it then refuses too little, never too much.
 *
 * Adding a year: append one [effectiveDate, amount] pair to each prefecture's list below, in date
 * order, from the new 「地域別最低賃金の全国一覧」 (令和N年度), and add the year to the source line
 * above and in docs/payroll.md. The module's test checks every list is in date order and rising.
 */
import { isDay } from '../../../shared/time.ts';

/** Two-digit JIS X 0401 code, the prefecture's Japanese name, its [effective from, yen per hour] in date order. */
const TABLE: readonly (readonly [code: string, name: string, amounts: readonly (readonly [from: string, yen: number])[]])[] = [
  [
    '01',
    '北海道',
    [
      ['2024-10-01', 1010],
      ['2025-10-04', 1075],
    ],
  ],
  [
    '02',
    '青森県',
    [
      ['2024-10-05', 953],
      ['2025-11-21', 1029],
    ],
  ],
  [
    '03',
    '岩手県',
    [
      ['2024-10-27', 952],
      ['2025-12-01', 1031],
    ],
  ],
  [
    '04',
    '宮城県',
    [
      ['2024-10-01', 973],
      ['2025-10-04', 1038],
    ],
  ],
  [
    '05',
    '秋田県',
    [
      ['2024-10-01', 951],
      ['2026-03-31', 1031],
    ],
  ],
  [
    '06',
    '山形県',
    [
      ['2024-10-19', 955],
      ['2025-12-23', 1032],
    ],
  ],
  [
    '07',
    '福島県',
    [
      ['2024-10-05', 955],
      ['2026-01-01', 1033],
    ],
  ],
  [
    '08',
    '茨城県',
    [
      ['2024-10-01', 1005],
      ['2025-10-12', 1074],
    ],
  ],
  [
    '09',
    '栃木県',
    [
      ['2024-10-01', 1004],
      ['2025-10-01', 1068],
    ],
  ],
  [
    '10',
    '群馬県',
    [
      ['2024-10-04', 985],
      ['2026-03-01', 1063],
    ],
  ],
  [
    '11',
    '埼玉県',
    [
      ['2024-10-01', 1078],
      ['2025-11-01', 1141],
    ],
  ],
  [
    '12',
    '千葉県',
    [
      ['2024-10-01', 1076],
      ['2025-10-03', 1140],
    ],
  ],
  [
    '13',
    '東京都',
    [
      ['2024-10-01', 1163],
      ['2025-10-03', 1226],
    ],
  ],
  [
    '14',
    '神奈川県',
    [
      ['2024-10-01', 1162],
      ['2025-10-04', 1225],
    ],
  ],
  [
    '15',
    '新潟県',
    [
      ['2024-10-01', 985],
      ['2025-10-02', 1050],
    ],
  ],
  [
    '16',
    '富山県',
    [
      ['2024-10-01', 998],
      ['2025-10-12', 1062],
    ],
  ],
  [
    '17',
    '石川県',
    [
      ['2024-10-05', 984],
      ['2025-10-08', 1054],
    ],
  ],
  [
    '18',
    '福井県',
    [
      ['2024-10-05', 984],
      ['2025-10-08', 1053],
    ],
  ],
  [
    '19',
    '山梨県',
    [
      ['2024-10-01', 988],
      ['2025-12-01', 1052],
    ],
  ],
  [
    '20',
    '長野県',
    [
      ['2024-10-01', 998],
      ['2025-10-03', 1061],
    ],
  ],
  [
    '21',
    '岐阜県',
    [
      ['2024-10-01', 1001],
      ['2025-10-18', 1065],
    ],
  ],
  [
    '22',
    '静岡県',
    [
      ['2024-10-01', 1034],
      ['2025-11-01', 1097],
    ],
  ],
  [
    '23',
    '愛知県',
    [
      ['2024-10-01', 1077],
      ['2025-10-18', 1140],
    ],
  ],
  [
    '24',
    '三重県',
    [
      ['2024-10-01', 1023],
      ['2025-11-21', 1087],
    ],
  ],
  [
    '25',
    '滋賀県',
    [
      ['2024-10-01', 1017],
      ['2025-10-05', 1080],
    ],
  ],
  [
    '26',
    '京都府',
    [
      ['2024-10-01', 1058],
      ['2025-11-21', 1122],
    ],
  ],
  [
    '27',
    '大阪府',
    [
      ['2024-10-01', 1114],
      ['2025-10-16', 1177],
    ],
  ],
  [
    '28',
    '兵庫県',
    [
      ['2024-10-01', 1052],
      ['2025-10-04', 1116],
    ],
  ],
  [
    '29',
    '奈良県',
    [
      ['2024-10-01', 986],
      ['2025-11-16', 1051],
    ],
  ],
  [
    '30',
    '和歌山県',
    [
      ['2024-10-01', 980],
      ['2025-11-01', 1045],
    ],
  ],
  [
    '31',
    '鳥取県',
    [
      ['2024-10-05', 957],
      ['2025-10-04', 1030],
    ],
  ],
  [
    '32',
    '島根県',
    [
      ['2024-10-12', 962],
      ['2025-11-17', 1033],
    ],
  ],
  [
    '33',
    '岡山県',
    [
      ['2024-10-02', 982],
      ['2025-12-01', 1047],
    ],
  ],
  [
    '34',
    '広島県',
    [
      ['2024-10-01', 1020],
      ['2025-11-01', 1085],
    ],
  ],
  [
    '35',
    '山口県',
    [
      ['2024-10-01', 979],
      ['2025-10-16', 1043],
    ],
  ],
  [
    '36',
    '徳島県',
    [
      ['2024-11-01', 980],
      ['2026-01-01', 1046],
    ],
  ],
  [
    '37',
    '香川県',
    [
      ['2024-10-02', 970],
      ['2025-10-18', 1036],
    ],
  ],
  [
    '38',
    '愛媛県',
    [
      ['2024-10-13', 956],
      ['2025-12-01', 1033],
    ],
  ],
  [
    '39',
    '高知県',
    [
      ['2024-10-09', 952],
      ['2025-12-01', 1023],
    ],
  ],
  [
    '40',
    '福岡県',
    [
      ['2024-10-05', 992],
      ['2025-11-16', 1057],
    ],
  ],
  [
    '41',
    '佐賀県',
    [
      ['2024-10-17', 956],
      ['2025-11-21', 1030],
    ],
  ],
  [
    '42',
    '長崎県',
    [
      ['2024-10-12', 953],
      ['2025-12-01', 1031],
    ],
  ],
  [
    '43',
    '熊本県',
    [
      ['2024-10-05', 952],
      ['2026-01-01', 1034],
    ],
  ],
  [
    '44',
    '大分県',
    [
      ['2024-10-05', 954],
      ['2026-01-01', 1035],
    ],
  ],
  [
    '45',
    '宮崎県',
    [
      ['2024-10-05', 952],
      ['2025-11-16', 1023],
    ],
  ],
  [
    '46',
    '鹿児島県',
    [
      ['2024-10-05', 953],
      ['2025-11-01', 1026],
    ],
  ],
  [
    '47',
    '沖縄県',
    [
      ['2024-10-09', 952],
      ['2025-12-01', 1023],
    ],
  ],
];

export interface Prefecture {
  code: string;
  name: string;
}

const BY_CODE = new Map(TABLE.map(([code, name, amounts]) => [code, { code, name, amounts }]));
const BY_NAME = new Map(TABLE.map(([code, name]) => [name, code]));

/** Every prefecture with its code, north to south (the JIS order). */
export const PREFECTURE_CODES: readonly Prefecture[] = TABLE.map(([code, name]) => ({ code, name }));

/** The JIS X 0401 code of a prefecture by its Japanese name as jobs store it ('東京都' → '13'), or null. */
export function prefectureCode(name: string): string | null {
  return BY_NAME.get(name.trim()) ?? null;
}

/**
 * The minimum hourly wage in yen in force on `day` ('YYYY-MM-DD', Japan) in the prefecture with the
 * JIS X 0401 code `prefecture` ('13' = Tokyo). Throws on an unknown code, a malformed day, or a day
 * before the earliest encoded effective date.
 */
export function minimumWage(prefecture: string, day: string): number {
  const p = BY_CODE.get(prefecture);
  if (!p) throw new Error(`minimumWage: unknown prefecture code ${JSON.stringify(prefecture)} (JIS X 0401, '01'–'47')`);
  if (!isDay(day)) throw new Error(`minimumWage: day must be YYYY-MM-DD, got ${JSON.stringify(day)}`);
  const inForce = p.amounts.findLast(([from]) => from <= day);
  if (!inForce) throw new Error(`minimumWage: no minimum wage encoded for ${p.name} on ${day}: the table starts on ${p.amounts[0]![0]}`);
  return inForce[1];
}

/** A wage below the minimum: what it is per hour (exactly, as a fraction when a day rate's) and the minimum. */
export interface BelowMinimum {
  prefecture: Prefecture;
  day: string;
  minimum: number;
  /** The wage per hour, rounded down to the yen for display (the comparison itself is exact). */
  hourly: number;
}

/**
 * Checks a wage against the minimum of the workplace's prefecture on a day: an hourly wage as it is,
 * a day rate by its hourly basis dailyWage ÷ (scheduledMinutes ÷ 60) (最低賃金法第4条 with
 * 最低賃金法施行規則第2条: a day rate divided by the day's scheduled hours), compared exactly. Null when it is not
 * below, or when the prefecture is not one of the 47 (nothing to compare against).
 */
export function belowMinimumWage(w: { prefecture: string; day: string } & ({ hourlyWage: number } | { dailyWage: number; scheduledMinutes: number })): BelowMinimum | null {
  const code = /^\d{2}$/.test(w.prefecture) ? w.prefecture : prefectureCode(w.prefecture);
  if (!code || !BY_CODE.has(code)) return null;
  const minimum = minimumWage(code, w.day);
  const [num, den] = 'hourlyWage' in w ? [w.hourlyWage, 1] : [w.dailyWage * 60, w.scheduledMinutes];
  if (num >= minimum * den) return null;
  return { prefecture: { code, name: BY_CODE.get(code)!.name }, day: w.day, minimum, hourly: Math.floor(num / den) };
}
