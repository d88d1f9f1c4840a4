import { badgeStates } from '../../../../shared/list-kinds.ts';
import { ADVANCE_STATES, PAY_LINE_STATES, PAY_RUN_STATES } from '../../../../shared/states.ts';
import { sql, type RawBuilder } from 'kysely';
import type { HookContext, Option } from '../../../resources/define.ts';
import { inBoth } from '../../../resources/define.ts';
import { msg, msgText } from '../../../../shared/texts/index.ts';
import { pickLangSql } from '../../../resources/pick-lang-sql.ts';
import type { Lang, Text } from '../../../../shared/i18n.ts';
import { dateFilter, defineReadModel, idFilter, personColumn, stateFilter, stateOptions, type BadgeState, type ReadAction, type ReadColumn } from '../../../resources/read-model.ts';
import { jobFilter } from '../../pipeline/defs/applications.ts';
import { clientFilter } from '../../auth/defs/users.ts';
import { ACCOUNT_UPDATED, approveRuns, markRunsPaid, moveAdvances, moveState, quickPayState, type TransferFailure } from '../ledger.ts';
import { quickPayQuote } from '../quickpay.ts';
import { issueInvoices } from '../invoices.ts';
import { notifyClientUsers, notifyUser } from '../../notifications/service.ts';
import { dateLong, yen } from '../../../../shared/format.ts';
import type { EventBus } from '../../../events/bus.ts';
import { type Tenant, tenantIn, tenantScopedQuery } from '../../../access/tenancy.ts';

/**
 * The money screens (docs/payroll.md): daily pay lines (/admin/salary/daily 140004),
 * monthly pay runs (/admin/salary/monthly 140002), quick-pay advances (/admin/salary/quickpay
 * 140005) and invoices (/admin/billing 290001; a client user sees its own). The amounts are made by
 * server/modules/payroll and billing; these lists show them and run their state changes.
 */

const workerColumn = personColumn('worker', msgText('res.common.worker'));
/**
 * Whose row it is, for platform staff: they see every company's pay and advances, and without it a
 * line of Sakura's and one of Minato's looked alike. A company's own users see only their own rows.
 */
const companyColumn = (ref: string): ReadColumn => ({
  name: 'company',
  label: msgText('res.money.company'),
  type: 'text',
  sql: (lang) => sql`(select ${pickLangSql(lang, 'co.name', 'co.name_en')} from companies co where co.id = ${sql.ref(ref)})`,
  tenants: ['platform'],
});
const hours = (name: string, label: Text, col: string): ReadColumn => ({ name, label, type: 'text', sql: () => sql`to_char(make_interval(mins => ${sql.ref(col)}), 'FMHH24:MI')` });
const money = (name: string, label: Text, col: string, sortable = false): ReadColumn => ({ name, label, type: 'money', sql: col, sortable, notNull: true });
/** Rows of the tenant's company (platform: all); a client user has no pay screens. */
const companyRows = <Q extends { where: (...a: never[]) => Q }>(tenant: Tenant, q: Q, col: string): Q | null => tenantScopedQuery(q, tenant, { company: col, client: false });
const workerFilterOptions = async ({ tenant, db }: { tenant: Tenant; db: import('../../../db/connect.ts').DB }): Promise<Option[]> => {
  const q = companyRows(tenant, db.selectFrom('pay_lines as l').innerJoin('users as u', 'u.id', 'l.user_id').select(['u.id', 'u.name']).distinct().orderBy('u.name'), 'l.company_id');
  return ((await q?.execute()) ?? []).map((r) => ({ value: r.id, label: { ja: r.name, en: r.name } }));
};
const actor = (ctx: HookContext) => ({ id: ctx.user.id, name: ctx.user.name });
const none = (n: number, text: Text): Text | void => (n === 0 ? text : undefined);
/** A money list's status badge; `ref` is the column, or the SQL that works the state out. */
const statusColumn = (ref: string | RawBuilder<unknown>, states: readonly BadgeState[]): ReadColumn => ({
  name: 'status',
  label: msgText('res.common.statusState'),
  type: 'badge',
  sql: typeof ref === 'string' ? ref : () => ref,
  sortable: true,
  notNull: true,
  states,
});
/** The filter on that badge, over the same states. */
const statusFilter = (ref: string | RawBuilder<unknown>, states: readonly BadgeState[]) => stateFilter('status', msgText('res.common.statusState'), ref, states);
/**
 * An action's run that moves the selected advances or invoices out of the states `from` into `to`
 * (`decided`: the advance records who decided); `refusal` when none of them was in such a state.
 */
