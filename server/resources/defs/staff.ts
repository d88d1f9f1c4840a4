import { sql, type RawBuilder } from 'kysely';
import { z } from 'zod';
import type { Tenant } from '../../access/tenancy.ts';
import { enumStore, listLanguages } from '../../modules/enums/service.ts';
import type { EnumListName } from '../../modules/enums/reference-data.ts';
import { f, t, type ComputedColumn, type FieldDef, type Option, type OptionContext, type ResourceDef, type TenantScope } from '../define.ts';
import type { Text } from '../../../shared/i18n.ts';
import { companyOptions } from './organizations.ts';
import { visibleToCompany } from '../../modules/staff/person.ts';
import { isStandardGrade } from '../../modules/payroll/insurance.ts';
import { syncPay } from '../../modules/payroll/lines.ts';

/**
 * The registry of foreign staff (/admin/staff, code 150001): the people a staffing
 * company has registered, with their residence status and its expiry, and their identity
 * documents on the record page. Choices for gender, reading skill, visa type and languages come
 * from the enumeration tables, the same data as the `enums` and `languages` queries (SPEC §3).
 */

/** A staff member belongs to the company that registered them; clients see none of the registry. */
const staffRows: TenantScope = {
  where: (t: Tenant) => (t.kind === 'platform' ? [] : t.kind === 'company' ? [{ column: 'company_id', value: t.companyId }] : null),
  assign: (t: Tenant): Record<string, string> => (t.kind === 'company' ? { company_id: t.companyId } : {}),
  companyOf: (row) => (row.company_id as string | null | undefined) ?? null,
};

/** A job-enum list of the enumeration store, as choices (value: the id). */
export const enumOptions =
  (list: EnumListName) =>
  async ({ db }: OptionContext): Promise<Option[]> =>
    (await enumStore(db))[list].map((e) => ({ value: String(e.id), label: { ja: e.name, en: e.enum_job_translate_value.find((x) => x.language_key === 'en')?.value ?? e.name } }));

export async function visaOptions({ db }: OptionContext): Promise<Option[]> {
  return (await enumStore(db)).visaTypes.map((v) => ({ value: String(v.id), label: { ja: v.ja, en: v.en } }));
}

export async function languageOptions({ db }: OptionContext): Promise<Option[]> {
  return (await listLanguages(db)).map((l) => ({ value: l.code, label: { ja: l.ja, en: l.en } }));
}

/** A choice stored as an integer id (enumerations, visa types); the API sends it as a string. */
export const idChoice = (name: string, label: Text, options: (ctx: OptionContext) => Promise<Option[]>, o: Partial<FieldDef> = {}): FieldDef => ({
  name,
  label,
  kind: 'select',
  options,
  schema: z.preprocess((v) => (v === '' ? null : v), z.coerce.number().int().positive().nullable().optional().transform((v) => v ?? null)),
  ...o,
});

export const NATIONALITIES: Option[] = [
  ['VN', 'ベトナム', 'Vietnam'],
  ['PH', 'フィリピン', 'Philippines'],
  ['NP', 'ネパール', 'Nepal'],
  ['ID', 'インドネシア', 'Indonesia'],
  ['MM', 'ミャンマー', 'Myanmar'],
  ['CN', '中国', 'China'],
  ['BR', 'ブラジル', 'Brazil'],
  ['KR', '韓国', 'South Korea'],
  ['LK', 'スリランカ', 'Sri Lanka'],
  ['BD', 'バングラデシュ', 'Bangladesh'],
  ['TH', 'タイ', 'Thailand'],
  ['KH', 'カンボジア', 'Cambodia'],
  ['MN', 'モンゴル', 'Mongolia'],
  ['UZ', 'ウズベキスタン', 'Uzbekistan'],
  ['IN', 'インド', 'India'],
  ['PE', 'ペルー', 'Peru'],
  ['US', 'アメリカ', 'United States'],
  ['other', 'その他', 'Other'],
].map(([value, ja, en]) => ({ value: value!, label: { ja: ja!, en: en! } }));

