import { sql, type RawBuilder } from 'kysely';
import type { HookContext, Option } from '../define.ts';
import { t } from '../define.ts';
import { tr, type Lang, type Text } from '../../../shared/i18n.ts';
import { dateWindow, defineReadModel, uuidOr, type BadgeState, type ReadColumn } from '../read-model.ts';
import { jobOptions } from './applications.ts';
import { clientOptions } from './users.ts';
import { ACCOUNT_UPDATED, approveRuns, markRunsPaid, moveAdvances, moveState, quickPayState, type TransferFailure } from '../../modules/payroll/ledger.ts';
import { quickPayQuote } from '../../modules/payroll/quickpay.ts';
import { issueInvoices } from '../../modules/billing/invoices.ts';
import { notifyClientUsers, notifyUser } from '../../modules/notifications/service.ts';
import { yen } from '../../../shared/format.ts';
import type { EventBus } from '../../events/bus.ts';
import { type Tenant, tenantIn, tenantScopedQuery } from '../../access/tenancy.ts';

/**
 * The money screens (docs/payroll.md): daily pay lines (/admin/salary/daily 140004),
 * monthly pay runs (/admin/salary/monthly 140002), quick-pay advances (/admin/salary/quickpay
 * 140005) and invoices (/admin/billing 290001; a client user sees its own). The amounts are made by
 * server/modules/payroll and billing; these lists show them and run their state changes.
 */

const workerColumn: ReadColumn = { name: 'worker', label: t('ワーカー', 'Worker'), type: 'text', sql: 'u.name', sortable: true, search: true, notNull: true };
const hours = (name: string, label: Text, col: string): ReadColumn => ({ name, label, type: 'text', sql: () => sql`to_char(make_interval(mins => ${sql.ref(col)}), 'FMHH24:MI')` });
const money = (name: string, label: Text, col: string, sortable = false): ReadColumn => ({ name, label, type: 'money', sql: col, sortable, notNull: true });
/** Rows of the tenant's company (platform: all); a client user has no pay screens. */
const companyRows = <Q extends { where: (...a: never[]) => Q }>(tenant: Tenant, q: Q, col: string): Q | null => tenantScopedQuery(q, tenant, { company: col, client: false });
const workerFilterOptions = async ({ tenant, db }: { tenant: Tenant; db: import('../../db/connect.ts').DB }): Promise<Option[]> => {
  const q = companyRows(tenant, db.selectFrom('pay_lines as l').innerJoin('users as u', 'u.id', 'l.user_id').select(['u.id', 'u.name']).distinct().orderBy('u.name'), 'l.company_id');
  return ((await q?.execute()) ?? []).map((r) => ({ value: r.id, label: { ja: r.name, en: r.name } }));
};
const actor = (ctx: HookContext) => ({ id: ctx.user.id, name: ctx.user.name });
const none = (n: number, text: Text): Text | void => (n === 0 ? text : undefined);

// ---------------------------------------------------------------------------------------------
// Daily pay

