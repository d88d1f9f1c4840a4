import { operation } from '../../../api/documents.ts';
import type { Lang } from '../../../../shared/i18n.ts';
import { msg } from '../../../../shared/messages.ts';
import { JobShifts } from '../../../../views/pages/admin/JobShifts.tsx';
import { todayInJapan } from '../../../time.ts';
import { withFlag } from '../../../web/kit.ts';
import { recordGone, redirect } from '../../../web/screen.ts';
import type { RecordSection } from '../../../web/screens/record-section.ts';

/** The operations only this screen sends, typed from their text (server/api/documents.ts `operation`). */
const OWN = {
  DailyJobShifts: operation(/* GraphQL */ `
    query DailyJobShifts($id: ID!) {
      dailyJob(id: $id) { id status wage shifts { id date start end breakMinutes capacity filled wage applications } }
    }`),
  AddJobShifts: operation(/* GraphQL */ `
    mutation AddJobShifts($jobId: ID!, $input: ShiftPlanInput!) { addJobShifts(jobId: $jobId, input: $input) { created skipped } }`),
  DeleteJobShift: operation(/* GraphQL */ `mutation DeleteJobShift($id: ID!) { deleteJobShift(id: $id) }`),
  SetJobShiftCapacity: operation(/* GraphQL */ `mutation SetJobShiftCapacity($id: ID!, $capacity: Int!) { setJobShiftCapacity(id: $id, capacity: $capacity) }`),
};

/**
 * A daily job's shifts on its record page (/v3/admin/jobs/[id]): the shifts with their
 * fill rates, deleting one nobody applied to (a confirmation without JavaScript), and adding many
 * at once from a plan — date range × weekdays × up to three time slots — through the
 * addJobShifts operation, which checks the plan (modules/jobs/shift-plan.ts) and answers field
 * errors in the page's language. A failed post shows the form again with everything typed.
 */

const DEFAULTS: Record<string, unknown> = { weekdays: ['1', '2', '3', '4', '5'], capacity: '1', breakMinutes: '60' };

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
/** A whole number as typed, or `bad` (out of range on purpose) so that the API names the mistake. */
const int = (v: unknown, bad: number) => (typeof v === 'string' && /^\s*-?\d{1,9}\s*$/.test(v) ? Number(v) : bad);

function planInput(values: Record<string, unknown>) {
  const slots = [1, 2, 3].map((n) => ({ start: text(values[`slot${n}_start`]).trim(), end: text(values[`slot${n}_end`]).trim() })).filter((s) => s.start || s.end);
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

function noticeOf(lang: Lang, query: Record<string, unknown>): string | undefined {
  const added = Number(query.shiftsAdded);
  const skipped = Number(query.shiftsSkipped) || 0;
  if (typeof query.shiftsAdded === 'string' && Number.isInteger(added)) {
    const rest = skipped > 0 ? msg(lang, 'notice.shiftsSkipped', { count: skipped }) : '';
    return `${msg(lang, 'notice.shiftsAdded', { count: added })}${rest}`;
  }
  if (query.shiftDeleted === '1') return msg(lang, 'notice.shiftDeleted');
  if (query.capacitySet === '1') return msg(lang, 'notice.capacitySet');
  return undefined;
}

/** An action on one row of the shifts table (its delete, its capacity), not the plan form. */
const rowOp = (body: Record<string, unknown>) => body._op === 'deleteShift' || body._op === 'setCapacity';

const jobShiftsSection: RecordSection = {
  ops: ['addShifts', 'deleteShift', 'setCapacity'],
  // The shifts are what a daily job's page is for: they come before the job's form.
  first: true,

  async render(ctx, row, action, failed, act) {
    const { dailyJob: job } = await ctx.call(OWN.DailyJobShifts, { id: String(row.id) });
    if (!job) return null;
    return (
      <JobShifts
        act={act}
        lang={ctx.lang}
        action={action}
        shifts={job.shifts}
        jobWage={job.wage}
        closed={job.status === 'closed'}
        values={failed?.values ?? DEFAULTS}
        errors={failed?.errors ?? {}}
        today={todayInJapan()}
        notice={failed ? undefined : noticeOf(ctx.lang, ctx.req.query as Record<string, unknown>)}
        publicHref={`/daily/${String(row.id)}`}
        offBoard={job.status === 'open' && !job.shifts.some((s) => s.date >= todayInJapan() && s.filled < s.capacity)}
      />
    );
  },

  onRefusal: {
    values: (body) => (rowOp(body) ? DEFAULTS : planValues(body)),
    // A shift already gone (or not this caller's) is said on the record page; the page itself checks the job.
    errors: (r, body) => (rowOp(body) ? { _: r.fields._ ?? r.message } : r.formErrors),
    answer: (r, _state, _ctx, body) => (rowOp(body) ? undefined : recordGone(r)),
  },

  async post(ctx, id, body, o) {
    if (body._op === 'setCapacity') {
      await ctx.call(OWN.SetJobShiftCapacity, { id: text(body._shiftId), capacity: int(body._capacity, 0) });
      return redirect(`${withFlag(o.recordHref, 'capacitySet')}#job-shifts`);
    }
    if (body._op === 'deleteShift') {
      await ctx.call(OWN.DeleteJobShift, { id: text(body._shiftId) });
      return redirect(`${withFlag(o.recordHref, 'shiftDeleted')}#job-shifts`);
    }
    const { addJobShifts } = await ctx.call(OWN.AddJobShifts, { jobId: id, input: planInput(planValues(body)) });
    return redirect(`${withFlag(withFlag(o.recordHref, 'shiftsAdded', String(addJobShifts.created)), 'shiftsSkipped', String(addJobShifts.skipped))}#job-shifts`);
  },
};

/** A daily job's record page: its shifts, with fill rates, and a form that adds many at once. */
export const sections = { dailyJob: jobShiftsSection };
