import { sql, type RawBuilder } from 'kysely';
import { z } from 'zod';
import { type Tenant, tenantAssignedValues, tenantFilterFor } from '../../../access/tenancy.ts';
import { enumStore, listLanguages } from '../../enums/service.ts';
import type { EnumListName } from '../../enums/reference-data.ts';
import { f, type ComputedColumn, type FieldDef, type Option, type OptionContext, type ResourceDef, type TenantScope } from '../../../resources/define.ts';
import { msgText } from '../../../../shared/texts/index.ts';
import { countryChoices } from '../../../../shared/countries.ts';
import type { Lang, Text } from '../../../../shared/i18n.ts';
import { companyOptions } from '../../companies/defs/organizations.ts';
import { dateFilter, type ReadColumn, type ReadFilter } from '../../../resources/read-model.ts';
import { pickLangSql } from '../../../resources/pick-lang-sql.ts';
import { visibleToCompany } from '../person.ts';
import { isStandardGrade } from '../../payroll/insurance.ts';
import { syncPay } from '../../payroll/lines.ts';

/**
 * The registry of foreign staff (/admin/staff, code 150001): the people a staffing
 * company has registered, with their residence status and its expiry, and their identity
 * documents on the record page. Choices for gender, reading skill, visa type and languages come
 * from the enumeration tables, the same data as the `enums` and `languages` queries (SPEC §3).
 */

/** A staff member belongs to the company that registered them; clients see none of the registry. */
const STAFF_TENANCY = { company: 'company_id', client: false } as const;
const staffRows: TenantScope = {
  where: (t: Tenant) => tenantFilterFor(t, STAFF_TENANCY),
  assign: (t: Tenant) => tenantAssignedValues(tenantFilterFor(t, STAFF_TENANCY)),
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

/**
 * A person's nationality as a list column (a country code, shared/countries.ts): the API, the sort
 * and the search keep the code, the cells and the CSV name the country in the reader's language;
 * `value`, the column or expression that holds it (null where it is not shared).
 */
export const nationalityColumn = (value: string | ((lang: Lang) => RawBuilder<unknown>), o: Partial<ReadColumn> = {}): ReadColumn => ({
  name: 'nationality',
  label: msgText('res.common.nationality'),
  type: 'choice',
  options: countryChoices(),
  sql: value,
  ...o,
});

/** The nationality filter: a select of countries, matching the code stored in `col` (or an expression of it). */
export const nationalityFilter = (col: string | RawBuilder<unknown>): ReadFilter => ({
  name: 'nationality',
  label: msgText('res.common.nationality'),
  kind: 'select',
  options: [...countryChoices()],
  alphabetical: true,
  where: (eb, v) => eb(col, '=', v),
});

/** The columns of a candidate's profile (joined as `p`, its visa type as `v`) that the applicants and the workers lists share; the card's expiry is flagged within 90 days (the alerts show in the lists too). */
export const profileColumns: readonly ReadColumn[] = [
  // Searched by the country's name in either language ("ベトナム", "vietnam"), as people type what they read.
  nationalityColumn('p.nationality', { sortable: true, search: true }),
  { name: 'visaType', label: msgText('res.common.residenceStatus'), type: 'text', sql: (lang) => pickLangSql(lang, 'v.ja', 'v.en') },
  { name: 'visaExpiry', label: msgText('res.common.cardExpiry'), type: 'date', sql: 'p.visa_expiry', sortable: true, soon: 90 },
];

/** The residence-status filter on a visa type column (`col`); a value that is no id matches nothing. */
export const visaFilter = (col: string): ReadFilter => ({
  name: 'visa',
  label: msgText('res.common.residenceStatus'),
  kind: 'select',
  options: visaOptions,
  where: (eb, v) => (/^\d{1,9}$/.test(v) ? eb(col, '=', Number(v)) : sql<boolean>`false`),
});

/** The filters on a candidate's profile (joined as `p`) that the applicants and the workers lists share: residence status, card expiry, nationality. */
export const profileFilters: readonly ReadFilter[] = [visaFilter('p.visa_type_id'), dateFilter('visaExpiry', msgText('res.common.cardExpiry'), 'p.visa_expiry'), nationalityFilter('p.nationality')];

export async function languageOptions({ db }: OptionContext): Promise<Option[]> {
  return (await listLanguages(db)).map((l) => ({ value: l.code, label: { ja: l.ja, en: l.en } }));
}

/** A choice stored as an integer id (enumerations, visa types); the API sends it as a string. */
export const idChoice = (name: string, label: Text, options: (ctx: OptionContext) => Promise<Option[]>, o: Partial<FieldDef> = {}): FieldDef => ({
  name,
  label,
  kind: 'select',
  options,
  schema: z.preprocess(
    (v) => (v === '' ? null : v),
    z.coerce
      .number()
      .int()
      .positive()
      .nullable()
      .optional()
      .transform((v) => v ?? null),
  ),
  ...o,
});

/**
 * A staff member's nationality: a country (shared/countries.ts, the code stored, named in the
 * reader's language), or "other", which the registry offered before it drew every country.
 */
const NATIONALITIES: Option[] = [...countryChoices(), { value: 'other', label: msgText('res.staff.other') }];

export const DOCUMENT_KINDS: Option[] = [
  { value: 'residence_card', label: msgText('res.common.residenceCard') },
  { value: 'passport', label: msgText('res.staff.passport') },
  { value: 'certificate', label: msgText('res.staff.certificate') },
  { value: 'other', label: msgText('res.staff.other') },
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
    label: msgText('res.staff.registeredCandidate'),
    list: true,
    sql: (table) => fromPerson(table, sql`(select u.name || ' <' || u.email || '>' from users u where u.id = p.user_id)`) as RawBuilder<string | null>,
  },
  {
    name: 'person_status',
    label: msgText('res.staff.residenceStatusOne'),
    sql: (table) => sql<string | null>`coalesce(${fromPerson(table, visaName('pv'))}, (select ${visaName('sv')} from visa_types sv where sv.id = ${sql.ref(`${table}.visa_type_id`)}))`,
  },
  {
    name: 'person_expiry',
    label: msgText('res.staff.cardExpiryOne'),
    sql: (table) => sql<string | null>`coalesce(${fromPerson(table, sql`p.visa_expiry::text`)}, ${sql.ref(`${table}.visa_expiry`)}::text)`,
  },
  {
    name: 'card_check',
    label: msgText('res.common.cardCheck'),
    list: true,
    sql: (table) =>
      fromPerson(table, sql`case when p.card_verified then ${bothLanguages(msgText('res.common.verified'))} else ${bothLanguages(msgText('res.common.notVerified'))} end`) as RawBuilder<string | null>,
  },
  {
    name: 'permission',
    label: msgText('res.common.permissionOutsideStatus'),
    sql: (table) =>
      fromPerson(table, sql`case when p.permission_outside_status then ${bothLanguages(msgText('res.staff.granted'))} else ${bothLanguages(msgText('res.staff.none'))} end`) as RawBuilder<
        string | null
      >,
  },
  {
    name: 'card_number',
    label: msgText('card.number'),
    sql: (table) =>
      sql<
        string | null
      >`coalesce(${fromPerson(table, sql`nullif(p.card_number, '')`)}, (select d.number from staff_documents d where d.staff_id = ${sql.ref(`${table}.id`)} and d.kind = 'residence_card' order by d.expires_on desc nulls last limit 1))`,
  },
  {
    name: 'person_languages',
    label: msgText('res.staff.languagesOnePerson'),
    sql: (table) => sql<string | null>`array_to_string(coalesce(${fromPerson(table, sql`nullif(p.languages, '{}')`)}, ${sql.ref(`${table}.languages`)}), ', ')`,
  },
];

