import { pickLang } from '../../../../shared/i18n.ts';
import { Field } from '../../../../views/ui/Field.tsx';
import type { ReactNode } from 'react';
import { PanelForm } from '../../../../views/ui/PanelForm.tsx';
import { mondayOf, parseDay, todayInJapan } from '../../../../shared/time.ts';
import { operation } from '../../../api/documents.ts';
import { dateText, hoursMinutesText } from '../../../../shared/format.ts';
import { DataTable, tableColumns } from '../../../../views/ui/DataTable.tsx';
import { formStrings, queryText, withFlag } from '../../../web/kit.ts';
import { redirect, withRefusal, type ScreenContext } from '../../../web/screen.ts';
import { ActionButton } from '../../../../views/ui/Action.tsx';
import { panel } from '../../../web/screens/feature.ts';

/** The operations only this screen sends, typed from their text (server/api/documents.ts `operation`). */
const OWN = {
  AssignableShifts: operation(/* GraphQL */ `query AssignableShifts { assignableShifts { id date start end titleJa titleEn filled capacity } }`),
  AssignShift: operation(/* GraphQL */ `mutation AssignShift($shiftId: ID!, $personId: ID) { assignShift(shiftId: $shiftId, personId: $personId) { applicationId } }`),
  ShiftPeople: operation(/* GraphQL */ `query ShiftPeople($search: String!) { shiftPeople(search: $search) { id name email } }`),
  SwappablePlacements: operation(/* GraphQL */ `query SwappablePlacements { swappablePlacements { applicationId name date start end titleJa titleEn } }`),
  ShiftHoursLeft: operation(/* GraphQL */ `query ShiftHoursLeft($week: String!) { shiftHoursLeft(week: $week) { personId name status shifts minutesLeft note } }`),
  SwapShifts: operation(/* GraphQL */ `mutation SwapShifts($a: ID!, $b: ID!) { swapShifts(a: $a, b: $b) }`),
};

/** The shift screen's panel: assigning people to the shifts of the list, swaps, the hours left of the week. */
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
const shifts = panel({
  load: async (ctx) => {
    const weekParam = queryText(ctx.req, 'week');
    const week = mondayOf(parseDay(weekParam) ?? todayInJapan());
    const company = !ctx.user?.clientId;
    // The person is chosen by name: `?who=` is the search step (a GET form), its matches the choices.
    const who = queryText(ctx.req, 'who').trim().slice(0, 100);
    const [open, placements, left, people] = await Promise.all([
      company ? ctx.call(OWN.AssignableShifts).then((d) => d.assignableShifts) : null,
      company ? ctx.call(OWN.SwappablePlacements).then((d) => d.swappablePlacements) : null,
      ctx.call(OWN.ShiftHoursLeft, { week }).then((d) => d.shiftHoursLeft),
      company && who ? ctx.call(OWN.ShiftPeople, { search: who }).then((d) => d.shiftPeople) : null,
    ]);
    return { open, placements, left, week, who, people };
  },
  view: (ctx, { open, placements, left, week, who, people }, state, act) => {
    const v = (k: string) => (typeof state?.values[k] === 'string' ? (state.values[k] as string) : '');
    const action = typeof state?.values._action === 'string' ? state.values._action : '';
    const error = (form: string) => (action === form ? state?.errors._ : null);
    // The page's other query parameters (view, week, filters) stay through the search.
    const kept = Object.entries(ctx.req.query).filter((e): e is [string, string] => typeof e[1] === 'string' && !['who', 'assigned', 'swapped'].includes(e[0]));
    // The swap's second choice starts on someone other than the first's person: a swap with oneself is no swap.
    const otherPerson = placements?.find((p) => p.name !== placements[0]?.name)?.applicationId ?? '';
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
                  <Field key={k} name={k} label={ctx.msg(k === 'a' ? 'shifts.swapA' : 'shifts.swapB')} value={action === 'swap' ? v(k) : k === 'b' ? otherPerson : ''} required>
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
            columns={tableColumns({
              name: ['applicant.name', 'text'],
              status: ['search.visa', 'text'],
              shifts: ['panel.shiftsWeek', 'number'],
              left: ['panel.timeLeft', 'text'],
              note: ['panel.note', 'text'],
            })}
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
      await ctx.call(OWN.AssignShift, { shiftId: v.shiftId ?? '', personId: v.person || null });
      return redirect(withFlag(ctx.req.path, 'assigned'));
    },
    swap: withRefusal({ errors: 'message' }, async (ctx, body) => {
      const v = formStrings(body, ['_action', 'a', 'b']);
      await ctx.call(OWN.SwapShifts, { a: v.a ?? '', b: v.b ?? '' });
      return redirect(withFlag(ctx.req.path, 'swapped'));
    }),
  },
});

export const panels = { '/admin/shift': shifts };
