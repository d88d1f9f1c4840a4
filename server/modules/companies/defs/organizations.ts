import { z } from 'zod';
import type { Text } from '../../../../shared/i18n.ts';
import { isRegistrationNumber } from '../../payroll/registration-number.ts';
import { type Tenant, hasNoTenant, isPlatform, companyIdOf, tenantFilterFor } from '../../../access/tenancy.ts';
import { companyDirectory } from '../directory.ts';
import { PREFECTURES } from '../../jobs/prefectures.ts';
import { companyClientScope, f, type Option, type OptionContext, type ResourceDef, type TenantScope } from '../../../resources/define.ts';
import { msgText } from '../../../../shared/texts/index.ts';

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
const code = (name: string, label: Text, re: RegExp, message: Text, hint?: Text) => ({
  ...f.text(name, label, { max: 60, default: '', ...(hint ? { hint } : {}) }),
  schema: z.preprocess(
    (v) => (v === null || v === undefined ? '' : v),
    z
      .string()
      .trim()
      .max(60)
      .refine((v) => v === '' || re.test(v), { message: 'format', params: message }),
  ),
});

const dayOfMonth = (name: string, label: Text, initial = 31) => f.number(name, label, { min: 1, max: 31, default: initial, hint: msgText('res.organizations.lastDayHint') });

export const companyResource: ResourceDef = {
  name: 'company',
  plural: 'companies',
  table: 'companies',
  title: msgText('res.common.company'),
  titlePlural: msgText('res.organizations.companies'),
  labelField: 'name',
  defaultSort: { field: 'name', dir: 'asc' },
  scope: companyRows,
  keptBy: [
    { table: 'clients', column: 'company_id', what: msgText('res.organizations.clients') },
    { table: 'jobs', column: 'company_id', what: msgText('res.organizations.jobs') },
  ],
  // Suspending a company signs its users (and its clients' users) out at once; until the platform
  // lifts it they cannot sign in, and its jobs are off the boards (docs/access.md).
  async afterWrite(row, ctx, change) {
    if (change.before && change.before.status !== 'suspended' && row.status === 'suspended') await ctx.services.auth.revokeCompanySessions(String(row.id));
  },
  fields: [
    f.text('name', msgText('res.organizations.companyName'), { list: true, sortable: true, search: true }),
    f.text('name_en', msgText('res.organizations.companyNameEnglish'), { list: true, sortable: true, search: true }),
    f.email('email', msgText('res.common.emailAddress'), { list: true, search: true }),
    f.tel('phone', msgText('res.common.phone')),
    f.text('representative', msgText('res.organizations.representative'), { required: false }),
    f.text('address', msgText('res.common.address'), { required: false, max: 300 }),
    f.select(
      'status',
      msgText('res.common.status'),
      [
        { value: 'active', label: msgText('res.organizations.active') },
        { value: 'trial', label: msgText('res.organizations.trial') },
        { value: 'suspended', label: msgText('res.organizations.suspended') },
      ],
      { list: true, filter: true, sortable: true, platformOnly: true },
    ),
    dayOfMonth('closing_day', msgText('res.organizations.payrollClosingDay')),
    dayOfMonth('pay_day', msgText('res.organizations.payDay'), 25),
    f.boolean('quickpay_enabled', msgText('res.organizations.offerQuickPay')),
    f.number('quickpay_rate', msgText('res.organizations.quickPayCeiling'), { min: 0, max: 100, default: 70 }),
    // Points (docs/points.md): what a worked shift earns in the company's wallet, and for how long.
    f.number('points_per_shift', msgText('res.organizations.pointsPerWorked'), { min: 0, max: 10_000, default: 10, hint: msgText('res.organizations.noPointsHint') }),
    // Invoices and the 全銀 transfer file (docs/payroll.md): the company's registration number and the account salaries are paid from.
    {
      ...code(
        'registration_number',
        msgText('res.organizations.invoiceRegistrationNumber'),
        /^T\d{13}$/,
        msgText('res.organizations.enterTFollowed'),
        msgText('res.organizations.registrationNumberHint'),
      ),
      // The check digit too (国税庁の法人番号のチェックデジット): a mistyped number is caught here, not on the client's desk.
      schema: z.preprocess(
        (v) => (v === null || v === undefined ? '' : v),
        z
          .string()
          .trim()
          .max(60)
          .refine((v) => v === '' || /^T\d{13}$/.test(v), { message: 'format', params: msgText('res.organizations.enterTFollowed') })
          .refine((v) => v === '' || !/^T\d{13}$/.test(v) || isRegistrationNumber(v), { message: 'check', params: msgText('res.organizations.checkDigitFirst') }),
      ),
    },
    code('transfer_requester_code', msgText('res.organizations.transferRequesterCode'), /^\d{10}$/, msgText('res.organizations.enter10Digits'), msgText('res.organizations.requesterCodeHint')),
    code('transfer_requester_name', msgText('res.organizations.requesterNameHalf'), /^[ｦ-ﾟA-Z0-9 ()\-./,]{1,40}$/u, msgText('res.organizations.halfWidthKatakana')),
    code('transfer_bank_code', msgText('res.organizations.payingBankCode'), /^\d{4}$/, msgText('res.organizations.enter4Digits')),
    code('transfer_bank_name', msgText('res.organizations.payingBankName'), /^[ｦ-ﾟA-Z0-9 ()\-./,]{1,15}$/u, msgText('res.organizations.halfWidthKatakanaUp')),
    code('transfer_branch_code', msgText('res.organizations.payingBranchCode'), /^\d{3}$/, msgText('res.organizations.enter3Digits')),
    code('transfer_branch_name', msgText('res.organizations.payingBranchName'), /^[ｦ-ﾟA-Z0-9 ()\-./,]{1,15}$/u, msgText('res.organizations.halfWidthKatakanaUp')),
    {
      ...f.select(
        'transfer_account_type',
        msgText('res.organizations.payingAccountType'),
        [
          { value: '1', label: msgText('res.organizations.ordinary') },
          { value: '2', label: msgText('res.organizations.current') },
        ],
        { default: '1' },
      ),
      // Offered and sent as text like every choice; stored as the column's 1 or 2.
      schema: z.preprocess((v) => (v === '' || v === null || v === undefined ? 1 : Number(v)), z.union([z.literal(1), z.literal(2)])),
    },
    code('transfer_account_number', msgText('res.organizations.payingAccountNumber'), /^\d{7}$/, msgText('res.organizations.enter7Digits')),
    // Payroll (docs/payroll.md "Deductions"): the 協会けんぽ branch of the company's office, whose health insurance rate applies.
    {
      ...f.select(
        'insurance_prefecture',
        msgText('res.organizations.healthInsurancePrefecture', { insurer: '協会けんぽ' }),
        PREFECTURES.map((p, i) => ({ value: String(i + 1).padStart(2, '0'), label: p })),
      ),
      schema: z.preprocess(
        (v) => (v === '' || v === undefined ? null : v),
        z
          .string()
          .regex(/^(0[1-9]|[1-3][0-9]|4[0-7])$/)
          .nullable(),
      ),
      hint: msgText('res.organizations.blankNoHealth'),
    },
    // Scouting (docs/scouting.md): offers a company may send in a month.
    f.number('scout_monthly_quota', msgText('res.organizations.scoutOffersPer'), { min: 0, max: 100_000, default: 50 }),
    f.number('points_valid_days', msgText('res.organizations.pointsStayValid'), { min: 1, max: 3650, default: 365 }),
  ],
  sample: {
    name: 'テスト人材株式会社',
    name_en: 'Test Staffing Inc.',
    email: 'info@test-staffing.test',
    phone: '03-1234-5678',
    status: 'trial',
    closing_day: 31,
    pay_day: 25,
    quickpay_enabled: true,
    quickpay_rate: 60,
  },
  screens: [
    { path: '/admin/company', mode: 'list' },
    { path: '/admin/company/add', mode: 'create' },
    { path: '/admin/company/edit/[id]', mode: 'edit', fields: ['name', 'name_en', 'email', 'phone', 'representative', 'address', 'status'] },
    {
      path: '/admin/company/[id]/settings',
      mode: 'edit',
      fields: [
        'closing_day',
        'pay_day',
        'quickpay_enabled',
        'quickpay_rate',
        'points_per_shift',
        'points_valid_days',
        'registration_number',
        'transfer_requester_code',
        'transfer_requester_name',
        'transfer_bank_code',
        'transfer_bank_name',
        'transfer_branch_code',
        'transfer_branch_name',
        'transfer_account_type',
        'transfer_account_number',
        'insurance_prefecture',
        'scout_monthly_quota',
      ],
    },
    { path: '/v3/admin/company', mode: 'list' },
    { path: '/v3/admin/company/add', mode: 'create' },
    { path: '/v3/admin/company/[id]', mode: 'detail' },
  ],
};

