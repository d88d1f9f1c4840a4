/**
 * Assigning people to shifts on /admin/shift (issue 12 items 3 and 4, docs/workforce.md): the
 * upcoming shifts with free seats the caller's company may fill, and placing a person on one. The
 * placement is an application made as the public board makes it (`applyToJob`), so the seat, the
 * conversation and the legal working limits are checked in one place for every path.
 */
import { z } from 'zod';
import { msg } from '../../../shared/messages.ts';
import { addDays, todayInJapan } from '../../../shared/time.ts';
import { tenantOf } from '../../access/tenancy.ts';
import { applyToJob } from '../../modules/jobs/apply.ts';
import { announceApplication } from '../../modules/pipeline/announce.ts';
import { workLimitText } from '../../modules/workforce/work-limits.ts';
import type { ApiContext } from '../context.ts';
import { apiError, badInput } from '../errors.ts';

export const typeDefs = /* GraphQL */ `
  "An upcoming shift with a free seat, as the assignment form offers it."
  type AssignableShift {
    id: ID!
    date: String!
    start: String!
    end: String!
    titleJa: String!
    titleEn: String!
    filled: Int!
    capacity: Int!
  }
  type ShiftAssigned {
    applicationId: ID!
  }
  extend type Query {
    "Shifts of the next 14 days with a free seat that the caller's company may fill (130001; not client users)."
    assignableShifts: [AssignableShift!]!
  }
  extend type Mutation {
    "Places a person (by e-mail) on a shift, refused with the reason when the card or the hours their status allows forbid it."
    assignShift(shiftId: ID!, email: String!): ShiftAssigned!
  }
`;

const Input = z.object({ shiftId: z.uuid(), email: z.string().trim().min(3).max(254) });

/**
 * The company whose shifts the caller assigns, null for platform staff (any), or 'none': a client
 * user confirms its shifts but filling them is the staffing company's, so it has no shift to fill.
 */
function assigningCompany(ctx: ApiContext): string | null | 'none' {
  const tenant = tenantOf(ctx.user!);
  if (tenant.kind === 'company') return tenant.companyId;
  if (tenant.kind === 'platform') return null;
  return 'none';
}

export const resolvers = {
  Query: {
    assignableShifts: async (_: unknown, __: unknown, ctx: ApiContext) => {
      const company = assigningCompany(ctx);
      if (company === 'none') return [];
      const today = todayInJapan();
      let q = ctx.services.db
        .selectFrom('job_daily_shifts as s')
        .innerJoin('jobs as j', 'j.id', 's.job_id')
        .select(['s.id', 's.date', 's.start_time', 's.end_time', 'j.title_ja', 'j.title_en', 's.filled', 's.capacity'])
        .where('s.date', '>=', today)
        .where('s.date', '<=', addDays(today, 14))
        .where('j.status', '=', 'open')
        .whereRef('s.filled', '<', 's.capacity')
        .orderBy('s.date')
        .orderBy('s.start_time')
        .limit(200);
      if (company) q = q.where('j.company_id', '=', company);
      return (await q.execute()).map((s) => ({ id: s.id, date: s.date, start: s.start_time.slice(0, 5), end: s.end_time.slice(0, 5), titleJa: s.title_ja, titleEn: s.title_en || s.title_ja, filled: s.filled, capacity: s.capacity }));
    },
  },
  Mutation: {
    assignShift: async (_: unknown, a: { shiftId: string; email: string }, ctx: ApiContext) => {
      const v = Input.safeParse(a);
      if (!v.success) throw badInput(ctx.lang, { email: msg(ctx.lang, 'points.unknownPerson') });
      const company = assigningCompany(ctx);
      const db = ctx.services.db;
      const shift = await db.selectFrom('job_daily_shifts as s').innerJoin('jobs as j', 'j.id', 's.job_id').select(['s.id', 'j.id as jobId', 'j.company_id']).where('s.id', '=', v.data.shiftId).executeTakeFirst();
      if (!shift || company === 'none' || (company && shift.company_id !== company)) throw apiError('NOT_FOUND', msg(ctx.lang, 'apply.notFound'));
      const person = await db.selectFrom('users').select('id').where('role', '=', 'candidate').where((eb) => eb(eb.fn('lower', ['email']), '=', v.data.email.toLowerCase())).executeTakeFirst();
      // A company places only people who applied to it (DESIGN §5): anyone else is "not found".
      const known = person && (await db.selectFrom('applications').select('id').where('candidate_id', '=', person.id).where('company_id', '=', shift.company_id).limit(1).executeTakeFirst());
      if (!person || !known) throw badInput(ctx.lang, { email: msg(ctx.lang, 'points.unknownPerson') });
      const r = await applyToJob(db, ctx.services.bus, { candidateId: person.id, jobId: shift.jobId, shiftId: shift.id, message: '' });
      if (!r.ok && r.reason === 'limits') throw apiError('FORBIDDEN', workLimitText(ctx.lang, r.refusal), { reason: r.refusal.reason, detail: r.refusal.detail });
      if (!r.ok) throw apiError(r.reason === 'not-found' ? 'NOT_FOUND' : 'CONFLICT', msg(ctx.lang, r.reason === 'full' ? 'apply.full' : r.reason === 'already-applied' ? 'apply.alreadyApplied' : r.reason === 'visa' ? 'apply.visa' : 'apply.closed'));
      await announceApplication(ctx.services, r.applicationId);
      await ctx.services.bus.publish('application.added', { applicationId: r.applicationId, conversationId: r.conversationId });
      return { applicationId: r.applicationId };
    },
  },
};
