import { z } from 'zod';
import type { Tenant } from '../../access/tenancy.ts';
import { enumStore, listLanguages } from '../../modules/enums/service.ts';
import type { EnumListName } from '../../modules/enums/reference-data.ts';
import { f, t, type FieldDef, type Option, type OptionContext, type ResourceDef, type TenantScope } from '../define.ts';
import type { Text } from '../../../shared/i18n.ts';
import { companyOptions } from './organizations.ts';

/**
 * The registry of foreign staff (issue 4, /admin/staff, code 150001): the people a staffing
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
  ],
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
