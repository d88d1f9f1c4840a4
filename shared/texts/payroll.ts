import type { Text } from '../i18n.ts';
import { m } from '../messages.ts';

/**
 * What the payroll's deductions tell the worker and the staff on a payslip and a pay run
 * (server/modules/payroll/deductions.ts, docs/payroll.md): why something was not deducted, and
 * what the computation does not model. Terms of the law are named in Japanese in both languages,
 * through placeholders.
 */
export const PAYROLL = {
  // A payslip's deduction lines (docs/payroll.md "Deductions"); the withholding table's column keeps its
  // legal name in both languages ({kou} 甲, {otsu} 乙), as the person's tax papers write it.
  'payslip.health': m('健康保険料', 'Health insurance'),
  'payslip.nursing': m('介護保険料', 'Nursing care insurance'),
  'payslip.pension': m('厚生年金保険料', 'Employees’ pension'),
  'payslip.employment': m('雇用保険料', 'Employment insurance'),
  'payslip.incomeTax': m('所得税（月額表 {column}）', 'Income tax (monthly table, {column})'),
  'payslip.residentTax': m('住民税（特別徴収）', 'Resident tax (deducted by the employer)'),
  'payslip.kou': m('{kou}欄・扶養{dependents}人', 'column {kou} (kou), {dependents} dependants'),
  'payslip.kouOne': m('{kou}欄・扶養{dependents}人', 'column {kou} (kou), {dependents} dependant'),
  'payslip.otsu': m('{otsu}欄', 'column {otsu} (otsu)'),
  'payNote.noRecord': m(
    '給与の登録情報（扶養控除等申告書・社会保険の加入条件・住民税）がないため、所得税は{otsu}欄で計算し、社会保険料と住民税は控除していません。',
    'No payroll record (dependants declaration, insurance eligibility, resident tax) is on file: income tax uses column {otsu} (otsu), and no insurance or resident tax is deducted.',
  ),
  'payNote.standardMissing': m(
    '社会保険の加入対象ですが、標準報酬月額が登録されていないため、健康保険料・介護保険料・厚生年金保険料を控除していません。',
    'Insured, but no standard monthly remuneration is recorded: health, nursing care and pension premiums are not deducted.',
  ),
  'payNote.prefectureMissing': m(
    '会社の協会けんぽの都道府県が設定されていないため、健康保険料・介護保険料を控除していません。',
    "The company's health insurance prefecture is not set: health and nursing care premiums are not deducted.",
  ),
  'payNote.healthRateMissing': m(
    'この都道府県のこの月分の協会けんぽの保険料率は登録されていないため、健康保険料・介護保険料を控除していません。',
    "This prefecture's health insurance rate for this premium month is not encoded: health and nursing care premiums are not deducted.",
  ),
  'payNote.birthDateMissing': m(
    '生年月日が登録されていないため、介護保険料（40〜64歳）の対象かどうか判断できず、控除していません。',
    'No date of birth is recorded: whether nursing care insurance (ages 40–64) applies is unknown, and it is not deducted.',
  ),
  'payNote.childcareLevy': m(
    '2026年4月分から健康保険料とともに徴収される子ども・子育て支援金は計算していません。',
    'The child and childcare support levy collected with health insurance from April 2026 is not computed.',
  ),
  'payNote.residentTaxCapped': m(
    '住民税の月額が差し引ける額を超えたため、差し引ける額までを控除しました。残りは会社にご確認ください。',
    'The monthly resident tax was more than what was left to deduct: only that much was deducted. Ask the company about the rest.',
  ),
  'payNote.notModelled': m(
    '賞与、標準報酬月額の決定・改定（{forms}）の時期、70歳・75歳以降の扱い、資格取得月・喪失月の扱い、通勤手当などの非課税手当は計算に含まれていません。標準報酬月額は会社の登録値です。',
    'Not modelled: bonuses, when the standard monthly remuneration is set or revised ({forms}), ages 70 and 75, the months insurance starts and ends, and non-taxable allowances such as commuting. The standard monthly remuneration is the one the company recorded.',
  ),
} as const satisfies Record<string, Text>;
