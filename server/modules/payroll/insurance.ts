import { z } from 'zod';
import { parseOrThrow } from '../../validation.ts';
import { roundHalfDown } from './rounding.ts';

/**
 * The worker's share of the social and employment insurance premiums deducted from a month's pay
 * (docs/payroll.md "Deductions"). Rates are tables with the date each takes effect; a day before
 * the first encoded date throws, a day after the last gets the last (add each year's row).
 * Rates are kept in hundredths of a percent (9.91% = 991), so no float multiplies an amount.
 *
 * Rounding: a worker's share deducted from pay drops 50 sen or less and rounds more than 50 sen up
 * (通貨の単位及び貨幣の発行等に関する法律第3条第1項; `roundHalfDown`), each premium on its own.
 */

type Dated = readonly (readonly [from: string, hundredthsOfPercent: number])[];
/** Like Dated, with null where the year's rate could not be sourced (not encoded). */
type DatedOrMissing = readonly (readonly [from: string, hundredthsOfPercent: number | null])[];

/**
 * 協会けんぽ health insurance rates (健康保険法第160条: a rate per prefecture branch, 都道府県単位保険料率),
 * whole rate (employer and worker together; the worker pays half, 第161条第1項), from the premium
 * month they apply to (each year from March), by the branch's JIS X 0401 code. Source: 全国健康保険協会
 * 「都道府県単位保険料率」 令和6年度 (2024-03), 令和7年度 (2025-03), 令和8年度 (2026-03), all 47 branches each year.
 * Each figure is a public transcription of the 協会けんぽ table, checked against a second one where one was found:
 *
 * - 令和8年度 (2026-03), all 47: office-mori.biz/?p=10257 (令和8年度協会けんぽ保険料率表, both years'
 *   columns) and kishida-devil/jp-payroll-mcp src/data/insurance-r8.json (from the 協会けんぽ
 *   令和8年3月分からの保険料額表) agree on every branch.
 * - 令和7年度 (2025-03), all 47: the 令和7年度 column of office-mori.biz/?p=10257 agrees on every branch
 *   with JapanFinance/kei3 src/data/employeesHealthInsurance/providerRateData.ts (FY2025 rows, each
 *   naming the branch's 協会けんぽ PDF, e.g. kyoukaikenpo.or.jp/assets/04miyagi_7.pdf); 27 of them also
 *   with limo.media/articles/-/78846, -/85210, -/80085 and pacola.co.jp (山口).
 * - 令和6年度 (2024-03), all 47: s-mngmnt.co.jp/keieiinfo/romu18.html (令和6年3月 改定のご案内, the 47
 *   branches). It agrees with kisaka.net/blog-post/380496 and limo.media/articles/-/78846, -/85210 on
 *   the 23 branches those give; kanahara-sr.jp (2024/02/19, 九州各県) gives the same 長崎 10.17, 宮崎 9.85,
 *   鹿児島 10.13, and mmg-syaroushi.jp/oshirase_240221.html the same 新潟 9.35 and the changes from
 *   令和5年度 of 島根 (−0.34) and 山口 (+0.24) against kaikei-home.com's 令和5年度 column. The other 18
 *   令和6年度 figures (宮城, 秋田, 茨城, 栃木, 千葉, 富山, 長野, 岐阜, 愛知, 三重, 滋賀, 和歌山, 鳥取, 岡山,
 *   広島, 愛媛, 高知, 福島) rest on s-mngmnt.co.jp alone: compare them with the 協会けんぽ 令和6年度
 *   保険料額表 before paying a 令和6年度 premium month in those branches.
 * - 東京 (13) all three years also as transcribed by renjaku/opendata
 *   (public/v1/jp/health-insurance/organizations/kyoukaikenpo-tokyo.yaml).
 *
 * null is "not encoded" (no branch is, today; the type keeps the place for a year found in part): the
 * company gets no health or nursing-care line for that premium month and a payslip note saying so
 * (never a guessed rate). Adding a year: one more [from, rate] per branch.
 */