const LINE_STATES: readonly BadgeState[] = [
  { value: 'pending', label: t('承認待ち', 'Pending'), tone: 'warning' },
  { value: 'approved', label: t('承認済み', 'Approved'), tone: 'info' },
  { value: 'transferred', label: t('振込済み', 'Transferred'), tone: 'success' },
  { value: 'failed', label: t('振込不可', 'Failed'), tone: 'danger' },
];
/** Why a line could not be batched (`createTransferBatch`), in words the worker's payroll clerk acts on. */
export const FAILURES: Record<TransferFailure | typeof ACCOUNT_UPDATED, Text> = {
  no_bank_account: t('口座が登録されていません', 'No bank account registered'),
  bank_name: t('金融機関名がカナで登録されていません（銀行に送れません）', 'Bank name is not in kana (banks cannot take it)'),
  branch_name: t('支店名がカナで登録されていません（銀行に送れません）', 'Branch name is not in kana (banks cannot take it)'),
  holder_name: t('口座名義が銀行に送れる形ではありません（カナ30文字まで）', 'Account holder name cannot go to the bank (kana, up to 30)'),
  [ACCOUNT_UPDATED]: t('口座が更新されました。承認し直すと次の振込に含められます', 'Bank account updated since: approve again to include it in the next batch'),
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
  title: t('日払い給与', 'Daily pay'),
  titlePlural: t('日払い給与', 'Daily pay'),
  source: (db, tenant) =>
    companyRows(tenant, db.selectFrom('pay_lines as l').innerJoin('users as u', 'u.id', 'l.user_id').innerJoin('jobs as j', 'j.id', 'l.job_id').where('l.mode', '=', 'daily'), 'l.company_id'),
  id: 'l.id',
  columns: [
    { name: 'workDate', label: t('勤務日', 'Worked on'), type: 'date', sql: 'l.work_date', sortable: true, notNull: true },
    workerColumn,
    { name: 'jobTitle', label: t('求人', 'Job'), type: 'text', sql: (lang) => (lang === 'ja' ? sql`j.title_ja` : sql`coalesce(nullif(j.title_en, ''), j.title_ja)`), search: true },
    hours('worked', t('実働', 'Worked'), 'l.worked_minutes'),
    hours('overtime', t('残業', 'Overtime'), 'l.overtime_minutes'),
    hours('lateNight', t('深夜', 'Late night'), 'l.late_night_minutes'),
    { name: 'wage', label: t('時給', 'Wage'), type: 'money', sql: 'l.hourly_wage', unit: 'hour' },
    money('total', t('支給額', 'Gross'), 'l.total', true),
    money('withholding', t('源泉徴収', 'Withholding'), 'l.withholding'),
    money('fee', t('振込手数料', 'Transfer fee'), 'l.transfer_fee'),
    money('advance', t('前払い控除', 'Advance recovered'), 'l.advance_deducted'),
    money('net', t('差引支給額', 'Net pay'), 'l.net', true),
    { name: 'status', label: t('状態', 'Status'), type: 'badge', sql: 'l.status', sortable: true, notNull: true, states: LINE_STATES },
    { name: 'reason', label: t('理由', 'Reason'), type: 'text', sql: failureText },
    { name: 'transferDate', label: t('振込日', 'Transfer date'), type: 'date', sql: () => sql`(select b.transfer_date from transfer_batches b where b.id = l.batch_id)` },
    // The company of each row, for batching per company (a platform user may select several).
    { name: 'companyId', label: t('会社', 'Company'), type: 'text', sql: 'l.company_id', hidden: true },
  ],
  filters: [
    { name: 'status', label: t('状態', 'Status'), kind: 'select', options: LINE_STATES.map(({ value, label }) => ({ value, label })), where: (eb, v) => eb('l.status', '=', v) },
    { name: 'when', label: t('勤務日', 'Worked on'), kind: 'date', where: (_, v) => dateWindow('l.work_date', v) },
    { name: 'worker', label: t('ワーカー', 'Worker'), kind: 'select', options: workerFilterOptions, where: (eb, v) => eb('l.user_id', '=', uuidOr(v)) },
    { name: 'job', label: t('求人', 'Job'), kind: 'select', options: jobOptions, where: (eb, v) => eb('l.job_id', '=', uuidOr(v)) },
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
    // The 日額表 甲欄/乙欄 are not encoded (docs/payroll.md): pay withheld on them cannot go out yet.
    check: async (trx, row, to, ctx) => {
      if (to !== 'approved') return null;
      const line = await trx.selectFrom('pay_lines').select('tax_column').where('id', '=', row.id).executeTakeFirst();
      if (line?.tax_column !== 'kou' && line?.tax_column !== 'otsu') return null;
      return {
        reason: 'withholding_table',
        message: tr(ctx.lang, t(
          '日額表の甲欄・乙欄は未登録のため源泉徴収額を計算できません。日雇い（2か月以内の契約）ならスタッフ管理で雇用期間を登録するか、月払いにしてください。',
          'The daily table’s columns 甲 and 乙 are not encoded, so the withholding cannot be computed. Record a day hire (a contract of two months or less) on the staff record, or pay this job monthly.',
        )),
      };
    },
  },
});