const moveSelected =
  (table: 'advances' | 'invoices', from: readonly string[], to: string, refusal: Text, o: { decided?: boolean } = {}): ReadAction['run'] =>
  async (rows, ctx) => {
    const ids = rows.map((r) => r.id);
    const moved =
      table === 'advances' ? await moveAdvances(ctx.db, actor(ctx), ids, from, to, o.decided ? { decided_by_name: ctx.user.name } : {}) : await moveState(ctx.db, actor(ctx), table, ids, from, to);
    return none(moved.length, refusal);
  };

// ---------------------------------------------------------------------------------------------
// Daily pay

/** Why a line could not be batched (`createTransferBatch`), in words the worker's payroll clerk acts on. */
export const FAILURES: Record<TransferFailure | typeof ACCOUNT_UPDATED, Text> = {
  no_bank_account: msgText('res.money.noBankAccount'),
  bank_name: msgText('res.money.bankNameNot'),
  branch_name: msgText('res.money.branchNameNot'),
  holder_name: msgText('res.money.accountHolderName'),
  [ACCOUNT_UPDATED]: msgText('res.money.bankAccountUpdated'),
};
/** Said only of a line that failed: a line approved again (or transferred) has no reason to show. */
const failureText = (lang: Lang): RawBuilder<unknown> =>
  sql`case when l.status <> 'failed' then null ${sql.join(
    Object.entries(FAILURES).map(([k, v]) => sql`when l.failure_reason = ${k} then ${v[lang]}`),
    sql` `,
  )} else l.failure_reason end`;

export const payLinesReadModel = defineReadModel({
  name: 'payLine',
  plural: 'payLines',
  title: msgText('res.money.dailyPay'),
  titlePlural: msgText('res.money.dailyPay'),
  source: (db, tenant) =>
    companyRows(tenant, db.selectFrom('pay_lines as l').innerJoin('users as u', 'u.id', 'l.user_id').innerJoin('jobs as j', 'j.id', 'l.job_id').where('l.mode', '=', 'daily'), 'l.company_id'),
  id: 'l.id',
  columns: [
    { name: 'workDate', label: msgText('res.money.worked'), type: 'date', sql: 'l.work_date', sortable: true, notNull: true },
    workerColumn,
    companyColumn('l.company_id'),
    { name: 'jobTitle', label: msgText('res.common.job'), type: 'text', sql: (lang) => pickLangSql(lang, 'j.title_ja', 'j.title_en'), search: true },
    hours('worked', msgText('res.money.workedHours'), 'l.worked_minutes'),
    hours('overtime', msgText('res.common.overtime'), 'l.overtime_minutes'),
    hours('lateNight', msgText('res.money.lateNight'), 'l.late_night_minutes'),
    // The 法定休日's minutes (+35%, 労働基準法第37条): without them a Saturday night into Sunday paid more than the same hours on a weekday, with nothing on the row saying why.
    hours('holiday', msgText('res.money.statutoryHoliday'), 'l.holiday_minutes'),
    { name: 'wage', label: msgText('res.money.wage'), type: 'money', sql: 'l.hourly_wage', unit: 'hour' },
    money('total', msgText('res.money.gross'), 'l.total', true),
    money('withholding', msgText('res.money.withholding'), 'l.withholding'),
    // The 日額表 column, named in Japanese in both languages as the tables are (甲 with the dependants).
    {
      name: 'taxColumn',
      label: msgText('res.money.taxColumn'),
      type: 'text',
      sql: () => sql`case l.tax_column when 'kou' then '甲 (kou) ' || l.dependents when 'otsu' then '乙 (otsu)' when 'hei' then '丙 (hei)' else '' end`,
    },
    money('fee', msgText('res.money.transferFee'), 'l.transfer_fee'),
    money('advance', msgText('res.money.advanceRecovered'), 'l.advance_deducted'),
    money('net', msgText('res.money.netPay'), 'l.net', true),
    statusColumn('l.status', PAY_LINE_STATES),
    { name: 'reason', label: msgText('res.common.reason'), type: 'text', sql: failureText },
    { name: 'transferDate', label: msgText('res.money.transferDate'), type: 'date', sql: () => sql`(select b.transfer_date from transfer_batches b where b.id = l.batch_id)` },
    // The company of each row, for batching per company (a platform user may select several).
    { name: 'companyId', label: msgText('res.money.companyId'), type: 'text', sql: 'l.company_id', hidden: true },
  ],
  filters: [
    statusFilter('l.status', PAY_LINE_STATES),
    dateFilter('when', msgText('res.money.worked'), 'l.work_date'),
    idFilter('worker', msgText('res.common.worker'), workerFilterOptions, 'l.user_id'),
    jobFilter('l.job_id'),
  ],
  defaultSort: { column: 'workDate', dir: 'desc' },
  paging: 'keyset',
  screens: [{ path: '/admin/salary/daily' }],
  transitions: {
    column: 'status',
    table: 'pay_lines',
    stateColumn: 'status',
    companyColumn: 'company_id',
    entity: 'pay_line',
    moves: [
      { from: ['pending', 'failed'], to: 'approved' },
      { from: ['approved'], to: 'pending' },
    ],
  },
});