export const HEALTH_RATES: Readonly<Record<string, DatedOrMissing>> = {
  '01': [
    ['2024-03-01', 1021],
    ['2025-03-01', 1031],
    ['2026-03-01', 1028],
  ], // 北海道
  '02': [
    ['2024-03-01', 949],
    ['2025-03-01', 985],
    ['2026-03-01', 985],
  ], // 青森
  '03': [
    ['2024-03-01', 963],
    ['2025-03-01', 962],
    ['2026-03-01', 951],
  ], // 岩手
  '04': [
    ['2024-03-01', 1001],
    ['2025-03-01', 1011],
    ['2026-03-01', 1010],
  ], // 宮城
  '05': [
    ['2024-03-01', 985],
    ['2025-03-01', 1001],
    ['2026-03-01', 1001],
  ], // 秋田
  '06': [
    ['2024-03-01', 984],
    ['2025-03-01', 975],
    ['2026-03-01', 975],
  ], // 山形
  '07': [
    ['2024-03-01', 959],
    ['2025-03-01', 962],
    ['2026-03-01', 950],
  ], // 福島
  '08': [
    ['2024-03-01', 966],
    ['2025-03-01', 967],
    ['2026-03-01', 952],
  ], // 茨城
  '09': [
    ['2024-03-01', 979],
    ['2025-03-01', 982],
    ['2026-03-01', 982],
  ], // 栃木
  '10': [
    ['2024-03-01', 981],
    ['2025-03-01', 977],
    ['2026-03-01', 968],
  ], // 群馬
  '11': [
    ['2024-03-01', 978],
    ['2025-03-01', 976],
    ['2026-03-01', 967],
  ], // 埼玉
  '12': [
    ['2024-03-01', 977],
    ['2025-03-01', 979],
    ['2026-03-01', 973],
  ], // 千葉
  '13': [
    ['2024-03-01', 998],
    ['2025-03-01', 991],
    ['2026-03-01', 985],
  ], // 東京
  '14': [
    ['2024-03-01', 1002],
    ['2025-03-01', 992],
    ['2026-03-01', 992],
  ], // 神奈川
  '15': [
    ['2024-03-01', 935],
    ['2025-03-01', 955],
    ['2026-03-01', 921],
  ], // 新潟
  '16': [
    ['2024-03-01', 962],
    ['2025-03-01', 965],
    ['2026-03-01', 959],
  ], // 富山
  '17': [
    ['2024-03-01', 994],
    ['2025-03-01', 988],
    ['2026-03-01', 970],
  ], // 石川
  '18': [
    ['2024-03-01', 1007],
    ['2025-03-01', 994],
    ['2026-03-01', 971],
  ], // 福井
  '19': [
    ['2024-03-01', 994],
    ['2025-03-01', 989],
    ['2026-03-01', 955],
  ], // 山梨
  '20': [
    ['2024-03-01', 955],
    ['2025-03-01', 969],
    ['2026-03-01', 963],
  ], // 長野
  '21': [
    ['2024-03-01', 991],
    ['2025-03-01', 993],
    ['2026-03-01', 980],
  ], // 岐阜
  '22': [
    ['2024-03-01', 985],
    ['2025-03-01', 980],
    ['2026-03-01', 961],
  ], // 静岡
  '23': [
    ['2024-03-01', 1002],
    ['2025-03-01', 1003],
    ['2026-03-01', 993],
  ], // 愛知
  '24': [
    ['2024-03-01', 994],
    ['2025-03-01', 999],
    ['2026-03-01', 977],
  ], // 三重
  '25': [
    ['2024-03-01', 989],
    ['2025-03-01', 997],
    ['2026-03-01', 988],
  ], // 滋賀
  '26': [
    ['2024-03-01', 1013],
    ['2025-03-01', 1003],
    ['2026-03-01', 989],
  ], // 京都
  '27': [
    ['2024-03-01', 1034],
    ['2025-03-01', 1024],
    ['2026-03-01', 1013],
  ], // 大阪
  '28': [
    ['2024-03-01', 1018],
    ['2025-03-01', 1016],
    ['2026-03-01', 1012],
  ], // 兵庫
  '29': [
    ['2024-03-01', 1022],
    ['2025-03-01', 1002],
    ['2026-03-01', 991],
  ], // 奈良
  '30': [
    ['2024-03-01', 1000],
    ['2025-03-01', 1019],
    ['2026-03-01', 1006],
  ], // 和歌山
  '31': [
    ['2024-03-01', 968],
    ['2025-03-01', 993],
    ['2026-03-01', 986],
  ], // 鳥取
  '32': [
    ['2024-03-01', 992],
    ['2025-03-01', 994],
    ['2026-03-01', 994],
  ], // 島根
  '33': [
    ['2024-03-01', 1002],
    ['2025-03-01', 1017],
    ['2026-03-01', 1005],
  ], // 岡山
  '34': [
    ['2024-03-01', 995],
    ['2025-03-01', 997],
    ['2026-03-01', 978],
  ], // 広島
  '35': [
    ['2024-03-01', 1020],
    ['2025-03-01', 1036],
    ['2026-03-01', 1015],
  ], // 山口
  '36': [
    ['2024-03-01', 1019],
    ['2025-03-01', 1047],
    ['2026-03-01', 1024],
  ], // 徳島
  '37': [
    ['2024-03-01', 1033],
    ['2025-03-01', 1021],
    ['2026-03-01', 1002],
  ], // 香川
  '38': [
    ['2024-03-01', 1003],
    ['2025-03-01', 1018],
    ['2026-03-01', 998],
  ], // 愛媛
  '39': [
    ['2024-03-01', 989],
    ['2025-03-01', 1013],
    ['2026-03-01', 1005],
  ], // 高知
  '40': [
    ['2024-03-01', 1035],
    ['2025-03-01', 1031],
    ['2026-03-01', 1011],
  ], // 福岡
  '41': [
    ['2024-03-01', 1042],
    ['2025-03-01', 1078],
    ['2026-03-01', 1055],
  ], // 佐賀
  '42': [
    ['2024-03-01', 1017],
    ['2025-03-01', 1041],
    ['2026-03-01', 1006],
  ], // 長崎
  '43': [
    ['2024-03-01', 1030],
    ['2025-03-01', 1012],
    ['2026-03-01', 1008],
  ], // 熊本
  '44': [
    ['2024-03-01', 1025],
    ['2025-03-01', 1025],
    ['2026-03-01', 1008],
  ], // 大分
  '45': [
    ['2024-03-01', 985],
    ['2025-03-01', 1009],
    ['2026-03-01', 977],
  ], // 宮崎
  '46': [
    ['2024-03-01', 1013],
    ['2025-03-01', 1031],
    ['2026-03-01', 1013],
  ], // 鹿児島
  '47': [
    ['2024-03-01', 952],
    ['2025-03-01', 944],
    ['2026-03-01', 944],
  ], // 沖縄
};

