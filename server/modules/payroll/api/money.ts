/**
 * Money (docs/payroll.md): what the pay and billing screens need besides their lists
 * (read models in server/modules/payroll/defs/money.ts): transfer batches and their 全銀 files, a pay
 * run's payslip, an invoice's document, making the period's invoices; and the worker's own pay
 * on /staff (lines, runs, advances, quick pay, the bank account). Who may read a payslip or an
 * invoice is who may see its row in the list (the read model's tenant rule): one rule for both.
 */
import { z } from 'zod';
import { pickLang } from '../../../../shared/i18n.ts';
import { msg, msgText } from '../../../../shared/texts/index.ts';
import { actingCompanyOf } from '../../../access/tenancy.ts';
import { FAILURES, invoicesReadModel, payRunsReadModel } from '../defs/money.ts';
import { batchFile, createTransferBatch, quickPayState, requestAdvance, TRANSFER_DAYS_AHEAD, TransferAccountMissing, transferDateProblem } from '../ledger.ts';
import {
  companiesWithApprovedDailyPay,
  failedDailyLines,
  hasPayAt,
  latestTransferBatches,
  myPayRows,
  payRunForSlip,
  payRunLines,
  saveBankAccount,
  transferBatchCompany,
  transferCutoff,
} from '../repo.ts';
import { invoiceLines, invoiceWithParties } from '../repo.ts';
import { companyDocument, documentChoiceOptions, documentChoices } from '../../templates/company-document.ts';
import { allCompanyIds } from '../../companies/directory.ts';
import { quickPayAvailable } from '../quickpay.ts';
import { NOT_MODELLED, NOTE_TEXT, type NoteKey } from '../deductions.ts';
import { zenginName } from '../zengin.ts';
import { createInvoices } from '../invoices.ts';
import { invoiceTotals } from '../totals.ts';
import type { ApiContext } from '../../../api/context.ts';
import { apiError, badInput, forbidden } from '../../../api/errors.ts';
import { validate } from '../../../validation.ts';
import { callerSees } from '../../../api/graphql/read-models.ts';
import type { DB } from '../../../db/connect.ts';
import { dateText, yen } from '../../../../shared/format.ts';
import { type Rules, pages } from '../../../api/rules.ts';
import { isUuid } from '../../../../shared/ids.ts';
import { jaEn } from '../../../api/graphql/both-langs.ts';
import { renderTemplate } from '../../templates/render-template.ts';

/** A bank account for pay transfers, as it is read and as it is saved (the two stay alike). */
const BANK_ACCOUNT_FIELDS = 'bankCode: String! bankName: String! branchCode: String! branchName: String! accountType: Int! accountNumber: String! holderKana: String!';
/** A monthly pay run in a list of runs (the candidate's own pay, a worker's record): the same columns, the same fields. */
export const PAY_RUN_FIELDS = 'periodStart: String! periodEnd: String! payDate: String! gross: Int! net: Int! status: String!';
export const payRunListed = (r: { id: string; period_start: string; period_end: string; pay_date: string; gross: number; net: number; status: string }) => ({
  id: r.id,
  periodStart: r.period_start,
  periodEnd: r.period_end,
  payDate: r.pay_date,
  gross: r.gross,
  net: r.net,
  status: r.status,
});