export const clientResource: ResourceDef = {
  name: 'client',
  plural: 'clients',
  table: 'clients',
  title: msgText('res.common.client'),
  titlePlural: msgText('res.organizations.clientsTitle'),
  labelField: 'name',
  defaultSort: { field: 'name', dir: 'asc' },
  scope: clientRows,
  keptBy: [
    { table: 'jobs', column: 'client_id', what: msgText('res.organizations.jobs') },
    { table: 'invoices', column: 'client_id', what: msgText('res.organizations.invoices') },
  ],
  fields: [
    f.ref('company_id', msgText('res.common.staffingCompany'), companyOptions, { list: true, filter: true, platformOnly: true, createOnly: true }),
    f.text('name', msgText('res.organizations.clientName'), { list: true, sortable: true, search: true }),
    f.text('name_en', msgText('res.organizations.clientNameEnglish'), { list: true, sortable: true, search: true }),
    f.text('contact_name', msgText('res.organizations.contactPerson'), { required: false, list: true, search: true }),
    f.email('email', msgText('res.common.emailAddress'), { search: true }),
    f.tel('phone', msgText('res.common.phone')),
    f.text('address', msgText('res.common.address'), { required: false, max: 300 }),
    dayOfMonth('billing_closing_day', msgText('res.organizations.invoiceClosingDay')),
    f.number('payment_due_days', msgText('res.organizations.paymentDueDays'), { min: 0, max: 120, default: 30 }),
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
