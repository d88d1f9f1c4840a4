/**
 * Panels: what a read-model screen shows and does besides its list (server/web/screens/read-models.tsx
 * draws the panel of its path above the list; each feature's web half names its panels by path,
 * screens/features.ts). A panel loads through the API like any screen, may
 * answer a download instead of the page (`?payslip=<id>` on a `download` column, a transfer file),
 * and may add form actions. The money screens use them: transfer batches and their
 * 全銀 files, payslip and invoice PDFs, making the period's invoices.
 */
import { isLang, pickLang } from '../../../shared/i18n.ts';
import { msg, msgText } from '../../../shared/texts/index.ts';
import { Field } from '../../../views/ui/Field.tsx';
import type { ReactNode } from 'react';
import { PanelForm } from '../../../views/ui/PanelForm.tsx';
import { addDays, isDay, mondayOf, parseDay, todayInJapan } from '../../../shared/time.ts';
import { DOCS } from '../../api/documents.ts';
import { dateText, hoursMinutesText, yen } from '../../../shared/format.ts';
import { DataTable } from '../../../views/ui/DataTable.tsx';
import { invoicePdf, payslipPdf } from '../pdf.ts';
import { formStrings, queryText, withFlag } from '../kit.ts';
import { parseId } from '../../../shared/ids.ts';
import { errorPage, file, redirect, withRefusal, type ScreenContext } from '../screen.ts';
import { businessDayOnOrAfter } from '../../modules/payroll/payday.ts';
import { ActionButton } from '../../../views/ui/Action.tsx';
import { panel } from './feature.ts';

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
export const dailyPay = panel({
  load: async (ctx) => {
    const id = wanted(ctx, 'batch');
    if (id) {
      const { transferBatchFile: f } = await ctx.call(DOCS.TransferBatchFile, { id });
      if (!f) throw errorPage('recordNotFound');
      throw file(f.name, 'text/plain; charset=Shift_JIS', Buffer.from(f.base64, 'base64'));
    }
    const [{ transferBatches }, { transferFailures }] = await Promise.all([ctx.call(DOCS.TransferBatches), ctx.call(DOCS.TransferFailures)]);
    return { batches: transferBatches, failures: transferFailures };
  },
  view: (ctx, { batches, failures }, state, act) => {
    const done = batchedFlag(ctx);
    const first = businessDayOnOrAfter(addDays(todayInJapan(), 1));
    const date = typeof state?.values.transferDate === 'string' ? state.values.transferDate : first;
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
          {state?.errors._ && (
            <p className="form-error" role="alert">
              {state.errors._}
            </p>
          )}
        </form>
        {failures.length > 0 && (
          <>
            <h3>{msg(ctx.lang, 'panel.unbatched')}</h3>
            <DataTable
              lang={ctx.lang}
              columns={[
                { name: 'worker', label: msgText('panel.worker'), type: 'text' },
                { name: 'workDate', label: msgText('panel.workedOn'), type: 'date' },
                { name: 'reason', label: msgText('points.reason'), type: 'text' },
              ]}
              rows={failures.map((f) => ({ ...f, id: f.lineId }))}
              empty=""
            />
          </>
        )}
        <DataTable
          lang={ctx.lang}
          columns={[
            { name: 'transferDate', label: msgText('panel.transferDate'), type: 'date' },
            { name: 'payees', label: msgText('panel.payees'), type: 'number' },
            { name: 'total', label: msgText('panel.total'), type: 'money' },
            { name: 'createdBy', label: msgText('panel.madeBy'), type: 'text' },
            { name: 'file', label: msgText('panel.zenginFile'), type: 'text' },
          ]}
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
      const { createTransferBatch: r } = await ctx.call(DOCS.CreateTransferBatch, { transferDate: v.transferDate ?? '' });
      const payees = r.batches.reduce((s, b) => s + b.payees, 0);
      const total = r.batches.reduce((s, b) => s + b.total, 0);
      return redirect(withFlag(withFlag(ctx.req.path, 'batched', `${r.transferred}-${payees}-${total}-${r.failed.length}`), 'on', r.transferDate));
    }),
  },
});