export const typeDefs = /* GraphQL */ `
  "A batch of daily pay sent to the bank on one day."
  type TransferBatch {
    id: ID!
    transferDate: String!
    payees: Int!
    total: Int!
    createdBy: String!
    createdAt: String!
  }
  "A file to download: its name and its bytes in base64."
  type FileDownload {
    name: String!
    base64: String!
  }
  "One shift on a payslip (minutes and yen)."
  type PayslipLine {
    workDate: String!
    jobJa: String!
    jobEn: String!
    workedMinutes: Int!
    overtimeMinutes: Int!
    lateNightMinutes: Int!
    holidayMinutes: Int!
    hourlyWage: Int!
    base: Int!
    overtimePremium: Int!
    lateNightPremium: Int!
    holidayPremium: Int!
    total: Int!
  }
  "One statutory deduction of a payslip, named in both languages (docs/payroll.md, Deductions)."
  type PayslipDeduction {
    key: String!
    labelJa: String!
    labelEn: String!
    amount: Int!
  }
  "A sentence of a payslip in both languages (what was not computed and why)."
  type PayslipNote {
    ja: String!
    en: String!
  }
  "A monthly pay run as its payslip (給与明細) shows it; lang is the worker's language."
  type Payslip {
    id: ID!
    lang: String!
    workerName: String!
    companyJa: String!
    companyEn: String!
    periodStart: String!
    periodEnd: String!
    payDate: String!
    status: String!
    shifts: Int!
    workedMinutes: Int!
    overtimeMinutes: Int!
    over60Minutes: Int!
    lateNightMinutes: Int!
    holidayMinutes: Int!
    gross: Int!
    advances: Int!
    transferFee: Int!
    net: Int!
    "Each statutory deduction (insurance, income tax with its column, resident tax), in order."
    deductions: [PayslipDeduction!]!
    "The 月額表 column of the income tax: kou (甲) or otsu (乙)."
    taxColumn: String
    notes: [PayslipNote!]!
    lines: [PayslipLine!]!
  }
  type InvoiceRate {
    rate: Int!
    net: Int!
    tax: Int!
  }
  type InvoiceDocLine {
    workDate: String!
    descriptionJa: String!
    descriptionEn: String!
    minutes: Int!
    unitPrice: Int!
    amount: Int!
    taxRate: Int!
  }
  "An invoice as its PDF shows it; note is the company's billing template filled in, in the caller's language."
  type InvoiceDocument {
    id: ID!
    number: String!
    clientJa: String!
    clientEn: String!
    companyJa: String!
    companyEn: String!
    registrationNumber: String!
    periodStart: String!
    periodEnd: String!
    issueDate: String
    dueDate: String!
    status: String!
    net: Int!
    tax: Int!
    total: Int!
    byRate: [InvoiceRate!]!
    lines: [InvoiceDocLine!]!
    subject: String!
    note: String!
    "Where the client pays: the company's account (null when not set in the company settings)."
    payTo: InvoicePayTo
  }
  "A bank account as an invoice prints it: bank and branch (kana, code), 1 普通 or 2 当座, number, holder."
  type InvoicePayTo {
    bank: String!
    bankCode: String!
    branch: String!
    branchCode: String!
    accountType: Int!
    accountNumber: String!
    holder: String!
  }
  type InvoicesMade {
    created: Int!
    updated: Int!
    skipped: Int!
  }
  "A worker's pay at one company (/staff)."
  type MyPayCompany {
    companyId: ID!
    companyJa: String!
    companyEn: String!
    quickPayEnabled: Boolean!
    earnedUnpaid: Int!
    available: Int!
    minAmount: Int!
    feePercent: String!
    minFee: Int!
  }
  type MyPayLine {
    id: ID!
    workDate: String!
    companyJa: String!
    companyEn: String!
    jobJa: String!
    jobEn: String!
    workedMinutes: Int!
    total: Int!
    withholding: Int!
    "The 日額表 column of the withholding: 甲 (kou) with the dependants, 乙 (otsu) or 丙 (hei); null on a monthly line."
    taxColumn: String
    "The bank's transfer fee taken from this line (a transfer's first line carries it)."
    transferFee: Int!
    "Quick pay recovered from this line (a transfer's first line carries it)."
    advanceDeducted: Int!
    "What is transferred: total less withholding, the transfer fee and the quick pay recovered."
    net: Int!
    status: String!
  }
  type MyPayRun {
    id: ID!
    companyJa: String!
    companyEn: String!
    ${PAY_RUN_FIELDS}
  }
  type MyAdvance {
    id: ID!
    requestedOn: String!
    amount: Int!
    fee: Int!
    net: Int!
    status: String!
  }
  type BankAccount {
    ${BANK_ACCOUNT_FIELDS}
  }
  type MyPay {
    companies: [MyPayCompany!]!
    lines: [MyPayLine!]!
    runs: [MyPayRun!]!
    advances: [MyAdvance!]!
    bankAccount: BankAccount
  }
  input BankAccountInput {
    ${BANK_ACCOUNT_FIELDS}
  }
  "A quick-pay request as recorded: the fee and what is transferred."
  type AdvanceRequested {
    id: ID!
    fee: Int!
    net: Int!
  }
  "A line left out of a transfer batch: whose, which day, and why (in the caller's language)."
  type TransferFailed {
    lineId: ID!
    worker: String!
    workDate: String!
    reason: String!
  }
  "What batching for transfer did: the batches made (one per company) and the lines that could not go."
  type TransferBatched {
    transferDate: String!
    batches: [TransferBatch!]!
    transferred: Int!
    failed: [TransferFailed!]!
  }
  extend type Query {
    "The caller's company's latest transfer batches (daily pay), newest first."
    transferBatches: [TransferBatch!]!
    "The caller's company's daily pay lines that could not be batched, with the reason as it stands now."
    transferFailures: [TransferFailed!]!
    "A batch's 全銀協 総合振込 file (Shift_JIS, 120-byte records)."
    transferBatchFile(id: ID!): FileDownload
    "A monthly pay run as its payslip; null when the caller may not see it."
    payslip(id: ID!): Payslip
    "An invoice as its document; null when the caller may not see it."
    invoiceDocument(id: ID!): InvoiceDocument
    "The billing templates the caller's company may make its invoices with (its own, then the platform's; the platform: the platform's), the usual one first; none for a client user."
    invoiceTemplateChoices: [ResourceOption!]!
    "The signed-in candidate's pay: per company, lines, runs, advances and bank account."
    myPay: MyPay!
    "One of the signed-in candidate's own pay runs as its payslip."
    myPayslip(id: ID!): Payslip
  }
  extend type Mutation {
    "Makes (again) the draft invoices of the caller's company's clients for the period closing in month (YYYY-MM), drawn with the billing template templateId (one of invoiceTemplateChoices; none: the company's usual one)."
    createInvoices(month: String!, templateId: ID): InvoicesMade!
    "Batches the caller's company's approved daily pay for transfer on transferDate (YYYY-MM-DD, a bank business day)."
    createTransferBatch(transferDate: String!): TransferBatched!
    "The signed-in candidate asks a company for an advance on earned pay."
    requestQuickPay(companyId: ID!, amount: Int!): AdvanceRequested!
    "The signed-in candidate's bank account for pay transfers."
    saveBankAccount(input: BankAccountInput!): BankAccount!
  }
`;

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

