/**
 * Assigning people to shifts on /admin/shift (docs/workforce.md): the
 * upcoming shifts with free seats the caller's company may fill, and placing a person on one. The
 * placement is an application made as the public board makes it (`applyToJob`), so the seat, the
 * conversation and the legal working limits are checked in one place for every path.
 */
import { z } from 'zod';
import { pickLang } from '../../../../shared/i18n.ts';
import { msg } from '../../../../shared/messages.ts';
import { hasNoTenant, actingCompanyOf } from '../../../access/tenancy.ts';
import { addDays, isDay, todayInJapan } from '../../../../shared/time.ts';
import { applyToJob } from '../../jobs/apply.ts';
import { applicationMade } from '../../pipeline/announce.ts';
import { candidateByEmail, candidatesByName, candidateVisible } from '../../staff/person.ts';
import { applyRefused } from '../../jobs/api/jobs.ts';
import { locationText, placeIn } from '../../jobs/public.ts';
import { checkPeopleForShifts } from '../assign.ts';
import { setPlacementDispatch } from '../placement-facts.ts';
import { swapShiftPeople } from '../swap.ts';
import { askClientToConfirm } from '../confirm-notice.ts';
import { statusRule, workLimitText } from '../work-limits.ts';
import { assignableShifts, openShiftsFor, placedInWeek, shiftsOfApplications, shiftWithCompany, swappablePlacements } from '../repo.ts';
import type { ApiContext } from '../../../api/context.ts';
import { apiError, badInput } from '../../../api/errors.ts';
import { type Rules, pages } from '../../../api/rules.ts';
import { jaEn } from '../../../api/graphql/both-langs.ts';
import { idSchema } from '../../../validation.ts';
import { isUuid } from '../../../../shared/ids.ts';

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
  "A person the caller's company may place (one who applied to it or accepted its scout), found by name."
  type ShiftPerson {
    id: ID!
    name: String!
    email: String!
  }
  "A person placed on an upcoming shift (a live application), as the swap form offers it."
  type ShiftPlacement {
    applicationId: ID!
    name: String!
    date: String!
    start: String!
    end: String!
    titleJa: String!
    titleEn: String!
  }
  "A worker with an hour limit on a shift of the week: the minutes still free in their fullest 7 days."
  type WorkerHoursLeft {
    personId: ID!
    name: String!
    "The residence status as stored (visa_types.ja)."
    status: String!
    shifts: Int!
    "Null when no hour limit touches their shifts this week (a student's vacation)."
    minutesLeft: Int
    "Why a shift of theirs would not pass the check today (an expired card), in the caller's language."
    note: String
  }
  "An upcoming shift with a free seat that the signed-in candidate may claim (/staff/shifts)."
  type OpenShift {
    shiftId: ID!
    jobId: ID!
    date: String!
    start: String!
    end: String!
    breakMinutes: Int!
    titleJa: String!
    titleEn: String!
    companyJa: String!
    companyEn: String!
    place: String!
    wage: Int!
    "The job's pay type in the caller's language (時給 / Hourly): what the wage is per; null when the job has none."
    payType: String
    seatsLeft: Int!
    "Minutes still free in the candidate's fullest 7 days with this shift added; null when no hour limit applies."
    minutesLeft: Int
    "Why the working-limit check would refuse it today (in the caller's language), or null."
    refusal: String
  }
  extend type Query {
    "Open seats on one day (today to 14 days ahead) of daily jobs that accept the candidate's residence status, not yet applied to (candidate)."
    myOpenShifts(date: String!): [OpenShift!]!
    "Shifts of the next 14 days with a free seat that the caller's company may fill (130001; not client users)."
    assignableShifts: [AssignableShift!]!
    "People on shifts of the next 14 days that the caller's company may swap (130001; not client users)."
    swappablePlacements: [ShiftPlacement!]!
    "People the caller's company may place whose name or e-mail holds the search (1 to 100 characters; at most 20, by name; 130001, not client users)."
    shiftPeople(search: String!): [ShiftPerson!]!
    "Restricted workers (students, dependents, …) on the tenant's shifts of the week from a Monday, with the minutes left (130001)."
    shiftHoursLeft(week: String!): [WorkerHoursLeft!]!
  }
  extend type Mutation {
    "Places a person (personId, as shiftPeople finds them; or by e-mail) on a shift, refused with the reason when the gate (card, status, hours, an overlapping shift) forbids it."
    assignShift(shiftId: ID!, personId: ID, email: String): ShiftAssigned!
    "Swaps the shifts of two placements (applications) in one step: both or neither, each checked on the other's shift."
    swapShifts(a: ID!, b: ID!): Boolean!
    "Records a placement (application) as by dispatch (true, the default) or direct employment by the client (false), before the person is in a working status."
    setPlacementDispatch(applicationId: ID!, dispatch: Boolean!): Boolean!
  }