/** /admin/salary/monthly: payslip PDFs of the list's download column. */
export const monthlyPay = panel({
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

/** /admin/billing: making the period's invoices, and their PDFs. */
export const billing = panel({
  load: async (ctx) => {
    const id = wanted(ctx, 'invoice');
    if (!id) return null;
    const { invoiceDocument } = await ctx.call(DOCS.InvoiceDocument, { id });
    if (!invoiceDocument) throw errorPage('recordNotFound');
    throw file(`invoice-${invoiceDocument.number}.pdf`, 'application/pdf', await invoicePdf(invoiceDocument, ctx.lang));
  },
  view: (ctx, _data, state, act) => {
    // A client user reads its invoices; the staffing company makes them.
    if (ctx.user?.clientId) return null;
    const made = queryText(ctx.req, 'made').split('-').map(Number);
    const month = typeof state?.values.month === 'string' ? state.values.month : todayInJapan().slice(0, 7);
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
        <ActionButton action={act.invoices} className="btn btn-small-solid">
          {msg(ctx.lang, 'panel.makeInvoices')}
        </ActionButton>
        {state?.errors.month && <span className="field-error">{state.errors.month}</span>}
      </form>
    );
  },
  actions: {
    invoices: withRefusal({ errors: 'both' }, async (ctx, body) => {
      const v = formStrings(body, ['month']);
      const { createInvoices: r } = await ctx.call(DOCS.CreateInvoices, { month: v.month ?? '' });
      return redirect(withFlag(ctx.req.path, 'made', `${r.created}-${r.updated}-${r.skipped}`));
    }),
  },
});

/**
 * The points ledger's hand form: add points to, or take them from, a person's
 * wallet with a reason. A company user writes its own wallet; platform staff choose one.
 */
/** /v3/admin/point: adding or taking points by hand. */
export const points = panel({
  load: async (ctx) => (await ctx.call(DOCS.PointWallets)).pointWallets,
  view: (ctx, wallets, state, act) => {
    const v = (k: string) => (typeof state?.values[k] === 'string' ? (state.values[k] as string) : '');
    const balance = queryText(ctx.req, 'balance');
    return (
      <PanelForm
        id="point-form-title"
        className="point-form"
        action={ctx.req.originalUrl}
        title={ctx.msg('points.adjustTitle')}
        done={/^\d+$/.test(balance) ? ctx.msg('points.saved', { balance: Number(balance) }) : null}
        error={state?.errors._}
      >
        <div className="form-grid">
          <Field name="email" type="email" label={ctx.msg('points.person')} value={v('email')} error={state?.errors.email} required />
          {wallets.length > 1 && (
            <Field name="companyId" label={ctx.msg('points.wallet')} value={v('companyId')} error={state?.errors.companyId} required>
              {wallets.map((w) => (
                <option key={w.companyId ?? 'platform'} value={w.companyId ?? ''}>
                  {pickLang(ctx.lang, w.nameJa, w.nameEn)}
                </option>
              ))}
            </Field>
          )}
          <Field name="direction" label={ctx.msg('points.direction')} value={v('direction') || 'add'} required>
            <option value="add">{ctx.msg('points.add')}</option>
            <option value="spend">{ctx.msg('points.spend')}</option>
          </Field>
          <Field name="points" type="number" label={ctx.msg('points.amount')} value={v('points')} error={state?.errors.points} required />
          <Field name="reason" label={ctx.msg('points.reason')} value={v('reason')} error={state?.errors.reason} required />
        </div>
        <ActionButton action={act.adjust} className="btn btn-small-solid">
          {ctx.msg('points.submit')}
        </ActionButton>
      </PanelForm>
    );
  },
  actions: {
    adjust: async (ctx, body) => {
      const v = formStrings(body, ['email', 'companyId', 'direction', 'points', 'reason']);
      const { adjustPoints } = await ctx.call(DOCS.AdjustPoints, {
        input: { email: v.email ?? '', companyId: v.companyId || null, direction: v.direction ?? '', points: /^\d{1,9}$/.test(v.points ?? '') ? Number(v.points) : 0, reason: v.reason ?? '' },
      });
      return redirect(withFlag(ctx.req.path, 'balance', String(adjustPoints.balance)));
    },
  },
});

/** The shifts panel's assignment or swap form: its notice once done, its refusal, or why there is nothing to choose (`none`). */
function ShiftForm(p: { ctx: ScreenContext; form: 'assign' | 'swap'; done: 'assigned' | 'swapped'; error: string | null | undefined; none: string | null; children: ReactNode }) {
  const { ctx } = p;
  return (
    <PanelForm
      id={`${p.form}-title`}
      className={`${p.form}-form`}
      action={ctx.req.originalUrl}
      title={ctx.msg(`shifts.${p.form}Title`)}
      hint={ctx.msg(`shifts.${p.form}Hint`)}
      done={queryText(ctx.req, p.done) ? ctx.msg(`shifts.${p.done}`) : null}
      error={p.error}
    >
      {p.none === null ? p.children : <p>{p.none}</p>}
    </PanelForm>
  );
}

/**
 * The shifts page's panel (docs/workforce.md "The shifts page"): for company users
 * the assignment form (a shift with a free seat of the next 14 days and the person's e-mail) and the
 * swap form (two people on shifts); for everyone the minutes left of each worker with an hour limit
 * in the week shown. A refusal of the card or working-limit check is the form's error, in the
 * reader's language, with the window and the minutes left.
 */
/** /admin/shift: assigning people to shifts, swaps, the hours left of the week. */
export const shifts = panel({
  load: async (ctx) => {
    const weekParam = queryText(ctx.req, 'week');
    const week = mondayOf(parseDay(weekParam) ?? todayInJapan());
    const company = !ctx.user?.clientId;
    // The person is chosen by name: `?who=` is the search step (a GET form), its matches the choices.
    const who = queryText(ctx.req, 'who').trim().slice(0, 100);
    const [open, placements, left, people] = await Promise.all([
      company ? ctx.call(DOCS.AssignableShifts).then((d) => d.assignableShifts) : null,
      company ? ctx.call(DOCS.SwappablePlacements).then((d) => d.swappablePlacements) : null,
      ctx.call(DOCS.ShiftHoursLeft, { week }).then((d) => d.shiftHoursLeft),
      company && who ? ctx.call(DOCS.ShiftPeople, { search: who }).then((d) => d.shiftPeople) : null,
    ]);
    return { open, placements, left, week, who, people };
  },
  view: (ctx, { open, placements, left, week, who, people }, state, act) => {
    const v = (k: string) => (typeof state?.values[k] === 'string' ? (state.values[k] as string) : '');
    const action = typeof state?.values._action === 'string' ? state.values._action : '';
    const error = (form: string) => (action === form ? state?.errors._ : null);
    // The page's other query parameters (view, week, filters) stay through the search.
    const kept = Object.entries(ctx.req.query).filter((e): e is [string, string] => typeof e[1] === 'string' && !['who', 'assigned', 'swapped'].includes(e[0]));
    return (
      <>
        {open && open.length > 0 && (
          <form method="get" action={ctx.req.path} className="card resource-form panel person-search" role="search" aria-labelledby="find-title">
            <h2 id="find-title">{ctx.msg('shifts.find')}</h2>
            <p className="hint">{ctx.msg('shifts.findHint')}</p>
            {kept.map(([k, val]) => (
              <input key={k} type="hidden" name={k} value={val} />
            ))}
            <div className="form-grid">
              <Field name="who" type="search" label={ctx.msg('shifts.findName')} value={who} autoComplete="off" />
            </div>
            <div className="form-actions">
              <button type="submit" className="btn btn-secondary">
                {ctx.msg('shifts.search')}
              </button>
            </div>
          </form>
        )}
        {open && (
          <ShiftForm ctx={ctx} form="assign" done="assigned" error={error('assign')} none={open.length === 0 ? ctx.msg('shifts.noneOpen') : null}>
            <>
              <div className="form-grid">
                <Field name="shiftId" label={ctx.msg('shifts.shift')} value={action === 'assign' ? v('shiftId') : ''} error={action === 'assign' ? state?.errors.shiftId : undefined} required>
                  {open.map((s) => (
                    <option key={s.id} value={s.id}>
                      {`${dateText(s.date, ctx.lang)} ${s.start}–${s.end} ${pickLang(ctx.lang, s.titleJa, s.titleEn)} (${s.filled}/${s.capacity})`}
                    </option>
                  ))}
                </Field>
                {people && people.length > 0 ? (
                  <Field
                    name="person"
                    label={ctx.msg('shifts.person')}
                    hint={ctx.msg('shifts.personHint')}
                    value={action === 'assign' ? v('person') : ''}
                    error={action === 'assign' ? state?.errors.person : undefined}
                    required
                  >
                    {people.map((p) => (
                      <option key={p.id} value={p.id}>
                        {`${p.name} (${p.email})`}
                      </option>
                    ))}
                  </Field>
                ) : (
                  <p className="field-hint" role={action === 'assign' ? 'alert' : undefined}>
                    {action === 'assign' && state?.errors.person ? state.errors.person : who ? ctx.msg('shifts.noPeople', { q: who }) : ctx.msg('shifts.findFirst')}
                  </p>
                )}
              </div>
              {people && people.length > 0 && (
                <div className="form-actions">
                  <ActionButton action={act.assign} className="btn btn-primary">
                    {ctx.msg('shifts.assign')}
                  </ActionButton>
                </div>
              )}
            </>
          </ShiftForm>
        )}
        {placements && (
          <ShiftForm ctx={ctx} form="swap" done="swapped" error={error('swap')} none={placements.length < 2 ? ctx.msg('shifts.swapNone') : null}>
            <>
              <div className="form-grid">
                {(['a', 'b'] as const).map((k) => (
                  <Field key={k} name={k} label={ctx.msg(k === 'a' ? 'shifts.swapA' : 'shifts.swapB')} value={action === 'swap' ? v(k) : ''} required>
                    {placements.map((p) => (
                      <option key={p.applicationId} value={p.applicationId}>
                        {`${p.name} — ${dateText(p.date, ctx.lang)} ${p.start}–${p.end} ${pickLang(ctx.lang, p.titleJa, p.titleEn)}`}
                      </option>
                    ))}
                  </Field>
                ))}
              </div>
              <div className="form-actions">
                <ActionButton action={act.swap} className="btn btn-primary" confirm={ctx.msg('shifts.swapConfirm')}>
                  {ctx.msg('shifts.swap')}
                </ActionButton>
              </div>
            </>
          </ShiftForm>
        )}
        <section className="panel hours-left" aria-labelledby="left-title">
          <h2 id="left-title">{ctx.msg('shifts.leftTitle')}</h2>
          <p className="hint">{ctx.msg('shifts.leftHint', { from: dateText(week, ctx.lang) })}</p>
          <DataTable
            lang={ctx.lang}
            columns={[
              { name: 'name', label: msgText('applicant.name'), type: 'text' },
              { name: 'status', label: msgText('search.visa'), type: 'text' },
              { name: 'shifts', label: msgText('panel.shiftsWeek'), type: 'number' },
              { name: 'left', label: msgText('panel.timeLeft'), type: 'text' },
              { name: 'note', label: msgText('panel.note'), type: 'text' },
            ]}
            rows={left.map((w) => ({
              id: w.personId,
              name: w.name,
              status: w.status,
              shifts: w.shifts,
              left: w.minutesLeft === null ? '—' : hoursMinutesText(w.minutesLeft, ctx.lang),
              note: w.note ?? '',
            }))}
            empty={ctx.msg('shifts.leftNone')}
          />
        </section>
      </>
    );
  },
  actions: {
    assign: async (ctx, body) => {
      const v = formStrings(body, ['_action', 'shiftId', 'person']);
      await ctx.call(DOCS.AssignShift, { shiftId: v.shiftId ?? '', personId: v.person || null });
      return redirect(withFlag(ctx.req.path, 'assigned'));
    },
    swap: withRefusal({ errors: 'message' }, async (ctx, body) => {
      const v = formStrings(body, ['_action', 'a', 'b']);
      await ctx.call(DOCS.SwapShifts, { a: v.a ?? '', b: v.b ?? '' });
      return redirect(withFlag(ctx.req.path, 'swapped'));
    }),
  },
});