export const DOCUMENT_KINDS: Option[] = [
  { value: 'residence_card', label: t('在留カード', 'Residence card') },
  { value: 'passport', label: t('パスポート', 'Passport') },
  { value: 'certificate', label: t('資格・技能の証明書', 'Certificate') },
  { value: 'other', label: t('その他', 'Other') },
];

/**
 * A value of the linked candidate's profile (docs/workforce.md "One person"), only while the
 * candidate applied to the row's company or accepted its scout (DESIGN §5); else null.
 */
const fromPerson = (table: string, expr: RawBuilder<unknown>) =>
  sql`(select ${expr} from candidate_profiles p left join visa_types pv on pv.id = p.visa_type_id
    where p.user_id = ${sql.ref(`${table}.person_user_id`)} and ${visibleToCompany(sql.ref(`${table}.person_user_id`), sql.ref(`${table}.company_id`))})`;
/** A text in both languages as one value, drawn in the reader's when the row is served. */
const bothLanguages = (text: { ja: string; en: string }) => sql`json_build_object('ja', ${text.ja}::text, 'en', ${text.en}::text)`;
/** A residence status's name in both languages: the reader's is picked when the row is served (serialize in server/api/graphql/resources.ts). */
const visaName = (alias: string) => sql`json_build_object('ja', ${sql.ref(`${alias}.ja`)}, 'en', ${sql.ref(`${alias}.en`)})`;

/**
 * What the registry row shows of its person: the candidate's data wins where the row is linked
 * and both have a value; the row's own where the candidate has none.
 */
const PERSON_COLUMNS: ComputedColumn[] = [
  {
    name: 'person',
    label: t('登録ユーザー（本人）', 'Registered candidate'),
    list: true,
    sql: (table) => fromPerson(table, sql`(select u.name || ' <' || u.email || '>' from users u where u.id = p.user_id)`) as RawBuilder<string | null>,
  },
  {
    name: 'person_status',
    label: t('在留資格（本人の登録）', 'Residence status (one person)'),
    sql: (table) =>
      sql<string | null>`coalesce(${fromPerson(table, visaName('pv'))}, (select ${visaName('sv')} from visa_types sv where sv.id = ${sql.ref(`${table}.visa_type_id`)}))`,
  },
  {
    name: 'person_expiry',
    label: t('在留期限（本人の登録）', 'Card expiry (one person)'),
    sql: (table) => sql<string | null>`coalesce(${fromPerson(table, sql`p.visa_expiry::text`)}, ${sql.ref(`${table}.visa_expiry`)}::text)`,
  },
  {
    name: 'card_check',
    label: t('在留カード確認', 'Card check'),
    list: true,
    sql: (table) => fromPerson(table, sql`case when p.card_verified then ${bothLanguages(t('確認済み', 'Verified'))} else ${bothLanguages(t('未確認', 'Not verified'))} end`) as RawBuilder<string | null>,
  },
  {
    name: 'permission',
    label: t('資格外活動許可', 'Permission outside status'),
    sql: (table) => fromPerson(table, sql`case when p.permission_outside_status then ${bothLanguages(t('あり', 'Granted'))} else ${bothLanguages(t('なし', 'None'))} end`) as RawBuilder<string | null>,
  },
  {
    name: 'card_number',
    label: t('在留カード番号', 'Residence card number'),
    sql: (table) =>
      sql<string | null>`coalesce(${fromPerson(table, sql`nullif(p.card_number, '')`)}, (select d.number from staff_documents d where d.staff_id = ${sql.ref(`${table}.id`)} and d.kind = 'residence_card' order by d.expires_on desc nulls last limit 1))`,
  },
  {
    name: 'person_languages',
    label: t('話せる言語（本人の登録）', 'Languages (one person)'),
    sql: (table) => sql<string | null>`array_to_string(coalesce(${fromPerson(table, sql`nullif(p.languages, '{}')`)}, ${sql.ref(`${table}.languages`)}), ', ')`,
  },
];