// ---------------------------------------------------------------------------------------------
// Monthly pay

const RUN_STATES: readonly BadgeState[] = [
  { value: 'draft', label: t('下書き', 'Draft'), tone: 'warning' },
  { value: 'approved', label: t('承認済み', 'Approved'), tone: 'info' },
  { value: 'paid', label: t('支払済み', 'Paid'), tone: 'success' },
];

export const payRunsReadModel = defineReadModel({
  name: 'payRun',
  plural: 'payRuns',
  title: t('月払い給与', 'Monthly pay'),
  titlePlural: t('月払い給与', 'Monthly pay'),
  source: (db, tenant) => companyRows(tenant, db.selectFrom('pay_runs as r').innerJoin('users as u', 'u.id', 'r.user_id'), 'r.company_id'),
  id: 'r.id',
  columns: [
    { name: 'periodEnd', label: t('締め日', 'Period ends'), type: 'date', sql: 'r.period_end', sortable: true, notNull: true },
    workerColumn,
    { name: 'periodStart', label: t('期間開始', 'Period starts'), type: 'date', sql: 'r.period_start' },
    { name: 'payDate', label: t('支払日', 'Pay day'), type: 'date', sql: 'r.pay_date', sortable: true },
    { name: 'shifts', label: t('勤務回数', 'Shifts'), type: 'number', sql: 'r.shifts' },
    hours('worked', t('実働', 'Worked'), 'r.worked_minutes'),
    hours('overtime', t('残業', 'Overtime'), 'r.overtime_minutes'),
    hours('over60', t('うち月60時間超', 'of which beyond 60 h'), 'r.over60_minutes'),
    hours('lateNight', t('深夜', 'Late night'), 'r.late_night_minutes'),
    hours('holiday', t('法定休日', 'Statutory holiday'), 'r.holiday_minutes'),
    money('gross', t('総支給額', 'Gross'), 'r.gross', true),
    money('healthInsurance', t('健康保険料', 'Health insurance'), 'r.health_insurance'),
    money('nursingInsurance', t('介護保険料', 'Nursing care insurance'), 'r.nursing_insurance'),
    money('pension', t('厚生年金保険料', 'Employees’ pension'), 'r.pension'),
    money('employmentInsurance', t('雇用保険料', 'Employment insurance'), 'r.employment_insurance'),
    { name: 'taxColumn', label: t('税額表の欄', 'Tax column'), type: 'text', sql: () => sql`case r.tax_column when 'kou' then '甲 (kou) ' || r.dependents when 'otsu' then '乙 (otsu)' else '' end` },
    money('incomeTax', t('所得税', 'Income tax'), 'r.income_tax'),
    money('residentTax', t('住民税', 'Resident tax'), 'r.resident_tax'),
    money('advances', t('前払い控除', 'Advances recovered'), 'r.advances'),
    money('fee', t('振込手数料', 'Transfer fee'), 'r.transfer_fee'),
    money('net', t('差引支給額', 'Net pay'), 'r.net', true),
    { name: 'status', label: t('状態', 'Status'), type: 'badge', sql: 'r.status', sortable: true, notNull: true, states: RUN_STATES },
    { name: 'payslip', label: t('給与明細', 'Payslip'), type: 'text', sql: () => sql`'PDF'`, download: 'payslip' },
  ],
  filters: [
    { name: 'status', label: t('状態', 'Status'), kind: 'select', options: RUN_STATES.map(({ value, label }) => ({ value, label })), where: (eb, v) => eb('r.status', '=', v) },
    { name: 'payDate', label: t('支払日', 'Pay day'), kind: 'date', where: (_, v) => dateWindow('r.pay_date', v) },
  ],
  defaultSort: { column: 'periodEnd', dir: 'desc' },
  paging: 'keyset',
  screens: [{ path: '/admin/salary/monthly' }],
  actions: [
    {
      name: 'approve',
      label: t('承認', 'Approve'),
      bulk: true,
      done: t('承認しました。前払いはこの給与から差し引かれます。', 'Approved; advances are recovered from this pay.'),
      run: async (rows, ctx) => {
        const approved = await approveRuns(ctx.db, actor(ctx), rows.map((r) => r.id));
        await tellWorkersOfApproved(ctx.db, ctx.services.bus, approved);
        return none(approved.length, t('下書きの給与を選んでください。', 'Select draft pay runs.'));
      },
    },
    {
      name: 'paid',
      label: t('支払済みにする', 'Mark paid'),
      bulk: true,
      confirm: t('選んだ給与を支払済みにしますか？', 'Mark the selected pay as paid?'),
      done: t('支払済みにしました。', 'Marked as paid.'),
      run: async (rows, ctx) => none(await markRunsPaid(ctx.db, actor(ctx), rows.map((r) => r.id)), t('承認済みの給与を選んでください。', 'Select approved pay runs.')),
    },
  ],
});

