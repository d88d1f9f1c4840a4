/**
 * Panels: what a read-model screen shows and does besides its list (server/web/screens/read-models.tsx
 * draws the panel of its path above the list). A panel loads through the API like any screen, may
 * answer a download instead of the page (`?payslip=<id>` on a `download` column, a transfer file),
 * and may add form actions. The money screens use them (issue 13): transfer batches and their
 * 全銀 files, payslip and invoice PDFs, making the period's invoices.
 */
import type { ReactNode } from 'react';
import { isLang, tr, type Text } from '../../../shared/i18n.ts';
import { todayInJapan } from '../../../shared/time.ts';
import { DOCS } from '../../api/documents.ts';
import { DataTable } from '../../../views/ui/DataTable.tsx';
import { invoicePdf, payslipPdf } from '../pdf.ts';
import { ApiFailure, formStrings, queryText, withFlag } from '../kit.ts';
import { errorPage, failed, file, redirect, type Action, type FormState, type ScreenContext } from '../screen.ts';
import { cardCheckPanel } from './admin/card-checks.tsx';

export interface Panel<P = unknown> {
  load(ctx: ScreenContext): Promise<P>;
  view(ctx: ScreenContext, data: P, state?: FormState): ReactNode;
  actions?: Record<string, Action>;
}
const panel = <P,>(p: Panel<P>): Panel => p as Panel;
const t = (ja: string, en: string): Text => ({ ja, en });
const UUID = /^[0-9a-f-]{36}$/i;

/** `?<param>=<uuid>` of a download link, or null. */
const wanted = (ctx: ScreenContext, param: string): string | null => {
  const v = queryText(ctx.req, param);
  return v && UUID.test(v) ? v : null;
};

const dailyPay = panel({
  load: async (ctx) => {
    const id = wanted(ctx, 'batch');
    if (id) {
      const { transferBatchFile: f } = await ctx.call(DOCS.TransferBatchFile, { id });
      if (!f) throw errorPage('recordNotFound');
      throw file(f.name, 'text/plain; charset=Shift_JIS', Buffer.from(f.base64, 'base64'));
    }
    return (await ctx.call(DOCS.TransferBatches)).transferBatches;
  },
  view: (ctx, batches) => (
    <section className="panel" aria-labelledby="batches-title">
      <h2 id="batches-title">{tr(ctx.lang, t('振込データ', 'Transfer batches'))}</h2>
      <DataTable
        lang={ctx.lang}
        columns={[
          { name: 'transferDate', label: t('振込日', 'Transfer date'), type: 'date' },
          { name: 'payees', label: t('振込先', 'Payees'), type: 'number' },
          { name: 'total', label: t('振込総額', 'Total'), type: 'money' },
          { name: 'createdBy', label: t('作成者', 'Made by'), type: 'text' },
          { name: 'file', label: t('全銀ファイル', 'Zengin file'), type: 'text' },
        ]}
        rows={batches.map((b) => ({ ...b, file: tr(ctx.lang, t('ダウンロード', 'Download')) }))}
        href={(row, name) => (name === 'file' ? `${ctx.req.path}?batch=${encodeURIComponent(String(row.id))}` : null)}
        empty={tr(ctx.lang, t('振込データはまだありません。承認済みの給与を選んで「振込データを作成」を押してください。', 'No transfer batches yet. Select approved pay and press "Batch for transfer".'))}
      />
    </section>
  ),
});

const monthlyPay = panel({
  load: async (ctx) => {
    const id = wanted(ctx, 'payslip');
    if (!id) return null;
    const { payslip } = await ctx.call(DOCS.Payslip, { id });
    if (!payslip) throw errorPage('recordNotFound');
    // In the worker's language: the payslip is theirs to read.
    throw file(`payslip-${payslip.periodEnd}-${id.slice(0, 8)}.pdf`, 'application/pdf', await payslipPdf(payslip, isLang(payslip.lang) ? payslip.lang : 'ja'));
  },
  view: () => null,
});

const billing = panel({
  load: async (ctx) => {
    const id = wanted(ctx, 'invoice');
    if (!id) return null;
    const { invoiceDocument } = await ctx.call(DOCS.InvoiceDocument, { id });
    if (!invoiceDocument) throw errorPage('recordNotFound');
    throw file(`invoice-${invoiceDocument.number}.pdf`, 'application/pdf', await invoicePdf(invoiceDocument, ctx.lang));
  },
  view: (ctx, _data, state) => {
    // A client user reads its invoices; the staffing company makes them.
    if (ctx.user?.clientId) return null;
    const made = queryText(ctx.req, 'made').split('-').map(Number);
    const month = typeof state?.values.month === 'string' ? state.values.month : todayInJapan().slice(0, 7);
    return (
      <form method="post" action={ctx.req.originalUrl} className="panel inline-form">
        <input type="hidden" name="_action" value="invoices" />
        {made.length === 3 && made.every((n) => Number.isInteger(n)) && (
          <p className="form-notice" role="status">
            {ctx.msg('money.invoicesMade', { created: made[0]!, updated: made[1]!, skipped: made[2]! })}
          </p>
        )}
        <label>
          {tr(ctx.lang, t('締め月', 'Closing month'))}{' '}
          <input type="month" name="month" defaultValue={month} required aria-invalid={state?.errors.month ? true : undefined} />
        </label>{' '}
        <button type="submit" className="btn btn-small-solid">
          {tr(ctx.lang, t('この月の請求書を作成', 'Make this month’s invoices'))}
        </button>
        {state?.errors.month && <span className="field-error">{state.errors.month}</span>}
      </form>
    );
  },
  actions: {
    invoices: async (ctx, body) => {
      const v = formStrings(body, ['month']);
      try {
        const { createInvoices: r } = await ctx.call(DOCS.CreateInvoices, { month: v.month ?? '' });
        return redirect(withFlag(ctx.req.path, 'made', `${r.created}-${r.updated}-${r.skipped}`));
      } catch (err) {
        if (err instanceof ApiFailure) return failed(v, { _: err.message, ...err.formErrors }, err.status);
        throw err;
      }
    },
  },
});

/** The panel of each read-model screen that has one, by path. */
export const READ_MODEL_PANELS: Readonly<Record<string, Panel>> = {
  '/admin/salary/daily': dailyPay,
  '/admin/salary/monthly': monthlyPay,
  '/admin/billing': billing,
  // Residence-card checks (issue 12 item 2): one card's images, record and decision.
  '/admin/worker/rcCheckCandidate': panel(cardCheckPanel),
};
