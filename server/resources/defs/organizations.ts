import { z } from 'zod';
import { isRegistrationNumber } from '../../modules/billing/registration-number.ts';
import { type Tenant, hasNoTenant, isPlatform, companyIdOf, tenantFilterFor } from '../../access/tenancy.ts';
import { companyDirectory } from '../../modules/companies/directory.ts';
import { PREFECTURES } from '../../modules/jobs/prefectures.ts';
import { companyClientScope, f, t, type Option, type OptionContext, type ResourceDef, type TenantScope } from '../define.ts';

/** Companies a caller may pick (e.g. a client's company): all for the platform, its own otherwise. */
export async function companyOptions({ tenant, db }: OptionContext): Promise<Option[]> {
  if (hasNoTenant(tenant)) return [];
  const all = await companyDirectory(db);
  return all.filter((c) => isPlatform(tenant) || c.id === companyIdOf(tenant)).map((c) => ({ value: c.id, label: { ja: c.name, en: c.name_en || c.name } }));
}

/** A company row is its own tenant: company and client users see only their company. */
const companyRows: TenantScope = {
  where: (t: Tenant) => tenantFilterFor(t, { company: 'id' }),
  assign: () => ({}),
  companyOf: (row) => (row.id as string) ?? null,
};

/** Clients: company users see their company's; client users only their own client. */
const clientRows: TenantScope = companyClientScope('id');

/**
 * A code of the company's billing or transfer details: blank until the company enters it (the
 * column's default), else it must match the pattern, said in both languages.
 */
const code = (name: string, label: ReturnType<typeof t>, re: RegExp, message: ReturnType<typeof t>, hint?: ReturnType<typeof t>) => ({
  ...f.text(name, label, { max: 60, default: '', ...(hint ? { hint } : {}) }),
  schema: z.preprocess((v) => (v === null || v === undefined ? '' : v), z.string().trim().max(60).refine((v) => v === '' || re.test(v), { message: 'format', params: message })),
});

const dayOfMonth = (name: string, label: ReturnType<typeof t>, initial = 31) =>
  f.number(name, label, { min: 1, max: 31, default: initial, hint: t('31は月末を表します。', '31 means the last day of the month.') });

