import type { Text } from '../../../shared/i18n.ts';
import { addDays } from '../../../shared/time.ts';
import {
  employmentInsuranceCovered,
  employmentPremium,
  healthPremium,
  nursingCareMonth,
  nursingPremium,
  pensionPremium,
  socialInsuranceCovered,
  type EmploymentTerm,
} from './insurance.ts';
import { monthlyWithholding } from './withholding.ts';

/**
 * The statutory deductions of a monthly run (docs/payroll.md "Deductions"), in the order the law
 * takes them: social insurance first (health, nursing care, pension, employment), then income tax
 * on what is left (所得税法第185条第1項: 社会保険料等控除後の給与等の金額, 月額表 of the pay day's
 * year), then resident tax (地方税法第321条の5, a monthly amount the city fixed). What cannot be
 * computed is left at 0 with a note saying why: never a guessed amount.
 */

/** What the company recorded of the person (the staff registry row, migration 0045); null: nothing recorded. */
export interface PayrollPerson {
  taxFormFiled: boolean;
  dependents: number;
  term: EmploymentTerm;
  weeklyHours: number | null;
  student: boolean;
  standard: number | null;
  residentTax: number;
  birthDate: string | null;
}

export interface DeductionInput {
  gross: number;
  /** The run's pay day: the income tax table's year, and (the month before it) the premium month. */
  payDay: string;
  /** The last day of the pay period: the employment insurance rate in force. */
  periodEnd: string;
  person: PayrollPerson | null;
  /** The company's 協会けんぽ prefecture (JIS X 0401), or null when not set. */
  prefecture: string | null;
}

export type NoteKey = 'no_record' | 'standard_missing' | 'prefecture_missing' | 'health_rate_missing' | 'birth_date_missing' | 'childcare_levy' | 'resident_tax_capped';

export interface Deductions {
  healthInsurance: number;
  nursingInsurance: number;
  pension: number;
  employmentInsurance: number;
  incomeTax: number;
  residentTax: number;
  taxColumn: 'kou' | 'otsu';
  dependents: number;
  notes: NoteKey[];
}

/** The sum of a run's statutory deductions. */
export const deductionTotal = (d: Pick<Deductions, 'healthInsurance' | 'nursingInsurance' | 'pension' | 'employmentInsurance' | 'incomeTax' | 'residentTax'>): number =>
  d.healthInsurance + d.nursingInsurance + d.pension + d.employmentInsurance + d.incomeTax + d.residentTax;

/**
 * The premium month of a run: the month before the pay day's (翌月徴収: 健康保険法第167条第1項 and
 * 厚生年金保険法第84条第1項 let the employer deduct only the previous month's premium from pay).
 */
export function premiumMonthOf(payDay: string): string {
  return addDays(`${payDay.slice(0, 7)}-01`, -1).slice(0, 7);
}

export function monthlyDeductions(input: DeductionInput): Deductions {
  const p = input.person;
  const notes: NoteKey[] = [];
  let health = 0;
  let nursing = 0;
  let pension = 0;
  let employment = 0;
  if (!p) notes.push('no_record');
  const facts = p ? { term: p.term, weeklyHours: p.weeklyHours, student: p.student, standard: p.standard } : null;
  const premiumMonth = premiumMonthOf(input.payDay);
  const premiumDay = `${premiumMonth}-01`;
  if (p && facts && socialInsuranceCovered(facts)) {
    if (p.standard === null) notes.push('standard_missing');
    else {
      pension = pensionPremium(p.standard, premiumDay);
      if (input.prefecture === null) notes.push('prefecture_missing');
      else {
        const h = healthPremium(p.standard, input.prefecture, premiumDay);
        if (h === null) notes.push('health_rate_missing');
        else {
          health = h;
          if (p.birthDate === null) notes.push('birth_date_missing');
          else if (nursingCareMonth(p.birthDate, premiumMonth)) nursing = nursingPremium(p.standard, premiumDay);
        }
      }
      // 子ども・子育て支援金 is collected with the health premium from the April 2026 premium month.
      if (premiumDay >= '2026-04-01') notes.push('childcare_levy');
    }
  }
  if (facts && employmentInsuranceCovered(facts)) employment = employmentPremium(input.gross, input.periodEnd);
  const social = health + nursing + pension + employment;
  const taxColumn = p?.taxFormFiled ? 'kou' : 'otsu';
  const dependents = p?.taxFormFiled ? p.dependents : 0;
  const incomeTax = monthlyWithholding(Math.max(0, input.gross - social), { column: taxColumn, dependents, payDay: input.payDay });
  const left = Math.max(0, input.gross - social - incomeTax);
  const residentTax = Math.min(p?.residentTax ?? 0, left);
  if (p && residentTax < p.residentTax) notes.push('resident_tax_capped');
  return { healthInsurance: health, nursingInsurance: nursing, pension, employmentInsurance: employment, incomeTax, residentTax, taxColumn, dependents, notes };
}

/** What each note tells the worker and the staff, on the payslip and the run. */
export const NOTE_TEXT: Record<NoteKey, Text> = {
  no_record: {
    ja: '給与の登録情報（扶養控除等申告書・社会保険の加入条件・住民税）がないため、所得税は乙欄で計算し、社会保険料と住民税は控除していません。',
    en: 'No payroll record (dependants declaration, insurance eligibility, resident tax) is on file: income tax uses column 乙 (otsu), and no insurance or resident tax is deducted.',
  },
  standard_missing: {
    ja: '社会保険の加入対象ですが、標準報酬月額が登録されていないため、健康保険料・介護保険料・厚生年金保険料を控除していません。',
    en: 'Insured, but no standard monthly remuneration is recorded: health, nursing care and pension premiums are not deducted.',
  },
  prefecture_missing: {
    ja: '会社の協会けんぽの都道府県が設定されていないため、健康保険料・介護保険料を控除していません。',
    en: "The company's health insurance prefecture is not set: health and nursing care premiums are not deducted.",
  },
  health_rate_missing: {
    ja: 'この都道府県の協会けんぽの保険料率は登録されていないため、健康保険料・介護保険料を控除していません。',
    en: "This prefecture's health insurance rate is not encoded: health and nursing care premiums are not deducted.",
  },
  birth_date_missing: {
    ja: '生年月日が登録されていないため、介護保険料（40〜64歳）の対象かどうか判断できず、控除していません。',
    en: 'No date of birth is recorded: whether nursing care insurance (ages 40–64) applies is unknown, and it is not deducted.',
  },
  childcare_levy: {
    ja: '2026年4月分から健康保険料とともに徴収される子ども・子育て支援金は計算していません。',
    en: 'The child and childcare support levy collected with health insurance from April 2026 is not computed.',
  },
  resident_tax_capped: {
    ja: '住民税の月額が差し引ける額を超えたため、差し引ける額までを控除しました。残りは会社にご確認ください。',
    en: 'The monthly resident tax was more than what was left to deduct: only that much was deducted. Ask the company about the rest.',
  },
};

/** Always on a payslip: the rules the deductions do not model. */
export const NOT_MODELLED: Text = {
  ja: '賞与、標準報酬月額の決定・改定（算定基礎届・月額変更届）の時期、70歳・75歳以降の扱い、資格取得月・喪失月の扱い、通勤手当などの非課税手当は計算に含まれていません。標準報酬月額は会社の登録値です。',
  en: 'Not modelled: bonuses, when the standard monthly remuneration is set or revised (算定基礎届, 月額変更届), ages 70 and 75, the months insurance starts and ends, and non-taxable allowances such as commuting. The standard monthly remuneration is the one the company recorded.',
};