// ---------------------------------------------------------------------------------------------
// Monthly pay

export const payRunsReadModel = defineReadModel({
  name: 'payRun',
  plural: 'payRuns',
  title: msgText('res.money.monthlyPay'),
  titlePlural: msgText('res.money.monthlyPay'),
  source: (db, tenant) => companyRows(tenant, db.selectFrom('pay_runs as r').innerJoin('users as u', 'u.id', 'r.user_id'), 'r.company_id'),
  id: 'r.id',
  columns: [
    { name: 'periodEnd', label: msgText('res.money.periodEnds'), type: 'date', sql: 'r.period_end', sortable: true, notNull: true },
    workerColumn,
    companyColumn('r.company_id'),
    { name: 'periodStart', label: msgText('res.money.periodStarts'), type: 'date', sql: 'r.period_start' },
    { name: 'payDate', label: msgText('res.money.payDay'), type: 'date', sql: 'r.pay_date', sortable: true },
    { name: 'shifts', label: msgText('res.money.shifts'), type: 'number', sql: 'r.shifts' },
    hours('worked', msgText('res.money.workedHours'), 'r.worked_minutes'),
    hours('overtime', msgText('res.common.overtime'), 'r.overtime_minutes'),
    hours('over60', msgText('res.money.whichBeyond60'), 'r.over60_minutes'),
    hours('lateNight', msgText('res.money.lateNight'), 'r.late_night_minutes'),
    hours('holiday', msgText('res.money.statutoryHoliday'), 'r.holiday_minutes'),
    money('gross', msgText('res.money.grossTotal'), 'r.gross', true),
    money('healthInsurance', msgText('res.money.healthInsurance'), 'r.health_insurance'),
    money('nursingInsurance', msgText('res.money.nursingCareInsurance'), 'r.nursing_insurance'),
    money('pension', msgText('res.money.employeesPension'), 'r.pension'),
    money('employmentInsurance', msgText('res.money.employmentInsurance'), 'r.employment_insurance'),
    { name: 'taxColumn', label: msgText('res.money.taxColumn'), type: 'text', sql: () => sql`case r.tax_column when 'kou' then '甲 (kou) ' || r.dependents when 'otsu' then '乙 (otsu)' else '' end` },
    money('incomeTax', msgText('res.money.incomeTax'), 'r.income_tax'),
    money('residentTax', msgText('res.money.residentTax'), 'r.resident_tax'),
    money('advances', msgText('res.money.advancesRecovered'), 'r.advances'),
    money('fee', msgText('res.money.transferFee'), 'r.transfer_fee'),
    money('net', msgText('res.money.netPay'), 'r.net', true),
    statusColumn('r.status', PAY_RUN_STATES),
    { name: 'payslip', label: msgText('res.money.payslip'), type: 'text', sql: () => sql`'PDF'`, download: 'payslip' },
  ],
  filters: [statusFilter('r.status', PAY_RUN_STATES), dateFilter('payDate', msgText('res.money.payDay'), 'r.pay_date')],
  defaultSort: { column: 'periodEnd', dir: 'desc' },
  paging: 'keyset',
  screens: [{ path: '/admin/salary/monthly' }],
  actions: [
    {
      name: 'approve',
      label: msgText('res.money.approve'),
      bulk: true,
      done: msgText('res.money.approvedAdvancesRecovered'),
      rows: { status: ['draft'] },
      run: async (rows, ctx) => {
        const approved = await approveRuns(
          ctx.db,
          actor(ctx),
          rows.map((r) => r.id),
        );
        await tellWorkersOfApproved(ctx.db, ctx.services.bus, approved);
        return none(approved.length, msgText('res.money.selectDraftPay'));
      },
    },
    {
      name: 'paid',
      label: msgText('res.money.markPaid'),
      bulk: true,
      rows: { status: ['approved'] },
      confirm: msgText('res.money.markSelectedPay'),
      done: msgText('res.money.markedPaid'),
      run: async (rows, ctx) =>
        none(
          await markRunsPaid(
            ctx.db,
            actor(ctx),
            rows.map((r) => r.id),
          ),
          msgText('res.money.selectApprovedPay'),
        ),
    },
  ],
});