export const companyResource: ResourceDef = {
  name: 'company',
  plural: 'companies',
  table: 'companies',
  title: t('企業', 'Company'),
  titlePlural: t('企業', 'Companies'),
  labelField: 'name',
  defaultSort: { field: 'name', dir: 'asc' },
  scope: companyRows,
  keptBy: [
    { table: 'clients', column: 'company_id', what: t('クライアント', 'clients') },
    { table: 'jobs', column: 'company_id', what: t('求人', 'jobs') },
  ],
  fields: [
    f.text('name', t('企業名', 'Company name'), { list: true, sortable: true, search: true }),
    f.text('name_en', t('企業名（英語）', 'Company name (English)'), { list: true, sortable: true, search: true }),
    f.email('email', t('メールアドレス', 'Email'), { list: true, search: true }),
    f.tel('phone', t('電話番号', 'Phone')),
    f.text('representative', t('代表者', 'Representative'), { required: false }),
    f.text('address', t('住所', 'Address'), { required: false, max: 300 }),
    f.select(
      'status',
      t('ステータス', 'Status'),
      [
        { value: 'active', label: t('契約中', 'Active') },
        { value: 'trial', label: t('トライアル', 'Trial') },
        { value: 'suspended', label: t('停止中', 'Suspended') },
      ],
      { list: true, filter: true, sortable: true, platformOnly: true },
    ),
    dayOfMonth('closing_day', t('給与締め日', 'Payroll closing day')),
    dayOfMonth('pay_day', t('給与支払日', 'Pay day'), 25),
    f.boolean('quickpay_enabled', t('前払い（クイックペイ）を利用する', 'Offer quick pay (advances)')),
    f.number('quickpay_rate', t('前払いの上限（確定給与の%）', 'Quick pay ceiling (% of earned pay)'), { min: 0, max: 100, default: 70 }),
    // Points (docs/points.md): what a worked shift earns in the company's wallet, and for how long.
    f.number('points_per_shift', t('勤務1回で付与するポイント', 'Points per worked shift'), { min: 0, max: 10_000, default: 10, hint: t('0にすると勤務ではポイントを付与しません。', '0 awards no points for shifts.') }),
    // Invoices and the 全銀 transfer file (docs/payroll.md): the company's registration number and the account salaries are paid from.
    {
      ...code('registration_number', t('適格請求書発行事業者登録番号', 'Invoice registration number'), /^T\d{13}$/, t('「T」と13桁の数字で入力してください。', 'Enter T followed by 13 digits.'), t('請求書に記載します（例: T7000012050002）。', 'Printed on invoices (e.g. T7000012050002).')),
      // The check digit too (国税庁の法人番号のチェックデジット): a mistyped number is caught here, not on the client's desk.
      schema: z.preprocess(
        (v) => (v === null || v === undefined ? '' : v),
        z
          .string()
          .trim()
          .max(60)
          .refine((v) => v === '' || /^T\d{13}$/.test(v), { message: 'format', params: t('「T」と13桁の数字で入力してください。', 'Enter T followed by 13 digits.') })
          .refine((v) => v === '' || !/^T\d{13}$/.test(v) || isRegistrationNumber(v), { message: 'check', params: t('登録番号のチェックデジット（Tの次の数字）が合いません。国税庁の通知のとおりに入力してください。', 'The check digit (the first digit after T) does not match: enter the number as the National Tax Agency issued it.') }),
      ),
    },
    code('transfer_requester_code', t('振込依頼人コード（委託者コード）', 'Transfer requester code'), /^\d{10}$/, t('10桁の数字で入力してください。', 'Enter 10 digits.'), t('銀行から通知された10桁のコードです。', 'The 10-digit code your bank gave you for bulk transfers.')),
    code('transfer_requester_name', t('振込依頼人名（半角カナ）', 'Requester name (half-width kana)'), /^[ｦ-ﾟA-Z0-9 ()\-./,]{1,40}$/u, t('半角カナ・英大文字・数字で40文字までです。', 'Half-width katakana, capitals and digits, up to 40.')),
    code('transfer_bank_code', t('振込元の金融機関コード', 'Paying bank code'), /^\d{4}$/, t('4桁の数字で入力してください。', 'Enter 4 digits.')),
    code('transfer_bank_name', t('振込元の金融機関名（半角カナ）', 'Paying bank name (half-width kana)'), /^[ｦ-ﾟA-Z0-9 ()\-./,]{1,15}$/u, t('半角カナで15文字までです。', 'Half-width katakana, up to 15.')),
    code('transfer_branch_code', t('振込元の支店コード', 'Paying branch code'), /^\d{3}$/, t('3桁の数字で入力してください。', 'Enter 3 digits.')),
    code('transfer_branch_name', t('振込元の支店名（半角カナ）', 'Paying branch name (half-width kana)'), /^[ｦ-ﾟA-Z0-9 ()\-./,]{1,15}$/u, t('半角カナで15文字までです。', 'Half-width katakana, up to 15.')),
    {
      ...f.select('transfer_account_type', t('振込元の預金種目', 'Paying account type'), [
        { value: '1', label: t('普通', 'Ordinary') },
        { value: '2', label: t('当座', 'Current') },
      ], { default: '1' }),
      // Offered and sent as text like every choice; stored as the column's 1 or 2.
      schema: z.preprocess((v) => (v === '' || v === null || v === undefined ? 1 : Number(v)), z.union([z.literal(1), z.literal(2)])),
    },
    code('transfer_account_number', t('振込元の口座番号', 'Paying account number'), /^\d{7}$/, t('7桁の数字で入力してください（足りない場合は先頭に0）。', 'Enter 7 digits (pad with leading zeros).')),
    // Payroll (docs/payroll.md "Deductions"): the 協会けんぽ branch of the company's office, whose health insurance rate applies.
    {
      ...f.select('insurance_prefecture', t('協会けんぽの都道府県（事業所の所在地）', 'Health insurance prefecture (the office’s, 協会けんぽ)'), PREFECTURES.map((p, i) => ({ value: String(i + 1).padStart(2, '0'), label: p }))),
      schema: z.preprocess((v) => (v === '' || v === undefined ? null : v), z.string().regex(/^(0[1-9]|[1-3][0-9]|4[0-7])$/).nullable()),
      hint: t('空欄: 健康保険料・介護保険料を控除しません。', 'Blank: no health or nursing care premium is deducted.'),
    },
    // Scouting (docs/scouting.md): offers a company may send in a month.
    f.number('scout_monthly_quota', t('月間のスカウト送信数の上限', 'Scout offers per month'), { min: 0, max: 100_000, default: 50 }),
    f.number('points_valid_days', t('ポイントの有効期間（日）', 'Points stay valid for (days)'), { min: 1, max: 3650, default: 365 }),
  ],
  sample: { name: 'テスト人材株式会社', name_en: 'Test Staffing Inc.', email: 'info@test-staffing.test', phone: '03-1234-5678', status: 'trial', closing_day: 31, pay_day: 25, quickpay_enabled: true, quickpay_rate: 60 },
  screens: [
    { path: '/admin/company', mode: 'list' },
    { path: '/admin/company/add', mode: 'create' },
    { path: '/admin/company/edit/[id]', mode: 'edit', fields: ['name', 'name_en', 'email', 'phone', 'representative', 'address', 'status'] },
    { path: '/admin/company/[id]/settings', mode: 'edit', fields: ['closing_day', 'pay_day', 'quickpay_enabled', 'quickpay_rate', 'points_per_shift', 'points_valid_days', 'registration_number', 'transfer_requester_code', 'transfer_requester_name', 'transfer_bank_code', 'transfer_bank_name', 'transfer_branch_code', 'transfer_branch_name', 'transfer_account_type', 'transfer_account_number', 'insurance_prefecture', 'scout_monthly_quota'] },
    { path: '/v3/admin/company', mode: 'list' },
    { path: '/v3/admin/company/add', mode: 'create' },
    { path: '/v3/admin/company/[id]', mode: 'detail' },
  ],
};