const matching = (re: RegExp) => (v: string) => v === '' || re.test(v);
/**
 * A name the 全銀 file carries (a bank's, a branch's, the account holder's), converted on entry to
 * the characters banks take (`zenginName`: katakana to half width, small kana full size, ヰ ヱ to
 * イ エ, ー to -) and kept as the file will carry it; a name longer than its field is refused, never cut.
 */
const zenginField = (width: number, charsKey: 'bank.nameKana' | 'bank.kana') =>
  z
    .string()
    .trim()
    .min(1)
    .transform((input, ctx) => {
      const r = zenginName(input, width);
      if (r.ok) return r.value;
      ctx.addIssue({ code: 'custom', message: r.reason, params: r.reason === 'length' ? msgText('bank.tooLong', { max: width, value: r.value }) : msgText(charsKey) });
      return z.NEVER;
    });
export const bankAccountSchema = z.object({
  bankCode: z
    .string()
    .trim()
    .min(1)
    .refine(matching(/^\d{4}$/), { params: msgText('bank.bankCode') }),
  bankName: zenginField(15, 'bank.nameKana'),
  branchCode: z
    .string()
    .trim()
    .min(1)
    .refine(matching(/^\d{3}$/), { params: msgText('bank.branchCode') }),
  branchName: zenginField(15, 'bank.nameKana'),
  accountType: z.union([z.literal(1), z.literal(2)]),
  accountNumber: z
    .string()
    .trim()
    .min(1)
    .refine(matching(/^\d{7}$/), { params: msgText('bank.accountNumber') }),
  holderKana: zenginField(30, 'bank.kana'),
});