/** A whole number where a blank (or a field left out) is `fallback`, within bounds. */
const countOr = (fallback: number, max: number) =>
  z.preprocess((v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? fallback : typeof v === 'string' ? Number(v.trim()) : v), z.number().int().min(0).max(max));

/**
 * The person's payroll record (docs/payroll.md "The person's payroll record", migration 0045): the
 * 扶養控除等申告書 (所得税法第194条) and its dependants decide the 甲欄 or 乙欄; the expected length of
 * employment, hours a week and student status decide insurance (健康保険法第3条, 雇用保険法第6条)
 * and the 丙欄 for a day hire; the 標準報酬月額 (健康保険法第40条) the premiums; the resident tax
 * the city fixed for 特別徴収 (地方税法第321条の5).
 */
const EMPLOYMENT_TERMS: Option[] = [
  { value: 'longer', label: msgText('res.staff.overTwoMonths') },
  { value: 'months2', label: msgText('res.staff.upToTwoMonths') },
  { value: 'days30', label: msgText('res.staff.upToThirtyDays') },
];
const PAYROLL_FIELDS: FieldDef[] = [
  f.boolean('tax_form_filed', msgText('res.staff.filedDependantsDeclaration', { form: '扶養控除等申告書', kou: '甲' })),
  f.number('dependents', msgText('res.staff.dependantsDeclared'), {
    default: 0,
    schema: countOr(0, 20),
    hint: msgText('res.staff.withoutDeclarationIncome', { otsu: '乙' }),
  }),
  f.select('employment_term', msgText('res.staff.expectedLengthEmployment'), EMPLOYMENT_TERMS, {
    default: 'longer',
    schema: z.preprocess((v) => (v === undefined || v === null || v === '' ? 'longer' : v), z.enum(['longer', 'months2', 'days30'])),
    hint: msgText('res.staff.contractTwoMonths', { hei: '丙' }),
  }),
  f.number('weekly_hours', msgText('res.staff.scheduledHoursWeek'), { required: false, max: 80, hint: msgText('res.staff.blankNotRecorded') }),
  f.boolean('student', msgText('res.staff.daytimeStudent')),
  f.number('standard_monthly_remuneration', msgText('res.staff.standardMonthlyRemuneration'), {
    required: false,
    max: 1_390_000,
    cell: 'money',
    schema: z.preprocess(
      (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : typeof v === 'string' ? Number(v.trim()) : v),
      z
        .number()
        .int()
        .refine(isStandardGrade, { message: 'grade', params: msgText('res.staff.standardGrade') })
        .nullable(),
    ),
    hint: msgText('res.staff.amountHealthInsurance'),
  }),
  f.number('resident_tax_monthly', msgText('res.staff.residentTaxDeducted'), { cell: 'money', default: 0, schema: countOr(0, 1_000_000) }),
];