// ---------------------------------------------------------------------------------------------
// Quick pay

const ADVANCE_STATES: readonly BadgeState[] = [
  { value: 'requested', label: t('申請中', 'Requested'), tone: 'warning' },
  { value: 'approved', label: t('承認済み', 'Approved'), tone: 'info' },
  { value: 'transferred', label: t('振込済み', 'Transferred'), tone: 'success' },
  { value: 'recovered', label: t('給与から控除済み', 'Recovered from pay'), tone: 'neutral' },
  { value: 'rejected', label: t('却下', 'Rejected'), tone: 'neutral' },
];

export const advancesReadModel = defineReadModel({
  name: 'advance',
  plural: 'advances',
  title: t('前払い', 'Quick pay'),
  titlePlural: t('前払い', 'Quick pay'),
  source: (db, tenant) => companyRows(tenant, db.selectFrom('advances as v').innerJoin('users as u', 'u.id', 'v.user_id'), 'v.company_id'),
  id: 'v.id',
  columns: [
    { name: 'requestedOn', label: t('申請日', 'Requested on'), type: 'date', sql: 'v.requested_on', sortable: true, notNull: true },
    workerColumn,
    money('amount', t('申請額', 'Amount'), 'v.amount', true),
    money('fee', t('手数料', 'Fee'), 'v.fee'),
    money('net', t('振込額', 'Paid out'), 'v.net'),
    { name: 'status', label: t('状態', 'Status'), type: 'badge', sql: 'v.status', sortable: true, notNull: true, states: ADVANCE_STATES },
    { name: 'decidedBy', label: t('承認者', 'Decided by'), type: 'text', sql: 'v.decided_by_name' },
    { name: 'userId', label: t('ワーカーID', 'Worker ID'), type: 'text', sql: 'v.user_id', hidden: true },
    { name: 'companyId', label: t('会社', 'Company'), type: 'text', sql: 'v.company_id', hidden: true },
  ],
  filters: [{ name: 'status', label: t('状態', 'Status'), kind: 'select', options: ADVANCE_STATES.map(({ value, label }) => ({ value, label })), where: (eb, v) => eb('v.status', '=', v) }],
  defaultSort: { column: 'requestedOn', dir: 'desc' },
  paging: 'keyset',
  screens: [{ path: '/admin/salary/quickpay' }],
  actions: [
    {
      name: 'approve',
      label: t('承認', 'Approve'),
      bulk: true,
      done: t('承認しました。', 'Approved.'),
      // Quoted again at approval: the worker's earned pay may have changed since the request.
      run: async (rows, ctx) => {
        const ok: string[] = [];
        for (const r of rows.filter((x) => x.status === 'requested')) {
          const { state } = await quickPayState(ctx.db, String(r.companyId), String(r.userId));
          const quote = quickPayQuote({ ...state, outstandingAdvances: Math.max(0, state.outstandingAdvances - Number(r.amount)), requestedToday: 0 }, Number(r.amount));
          if (quote.ok) ok.push(r.id);
        }
        const requested = rows.filter((x) => x.status === 'requested').length;
        if (!requested) return t('申請中のものを選んでください。', 'Select requested advances.');
        const moved = await moveAdvances(ctx.db, actor(ctx), ok, ['requested'], 'approved', { decided_by_name: ctx.user.name });
        return none(moved.length, t('承認できる申請がありません（前払いできる額を超えています）。', 'Nothing to approve (above what the worker may draw now).'));
      },
    },
    {
      name: 'reject',
      label: t('却下', 'Reject'),
      bulk: true,
      confirm: t('選んだ申請を却下しますか？', 'Reject the selected requests?'),
      done: t('却下しました。', 'Rejected.'),
      run: async (rows, ctx) => none((await moveAdvances(ctx.db, actor(ctx), rows.map((r) => r.id), ['requested'], 'rejected', { decided_by_name: ctx.user.name })).length, t('申請中のものを選んでください。', 'Select requested advances.')),
    },
    {
      name: 'transferred',
      label: t('振込済みにする', 'Mark transferred'),
      bulk: true,
      done: t('振込済みにしました。次の給与から差し引きます。', 'Marked as transferred; it is recovered from the next pay.'),
      run: async (rows, ctx) => none((await moveAdvances(ctx.db, actor(ctx), rows.map((r) => r.id), ['approved'], 'transferred')).length, t('承認済みのものを選んでください。', 'Select approved advances.')),
    },
  ],
});

