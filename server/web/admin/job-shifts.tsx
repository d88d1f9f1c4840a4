import type { GraphQLFormattedError } from 'graphql';
import { OPS } from '../../api/operations.ts';
import type { Lang } from '../../../shared/i18n.ts';
import { JobShifts, type ShiftView } from '../../../views/pages/admin/JobShifts.tsx';
import { callerOf } from '../caller.ts';
import type { RecordSection, RecordSectionState } from '../record-sections.tsx';

/**
 * A daily job's shifts on its record page (/v3/admin/jobs/[id], issue 5): the shifts with their
 * fill rates, deleting one nobody applied to (a confirmation without JavaScript), and adding many
 * at once from a plan — date range × weekdays × up to three time slots — through the
 * addJobShifts operation, which checks the plan (modules/jobs/shift-plan.ts) and answers field
 * errors in the page's language. A failed post shows the form again with everything typed.
 */

const DEFAULTS: Record<string, unknown> = { weekdays: ['1', '2', '3', '4', '5'], capacity: '1', breakMinutes: '60' };

const todayInJapan = () => new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);
const withQuery = (href: string, query: string) => `${href}${href.includes('?') ? '&' : '?'}${query}`;
const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** What the add form sent, kept as typed (keys as the view reads them). */
function planValues(body: Record<string, unknown>): Record<string, unknown> {
  const raw = body.plan_weekdays;
  const weekdays = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).filter((x): x is string => typeof x === 'string');
  const values: Record<string, unknown> = {
    from: text(body.plan_from),
    to: text(body.plan_to),
    weekdays,
    capacity: text(body.plan_capacity),
    breakMinutes: text(body.plan_break),
    wage: text(body.plan_wage),
  };
  for (const n of [1, 2, 3]) {
    values[`slot${n}_start`] = text(body[`plan_slot${n}_start`]);
    values[`slot${n}_end`] = text(body[`plan_slot${n}_end`]);
  }
  return values;
}

/**
 * The plan as the API takes it. Nothing is judged here: a number that is not one is sent as an
 * out-of-range value and a half-filled slot as it is, so every mistake comes back from the API as
 * the message beside its field, in the page's language.
 */
function planInput(values: Record<string, unknown>) {
  const int = (v: unknown, bad: number) => (typeof v === 'string' && /^\s*-?\d{1,9}\s*$/.test(v) ? Number(v) : bad);
  const slots = [1, 2, 3]
    .map((n) => ({ start: text(values[`slot${n}_start`]).trim(), end: text(values[`slot${n}_end`]).trim() }))
    .filter((s) => s.start || s.end);
  const wage = text(values.wage).trim();
  return {
    from: text(values.from),
    to: text(values.to),
    weekdays: (values.weekdays as string[]).map((w) => int(w, -1)),
    slots,
    capacity: int(values.capacity, 0),
    breakMinutes: int(values.breakMinutes, -1),
    wage: wage === '' ? null : int(wage, -1),
  };
}

function failure(errors: readonly GraphQLFormattedError[] | undefined) {
  const e = errors?.[0];
  if (!e) return null;
  return { code: String(e.extensions?.code ?? 'INTERNAL'), message: e.message, fields: (e.extensions?.fields ?? {}) as Record<string, string> };
}

const statusOf = (code: string) => (code === 'BAD_USER_INPUT' ? 422 : code === 'FORBIDDEN' ? 403 : 500);

function noticeOf(lang: Lang, query: Record<string, unknown>): string | undefined {
  const added = Number(query.shiftsAdded);
  const skipped = Number(query.shiftsSkipped) || 0;
  if (typeof query.shiftsAdded === 'string' && Number.isInteger(added)) {
    const rest = skipped > 0 ? (lang === 'ja' ? `（すでにある${skipped}件は追加しませんでした）` : ` (${skipped} already existed and were skipped)`) : '';
    return lang === 'ja' ? `${added}件のシフトを追加しました。${rest}` : `Added ${added} shift${added === 1 ? '' : 's'}.${rest}`;
  }
  if (query.shiftDeleted === '1') return lang === 'ja' ? 'シフトを削除しました。' : 'The shift was deleted.';
  return undefined;
}

export const jobShiftsSection: RecordSection = {
  ops: ['addShifts', 'deleteShift'],

  async render(ctx, row, action, failed) {
    const r = await ctx.api.graphql<{ dailyJob: { status: string; wage: number; shifts: ShiftView[] } | null }>(OPS.DailyJobShifts, { id: String(row.id) }, callerOf(ctx.req, ctx.res));
    const err = failure(r.errors);
    if (err) throw new Error(`DailyJobShifts: ${err.message}`);
    const job = r.data?.dailyJob;
    if (!job) return null;
    return (
      <JobShifts
        lang={ctx.lang}
        action={action}
        shifts={job.shifts}
        jobWage={job.wage}
        closed={job.status === 'closed'}
        values={failed?.values ?? DEFAULTS}
        errors={failed?.errors ?? {}}
        today={todayInJapan()}
        notice={failed ? undefined : noticeOf(ctx.lang, ctx.req.query as Record<string, unknown>)}
      />
    );
  },

  async post(ctx, id, body, o) {
    const caller = callerOf(ctx.req, ctx.res);
    if (body._op === 'deleteShift') {
      const r = await ctx.api.graphql(OPS.DeleteJobShift, { id: text(body._shiftId) }, caller);
      const err = failure(r.errors);
      if (!err) return ctx.res.redirect(303, `${withQuery(o.recordHref, 'shiftDeleted=1')}#job-shifts`);
      // A shift already gone (or not this caller's) is said on the record page; the page itself checks the job.
      const state: RecordSectionState = { values: DEFAULTS, errors: { _: err.fields._ ?? err.message } };
      return o.rerender(state, err.code === 'NOT_FOUND' ? 404 : statusOf(err.code));
    }
    const values = planValues(body);
    const r = await ctx.api.graphql<{ addJobShifts: { created: number; skipped: number } }>(OPS.AddJobShifts, { jobId: id, input: planInput(values) }, caller);
    const err = failure(r.errors);
    if (!err && r.data?.addJobShifts) {
      const { created, skipped } = r.data.addJobShifts;
      return ctx.res.redirect(303, `${withQuery(o.recordHref, `shiftsAdded=${created}&shiftsSkipped=${skipped}`)}#job-shifts`);
    }
    if (err?.code === 'NOT_FOUND') return o.notFound();
    const errors = err && Object.keys(err.fields).length ? err.fields : { _: err?.message ?? '' };
    return o.rerender({ values, errors }, statusOf(err?.code ?? 'INTERNAL'));
  },
};
