import type { Text } from '../../../shared/i18n.ts';
import { addDays } from '../../../shared/time.ts';
import { employmentInsuranceCovered, employmentPremium, healthPremium, nursingCareMonth, nursingPremium, pensionPremium, socialInsuranceCovered, type EmploymentTerm } from './insurance.ts';
import { monthlyWithholding } from './withholding.ts';
import { msgText } from '../../../shared/texts/index.ts';

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

/** What each note tells the worker and the staff, on the payslip and the run (their sentences: shared/texts/payroll.ts). */
export const NOTE_TEXT: Record<NoteKey, Text> = {
  // The withholding column is named in Japanese in both languages (源泉徴収税額表).
  no_record: msgText('payNote.noRecord', { otsu: '乙' }),
  standard_missing: msgText('payNote.standardMissing'),
  prefecture_missing: msgText('payNote.prefectureMissing'),
  health_rate_missing: msgText('payNote.healthRateMissing'),
  birth_date_missing: msgText('payNote.birthDateMissing'),
  childcare_levy: msgText('payNote.childcareLevy'),
  resident_tax_capped: msgText('payNote.residentTaxCapped'),
};

/** Always on a payslip: the rules the deductions do not model (the notifications named by their Japanese names in both languages). */
export const NOT_MODELLED: Text = msgText('payNote.notModelled', { forms: '算定基礎届・月額変更届' });