`;

const Input = z.object({ shiftId: idSchema, personId: idSchema.nullish(), email: z.string().trim().min(3).max(254).nullish() });

/**
 * The company whose shifts the caller assigns (tenancy.ts actingCompanyOf): a client user confirms
 * its shifts but filling them is the staffing company's, so it has no shift to fill ('none').
 */
const assigningCompany = (ctx: ApiContext) => actingCompanyOf(ctx.tenant);

const SWAP_REFUSAL = {
  'not-found': 'apply.notFound',
  same: 'shifts.swapSame',
  past: 'shifts.swapPast',
  attended: 'shifts.swapAttended',
  closed: 'shifts.swapClosed',
  already: 'shifts.swapAlready',
  visa: 'shifts.swapVisa',
} as const;

export const resolvers = {
  Query: {
    myOpenShifts: async (_: unknown, a: { date: string }, ctx: ApiContext) => {
      const me = ctx.user!.id;
      const db = ctx.services.db;
      const today = todayInJapan();
      if (!isDay(a.date) || a.date < today || a.date > addDays(today, 14)) return [];
      const rows = await openShiftsFor(db, me, a.date, today, ctx.lang);
      // What the same check as the claim would say now (a read: no lock, one batch); the claim checks
      // again. Taking a seat is applying, so the card's check is left to the placement as there.
      const checks = await checkPeopleForShifts(
        db,
        rows.map((r) => ({ candidateId: me, shiftId: r.id, cardPending: true })),
      );
      return rows.map((r, i) => {
        const check = checks[i]!;
        return {
          shiftId: r.id,
          jobId: r.job_id,
          date: r.date,
          start: r.start_time.slice(0, 5),
          end: r.end_time.slice(0, 5),
          breakMinutes: r.break_minutes,
          ...jaEn('title', r.title_ja, r.title_en),
          ...jaEn('company', r.company, r.companyEn),
          // As the job boards say it: the prefecture in the reader's language, the city and station in it where the job gives them.
          place: locationText(ctx.lang, { prefecture: r.prefecture, ...placeIn(ctx.lang, r) }),
          wage: r.pay ?? r.wage,
          payType: r.payType,
          seatsLeft: r.capacity - r.filled,
          minutesLeft: check.ok ? check.weeklyMinutesLeft : null,
          refusal: check.ok ? null : workLimitText(ctx.lang, check),
        };
      });
    },
    swappablePlacements: async (_: unknown, __: unknown, ctx: ApiContext) => {
      const company = assigningCompany(ctx);
      if (company === 'none') return [];
      const today = todayInJapan();
      const rows = await swappablePlacements(ctx.services.db, company, today);
      return rows.map((r) => ({
        applicationId: r.id,
        name: r.name,
        date: r.date,
        start: r.start_time.slice(0, 5),
        end: r.end_time.slice(0, 5),
        ...jaEn('title', r.title_ja, r.title_en),
      }));
    },
    shiftHoursLeft: async (_: unknown, a: { week: string }, ctx: ApiContext) => {
      if (!isDay(a.week)) throw badInput(ctx.lang, { week: msg(ctx.lang, 'shifts.errFrom') });
      const tenant = ctx.tenant;
      if (hasNoTenant(tenant)) return [];
      const db = ctx.services.db;
      const placed = await placedInWeek(db, tenant, a.week);
      const people = new Map<string, { personId: string; name: string; status: string; shifts: number; minutesLeft: number | null; note: string | null }>();
      const checked = placed.filter((row) => statusRule(row.status ?? '').kind === 'permission');
      // The same check as every placement, with each shift as the candidate and their others around it; a read, so no lock, and one batch for the whole table.
      const results = await checkPeopleForShifts(
        db,
        checked.map((row) => ({ candidateId: row.candidate_id, shiftId: row.shiftId })),
      );
      checked.forEach((row, i) => {
        // The status as the reader reads it (the rules go by its Japanese name, as on the card).
        const person = people.get(row.candidate_id) ?? { personId: row.candidate_id, name: row.name, status: pickLang(ctx.lang, row.status, row.status_en), shifts: 0, minutesLeft: null, note: null };
        people.set(row.candidate_id, person);
        person.shifts += 1;
        const r = results[i]!;
        const left = r.ok ? r.weeklyMinutesLeft : r.reason === 'weekly_limit' ? Math.max(0, r.facts.limit - r.facts.minutes) : null;
        if (left !== null) person.minutesLeft = person.minutesLeft === null ? left : Math.min(person.minutesLeft, left);
        if (!r.ok && r.reason !== 'weekly_limit' && !person.note) person.note = workLimitText(ctx.lang, r);
      });
      return [...people.values()];
    },
    shiftPeople: async (_: unknown, a: { search: string }, ctx: ApiContext) => {
      const search = a.search.trim();
      if (!search || search.length > 100) throw badInput(ctx.lang, { search: msg(ctx.lang, 'shifts.errSearch') });
      const company = assigningCompany(ctx);
      if (company === 'none') return [];
      return candidatesByName(ctx.services.db, search, company);
    },
    assignableShifts: async (_: unknown, __: unknown, ctx: ApiContext) => {
      const company = assigningCompany(ctx);
      if (company === 'none') return [];
      const today = todayInJapan();
      return (await assignableShifts(ctx.services.db, company, today)).map((s) => ({
        id: s.id,
        date: s.date,
        start: s.start_time.slice(0, 5),
        end: s.end_time.slice(0, 5),
        ...jaEn('title', s.title_ja, s.title_en),
        filled: s.filled,
        capacity: s.capacity,
      }));
    },
  },
  Mutation: {
    assignShift: async (_: unknown, a: { shiftId: string; personId?: string | null; email?: string | null }, ctx: ApiContext) => {
      const v = Input.safeParse(a);
      if (!v.success || (!v.data.personId && !v.data.email)) {
        const bad = v.success ? [] : v.error.issues.map((i) => String(i.path[0]));
        if (bad.includes('shiftId')) throw badInput(ctx.lang, { shiftId: msg(ctx.lang, 'apply.notFound') });
        throw badInput(ctx.lang, { person: msg(ctx.lang, 'shifts.errPerson') });
      }
      const company = assigningCompany(ctx);
      const db = ctx.services.db;
      const shift = await shiftWithCompany(db, v.data.shiftId);
      if (!shift || company === 'none' || (company && shift.company_id !== company)) throw apiError('NOT_FOUND', msg(ctx.lang, 'apply.notFound'));
      // A company places only people who came to it (DESIGN §5): anyone else is "not found".
      const personId = v.data.personId ? ((await candidateVisible(db, v.data.personId, shift.company_id)) ? v.data.personId : null) : await candidateByEmail(db, v.data.email!, shift.company_id);
      if (!personId) throw badInput(ctx.lang, { person: msg(ctx.lang, 'points.unknownPerson') });
      const r = await applyToJob(db, ctx.services.bus, { candidateId: personId, jobId: shift.jobId, shiftId: shift.id, message: '', as: 'placement' });
      if (!r.ok) throw applyRefused(ctx.lang, r);
      await applicationMade(ctx.services, r);
      await askClientToConfirm(ctx.services.db, ctx.services.bus, [shift.id]);
      return { applicationId: r.applicationId };
    },
    setPlacementDispatch: async (_: unknown, a: { applicationId: string; dispatch: boolean }, ctx: ApiContext) => {
      const company = assigningCompany(ctx);
      if (company === 'none' || !isUuid(a.applicationId)) throw apiError('NOT_FOUND', msg(ctx.lang, 'apply.notFound'));
      const r = await setPlacementDispatch(ctx.services.db, company, a.applicationId, a.dispatch);
      if (r === 'not-found') throw apiError('NOT_FOUND', msg(ctx.lang, 'apply.notFound'));
      if (r === 'working') throw apiError('CONFLICT', msg(ctx.lang, 'placement.dispatchLocked'));
      return true;
    },
    swapShifts: async (_: unknown, a: { a: string; b: string }, ctx: ApiContext) => {
      const company = assigningCompany(ctx);
      if (company === 'none') throw apiError('NOT_FOUND', msg(ctx.lang, 'apply.notFound'));
      const r = await swapShiftPeople(ctx.services.db, { id: ctx.user!.id, name: ctx.user!.name }, company, a.a, a.b);
      if (r.ok) {
        await askClientToConfirm(ctx.services.db, ctx.services.bus, await shiftsOfApplications(ctx.services.db, [a.a, a.b]));
        return true;
      }
      if (r.reason === 'limits')
        throw apiError('FORBIDDEN', msg(ctx.lang, 'shifts.swapRefused', { name: r.name, reason: workLimitText(ctx.lang, r.refusal) }), { reason: r.refusal.reason, detail: r.refusal.detail });
      throw apiError(r.reason === 'not-found' ? 'NOT_FOUND' : 'CONFLICT', msg(ctx.lang, SWAP_REFUSAL[r.reason]));
    },
  },
};

/** Who may run each root field of this module (server/api/rules.ts; codes from the route table). */
export const rules: Rules = {
  // Shifts: the assignment form of /admin/shift; client users are refused in the resolver.
  'Query.assignableShifts': pages('/admin/shift'),
  'Mutation.assignShift': pages('/admin/shift'),
  'Query.shiftPeople': pages('/admin/shift'),
  'Query.swappablePlacements': pages('/admin/shift'),
  'Query.myOpenShifts': { candidate: true },
  'Query.shiftHoursLeft': pages('/admin/shift'),
  'Mutation.swapShifts': pages('/admin/shift'),
  'Mutation.setPlacementDispatch': pages('/admin/shift'),
};