/** The company whose pay the caller handles (tenancy.ts actingCompanyOf); anyone else is refused. */
function tenantCompany(ctx: ApiContext): string | null {
  const company = actingCompanyOf(ctx.tenant);
  if (company === 'none') throw forbidden(ctx.lang);
  return company;
}

/** A run's deductions as payslip lines: each named, the income tax with the column and dependants it used. */
/** A daily line's 日額表 column, named in Japanese in both languages as the tables are (the daily list shows the same). */
const dailyColumnLabel = (column: 'kou' | 'otsu' | 'hei' | null, dependents: number): string | null =>
  column === 'kou' ? `甲 (kou) ${dependents}` : column === 'otsu' ? '乙 (otsu)' : column === 'hei' ? '丙 (hei)' : null;

function payslipDeductions(r: {
  health_insurance: number;
  nursing_insurance: number;
  pension: number;
  employment_insurance: number;
  income_tax: number;
  resident_tax: number;
  tax_column: string | null;
  dependents: number;
}) {
  const column = r.tax_column === 'kou' ? msgText(r.dependents === 1 ? 'payslip.kouOne' : 'payslip.kou', { kou: '甲', dependents: r.dependents }) : msgText('payslip.otsu', { otsu: '乙' });
  const line = (key: 'health' | 'nursing' | 'pension' | 'employment' | 'incomeTax' | 'residentTax', amount: number) => {
    const label = key === 'incomeTax' ? { ja: msg('ja', 'payslip.incomeTax', { column: column.ja }), en: msg('en', 'payslip.incomeTax', { column: column.en }) } : msgText(`payslip.${key}`);
    return { key, labelJa: label.ja, labelEn: label.en, amount };
  };
  return [
    line('health', r.health_insurance),
    line('nursing', r.nursing_insurance),
    line('pension', r.pension),
    line('employment', r.employment_insurance),
    line('incomeTax', r.income_tax),
    line('residentTax', r.resident_tax),
  ];
}

async function payslipOf(db: DB, id: string) {
  const r = await payRunForSlip(db, id);
  if (!r) return null;
  const lines = await payRunLines(db, id);
  return {
    id: r.id,
    userId: r.user_id,
    lang: r.lang,
    workerName: r.worker,
    ...jaEn('company', r.company_ja, r.company_en),
    periodStart: r.period_start,
    periodEnd: r.period_end,
    payDate: r.pay_date,
    status: r.status,
    shifts: r.shifts,
    workedMinutes: r.worked_minutes,
    overtimeMinutes: r.overtime_minutes,
    over60Minutes: r.over60_minutes,
    lateNightMinutes: r.late_night_minutes,
    holidayMinutes: r.holiday_minutes,
    gross: r.gross,
    advances: r.advances,
    transferFee: r.transfer_fee,
    net: r.net,
    deductions: payslipDeductions(r),
    taxColumn: r.tax_column,
    notes: [...r.notes.filter((k): k is NoteKey => k in NOTE_TEXT).map((k) => NOTE_TEXT[k]), NOT_MODELLED],
    lines: lines.map((l) => ({
      workDate: l.work_date,
      ...jaEn('job', l.title_ja, l.title_en),
      workedMinutes: l.worked_minutes,
      overtimeMinutes: l.overtime_minutes,
      lateNightMinutes: l.late_night_minutes,
      holidayMinutes: l.holiday_minutes,
      hourlyWage: l.hourly_wage,
      base: l.base,
      overtimePremium: l.overtime_premium,
      lateNightPremium: l.late_night_premium,
      holidayPremium: l.holiday_premium,
      total: l.total,
    })),
  };
}