/**
 * 介護保険 premium rate for 協会けんぽ members aged 40–64 (介護保険法第9条第2号 第2号被保険者; added to
 * the health premium, 健康保険法第156条第1項第1号), the same in every prefecture. Source: 全国健康保険協会
 * 令和6年度 1.60%, 令和7年度 1.59%, 令和8年度 1.62%. Transcribed: 1.60% nkr-office.com/nkrblog/202403g and
 * nsanada-sr.jp (1.82% → 1.60%); 1.59% sr-aoki.or.jp/r7_hoken (1.60% → 1.59%) and JapanFinance/kei3
 * providerRateData.ts (0.795% each side); 1.62% office-mori.biz/?p=10257.
 */
export const NURSING_RATES: Dated = [
  ['2024-03-01', 160],
  ['2025-03-01', 159],
  ['2026-03-01', 162],
];

/** 厚生年金保険 18.3%, fixed since September 2017 (厚生年金保険法第81条第4項); the worker pays half (第82条第1項). */
export const PENSION_RATES: Dated = [['2017-09-01', 1830]];

/**
 * 雇用保険 worker's share for the general business (一般の事業), by fiscal year from 1 April
 * (労働保険の保険料の徴収等に関する法律第12条, worker's share 第31条第1項, deducted from pay 第32条第1項).
 * Source: 厚生労働省「雇用保険料率のご案内」令和6年度 6/1,000, 令和7年度 5.5/1,000, 令和8年度
 * 5/1,000 (a cut of 0.5/1,000 on each side from 2026-04-01).
 */