/** A whole number where a blank (or a field left out) is `fallback`, within bounds. */
const countOr = (fallback: number, max: number) => z.preprocess((v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? fallback : typeof v === 'string' ? Number(v.trim()) : v), z.number().int().min(0).max(max));

/**
 * The person's payroll record (docs/payroll.md "The person's payroll record", migration 0045): the
 * 扶養控除等申告書 (所得税法第194条) and its dependants decide the 甲欄 or 乙欄; the expected length of
 * employment, hours a week and student status decide insurance (健康保険法第3条, 雇用保険法第6条)
 * and the 丙欄 for a day hire; the 標準報酬月額 (健康保険法第40条) the premiums; the resident tax
 * the city fixed for 特別徴収 (地方税法第321条の5).
 */
const EMPLOYMENT_TERMS: Option[] = [
  { value: 'longer', label: t('2か月超・期間の定めなし', 'Over two months, or no fixed term') },
  { value: 'months2', label: t('31日以上2か月以内（日雇い扱い）', '31 days to two months (a day hire)') },
  { value: 'days30', label: t('30日以内・日々雇用（日雇い扱い）', '30 days or less, or by the day (a day hire)') },
];
const PAYROLL_FIELDS: FieldDef[] = [
  f.boolean('tax_form_filed', t('扶養控除等申告書の提出あり（甲欄）', 'Filed the dependants declaration (扶養控除等申告書) with us: column 甲')),
  f.number('dependents', t('申告書の扶養親族等の数', 'Dependants declared on it'), {
    default: 0,
    schema: countOr(0, 20),
    hint: t('提出がない場合、所得税は乙欄で計算します。', 'Without the declaration, income tax uses column 乙 (otsu).'),
  }),
  f.select('employment_term', t('雇用見込み期間', 'Expected length of employment'), EMPLOYMENT_TERMS, {
    default: 'longer',
    schema: z.preprocess((v) => (v === undefined || v === null || v === '' ? 'longer' : v), z.enum(['longer', 'months2', 'days30'])),
    hint: t('2か月以内の契約は日額表の丙欄で源泉徴収し、健康保険・厚生年金の対象外です。', 'A contract of two months or less is withheld on column 丙 of the daily table and is outside health insurance and pension.'),
  }),
  f.number('weekly_hours', t('週の所定労働時間', 'Scheduled hours a week'), { required: false, max: 80, hint: t('空欄: 未登録（社会保険・雇用保険を控除しません）', 'Blank: not recorded (no insurance is deducted)') }),
  f.boolean('student', t('昼間学生', 'Daytime student')),
  f.number('standard_monthly_remuneration', t('標準報酬月額（円）', 'Standard monthly remuneration (yen)'), {
    money: true,
    required: false,
    max: 1_390_000,
    schema: z.preprocess(
      (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : typeof v === 'string' ? Number(v.trim()) : v),
      z
        .number()
        .int()
        .refine(isStandardGrade, { message: 'grade', params: { ja: '標準報酬月額表の等級の額（例: 260000）を入力してください。', en: 'Enter an amount of the standard monthly remuneration table (for example 260000).' } })
        .nullable(),
    ),
    hint: t('健康保険の等級表の額（58,000〜1,390,000円）。', 'An amount of the health insurance grade table (¥58,000–¥1,390,000).'),
  }),
  f.number('resident_tax_monthly', t('住民税（特別徴収）の月額（円）', 'Resident tax deducted each month (yen)'), { money: true, default: 0, schema: countOr(0, 1_000_000) }),
];

