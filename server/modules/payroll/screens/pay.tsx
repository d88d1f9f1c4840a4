import { isLang, tr } from '../../../../shared/i18n.ts';
import { msg } from '../../../../shared/texts/index.ts';
import { addDays, isDay, todayInJapan } from '../../../../shared/time.ts';
import { DOCS, operation } from '../../../api/documents.ts';
import { dateText, yen } from '../../../../shared/format.ts';
import { DataTable, tableColumns } from '../../../../views/ui/DataTable.tsx';
import { invoicePdf, payslipPdf } from '../../../web/pdf.ts';
import { formStrings, queryText, withFlag } from '../../../web/kit.ts';
import { parseId } from '../../../../shared/ids.ts';
import { errorPage, file, redirect, withRefusal, type ScreenContext } from '../../../web/screen.ts';
import { businessDayOnOrAfter } from '../payday.ts';
import { ActionButton } from '../../../../views/ui/Action.tsx';
import { panel } from '../../../web/screens/feature.ts';

/** The operations only this screen sends, typed from their text (server/api/documents.ts `operation`). */
const OWN = {
  TransferBatches: operation(/* GraphQL */ `query TransferBatches { transferBatches { id transferDate payees total createdBy createdAt } }`),
  CreateTransferBatch: operation(
    /* GraphQL */ `mutation CreateTransferBatch($transferDate: String!) { createTransferBatch(transferDate: $transferDate) { transferDate transferred batches { id payees total } failed { worker workDate reason } } }`,
  ),
  TransferFailures: operation(/* GraphQL */ `query TransferFailures { transferFailures { lineId worker workDate reason } }`),
  TransferBatchFile: operation(/* GraphQL */ `query TransferBatchFile($id: ID!) { transferBatchFile(id: $id) { name base64 } }`),
  CreateInvoices: operation(/* GraphQL */ `mutation CreateInvoices($month: String!, $templateId: ID) { createInvoices(month: $month, templateId: $templateId) { created updated skipped } }`),
  InvoiceTemplateChoices: operation(/* GraphQL */ `query InvoiceTemplateChoices { invoiceTemplateChoices { value ja en } }`),
};

/**
 * The money screens' panels (server/web/screens/read-models.tsx draws a panel above its screen's list,
 * and says what a post was refused for in the list page's alert, whichever form was posted: a panel
 * shows its fields' errors only, or a refusal would be said twice):
 * transfer batches and their 全銀 files, payslip and invoice PDFs (a panel may answer a download
 * instead of the page, `?payslip=<id>` on a `download` column), making the period's invoices.
 */

/** `?<param>=<uuid>` of a download link, or null. */
const wanted = (ctx: ScreenContext, param: string): string | null => {
  const v = queryText(ctx.req, param);
  return parseId(v);
};

/** What the last batching said (`?batched=<lines>-<payees>-<total>-<failed>&on=<date>`), as numbers. */
const batchedFlag = (ctx: ScreenContext) => {
  const parts = queryText(ctx.req, 'batched').split('-').map(Number);
  const on = queryText(ctx.req, 'on');
  return parts.length === 4 && parts.every((n) => Number.isInteger(n) && n >= 0) && isDay(on) ? { lines: parts[0]!, payees: parts[1]!, total: parts[2]!, failed: parts[3]!, on } : null;
};

