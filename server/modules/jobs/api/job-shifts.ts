import type { Lang } from '../../../../shared/i18n.ts';
import { msg } from '../../../../shared/messages.ts';
import { todayInJapan } from '../../../time.ts';
import { addPlannedShifts, deleteShiftUnlessApplied, jobShift, setShiftCapacity, shiftsOfJob } from '../repo.ts';
import { checkPlan, expandPlan, type ShiftPlan } from '../shift-plan.ts';
import { wageKindOfType, wageRefusal, type WageKind } from '../../payroll/wage-kind.ts';
import { dailyJobResource } from '../defs/jobs.ts';
import { getRow, recordAudit, type Actor } from '../../../resources/repo.ts';
import type { FieldErrors } from '../../../validation.ts';
import type { ApiContext } from '../../../api/context.ts';
import { apiError, badInput } from '../../../api/errors.ts';
import { type Rules, pages } from '../../../api/rules.ts';
import { isUuid } from '../../../../shared/ids.ts';

/**
 * The shifts of a daily job on its back-office record page: read as the `shifts` field
 * of the engine's `DailyJob` (so whoever may read the job reads them), added many at once from a
 * plan (date range × weekdays × time slots, modules/jobs/shift-plan.ts) and deleted one at a time
 * while nobody has applied. Writes follow the job: the caller must see it (tenancy) and hold the
 * record page's code; each is written to the job's own audit log.
 */
export const typeDefs = /* GraphQL */ `
  "A shift of a daily job as the back office sees it."
  type JobShift {
    id: ID!
    "YYYY-MM-DD"
    date: String!
    "HH:MM"
    start: String!
    "HH:MM (before start: the shift runs past midnight)"
    end: String!
    breakMinutes: Int!
    capacity: Int!
    filled: Int!
    "The shift's own pay; null means the job's."
    wage: Int
    "Applications to the shift; a shift that has any cannot be deleted."
    applications: Int!
  }

  input TimeSlotInput {
    start: String!
    end: String!
  }

  "Shifts to add at once: every date from..to whose weekday (0 = Sunday) is chosen, times every slot."
  input ShiftPlanInput {
    from: String!
    to: String!
    weekdays: [Int!]!
    slots: [TimeSlotInput!]!
    capacity: Int!
    breakMinutes: Int!
    wage: Int
  }

  type AddShiftsResult {
    "Shifts added."
    created: Int!
    "Planned shifts skipped because the job already has one on that date at that start time."
    skipped: Int!
  }

  extend type Mutation {
    "Adds the shifts of a plan to a daily job; slots that already exist are skipped, not doubled."
    addJobShifts(jobId: ID!, input: ShiftPlanInput!): AddShiftsResult!
    "Deletes a shift nobody has applied to."
    deleteJobShift(id: ID!): Boolean!
    "Changes the seats of a shift from today on: 1 to 1000, and never fewer than the people already on it."
    setJobShiftCapacity(id: ID!, capacity: Int!): Boolean!
  }
  # The shifts field of the engine's DailyJob type (the extension is merged with the resources' types).
  extend type DailyJob {
    "The job's shifts by date and start time."
    shifts: [JobShift!]!
  }
`;

const notFound = (ctx: ApiContext) => apiError('NOT_FOUND', msg(ctx.lang, 'error.notFound'));
const actorOf = (ctx: ApiContext): Actor => ({ id: ctx.user!.id, name: ctx.user!.name });
const hhmm = (time: string) => time.slice(0, 5);

interface PlanInput {
  from: string;
  to: string;
  weekdays: number[];
  slots: { start: string; end: string }[];
  capacity: number;
  breakMinutes: number;
  wage?: number | null;
}

/** What the plan's shifts pay, for the minimum wage check: the job's pay type, wage and workplace. */
export interface PlanPay {
  kind: WageKind;
  jobWage: number;
  prefecture: string;
}

/**
 * The plan's field errors (keys as in ShiftPlanInput) in the caller's language; {} = fine. With
 * `pay`, every planned shift's wage (the plan's, else the job's; a day rate by its hourly basis over
 * the slot less its break) must reach the minimum wage of the job's prefecture on the shift's day.
 */
export function planErrors(plan: ShiftPlan, lang: Lang, today = todayInJapan(), pay?: PlanPay): FieldErrors {
  const errors: FieldErrors = {};
  for (const e of checkPlan(plan)) errors[e.field] ??= e[lang];
  if (!errors.from && plan.from < today) errors.from = msg(lang, 'shifts.errPast');
  if (plan.slots.length > 3) errors.slots ??= msg(lang, 'shifts.errSlots');
  const wage = plan.wage;
  if (wage !== null && wage !== undefined && (!Number.isInteger(wage) || wage < 0 || wage > 10_000_000)) {
    errors.wage = msg(lang, 'shifts.errWage');
  }
  if (pay && !Object.keys(errors).length) {
    const wage = plan.wage ?? pay.jobWage;
    for (const s of expandPlan(plan)) {
      const refusal = wageRefusal({ kind: pay.kind, wage, prefecture: pay.prefecture, day: s.date, plan: { start: s.start_time, end: s.end_time, breakMinutes: s.break_minutes } });
      if (refusal) {
        errors[plan.wage === null || plan.wage === undefined ? '_' : 'wage'] = refusal[lang];
        break;
      }
    }
  }
  return errors;
}