export const resolvers = {
  Query: {
    transferBatches: async (_: unknown, __: unknown, ctx: ApiContext) => {
      const company = tenantCompany(ctx);
      return (await latestTransferBatches(ctx.services.db, company)).map((b) => ({
        id: b.id,
        transferDate: b.transfer_date,
        payees: b.payees,
        total: b.total,
        createdBy: b.created_by_name,
        createdAt: b.created_at.toISOString(),
      }));
    },
    transferFailures: async (_: unknown, __: unknown, ctx: ApiContext) => {
      const company = tenantCompany(ctx);
      return (await failedDailyLines(ctx.services.db, company)).map((l) => ({
        lineId: l.id,
        worker: l.name,
        workDate: l.work_date,
        reason: (FAILURES as Record<string, { ja: string; en: string }>)[l.failure_reason]?.[ctx.lang] ?? l.failure_reason,
      }));
    },
    transferBatchFile: async (_: unknown, a: { id: string }, ctx: ApiContext) => {
      if (!isUuid(a.id)) return null;
      const company = tenantCompany(ctx);
      const batch = await transferBatchCompany(ctx.services.db, a.id);
      if (!batch || (company && batch.company_id !== company)) return null;
      try {
        const f = await batchFile(ctx.services.db, a.id, batch.company_id);
        return f && { name: f.name, base64: f.file.toString('base64') };
      } catch (err) {
        // The company's own transfer account is no longer complete: say what to fix, not a 500.
        if (!(err instanceof TransferAccountMissing)) throw err;
        ctx.services.log.warn({ err }, 'transfer file refused');
        throw apiError('CONFLICT', msg(ctx.lang, 'money.transferAccountMissing'));
      }
    },
    payslip: async (_: unknown, a: { id: string }, ctx: ApiContext) => {
      return (await callerSees(ctx, payRunsReadModel, a.id)) ? payslipOf(ctx.services.db, a.id) : null;
    },
    invoiceDocument: async (_: unknown, a: { id: string }, ctx: ApiContext) => {
      if (!(await callerSees(ctx, invoicesReadModel, a.id))) return null;
      const db = ctx.services.db;
      const i = await invoiceWithParties(db, a.id);
      const lines = await invoiceLines(db, a.id);
      const totals = invoiceTotals(lines.map((l) => ({ amount: l.amount, taxRate: l.tax_rate })));
      const template = await companyDocument(db, 'billing', i.company_id, i.template_id);
      const lang = ctx.lang;
      const values = {
        invoice_no: i.number,
        client: pickLang(lang, i.client_ja, i.client_en),
        company: pickLang(lang, i.company_ja, i.company_en),
        period: `${dateText(i.period_start, lang)} – ${dateText(i.period_end, lang)}`,
        amount: yen(i.total),
        due_date: dateText(i.due_date, lang),
        bank_account: [i.transfer_bank_name, i.transfer_branch_name, msg(lang, i.transfer_account_type === 2 ? 'pdf.current' : 'pdf.ordinary'), i.transfer_account_number, i.transfer_requester_name]
          .filter(Boolean)
          .join(' '),
      };
      const payTo =
        i.transfer_bank_code && i.transfer_account_number
          ? {
              bank: i.transfer_bank_name,
              bankCode: i.transfer_bank_code,
              branch: i.transfer_branch_name,
              branchCode: i.transfer_branch_code,
              accountType: i.transfer_account_type,
              accountNumber: i.transfer_account_number,
              holder: i.transfer_requester_name,
            }
          : null;
      return {
        id: i.id,
        number: i.number,
        ...jaEn('client', i.client_ja, i.client_en),
        ...jaEn('company', i.company_ja, i.company_en),
        registrationNumber: i.registration_number,
        periodStart: i.period_start,
        periodEnd: i.period_end,
        issueDate: i.issue_date,
        dueDate: i.due_date,
        status: i.status,
        net: totals.net,
        tax: totals.tax,
        total: totals.total,
        byRate: totals.byRate,
        lines: lines.map((l) => ({
          workDate: l.work_date,
          descriptionJa: l.description_ja,
          descriptionEn: l.description_en,
          minutes: l.minutes,
          unitPrice: l.unit_price,
          amount: l.amount,
          taxRate: l.tax_rate,
        })),
        subject: renderTemplate(template ? pickLang(lang, template.subject_ja, template.subject_en) : '', values),
        note: renderTemplate(template ? pickLang(lang, template.body_ja, template.body_en) : '', values),
        payTo,
      };
    },
    invoiceTemplateChoices: async (_: unknown, __: unknown, ctx: ApiContext) => {
      const company = actingCompanyOf(ctx.tenant);
      // A client user makes no invoices: nothing to choose from, and no staffing company's templates.
      if (company === 'none') return [];
      return documentChoiceOptions(ctx.services.db, 'billing', company ? [company] : []);
    },
    myPay: async (_: unknown, __: unknown, ctx: ApiContext) => {
      const db = ctx.services.db;
      const me = ctx.user!.id;
      const [lines, runs, advances, account, companies] = await myPayRows(db, me);
      return {
        companies: await Promise.all(
          companies.map(async (c) => {
            const { enabled, state } = await quickPayState(db, c.id, me);
            return {
              companyId: c.id,
              ...jaEn('company', c.name, c.name_en),
              quickPayEnabled: enabled,
              earnedUnpaid: state.earnedUnpaid,
              available: enabled ? quickPayAvailable(state) : 0,
              minAmount: state.minAmount,
              feePercent: state.feePercent,
              minFee: state.minFee,
            };
          }),
        ),
        lines: lines.map((l) => ({
          id: l.id,
          workDate: l.work_date,
          ...jaEn('company', l.cja, l.cen),
          ...jaEn('job', l.title_ja, l.title_en),
          workedMinutes: l.worked_minutes,
          total: l.total,
          withholding: l.withholding,
          taxColumn: dailyColumnLabel(l.tax_column, l.dependents),
          transferFee: l.transfer_fee,
          advanceDeducted: l.advance_deducted,
          net: l.net,
          status: l.status,
        })),
        runs: runs.map((r) => ({ ...payRunListed(r), ...jaEn('company', r.cja, r.cen) })),
        advances: advances.map((v) => ({ id: v.id, requestedOn: v.requested_on, amount: v.amount, fee: v.fee, net: v.net, status: v.status })),
        bankAccount: account
          ? {
              bankCode: account.bank_code,
              bankName: account.bank_name,
              branchCode: account.branch_code,
              branchName: account.branch_name,
              accountType: account.account_type,
              accountNumber: account.account_number,
              holderKana: account.holder_kana,
            }
          : null,
      };
    },
    myPayslip: async (_: unknown, a: { id: string }, ctx: ApiContext) => {
      if (!isUuid(a.id)) return null;
      const slip = await payslipOf(ctx.services.db, a.id);
      return slip && slip.userId === ctx.user!.id ? slip : null;
    },
  },
  Mutation: {
    createInvoices: async (_: unknown, a: { month: string; templateId?: string | null }, ctx: ApiContext) => {
      if (!MONTH.test(a.month)) throw badInput(ctx.lang, { month: msg(ctx.lang, 'money.month') });
      const company = tenantCompany(ctx);
      const db = ctx.services.db;
      // A template of another company, or not a billing one, is not there for the caller.
      const templateId = a.templateId || null;
      if (templateId && !(await documentChoices(db, 'billing', company ? [company] : [])).some((d) => d.id === templateId)) throw apiError('NOT_FOUND', msg(ctx.lang, 'docTemplate.notFound'));
      const companies = company ? [company] : await allCompanyIds(db);
      const total = { created: 0, updated: 0, skipped: 0 };
      for (const id of companies) {
        const r = await createInvoices(db, { id: ctx.user!.id, name: ctx.user!.name }, id, a.month, templateId);
        total.created += r.created;
        total.updated += r.updated;
        total.skipped += r.skipped;
      }
      return total;
    },
    createTransferBatch: async (_: unknown, a: { transferDate: string }, ctx: ApiContext) => {
      const company = tenantCompany(ctx);
      const db = ctx.services.db;
      const settings = await transferCutoff(db);
      const problem = transferDateProblem(a.transferDate, new Date(), settings?.transfer_cutoff ?? '15:00');
      if (problem) throw badInput(ctx.lang, { transferDate: msg(ctx.lang, `money.transferDate.${problem}`, { days: TRANSFER_DAYS_AHEAD }) });
      const companies = company ? [company] : (await companiesWithApprovedDailyPay(db)).map((c) => c.company_id);
      const out = { transferDate: a.transferDate, batches: [] as unknown[], transferred: 0, failed: [] as unknown[] };
      for (const id of companies) {
        try {
          const r = await createTransferBatch(db, { id: ctx.user!.id, name: ctx.user!.name }, id, null, a.transferDate);
          if (r.batchId) out.batches.push({ id: r.batchId, transferDate: r.transferDate, payees: r.payees, total: r.total, createdBy: ctx.user!.name, createdAt: new Date().toISOString() });
          out.transferred += r.transferred;
          out.failed.push(...r.failed.map((f) => ({ ...f, reason: FAILURES[f.reason][ctx.lang] })));
        } catch (err) {
          if (err instanceof TransferAccountMissing) throw apiError('CONFLICT', msg(ctx.lang, 'money.transferAccountMissing'));
          throw err;
        }
      }
      return out;
    },
    requestQuickPay: async (_: unknown, a: { companyId: string; amount: number }, ctx: ApiContext) => {
      if (!isUuid(a.companyId)) throw badInput(ctx.lang, { companyId: msg(ctx.lang, 'validation.choice') });
      if (!Number.isInteger(a.amount) || a.amount < 1 || a.amount > 10_000_000) throw badInput(ctx.lang, { amount: msg(ctx.lang, 'money.amount') });
      const db = ctx.services.db;
      // Only a company the worker has pay at: anything else is someone else's ledger.
      if (!(await hasPayAt(db, ctx.user!.id, a.companyId))) throw forbidden(ctx.lang);
      const r = await requestAdvance(db, { id: ctx.user!.id, name: ctx.user!.name }, a.companyId, a.amount);
      if (r.ok) return { id: r.id, fee: r.fee, net: r.net };
      if (r.reason === 'disabled') throw apiError('CONFLICT', msg(ctx.lang, 'money.quickPayOff'));
      throw badInput(ctx.lang, { amount: msg(ctx.lang, r.reason === 'below_minimum' ? 'money.belowMinimum' : 'money.aboveAvailable', { available: yen(r.available) }) });
    },
    saveBankAccount: async (_: unknown, a: { input: unknown }, ctx: ApiContext) => {
      const v = validate(bankAccountSchema, a.input, ctx.lang);
      if (!v.ok) throw badInput(ctx.lang, v.errors);
      const d = v.data;
      await saveBankAccount(ctx.services.db, ctx.user!.id, {
        bank_code: d.bankCode,
        bank_name: d.bankName,
        branch_code: d.branchCode,
        branch_name: d.branchName,
        account_type: d.accountType,
        account_number: d.accountNumber,
        holder_kana: d.holderKana,
      });
      return d;
    },
  },
};

/** Who may run each root field of this module (server/api/rules.ts; codes from the route table). */
export const rules: Rules = {
  // money: the pay screens' codes; a payslip or invoice also needs its row visible (the read model's tenant rule)
  'Query.transferBatches': pages('/admin/salary/daily'),
  'Query.transferBatchFile': pages('/admin/salary/daily'),
  'Mutation.createTransferBatch': pages('/admin/salary/daily'),
  'Query.transferFailures': pages('/admin/salary/daily'),
  'Query.payslip': pages('/admin/salary/monthly'),
  'Query.invoiceDocument': pages('/admin/billing'),
  'Mutation.createInvoices': pages('/admin/billing'),
  // the choices of the form that makes them; a client user (who makes none) gets none
  'Query.invoiceTemplateChoices': pages('/admin/billing'),
  // a worker's own pay, quick pay and bank account on /staff
  'Query.myPay': { candidate: true },
  'Query.myPayslip': { candidate: true },
  'Mutation.requestQuickPay': { candidate: true },
  'Mutation.saveBankAccount': { candidate: true },
};