export const staffResource: ResourceDef = {
  name: 'staffMember',
  plural: 'staff',
  table: 'staff',
  title: t('スタッフ', 'Staff member'),
  titlePlural: t('スタッフ', 'Staff'),
  labelField: 'name',
  defaultSort: { field: 'name_kana', dir: 'asc' },
  scope: staffRows,
  fields: [
    f.ref('company_id', t('登録した派遣会社', 'Registered by'), companyOptions, { list: true, filter: true, platformOnly: true, createOnly: true }),
    f.text('name', t('氏名（ローマ字）', 'Name (as on the residence card)'), { list: true, sortable: true, search: true, max: 100 }),
    f.text('name_kana', t('フリガナ', 'Name in katakana'), { required: false, sortable: true, search: true, max: 100 }),
    f.select('nationality', t('国籍', 'Nationality'), NATIONALITIES, { list: true, filter: true, sortable: true }),
    f.date('birth_date', t('生年月日', 'Date of birth'), { sortable: true }),
    idChoice('gender', t('性別', 'Gender'), enumOptions('genders')),
    idChoice('visa_type_id', t('在留資格', 'Residence status (visa)'), visaOptions, { list: true, filter: true }),
    f.date('visa_expiry', t('在留期限', 'Residence card expires'), {
      list: true,
      sortable: true,
      filter: true,
      hint: t('在留カードに記載の「在留期間（満了日）」です。', 'The expiry date printed on the residence card.'),
    }),
    idChoice('read_skill', t('日本語の読み', 'Japanese reading'), enumOptions('readSkills'), { list: true }),
    f.multi('languages', t('話せる言語', 'Languages spoken'), languageOptions, { filter: true }),
    f.email('email', t('メールアドレス', 'Email'), { search: true }),
    f.tel('phone', t('電話番号', 'Phone'), { list: true, search: true }),
    f.text('address', t('住所', 'Address'), { required: false, max: 300 }),
    f.textarea('notes', t('メモ', 'Notes'), { max: 2000, schema: z.preprocess((v) => v ?? '', z.string().trim().max(2000)) }),
    ...PAYROLL_FIELDS,
  ],
  computed: PERSON_COLUMNS,
  // The person's payroll record changes their draft pay runs (tax column, insurance, resident tax).
  afterWrite: async (row, ctx) => {
    if (row.person_user_id && row.company_id) await syncPay(ctx.db, String(row.company_id), String(row.person_user_id));
  },
  auditLabels: {
    person_linked: t('本人（登録ユーザー）と紐付け', 'Linked to the registered candidate'),
    merge_reasons: t('重複の理由', 'Why they matched'),
    merged_from: t('統合したスタッフ', 'Merged in from'),
    merged_into: t('統合先', 'Merged into'),
    documents_moved: t('移した書類', 'Documents moved'),
  },
  children: [
    {
      name: 'staffDocument',
      plural: 'staffDocuments',
      table: 'staff_documents',
      parentColumn: 'staff_id',
      title: t('書類', 'Document'),
      titlePlural: t('本人確認書類', 'Identity documents'),
      labelField: 'kind',
      defaultSort: { field: 'expires_on', dir: 'asc' },
      fields: [
        f.select('kind', t('種類', 'Kind'), DOCUMENT_KINDS),
        f.text('number', t('番号', 'Number'), { required: false, max: 50 }),
        f.date('expires_on', t('有効期限', 'Expires on')),
        f.text('note', t('備考', 'Note'), { required: false, max: 300 }),
      ],
    },
  ],
  sample: {
    company_id: '$company',
    name: 'TRAN THI HOA',
    name_kana: 'チャン ティ ホア',
    nationality: 'VN',
    birth_date: '1999-04-12',
    visa_expiry: '2027-03-31',
    languages: ['vi', 'ja'],
    email: 'hoa.tran@staff.test',
    phone: '080-1234-5678',
    notes: '',
  },
  screens: [{ path: '/admin/staff', mode: 'single' }],
};