// ---------------------------------------------------------------------------------------------
// Quick pay

export const advancesReadModel = defineReadModel({
  name: 'advance',
  plural: 'advances',
  title: msgText('res.money.quickPay'),
  titlePlural: msgText('res.money.quickPay'),
  source: (db, tenant) => companyRows(tenant, db.selectFrom('advances as v').innerJoin('users as u', 'u.id', 'v.user_id'), 'v.company_id'),
  id: 'v.id',
  columns: [
    { name: 'requestedOn', label: msgText('res.money.requestedOn'), type: 'date', sql: 'v.requested_on', sortable: true, notNull: true },
    workerColumn,
    companyColumn('v.company_id'),
    money('amount', msgText('res.money.amount'), 'v.amount', true),
    money('fee', msgText('res.money.fee'), 'v.fee'),
    money('net', msgText('res.money.paidOut'), 'v.net'),
    statusColumn('v.status', ADVANCE_STATES),
    { name: 'decidedBy', label: msgText('res.money.decided'), type: 'text', sql: 'v.decided_by_name' },
    { name: 'userId', label: msgText('res.money.workerId'), type: 'text', sql: 'v.user_id', hidden: true },
    { name: 'companyId', label: msgText('res.money.companyId'), type: 'text', sql: 'v.company_id', hidden: true },
  ],
  filters: [statusFilter('v.status', ADVANCE_STATES)],
  defaultSort: { column: 'requestedOn', dir: 'desc' },
  paging: 'keyset',
  screens: [{ path: '/admin/salary/quickpay' }],
  actions: [
    {
      name: 'approve',
      label: msgText('res.money.approve'),
      bulk: true,
      done: msgText('res.money.approvedDone'),
      rows: { status: ['requested'] },
      // Quoted again at approval: the worker's earned pay may have changed since the request.
      run: async (rows, ctx) => {
        const ok: string[] = [];
        for (const r of rows.filter((x) => x.status === 'requested')) {
          const { state } = await quickPayState(ctx.db, String(r.companyId), String(r.userId));
          const quote = quickPayQuote({ ...state, outstandingAdvances: Math.max(0, state.outstandingAdvances - Number(r.amount)), requestedToday: 0 }, Number(r.amount));
          if (quote.ok) ok.push(r.id);
        }
        const requested = rows.filter((x) => x.status === 'requested').length;
        if (!requested) return msgText('res.money.selectRequestedAdvances');
        const moved = await moveAdvances(ctx.db, actor(ctx), ok, ['requested'], 'approved', { decided_by_name: ctx.user.name });
        return none(moved.length, msgText('res.money.nothingApproveAbove'));
      },
    },
    {
      name: 'reject',
      label: msgText('res.money.reject'),
      bulk: true,
      rows: { status: ['requested'] },
      confirm: msgText('res.money.rejectSelectedRequests'),
      done: msgText('res.money.rejected'),
      run: moveSelected('advances', ['requested'], 'rejected', msgText('res.money.selectRequestedAdvances'), { decided: true }),
    },
    {
      name: 'transferred',
      label: msgText('res.money.markTransferred'),
      bulk: true,
      rows: { status: ['approved'] },
      // Nothing moves an advance back from transferred: it is recovered from the next pay.
      confirm: msgText('res.money.markTransferredConfirm'),
      done: msgText('res.money.markedTransferredRecovered'),
      run: moveSelected('advances', ['approved'], 'transferred', msgText('res.money.selectApprovedAdvances')),
    },
  ],
});

// ---------------------------------------------------------------------------------------------
// Billing

const INVOICE_STATES = badgeStates({
  draft: ['res.common.draft', 'neutral'],
  issued: ['res.money.issued', 'info'],
  overdue: ['res.money.overdue', 'danger'],
  paid: ['res.money.received', 'success'],
});
/** Overdue is not stored: an issued invoice past its due date (Japan's day) is overdue. */
const invoiceState = sql`case when i.status = 'issued' and i.due_date < (now() at time zone 'Asia/Tokyo')::date then 'overdue' else i.status end`;