/** /admin/salary/daily: transfer batches, their 全銀 files and the failures. */
const dailyPay = panel({
  load: async (ctx) => {
    const id = wanted(ctx, 'batch');
    if (id) {
      const { transferBatchFile: f } = await ctx.call(OWN.TransferBatchFile, { id });
      if (!f) throw errorPage('recordNotFound');
      throw file(f.name, 'text/plain; charset=Shift_JIS', Buffer.from(f.base64, 'base64'));
    }
    const [{ transferBatches }, { transferFailures }] = await Promise.all([ctx.call(OWN.TransferBatches), ctx.call(OWN.TransferFailures)]);
    return { batches: transferBatches, failures: transferFailures };
  },
  view: (ctx, { batches, failures }, state, act) => {
    const done = batchedFlag(ctx);
    const first = businessDayOnOrAfter(addDays(todayInJapan(), 1));
    // After a batch, the day just chosen (the next batch usually goes the same day), unless it has passed.
    const date = typeof state?.values.transferDate === 'string' ? state.values.transferDate : done && done.on >= todayInJapan() ? done.on : first;
    return (
      <section className="panel" aria-labelledby="batches-title">
        <h2 id="batches-title">{msg(ctx.lang, 'panel.transferBatches')}</h2>
        {done && (
          <p className="form-notice" role="status">
            {done.lines > 0
              ? msg(ctx.lang, 'panel.batched', { on: dateText(done.on, ctx.lang), lines: done.lines, payees: done.payees, total: yen(done.total) })
              : msg(ctx.lang, 'panel.nothingWasBatched')}
            {done.failed > 0 && ` ${msg(ctx.lang, 'panel.batchFailed', { failed: done.failed })}`}
          </p>
        )}
        <form method="post" action={ctx.req.originalUrl} className="inline-form">
          <label>
            {msg(ctx.lang, 'panel.transferDateHint')}{' '}
            <input
              type="date"
              name="transferDate"
              defaultValue={date}
              min={todayInJapan()}
              required
              aria-invalid={state?.errors.transferDate ? true : undefined}
              aria-describedby={state?.errors.transferDate ? 'transfer-date-error' : undefined}
            />
          </label>{' '}
          <ActionButton action={act.batch} className="btn btn-small-solid" confirm={msg(ctx.lang, 'panel.batchConfirm')}>
            {msg(ctx.lang, 'panel.batch')}
          </ActionButton>
          {state?.errors.transferDate && (
            <span className="field-error" id="transfer-date-error">
              {state.errors.transferDate}
            </span>
          )}
        </form>
        {failures.length > 0 && (
          <>
            <h3>{msg(ctx.lang, 'panel.unbatched')}</h3>
            <DataTable
              lang={ctx.lang}
              columns={tableColumns({
                worker: ['panel.worker', 'text'],
                workDate: ['panel.workedOn', 'date'],
                reason: ['points.reason', 'text'],
              })}
              rows={failures.map((f) => ({ ...f, id: f.lineId }))}
              empty=""
            />
          </>
        )}
        <DataTable
          lang={ctx.lang}
          columns={tableColumns({
            transferDate: ['panel.transferDate', 'date'],
            payees: ['panel.payees', 'number'],
            total: ['panel.total', 'money'],
            createdBy: ['panel.madeBy', 'text'],
            file: ['panel.zenginFile', 'text'],
          })}
          rows={batches.map((b) => ({ ...b, file: msg(ctx.lang, 'panel.download') }))}
          href={(row, name) => (name === 'file' ? `${ctx.req.path}?batch=${encodeURIComponent(String(row.id))}` : null)}
          empty={msg(ctx.lang, 'panel.noBatches')}
        />
      </section>
    );
  },
  actions: {
    batch: withRefusal({ errors: 'both' }, async (ctx, body) => {
      const v = formStrings(body, ['transferDate']);
      const { createTransferBatch: r } = await ctx.call(OWN.CreateTransferBatch, { transferDate: v.transferDate ?? '' });
      const payees = r.batches.reduce((s, b) => s + b.payees, 0);
      const total = r.batches.reduce((s, b) => s + b.total, 0);
      return redirect(withFlag(withFlag(ctx.req.path, 'batched', `${r.transferred}-${payees}-${total}-${r.failed.length}`), 'on', r.transferDate));
    }),
  },
});

/** /admin/salary/monthly: payslip PDFs of the list's download column. */
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

/** /admin/billing: making the period's invoices with the billing template chosen, and their PDFs. */
const billing = panel({
  load: async (ctx) => {
    const id = wanted(ctx, 'invoice');
    if (id) {
      const { invoiceDocument } = await ctx.call(DOCS.InvoiceDocument, { id });
      if (!invoiceDocument) throw errorPage('recordNotFound');
      throw file(`invoice-${invoiceDocument.number}.pdf`, 'application/pdf', await invoicePdf(invoiceDocument, ctx.lang));
    }
    // A client user reads its invoices; the staffing company makes them.
    if (ctx.user?.clientId) return null;
    return (await ctx.call(OWN.InvoiceTemplateChoices)).invoiceTemplateChoices;
  },
  view: (ctx, templates, state, act) => {
    if (!templates) return null;
    const made = queryText(ctx.req, 'made').split('-').map(Number);
    const month = typeof state?.values.month === 'string' ? state.values.month : todayInJapan().slice(0, 7);
    const template = typeof state?.values.template === 'string' ? state.values.template : '';
    return (
      <form method="post" action={ctx.req.originalUrl} className="panel inline-form">
        {made.length === 3 && made.every((n) => Number.isInteger(n)) && (
          <p className="form-notice" role="status">
            {ctx.msg('money.invoicesMade', { created: made[0]!, updated: made[1]!, skipped: made[2]! })}
          </p>
        )}
        <label>
          {msg(ctx.lang, 'panel.closingMonth')} <input type="month" name="month" defaultValue={month} required aria-invalid={state?.errors.month ? true : undefined} />
        </label>{' '}
        <label>
          {msg(ctx.lang, 'panel.invoiceTemplate')}{' '}
          <select name="template" defaultValue={template}>
            <option value="">{msg(ctx.lang, 'docTemplate.usual')}</option>
            {templates.map((o) => (
              <option key={o.value} value={o.value}>
                {tr(ctx.lang, o)}
              </option>
            ))}
          </select>
        </label>{' '}
        <ActionButton action={act.invoices} className="btn btn-small-solid">
          {msg(ctx.lang, 'panel.makeInvoices')}
        </ActionButton>
        {state?.errors.month && <span className="field-error">{state.errors.month}</span>}
      </form>
    );
  },
  actions: {
    invoices: withRefusal({ errors: 'both' }, async (ctx, body) => {
      const v = formStrings(body, ['month', 'template']);
      const { createInvoices: r } = await ctx.call(OWN.CreateInvoices, { month: v.month ?? '', templateId: v.template || null });
      return redirect(withFlag(ctx.req.path, 'made', `${r.created}-${r.updated}-${r.skipped}`));
    }),
  },
});

/**
 * The points ledger's hand form: add points to, or take them from, a person's
 * wallet with a reason. A company user writes its own wallet; platform staff choose one.
 */
/** /v3/admin/point: adding or taking points by hand. */
export const panels = { '/admin/salary/daily': dailyPay, '/admin/salary/monthly': monthlyPay, '/admin/billing': billing };