export const EMPLOYMENT_RATES: Dated = [
  ['2024-04-01', 60],
  ['2025-04-01', 55],
  ['2026-04-01', 50],
];

/**
 * 標準報酬月額 grades of health insurance (健康保険法第40条第1項, 50 grades, ¥58,000–¥1,390,000):
 * [standard amount, monthly pay from which it applies]. Pension uses the same amounts from ¥88,000
 * to ¥650,000 (厚生年金保険法第20条第1項, 32 grades): a health standard outside them is held at the
 * nearest end for pension.
 */
export const STANDARD_GRADES: readonly (readonly [standard: number, from: number])[] = [
  [58_000, 0],
  [68_000, 63_000],
  [78_000, 73_000],
  [88_000, 83_000],
  [98_000, 93_000],
  [104_000, 101_000],
  [110_000, 107_000],
  [118_000, 114_000],
  [126_000, 122_000],
  [134_000, 130_000],
  [142_000, 138_000],
  [150_000, 146_000],
  [160_000, 155_000],
  [170_000, 165_000],
  [180_000, 175_000],
  [190_000, 185_000],
  [200_000, 195_000],
  [220_000, 210_000],
  [240_000, 230_000],
  [260_000, 250_000],
  [280_000, 270_000],
  [300_000, 290_000],
  [320_000, 310_000],
  [340_000, 330_000],
  [360_000, 350_000],
  [380_000, 370_000],
  [410_000, 395_000],
  [440_000, 425_000],
  [470_000, 455_000],
  [500_000, 485_000],
  [530_000, 515_000],
  [560_000, 545_000],
  [590_000, 575_000],
  [620_000, 605_000],
  [650_000, 635_000],
  [680_000, 665_000],
  [710_000, 695_000],
  [750_000, 730_000],
  [790_000, 770_000],
  [830_000, 810_000],
  [880_000, 855_000],
  [930_000, 905_000],
  [980_000, 955_000],
  [1_030_000, 1_005_000],
  [1_090_000, 1_055_000],
  [1_150_000, 1_115_000],
  [1_210_000, 1_175_000],
  [1_270_000, 1_235_000],
  [1_330_000, 1_295_000],
  [1_390_000, 1_355_000],
];
const PENSION_MIN = 88_000;
const PENSION_MAX = 650_000;

/** True for an amount that is one of the 50 health insurance grades. */
export function isStandardGrade(amount: number): boolean {
  return STANDARD_GRADES.some(([s]) => s === amount);
}

/** The 標準報酬月額 of a monthly pay (報酬月額), by the grade table. */
export function standardFor(monthlyPay: number): number {
  const pay = parseOrThrow(z.number().int().min(0), monthlyPay, 'standardFor');
  return STANDARD_GRADES.findLast(([, from]) => from <= pay)![0];
}

function rateOn<R extends number | null>(table: readonly (readonly [string, R])[], day: string, what: string): R {
  const row = table.findLast(([from]) => from <= day);
  if (!row) throw new Error(`${what}: no rate encoded for ${day} (the first applies from ${table[0]![0]})`);
  return row[1];
}

const day = z.iso.date();

/** The health insurance rate (hundredths of a percent) of a prefecture branch in a premium month, or null when the branch or that year's rate is not encoded. Throws before 2024-03. */
export function healthRate(prefecture: string, premiumMonthDay: string): number | null {
  const d = parseOrThrow(day, premiumMonthDay, 'healthRate');
  const table = HEALTH_RATES[prefecture];
  return table ? rateOn(table, d, `healthRate(${prefecture})`) : null;
}

/** The worker's half of a premium on a standard at a rate in hundredths of a percent: standard × rate / 10,000 / 2. */
export function workerHalf(standard: number, rate: number): number {
  return roundHalfDown(standard * rate, 20_000);
}

/** Health insurance, the worker's half, for a standard monthly remuneration in a premium month; null when the prefecture is not encoded. */
export function healthPremium(standard: number, prefecture: string, premiumMonthDay: string): number | null {
  const rate = healthRate(prefecture, premiumMonthDay);
  return rate === null ? null : workerHalf(standard, rate);
}

