import type { JSX } from 'react';
import type { Lang, Text } from '../../../shared/i18n.ts';
import { msg } from '../../../shared/messages.ts';
import { yen } from '../../../shared/format.ts';
import { Field } from '../../ui/Field.tsx';
import { DataTable, type ColumnView } from '../../ui/DataTable.tsx';
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

const STATES: { value: string; label: Text; tone: 'neutral' | 'info' | 'success' | 'warning' | 'danger' }[] = [
  { value: 'pending', label: { ja: '承認待ち', en: 'Pending' }, tone: 'warning' },
  { value: 'draft', label: { ja: '計算中', en: 'Being prepared' }, tone: 'warning' },
  { value: 'requested', label: { ja: '申請中', en: 'Requested' }, tone: 'warning' },
  { value: 'approved', label: { ja: '承認済み', en: 'Approved' }, tone: 'info' },
  { value: 'transferred', label: { ja: '振込済み', en: 'Transferred' }, tone: 'success' },
  { value: 'paid', label: { ja: '支払済み', en: 'Paid' }, tone: 'success' },
  { value: 'recovered', label: { ja: '給与から控除済み', en: 'Recovered from pay' }, tone: 'neutral' },
  { value: 'rejected', label: { ja: '却下', en: 'Rejected' }, tone: 'neutral' },
  { value: 'failed', label: { ja: '振込不可', en: 'Transfer failed' }, tone: 'danger' },
];
const col = (name: string, label: Text, type: ColumnView['type']): ColumnView => ({ name, label, type, ...(type === 'badge' ? { states: STATES } : {}) });

export function MyPayPage(p: MyPayView): JSX.Element {
  const L = p.lang;
  const v = (k: string) => p.values[k] ?? p.bank?.[k] ?? '';
  return (
    <CandidatePage lang={L} name={p.name} current="/staff/pay" className="pay-page" notice={p.notice} error={p.errors._}>
      <section aria-labelledby="quick">
        <h2 id="quick">{msg(L, 'pay.quick')}</h2>
        {p.companies.length === 0 && <p>{msg(L, 'pay.none')}</p>}
        {p.companies.map((c) => (
          <form key={c.companyId} method="post" action="/staff/pay" className="card form-card">
            <h3>{c.company}</h3>
            {c.enabled ? (
              <>
                <p>{msg(L, 'pay.available', { available: yen(c.available), earned: yen(c.earned) })}</p>
                <p className="hint">{msg(L, 'pay.fee', { percent: c.feePercent, minFee: yen(c.minFee), min: yen(c.minAmount) })}</p>
                <input type="hidden" name="companyId" value={c.companyId} />
                <Field name="amount" type="number" label={msg(L, 'pay.amount')} value={p.values.companyId === c.companyId ? (p.values.amount ?? '') : ''} error={p.values.companyId === c.companyId ? p.errors.amount : undefined} required />
                <ActionButton action={p.act.quickpay} className="button button-primary" disabled={c.available === 0 || undefined} confirm={msg(L, 'pay.confirm', { percent: c.feePercent, minFee: yen(c.minFee) })}>
                  {msg(L, 'pay.request')}
                </ActionButton>
              </>
            ) : (
              <p>{msg(L, 'pay.off')}</p>
            )}
          </form>
        ))}
      </section>
      <section aria-labelledby="slips">
        <h2 id="slips">{msg(L, 'pay.payslips')}</h2>
        <DataTable
          lang={L}
          columns={[col('company', { ja: '会社', en: 'Company' }, 'text'), col('periodEnd', { ja: '締め日', en: 'Period ends' }, 'date'), col('payDate', { ja: '支給日', en: 'Pay day' }, 'date'), col('net', { ja: '差引支給額', en: 'Net pay' }, 'money'), col('status', { ja: '状態', en: 'Status' }, 'badge'), col('pdf', { ja: '明細', en: 'Payslip' }, 'text')]}
          rows={p.runs}
          href={(row, name) => (name === 'pdf' ? `/staff/pay?payslip=${encodeURIComponent(String(row.id))}` : null)}
          empty={msg(L, 'pay.none')}
        />
      </section>
      <section aria-labelledby="daily">
        <h2 id="daily">{msg(L, 'pay.daily')}</h2>
        <DataTable
          lang={L}
          columns={[col('workDate', { ja: '勤務日', en: 'Worked on' }, 'date'), col('job', { ja: '仕事', en: 'Job' }, 'text'), col('total', { ja: '支給額', en: 'Gross' }, 'money'), col('withholding', { ja: '源泉徴収', en: 'Withholding' }, 'money'), col('net', { ja: '振込額', en: 'Net' }, 'money'), col('status', { ja: '状態', en: 'Status' }, 'badge')]}
          rows={p.lines}
          empty={msg(L, 'pay.none')}
        />
      </section>
      <section aria-labelledby="advances">
        <h2 id="advances">{msg(L, 'pay.advances')}</h2>
        <DataTable
          lang={L}
          columns={[col('requestedOn', { ja: '申請日', en: 'Requested on' }, 'date'), col('amount', { ja: '申請額', en: 'Amount' }, 'money'), col('fee', { ja: '手数料', en: 'Fee' }, 'money'), col('net', { ja: '振込額', en: 'Paid out' }, 'money'), col('status', { ja: '状態', en: 'Status' }, 'badge')]}
          rows={p.advances}
          empty={msg(L, 'pay.none')}
        />
      </section>
      <section aria-labelledby="bank">
        <h2 id="bank">{msg(L, 'pay.bank')}</h2>
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
      </section>
    </CandidatePage>
  );
}