export const clientResource: ResourceDef = {
  name: 'client',
  plural: 'clients',
  table: 'clients',
  title: t('クライアント', 'Client'),
  titlePlural: t('クライアント', 'Clients'),
  labelField: 'name',
  defaultSort: { field: 'name', dir: 'asc' },
  scope: clientRows,
  keptBy: [
    { table: 'jobs', column: 'client_id', what: t('求人', 'jobs') },
    { table: 'invoices', column: 'client_id', what: t('請求書', 'invoices') },
  ],
  fields: [
    f.ref('company_id', t('派遣会社', 'Staffing company'), companyOptions, { list: true, filter: true, platformOnly: true, createOnly: true }),
    f.text('name', t('クライアント名', 'Client name'), { list: true, sortable: true, search: true }),
    f.text('name_en', t('クライアント名（英語）', 'Client name (English)'), { list: true, sortable: true, search: true }),
    f.text('contact_name', t('担当者', 'Contact person'), { required: false, list: true, search: true }),
    f.email('email', t('メールアドレス', 'Email'), { search: true }),
    f.tel('phone', t('電話番号', 'Phone')),
    f.text('address', t('住所', 'Address'), { required: false, max: 300 }),
    dayOfMonth('billing_closing_day', t('請求締め日', 'Invoice closing day')),
    f.number('payment_due_days', t('支払期限（締め日からの日数）', 'Payment due (days after closing)'), { min: 0, max: 120, default: 30 }),
  ],
  sample: { company_id: '$company', name: 'テスト商事株式会社', name_en: 'Test Trading Co.', contact_name: '佐々木', email: 'sasaki@test-trading.test', billing_closing_day: 20, payment_due_days: 30 },
  screens: [
    { path: '/admin/clients', mode: 'list' },
    { path: '/admin/clients/add', mode: 'create' },
    { path: '/admin/clients/edit/[id]', mode: 'edit', fields: ['company_id', 'name', 'name_en', 'contact_name', 'email', 'phone', 'address'] },
    { path: '/admin/clients/[id]/settings', mode: 'edit', fields: ['billing_closing_day', 'payment_due_days'] },
    { path: '/v3/admin/clients', mode: 'list' },
    { path: '/v3/admin/clients/add', mode: 'create' },
    { path: '/v3/admin/clients/[id]', mode: 'detail' },
  ],
};