export const staffResource: ResourceDef = {
  name: 'staffMember',
  plural: 'staff',
  table: 'staff',
  title: msgText('res.staff.staffMember'),
  titlePlural: msgText('res.staff.staff'),
  labelField: 'name',
  defaultSort: { field: 'name_kana', dir: 'asc' },
  scope: staffRows,
  fields: [
    f.ref('company_id', msgText('res.staff.registered'), companyOptions, { list: true, filter: true, platformOnly: true, createOnly: true }),
    f.text('name', msgText('res.staff.nameResidenceCard'), { list: true, sortable: true, search: true, max: 100 }),
    f.text('name_kana', msgText('res.staff.nameKatakana'), { required: false, sortable: true, search: true, max: 100 }),
    f.select('nationality', msgText('res.common.nationality'), NATIONALITIES, { list: true, filter: true, sortable: true, search: true, alphabetical: true }),
    f.date('birth_date', msgText('candidate.birthDate'), { sortable: true }),
    idChoice('gender', msgText('res.staff.gender'), enumOptions('genders')),
    idChoice('visa_type_id', msgText('res.staff.residenceStatusVisa'), visaOptions, { list: true, filter: true }),
    f.date('visa_expiry', msgText('res.staff.residenceCardExpires'), {
      list: true,
      sortable: true,
      filter: true,
      hint: msgText('res.staff.expiryDatePrinted'),
    }),
    idChoice('read_skill', msgText('res.staff.japaneseReading'), enumOptions('readSkills'), { list: true }),
    f.multi('languages', msgText('res.staff.languagesSpoken'), languageOptions, { filter: true }),
    f.email('email', msgText('res.common.emailAddress'), { search: true }),
    f.tel('phone', msgText('res.common.phone'), { list: true, search: true }),
    f.text('address', msgText('res.common.address'), { required: false, max: 300 }),
    f.textarea('notes', msgText('res.staff.notes'), { max: 2000, schema: z.preprocess((v) => v ?? '', z.string().trim().max(2000)) }),
    ...PAYROLL_FIELDS,
  ],
  computed: PERSON_COLUMNS,
  // The person's payroll record changes their draft pay runs (tax column, insurance, resident tax).
  afterWrite: async (row, ctx) => {
    if (row.person_user_id && row.company_id) await syncPay(ctx.db, String(row.company_id), String(row.person_user_id));
  },
  auditLabels: {
    person_linked: msgText('res.staff.linkedRegisteredCandidate'),
    merge_reasons: msgText('res.staff.whyTheyMatched'),
    merged_from: msgText('res.staff.mergedFrom'),
    merged_into: msgText('res.staff.mergedInto'),
    documents_moved: msgText('res.staff.documentsMoved'),
  },
  children: [
    {
      name: 'staffDocument',
      plural: 'staffDocuments',
      table: 'staff_documents',
      parentColumn: 'staff_id',
      title: msgText('res.staff.document'),
      titlePlural: msgText('res.staff.identityDocuments'),
      labelField: 'kind',
      defaultSort: { field: 'expires_on', dir: 'asc' },
      fields: [
        f.select('kind', msgText('res.common.kind'), DOCUMENT_KINDS),
        f.text('number', msgText('res.staff.number'), { required: false, max: 50 }),
        f.date('expires_on', msgText('res.staff.expires')),
        f.text('note', msgText('res.staff.note'), { required: false, max: 300 }),
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