// ---------------------------------------------------------------------------------------------
// Billing

const INVOICE_STATES: readonly BadgeState[] = [
  { value: 'draft', label: t('下書き', 'Draft'), tone: 'neutral' },
  { value: 'issued', label: t('発行済み', 'Issued'), tone: 'info' },
  { value: 'overdue', label: t('支払期限超過', 'Overdue'), tone: 'danger' },
  { value: 'paid', label: t('入金済み', 'Paid'), tone: 'success' },
];
/** Overdue is not stored: an issued invoice past its due date (Japan's day) is overdue. */
const invoiceState = sql`case when i.status = 'issued' and i.due_date < (now() at time zone 'Asia/Tokyo')::date then 'overdue' else i.status end`;

export const invoicesReadModel = defineReadModel({
  name: 'invoice',
  plural: 'invoices',
  title: t('請求書', 'Invoice'),
  titlePlural: t('請求書', 'Invoices'),
  source: (db, tenant) => {
    const q = tenantScopedQuery(db.selectFrom('invoices as i').innerJoin('clients as cl', 'cl.id', 'i.client_id'), tenant, { company: 'i.company_id', client: 'i.client_id' });
    // A client user sees its own invoices once issued, never the drafts.
    return q && tenantIn(tenant, 'client') ? q.where('i.status', '!=', 'draft') : q;
  },
  id: 'i.id',
  columns: [
    { name: 'number', label: t('請求書番号', 'Number'), type: 'text', sql: 'i.number', sortable: true, search: true, notNull: true },
    { name: 'clientName', label: t('クライアント', 'Client'), type: 'text', sql: (lang) => (lang === 'ja' ? sql`cl.name` : sql`coalesce(nullif(cl.name_en, ''), cl.name)`), sortable: true, search: true },
    { name: 'periodEnd', label: t('締め日', 'Period ends'), type: 'date', sql: 'i.period_end', sortable: true, notNull: true },
    { name: 'issueDate', label: t('発行日', 'Issued on'), type: 'date', sql: 'i.issue_date' },
    { name: 'dueDate', label: t('支払期限', 'Due'), type: 'date', sql: 'i.due_date', sortable: true },
    money('net', t('小計（税抜）', 'Net'), 'i.net'),
    money('tax', t('消費税', 'Tax'), 'i.tax'),
    money('total', t('合計', 'Total'), 'i.total', true),
    { name: 'status', label: t('状態', 'Status'), type: 'badge', sql: () => invoiceState, sortable: true, notNull: true, states: INVOICE_STATES },
    { name: 'pdf', label: t('請求書', 'Invoice'), type: 'text', sql: () => sql`'PDF'`, download: 'invoice' },
  ],
  filters: [
    { name: 'status', label: t('状態', 'Status'), kind: 'select', options: INVOICE_STATES.map(({ value, label }) => ({ value, label })), where: (eb, v) => eb(invoiceState, '=', v) },
    { name: 'client', label: t('クライアント', 'Client'), kind: 'select', options: clientOptions, where: (eb, v) => eb('i.client_id', '=', uuidOr(v)) },
    { name: 'due', label: t('支払期限', 'Due'), kind: 'date', where: (_, v) => dateWindow('i.due_date', v) },
  ],
  defaultSort: { column: 'periodEnd', dir: 'desc' },
  paging: 'keyset',
  screens: [{ path: '/admin/billing' }],
  actions: [
    {
      name: 'issue',
      label: t('発行', 'Issue'),
      bulk: true,
      codes: [290001],
      // The staffing company issues; a client reads its invoices (not drawn for it, refused by the API).
      tenants: ['platform', 'company'],
      confirm: t('発行した請求書は変更できません。発行しますか？', 'An issued invoice cannot be changed. Issue it?'),
      done: t('発行しました。', 'Issued.'),
      run: async (rows, ctx) => {
        const r = await issueInvoices(ctx.db, actor(ctx), rows.map((x) => x.id));
        await tellClientsOfIssued(ctx.db, ctx.services.bus, r.issued);
        if (r.early.length) {
          const list = (lang: Lang) => r.early.map((e) => `${e.number}（${lang === 'ja' ? '締め日' : 'period ends'} ${e.periodEnd}）`).join(lang === 'ja' ? '、' : ', ');
          const issued = r.issued.length ? t(`${r.issued.length}件を発行しました。`, `${r.issued.length} issued. `) : t('', '');
          return t(`${issued.ja}請求期間が終わっていない請求書は発行できません（締め日の翌日から発行できます）: ${list('ja')}`, `${issued.en}An invoice cannot be issued before its period ends (from the day after its closing day): ${list('en')}`);
        }
        return none(r.issued.length, t('下書きの請求書を選んでください。', 'Select draft invoices.'));
      },
    },
    {
      name: 'paid',
      label: t('入金済みにする', 'Mark paid'),
      bulk: true,
      tenants: ['platform', 'company'],
      done: t('入金済みにしました。', 'Marked as paid.'),
      run: async (rows, ctx) => {
        return none((await moveState(ctx.db, actor(ctx), 'invoices', rows.map((r) => r.id), ['issued'], 'paid')).length, t('発行済みの請求書を選んでください。', 'Select issued invoices.'));
      },
    },
  ],
});

/** The users of each client whose invoice was issued now hear of it, with a link to the billing list. */
async function tellClientsOfIssued(db: import('../../db/connect.ts').DB, bus: EventBus, issued: readonly { clientId: string; number: string }[]): Promise<void> {
  for (const i of issued) await notifyClientUsers(db, bus, i.clientId, { key: 'notify.invoiceIssued', params: { number: i.number }, link: '/admin/billing' });
}

/** Each worker whose run was approved now hears of it in their bell, with the amount to be paid. */
async function tellWorkersOfApproved(db: import('../../db/connect.ts').DB, bus: EventBus, approved: readonly { userId: string; net: number }[]): Promise<void> {
  for (const r of approved) await notifyUser(db, bus, r.userId, { key: 'notify.payApproved', params: { amount: yen(r.net) }, link: '/staff/pay' });
}