/** Nursing care (介護保険第2号), the worker's half, on the health standard. */
export function nursingPremium(standard: number, premiumMonthDay: string): number {
  return workerHalf(standard, rateOn(NURSING_RATES, parseOrThrow(day, premiumMonthDay, 'nursingPremium'), 'nursingPremium'));
}

/** Pension, the worker's half, on the standard held within the pension grades (¥88,000–¥650,000). */
export function pensionPremium(standard: number, premiumMonthDay: string): number {
  const s = Math.min(PENSION_MAX, Math.max(PENSION_MIN, standard));
  return workerHalf(s, rateOn(PENSION_RATES, parseOrThrow(day, premiumMonthDay, 'pensionPremium'), 'pensionPremium'));
}

/** Employment insurance, the worker's share, on the wages actually paid (not a standard): wages × rate, rounded as a deduction. */
export function employmentPremium(wages: number, wageDay: string): number {
  const w = parseOrThrow(z.number().int().min(0), wages, 'employmentPremium');
  return roundHalfDown(w * rateOn(EMPLOYMENT_RATES, parseOrThrow(day, wageDay, 'employmentPremium'), 'employmentPremium'), 10_000);
}

/** How long the person is expected to be employed: up to 30 days, 31 days to 2 months, longer or no fixed term. */
export type EmploymentTerm = 'days30' | 'months2' | 'longer';

export interface InsuranceFacts {
  term: EmploymentTerm;
  /** Scheduled hours a week (所定労働時間); null: not recorded. */
  weeklyHours: number | null;
  /** A daytime student (昼間学生). */
  student: boolean;
  /** The 標準報酬月額 recorded; null: not recorded. */
  standard: number | null;
}

/**
 * Health insurance and pension (健康保険法第3条第1項, 厚生年金保険法第12条): not for a day hire or a
 * contract of two months or less (第3条第1項第2号); for 30 hours a week or more (three quarters of a
 * 40-hour week); from 20 hours a week for a non-student whose standard is ¥88,000 or more, as at a
 * 特定適用事業所 (第3条第1項第9号; we take every company to be one: more than 50 insured since
 * 2024-10). Pension stops at 70 and health insurance at 75: not modelled.
 */
export function socialInsuranceCovered(f: InsuranceFacts): boolean {
  if (f.term !== 'longer' || f.weeklyHours === null) return false;
  if (f.weeklyHours >= 30) return true;
  return f.weeklyHours >= 20 && !f.student && (f.standard ?? 0) >= 88_000;
}

/**
 * Employment insurance (雇用保険法第6条): not under 20 hours a week (第1号), not when employed for
 * 30 days or less (第2号: 31 days or more are expected), not a daytime student (第4号).
 * 日雇労働被保険者 (第43条) are not modelled.
 */
export function employmentInsuranceCovered(f: InsuranceFacts): boolean {
  return f.weeklyHours !== null && f.weeklyHours >= 20 && f.term !== 'days30' && !f.student;
}

/**
 * Whether a person pays nursing care in a premium month: a 第2号被保険者 from 40 to 64 (介護保険法
 * 第9条第2号). One reaches an age on the day before the birthday (年齢計算ニ関スル法律); premiums are
 * due from the month holding the day one turns 40 up to the month before the one in which one
 * turns 65 (介護保険法第10条, 第11条; 健康保険法第156条).
 */
export function nursingCareMonth(birthDate: string, premiumMonth: string): boolean {
  const b = parseOrThrow(day, birthDate, 'nursingCareMonth');
  const m = parseOrThrow(z.string().regex(/^\d{4}-\d{2}$/), premiumMonth, 'nursingCareMonth');
  const turns = (age: number) => {
    const y = Number(b.slice(0, 4)) + age;
    const md = b.slice(5);
    // 29 February: the birthday of a common year is 1 March, the day before it 28 February.
    const birthday = new Date(`${md === '02-29' && !isLeap(y) ? `${y}-03-01` : `${y}-${md}`}T00:00:00Z`);
    birthday.setUTCDate(birthday.getUTCDate() - 1);
    return birthday.toISOString().slice(0, 7);
  };
  return turns(40) <= m && m < turns(65);
}
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