export const resolvers = {
  DailyJob: {
    shifts: async (job: { id: string }, _: unknown, ctx: ApiContext) => {
      const rows = await shiftsOfJob(ctx.services.db, job.id);
      return rows.map((s) => ({
        id: s.id,
        date: s.date,
        start: hhmm(s.start_time),
        end: hhmm(s.end_time),
        breakMinutes: s.break_minutes,
        capacity: s.capacity,
        filled: s.filled,
        wage: s.wage,
        applications: s.applications,
      }));
    },
  },
  Mutation: {
    addJobShifts: async (_: unknown, a: { jobId: string; input: PlanInput }, ctx: ApiContext) => {
      const job = await getRow(ctx.services.db, dailyJobResource, ctx.tenant, a.jobId);
      if (!job) throw notFound(ctx);
      const plan: ShiftPlan = {
        from: a.input.from.trim(),
        to: a.input.to.trim(),
        weekdays: a.input.weekdays,
        slots: a.input.slots.map((s) => ({ start: s.start.trim(), end: s.end.trim() })),
        capacity: a.input.capacity,
        breakMinutes: a.input.breakMinutes,
        wage: a.input.wage ?? null,
      };
      const pay = { kind: await wageKindOfType(ctx.services.db, job.pay_type_id as number | null), jobWage: Number(job.wage), prefecture: String(job.prefecture ?? '') };
      const errors = planErrors(plan, ctx.lang, todayInJapan(), pay);
      if (job.status === 'closed') errors._ = msg(ctx.lang, 'shifts.closed');
      if (Object.keys(errors).length) throw badInput(ctx.lang, errors);
      const planned = expandPlan(plan);
      return ctx.services.db.transaction().execute(async (trx) => {
        const added = await addPlannedShifts(trx, job.id, planned);
        if (added.length) {
          const range = plan.from === plan.to ? plan.from : `${plan.from}〜${plan.to}`;
          await recordAudit(trx, dailyJobResource, actorOf(ctx), 'update', job, { shifts: { from: null, to: `+${added.length} (${range})` } });
        }
        return { created: added.length, skipped: planned.length - added.length };
      });
    },
    deleteJobShift: async (_: unknown, a: { id: string }, ctx: ApiContext) => {
      if (!isUuid(a.id)) throw notFound(ctx);
      const db = ctx.services.db;
      const shift = await jobShift(ctx.services.db, a.id);
      if (!shift) throw notFound(ctx);
      const job = await getRow(ctx.services.db, dailyJobResource, ctx.tenant, shift.job_id);
      if (!job) throw notFound(ctx);
      const outcome = await db.transaction().execute(async (trx) => {
        const done = await deleteShiftUnlessApplied(trx, shift.id);
        if (done !== 'deleted') return done;
        const label = `${shift.date} ${hhmm(shift.start_time)}–${hhmm(shift.end_time)}`;
        await recordAudit(trx, dailyJobResource, actorOf(ctx), 'update', job, { shifts: { from: label, to: null } });
        return 'deleted' as const;
      });
      if (outcome === 'gone') throw notFound(ctx);
      if (outcome === 'applied') {
        const message = msg(ctx.lang, 'shifts.hasApplications');
        throw apiError('BAD_USER_INPUT', message, { fields: { _: message } });
      }
      return true;
    },
    setJobShiftCapacity: async (_: unknown, a: { id: string; capacity: number }, ctx: ApiContext) => {
      if (!isUuid(a.id)) throw notFound(ctx);
      const shift = await jobShift(ctx.services.db, a.id);
      if (!shift) throw notFound(ctx);
      const job = await getRow(ctx.services.db, dailyJobResource, ctx.tenant, shift.job_id);
      if (!job) throw notFound(ctx);
      const refuse = (message: string) => apiError('BAD_USER_INPUT', message, { fields: { _: message } });
      if (!Number.isInteger(a.capacity) || a.capacity < 1 || a.capacity > 1000) throw refuse(msg(ctx.lang, 'shifts.errCapacity'));
      if (shift.date < todayInJapan()) throw refuse(msg(ctx.lang, 'shifts.pastCapacity'));
      const label = `${shift.date} ${hhmm(shift.start_time)}–${hhmm(shift.end_time)}`;
      const outcome = await ctx.services.db.transaction().execute(async (trx) => {
        const r = await setShiftCapacity(trx, shift.id, a.capacity);
        if (r && a.capacity >= r.filled && r.from !== a.capacity) {
          await recordAudit(trx, dailyJobResource, actorOf(ctx), 'update', job, { capacity: { from: `${label} ×${r.from}`, to: `${label} ×${a.capacity}` } });
        }
        return r;
      });
      if (!outcome) throw notFound(ctx);
      if (a.capacity < outcome.filled) throw refuse(msg(ctx.lang, 'shifts.belowFilled', { filled: outcome.filled }));
      return true;
    },
  },
};

/** Who may run each root field of this module (server/api/rules.ts; codes from the route table). */
export const rules: Rules = {
  // a daily job's shifts: whoever may edit the job's record page (/v3/admin/jobs/[id]),
  // like the engine's rule for a record's child rows; the job must be in the caller's tenant
  'Mutation.addJobShifts': pages('/v3/admin/jobs/[id]'),
  'Mutation.deleteJobShift': pages('/v3/admin/jobs/[id]'),
  'Mutation.setJobShiftCapacity': pages('/v3/admin/jobs/[id]'),
};
