import type { BadgeState } from '../../../shared/list-kinds.ts';
import { ADVANCE_STATES, PAY_LINE_STATES, PAY_RUN_STATES } from '../../../shared/states.ts';
import type { JSX } from 'react';
import { TitledSection } from '../../ui/TitledSection.tsx';
import type { Lang } from '../../../shared/i18n.ts';
import { msg, type MessageKey } from '../../../shared/messages.ts';
import { yen } from '../../../shared/format.ts';
import { Field } from '../../ui/Field.tsx';
import { DataTable, tableColumns, type ColumnDecl, type ColumnView, type Row } from '../../ui/DataTable.tsx';
import { CandidatePage } from './Candidate.tsx';
import { ActionButton, type ActionRefs } from '../../ui/Action.tsx';

/**
 * The worker's pay on /staff/pay: the bank account pay goes to, quick pay per
 * company (what may be drawn now, the fee, a request form), payslips of monthly pay as PDF, daily
 * pay lines and the quick-pay history. Phone-first: one column, tables that scroll in their box.
 */
export interface MyPayView {
  act: ActionRefs<'quickpay' | 'bank'>;
  lang: Lang;
  name: string;
  notice: string | null;
  errors: Record<string, string>;
  values: Record<string, string>;
  companies: { companyId: string; company: string; enabled: boolean; available: number; earned: number; minAmount: number; feePercent: string; minFee: number }[];
  bank: Record<string, string> | null;
  runs: Record<string, unknown>[];
  lines: Record<string, unknown>[];
  advances: Record<string, unknown>[];
}

/** Where the pay stands, as a badge, in the words and tones of the staff's lists (shared/states.ts). */
const status = (states: BadgeState[]): ColumnDecl => ['myPay.status', 'badge', { states }];

const SLIP_COLUMNS = tableColumns({
  company: ['supportChat.company', 'text'],
  periodEnd: ['record.periodEnds', 'date'],
  payDate: ['pdf.payDay', 'date'],
  net: ['pdf.netPay', 'money'],
  status: status(PAY_RUN_STATES),
  pdf: ['myPay.payslip', 'text'],
});
const DAILY_COLUMNS = tableColumns({
  workDate: ['panel.workedOn', 'date'],
  job: ['myPay.job', 'text'],
  total: ['myPay.gross', 'money'],
  withholding: ['myPay.withholding', 'money'],
  taxColumn: ['myPay.taxColumn', 'text'],
  // What else comes off before the transfer, so that the net adds up.
  transferFee: ['res.money.transferFee', 'money'],
  advanceDeducted: ['res.money.advanceRecovered', 'money'],
  net: ['myPay.net', 'money'],
  status: status(PAY_LINE_STATES),
});
const ADVANCE_COLUMNS = tableColumns({
  requestedOn: ['myPay.requestedOn', 'date'],
  amount: ['myPay.amount', 'money'],
  fee: ['myPay.fee', 'money'],
  net: ['myPay.paidOut', 'money'],
  status: status(ADVANCE_STATES),
});

/** One of the pay page's lists under its heading; the table says so when there is nothing in it yet. */
function PayTable(p: { lang: Lang; id: string; title: MessageKey; columns: ColumnView[]; rows: Row[]; href?: (row: Row, column: string) => string | null }): JSX.Element {
  return (
    <TitledSection id={p.id} title={msg(p.lang, p.title)}>
      <DataTable lang={p.lang} columns={p.columns} rows={p.rows} href={p.href} empty={msg(p.lang, 'pay.none')} />
    </TitledSection>
  );
}

export function MyPayPage(p: MyPayView): JSX.Element {
  const L = p.lang;
  const v = (k: string) => p.values[k] ?? p.bank?.[k] ?? '';
  return (
    <CandidatePage lang={L} name={p.name} current="/staff/pay" className="pay-page" notice={p.notice} error={p.errors._}>
      <TitledSection id="quick" title={msg(L, 'pay.quick')}>
        {p.companies.length === 0 && <p>{msg(L, 'pay.none')}</p>}
        {p.companies.map((c) => (
          <form key={c.companyId} method="post" action="/staff/pay" className="card form-card">
            <h3>{c.company}</h3>
            {c.enabled ? (
              <>
                <p>{msg(L, 'pay.available', { available: yen(c.available), earned: yen(c.earned) })}</p>
                {c.available < c.minAmount ? (
                  // Less than the smallest request: a form whose button could do nothing would be a dead end.
                  <p className="hint">{msg(L, 'pay.notNow', { min: yen(c.minAmount) })}</p>
                ) : (
                  <>
                    <p className="hint">{msg(L, 'pay.fee', { percent: c.feePercent, minFee: yen(c.minFee), min: yen(c.minAmount) })}</p>
                    <input type="hidden" name="companyId" value={c.companyId} />
                    <Field
                      name="amount"
                      type="number"
                      label={msg(L, 'pay.amount')}
                      value={p.values.companyId === c.companyId ? (p.values.amount ?? '') : ''}
                      error={p.values.companyId === c.companyId ? p.errors.amount : undefined}
                      required
                    />
                    <ActionButton action={p.act.quickpay} className="button button-primary" confirm={msg(L, 'pay.confirm', { percent: c.feePercent, minFee: yen(c.minFee) })}>
                      {msg(L, 'pay.request')}
                    </ActionButton>
                  </>
                )}
              </>
            ) : (
              <p>{msg(L, 'pay.off')}</p>
            )}
          </form>
        ))}
      </TitledSection>
      <PayTable
        lang={L}
        id="slips"
        title="pay.payslips"
        columns={SLIP_COLUMNS}
        rows={p.runs}
        href={(row, name) => (name === 'pdf' ? `/staff/pay?payslip=${encodeURIComponent(String(row.id))}` : null)}
      />
      <PayTable lang={L} id="daily" title="pay.daily" columns={DAILY_COLUMNS} rows={p.lines} />
      <PayTable lang={L} id="advances" title="pay.advances" columns={ADVANCE_COLUMNS} rows={p.advances} />
      <TitledSection id="bank" title={msg(L, 'pay.bank')}>
        <form method="post" action="/staff/pay" className="card form-card">
          <p className="hint">{msg(L, 'pay.bankHint')}</p>
          <Field name="bankCode" label={msg(L, 'pay.bankCode')} value={v('bankCode')} error={p.errors.bankCode} required />
          <Field name="bankName" label={msg(L, 'pay.bankName')} value={v('bankName')} error={p.errors.bankName} required />
          <Field name="branchCode" label={msg(L, 'pay.branchCode')} value={v('branchCode')} error={p.errors.branchCode} required />
          <Field name="branchName" label={msg(L, 'pay.branchName')} value={v('branchName')} error={p.errors.branchName} required />
          <Field name="accountType" label={msg(L, 'pay.accountType')} value={v('accountType') || '1'} error={p.errors.accountType} required>
            <option value="1">{msg(L, 'pay.ordinary')}</option>
            <option value="2">{msg(L, 'pay.current')}</option>
          </Field>
          <Field name="accountNumber" label={msg(L, 'pay.accountNumber')} value={v('accountNumber')} error={p.errors.accountNumber} required />
          <Field name="holderKana" label={msg(L, 'pay.holderKana')} value={v('holderKana')} error={p.errors.holderKana} required />
          <ActionButton action={p.act.bank} className="button button-primary">
            {msg(L, 'pay.save')}
          </ActionButton>
        </form>
      </TitledSection>
    </CandidatePage>
  );
}