export const invoicesReadModel = defineReadModel({
  name: 'invoice',
  plural: 'invoices',
  title: msgText('res.money.invoice'),
  titlePlural: msgText('res.money.invoices'),
  source: (db, tenant) => {
    const q = tenantScopedQuery(db.selectFrom('invoices as i').innerJoin('clients as cl', 'cl.id', 'i.client_id'), tenant, { company: 'i.company_id', client: 'i.client_id' });
    // A client user sees its own invoices once issued, never the drafts.
    return q && tenantIn(tenant, 'client') ? q.where('i.status', '!=', 'draft') : q;
  },
  id: 'i.id',
  columns: [
    { name: 'number', label: msgText('res.money.number'), type: 'text', sql: 'i.number', sortable: true, search: true, notNull: true },
    { name: 'clientName', label: msgText('res.common.client'), type: 'text', sql: (lang) => pickLangSql(lang, 'cl.name', 'cl.name_en'), sortable: true, search: true },
    { name: 'periodEnd', label: msgText('res.money.periodEnds'), type: 'date', sql: 'i.period_end', sortable: true, notNull: true },
    { name: 'issueDate', label: msgText('res.money.issuedOn'), type: 'date', sql: 'i.issue_date' },
    { name: 'dueDate', label: msgText('res.money.due'), type: 'date', sql: 'i.due_date', sortable: true },
    money('net', msgText('res.money.net'), 'i.net'),
    money('tax', msgText('res.money.tax'), 'i.tax'),
    money('total', msgText('res.money.total'), 'i.total', true),
    statusColumn(invoiceState, INVOICE_STATES),
    { name: 'pdf', label: msgText('res.money.invoice'), type: 'text', sql: () => sql`'PDF'`, download: 'invoice' },
  ],
  filters: [
    // A client never sees a draft (its rows leave them out), so its filter does not offer one.
    { ...statusFilter(invoiceState, INVOICE_STATES), options: async ({ tenant }) => stateOptions(INVOICE_STATES).filter((o) => o.value !== 'draft' || !tenantIn(tenant, 'client')) },
    clientFilter('i.client_id'),
    dateFilter('due', msgText('res.money.due'), 'i.due_date'),
  ],
  defaultSort: { column: 'periodEnd', dir: 'desc' },
  paging: 'keyset',
  screens: [{ path: '/admin/billing' }],
  actions: [
    {
      name: 'issue',
      label: msgText('res.money.issue'),
      bulk: true,
      rows: { status: ['draft'] },
      codes: [290001],
      // The staffing company issues; a client reads its invoices (not drawn for it, refused by the API).
      tenants: ['platform', 'company'],
      confirm: msgText('res.money.issuedInvoiceCannot'),
      done: msgText('res.money.issuedDone'),
      run: async (rows, ctx) => {
        const r = await issueInvoices(
          ctx.db,
          actor(ctx),
          rows.map((x) => x.id),
        );
        await tellClientsOfIssued(ctx.db, ctx.services.bus, r.issued);
        if (r.early.length) {
          const list = (lang: Lang) => r.early.map((e) => msg(lang, 'res.money.earlyInvoice', { number: e.number, periodEnd: dateLong(e.periodEnd, lang) })).join(msg(lang, 'list.separator'));
          const key = r.issued.length ? 'res.money.issuedSomeNotDue' : 'res.money.notDue';
          return inBoth((lang) => msg(lang, key, { count: r.issued.length, invoices: list(lang) }));
        }
        return none(r.issued.length, msgText('res.money.selectDraftInvoices'));
      },
    },
    {
      name: 'paid',
      label: msgText('res.money.markReceived'),
      bulk: true,
      rows: { status: ['issued', 'overdue'] },
      tenants: ['platform', 'company'],
      // Nothing moves an invoice back from paid (and a paid invoice is no longer overdue).
      confirm: msgText('res.money.markReceivedConfirm'),
      done: msgText('res.money.markedReceived'),
      run: moveSelected('invoices', ['issued'], 'paid', msgText('res.money.selectIssuedInvoices')),
    },
  ],
});

/** The users of each client whose invoice was issued now hear of it, with a link to the billing list. */
async function tellClientsOfIssued(db: import('../../../db/connect.ts').DB, bus: EventBus, issued: readonly { clientId: string; number: string }[]): Promise<void> {
  for (const i of issued) await notifyClientUsers(db, bus, i.clientId, { key: 'notify.invoiceIssued', params: { number: i.number }, link: '/admin/billing' });
}

/** Each worker whose run was approved now hears of it in their bell, with the amount to be paid. */
async function tellWorkersOfApproved(db: import('../../../db/connect.ts').DB, bus: EventBus, approved: readonly { userId: string; net: number }[]): Promise<void> {
  for (const r of approved) await notifyUser(db, bus, r.userId, { key: 'notify.payApproved', params: { amount: yen(r.net) }, link: '/staff/pay' });
}
