import { z } from 'zod';
import { workLimitText, type WorkLimitRefusal } from '../../workforce/work-limits.ts';
import type { GraphQLError } from 'graphql';
import { applyToJob, CandidateRegistration, registerCandidate, type ApplyResult } from '../apply.ts';
import { confirmApplication } from '../../pipeline/confirm.ts';
import { attendanceRecord, raiseCrossedLimits, recordAttendance } from '../../pipeline/attendance.ts';
import { shiftEndDay, todayInJapan } from '../../../../shared/time.ts';
import { timeText } from '../../../../shared/format.ts';
import { applicationMade } from '../../pipeline/announce.ts';
import { postMessage } from '../../../chat/post.ts';
import { notifyCompanyStaff } from '../../notifications/service.ts';
import { candidateApplicationClock, candidateApplications } from '../../pipeline/repo.ts';
import { getPublicJob, listPublicJobs, placeIn, type PublicFilters, type PublicSort } from '../public.ts';
import { validate } from '../../../validation.ts';
import type { ApiContext } from '../../../api/context.ts';
import { acceptPublicForm } from '../../../api/form-limits.ts';
import { apiError, badInput, type ErrorCode } from '../../../api/errors.ts';
import { pickLang, type Lang } from '../../../../shared/i18n.ts';
import { msg, type MessageKey } from '../../../../shared/messages.ts';
import { type Rules } from '../../../api/rules.ts';
import { isUuid } from '../../../../shared/ids.ts';

/** Where a public job is and what it pays: the board's card and the job's page show the same fields. */
const PUBLIC_JOB_PLACE_AND_PAY = /* GraphQL */ `
    prefecture: String!
    city: String!
    station: String!
    "True on an English page whose city or station is shown in Japanese (no English name given)."
    placeInOtherLanguage: Boolean!
    wage: Int!
    payType: String
    "What a day or month rate comes to an hour (時給換算): a day rate over its next open shift's scheduled hours (8 without one), a month's pay over the statutory month of 173.8 hours; null for an hourly wage."
    hourlyPay: Int
    jobType: String`;

export const typeDefs = /* GraphQL */ `
  "A job as the public boards show it."
  type PublicJob {
    id: ID!
    kind: String!
    title: String!
    ${PUBLIC_JOB_PLACE_AND_PAY}
    nextDate: String
    openSeats: Int
    company: String!
  }

  type PublicShift {
    id: ID!
    date: String!
    start: String!
    end: String!
    breakMinutes: Int!
    wage: Int!
    openSeats: Int!
  }

  type PublicJobDetail {
    id: ID!
    kind: String!
    title: String!
    description: String!
    ${PUBLIC_JOB_PLACE_AND_PAY}
    overtime: String
    jobWeek: String
    readSkill: String
    languages: [String!]!
    visaTypes: [String!]!
    headcount: Int!
    company: String!
    createdAt: String!
    publishUntil: String
    nextDate: String
    openSeats: Int
    shifts: [PublicShift!]!
  }

  type PublicJobPage {
    jobs: [PublicJob!]!
    total: Int!
    page: Int!
    size: Int!
  }

  input PublicJobFilter {
    prefecture: String
    date: String
    "The least pay an hour, day and month rates compared by their hourlyPay."
    minWage: Int
    jobTypeId: Int
    language: String
    visaTypeId: Int
    q: String
    "Part of the nearest station's name, in Japanese or English."
    station: String
  }

  input CandidateRegistrationInput {
    name: String!
    email: String!
    password: String!
    phone: String
    "A country code, ISO 3166-1 alpha-2 ('VN'), as the registration form's select sends it."
    nationality: String!
    visa_type_id: Int
    visa_expiry: String!
    languages: [String!]
    "YYYY-MM-DD; optional (staff complete it on the person's record)."
    birth_date: String
    "The name in full-width katakana, family and given name apart."
    name_kana: String
    "male or female, as the Hello Work report (外国人雇用状況の届出) asks; optional."
    sex: String
    address: String
    "The referral code of the friend who invited them (docs/points.md); an unknown code is ignored."
    referral: String
  }

  type Application {
    applicationId: ID!
    conversationId: ID!
  }

  "One of the signed-in candidate's applications."
  type MyApplication {
    id: ID!
    jobId: ID!
    kind: String!
    title: String!
    date: String
    start: String
    end: String
    "Where the application stands: its status in the company's tree, in the caller's language."
    status: String!
    "The list it is on: candidate, kakunin (asked to confirm the shift) or shukkin (confirmed, attendance)."
    stage: String!
    "The candidate may confirm they will come (kakunin): the confirmApplication mutation."
    confirmable: Boolean!
    "On the attendance list with the shift today (Japan): what the candidate may record from their phone (clockMyShift), or null."
    clock: String
    "What is recorded for its shift (clock-in, clock-out, break, who recorded it): what the pay is made from; null before anything is."
    attendance: AttendanceRecord
    createdAt: String!
    "The conversation the application opened with the company (the candidate's chat page)."
    conversationId: ID
    "The staffing company, in the caller's language."
    company: String!
    "Where the work is: the prefecture as stored (Japanese), the city and station in the caller's language (the other language's when the job gives none)."
    prefecture: String!
    city: String!
    station: String!
    "The next interview the company scheduled for the application that has not ended, or null."
    interview: MyInterview
  }
  "An interview as the candidate reads it: when, how long, and where (a place, an https link, or both)."
  type MyInterview {
    startsAt: String!
    minutes: Int!
    place: String!
    onlineUrl: String!
  }

  extend type Query {
    "The signed-in candidate's applications, newest first."
    myApplications: [MyApplication!]!
    "Open jobs of one board: kind 'daily' or 'other'; sort 'new', 'wage' (highest pay an hour first, day and month rates by their hourlyPay) or 'date' (daily)."
    publicJobs(kind: String!, filter: PublicJobFilter, sort: String, page: Int = 1): PublicJobPage!
    publicJob(kind: String!, id: ID!): PublicJobDetail
  }

  extend type Mutation {
    "A foreign staff member registers; log in afterwards with the login mutation."
    registerCandidate(input: CandidateRegistrationInput!): ID!
    "The signed-in candidate applies to a job (and, for a daily job, one of its shifts)."
    applyToJob(jobId: ID!, shiftId: ID, message: String): Application!
    "The signed-in candidate confirms they will come (an application on the kakunin list moves to shukkin)."
    confirmApplication(id: ID!): Boolean!
    "The signed-in candidate records arriving (clockIn) or leaving (clockOut) for today's shift of an application on the attendance list."
    clockMyShift(id: ID!, event: String!): Boolean!
  }
`;

const Kind = z.enum(['daily', 'other']);
const Filter = z
  .object({
    prefecture: z.string().max(10).nullish(),
    date: z.iso.date().nullish(),
    minWage: z.number().int().min(0).max(1_000_000).nullish(),
    jobTypeId: z.number().int().positive().nullish(),
    language: z
      .string()
      .regex(/^[a-z]{2}$/)
      .nullish(),
    visaTypeId: z.number().int().positive().nullish(),
    q: z.string().trim().max(100).nullish(),
    station: z.string().trim().max(50).nullish(),
  })
  .nullish();

const REASONS: Record<string, { code: ErrorCode; message: MessageKey }> = {
  'not-found': { code: 'NOT_FOUND', message: 'apply.notFound' },
  full: { code: 'CONFLICT', message: 'apply.full' },
  'already-applied': { code: 'CONFLICT', message: 'apply.alreadyApplied' },
  closed: { code: 'CONFLICT', message: 'apply.closed' },
  visa: { code: 'FORBIDDEN', message: 'apply.visa' },
};

/** The working limits' refusal as the API says it: FORBIDDEN, the reason in the reader's language, its code. */
export const limitsRefused = (lang: Lang, refusal: WorkLimitRefusal): GraphQLError => apiError('FORBIDDEN', workLimitText(lang, refusal), { reason: refusal.reason, detail: refusal.detail });

/** An application refused, whoever made it (the candidate, staff placing a person): one code and message per reason. */
export function applyRefused(lang: Lang, r: Exclude<ApplyResult, { ok: true }>): GraphQLError {
  if (r.reason === 'limits') return limitsRefused(lang, r.refusal);
  const e = REASONS[r.reason]!;
  return apiError(e.code, msg(lang, e.message), { reason: r.reason });
}

export const resolvers = {
  Query: {
    publicJobs: (_: unknown, a: { kind: string; filter?: unknown; sort?: string; page: number }, ctx: ApiContext) => {
      const kind = Kind.safeParse(a.kind);
      const filter = validate(Filter, a.filter, ctx.lang);
      if (!kind.success) throw badInput(ctx.lang, { kind: msg(ctx.lang, 'apply.unknownKind') });
      if (!filter.ok) throw badInput(ctx.lang, filter.errors);
      const sort: PublicSort = a.sort === 'wage' || a.sort === 'date' ? a.sort : 'new';
      const f = Object.fromEntries(Object.entries(filter.data ?? {}).filter(([, v]) => v !== null && v !== undefined && v !== '')) as PublicFilters;
      return listPublicJobs(ctx.services.db, kind.data, f, sort, Math.min(Math.max(1, a.page), 500), ctx.lang);
    },
    myApplications: async (_: unknown, __: unknown, ctx: ApiContext) => {
      const rows = await candidateApplications(ctx.services.db, ctx.user!.id);
      return rows.map((r) => {
        const place = placeIn(ctx.lang, r);
        return {
          id: r.id,
          jobId: r.job_id,
          kind: r.kind,
          title: pickLang(ctx.lang, r.title_ja, r.title_en),
          date: r.date,
          start: r.start_time?.slice(0, 5) ?? null,
          end: r.end_time?.slice(0, 5) ?? null,
          status: pickLang(ctx.lang, r.name_ja, r.name_en),
          stage: r.list,
          confirmable: r.list === 'kakunin' && !!r.confirmable,
          clock: clockFor(r),
          attendance: attendanceRecord({ ...r, status: r.attendance }),
          createdAt: r.created_at.toISOString(),
          conversationId: r.conversationId ?? null,
          company: pickLang(ctx.lang, r.company_ja, r.company_en),
          prefecture: r.prefecture,
          city: place.city,
          station: place.station,
          interview: r.interview_at ? { startsAt: r.interview_at.toISOString(), minutes: r.interview_minutes!, place: r.interview_place ?? '', onlineUrl: r.interview_url ?? '' } : null,
        };
      });
    },
    publicJob: (_: unknown, a: { kind: string; id: string }, ctx: ApiContext) => {
      const kind = Kind.safeParse(a.kind);
      return kind.success ? getPublicJob(ctx.services.db, kind.data, a.id, ctx.lang) : null;
    },
  },
  Mutation: {
    registerCandidate: async (_: unknown, a: { input: unknown }, ctx: ApiContext) => {
      const input = await acceptPublicForm(ctx, 'registration', CandidateRegistration, a.input);
      const r = await registerCandidate(ctx.services.db, input, ctx.lang);
      if (!r.ok) {
        throw badInput(ctx.lang, { email: msg(ctx.lang, 'candidate.emailTaken') });
      }
      return r.userId;
    },
    applyToJob: async (_: unknown, a: { jobId: string; shiftId?: string | null; message?: string | null }, ctx: ApiContext) => {
      const message = (a.message ?? '').trim();
      if (message.length > 1000) throw badInput(ctx.lang, { message: msg(ctx.lang, 'validation.maxLength', { max: 1000 }) });
      const r = await applyToJob(ctx.services.db, ctx.services.bus, { candidateId: ctx.user!.id, jobId: a.jobId, shiftId: a.shiftId, message });
      if (!r.ok) throw applyRefused(ctx.lang, r);
      // What the candidate wrote to the company opens the application's chat, where staff answer it.
      if (message) await postMessage(ctx.services.db, ctx.services.bus, r.conversationId, { id: ctx.user!.id, role: 'candidate' }, message, `application:${r.applicationId}`);
      await applicationMade(ctx.services, r);
      return { applicationId: r.applicationId, conversationId: r.conversationId };
    },
    clockMyShift: async (_: unknown, a: { id: string; event: string }, ctx: ApiContext) => {
      if (a.event !== 'clockIn' && a.event !== 'clockOut') throw badInput(ctx.lang, { event: msg(ctx.lang, 'validation.choice') });
      if (!isUuid(a.id)) throw apiError('NOT_FOUND', msg(ctx.lang, 'apply.notFound'));
      const r = await candidateApplicationClock(ctx.services.db, ctx.user!.id, a.id);
      if (!r) throw apiError('NOT_FOUND', msg(ctx.lang, 'apply.notFound'));
      if (clockFor(r) !== a.event) throw apiError('CONFLICT', clockRefusal(ctx.lang, r, a.event));
      const done = await recordAttendance(ctx.services.db, ctx.user!, [r.id], a.event);
      if (done.refused[0]) throw limitsRefused(ctx.lang, done.refused[0].refusal);
      // Pressed in two tabs at once: the other one recorded it first.
      if (done.already[0]) throw apiError('CONFLICT', clockRefusal(ctx.lang, { ...r, [a.event === 'clockIn' ? 'clock_in' : 'clock_out']: done.already[0].at }, a.event));
      await raiseCrossedLimits(ctx.services.db, ctx.services.bus, done.crossed);
      return true;
    },
    confirmApplication: async (_: unknown, a: { id: string }, ctx: ApiContext) => {
      if (!isUuid(a.id)) throw apiError('NOT_FOUND', msg(ctx.lang, 'apply.notFound'));
      const r = await confirmApplication(ctx.services.db, ctx.user!, a.id);
      if (!r.ok) {
        if (r.reason === 'not-found') throw apiError('NOT_FOUND', msg(ctx.lang, 'apply.notFound'));
        if (r.reason === 'limits') throw limitsRefused(ctx.lang, r.refusal);
        throw apiError('CONFLICT', msg(ctx.lang, 'candidate.notAwaitingConfirmation'));
      }
      await notifyCompanyStaff(ctx.services.db, ctx.services.bus, r.companyId, { key: 'notify.confirmed', params: { name: ctx.user!.name }, link: '/admin/candidate/shukkin' });
      // Staff lists and chat windows hear the new status (the candidate needs no mail about their own click).
      if (r.conversationId) await ctx.services.bus.publish('application.moved', { conversationIds: [r.conversationId] });
      return true;
    },
  },
};

/**
 * What the candidate may record for an application today: clock in on the shift's day, then out on
 * the day the shift ends (the next morning for a night shift); nothing once done or on another day.
 */
function clockFor(r: {
  list: string;
  date: string | null;
  start_time: string | null;
  end_time: string | null;
  clock_in: Date | null;
  clock_out: Date | null;
  attendance: string | null;
}): 'clockIn' | 'clockOut' | null {
  if (r.list !== 'shukkin' || !r.date) return null;
  if (r.attendance === 'absent' || r.attendance === 'no_show') return null;
  const today = todayInJapan();
  if (!r.clock_in) return r.date === today ? 'clockIn' : null;
  if (r.clock_out) return null;
  return today === r.date || (r.start_time && r.end_time && today === shiftEndDay(r.date, r.start_time, r.end_time)) ? 'clockOut' : null;
}

/**
 * Why the candidate may not record `event` now, in their words: already recorded (at what time:
 * a second tab still showing the button), clock in first (a clock-out before any clock-in), or
 * not on this day.
 */
function clockRefusal(lang: Lang, r: Parameters<typeof clockFor>[0], event: 'clockIn' | 'clockOut'): string {
  const done = event === 'clockIn' ? r.clock_in : r.clock_out;
  if (done) return msg(lang, event === 'clockIn' ? 'candidate.alreadyClockedIn' : 'candidate.alreadyClockedOut', { time: timeText(done, lang) });
  if (event === 'clockOut' && clockFor(r) === 'clockIn') return msg(lang, 'candidate.clockInFirst');
  return msg(lang, 'candidate.cannotClock');
}

/** Who may run each root field of this module (server/api/rules.ts; codes from the route table). */
export const rules: Rules = {
  // public job boards and applications: candidates are foreign staff, not back-office users
  'Query.publicJobs': { public: true },
  'Query.publicJob': { public: true },
  'Mutation.registerCandidate': { public: true },
  'Mutation.applyToJob': { candidate: true },
  'Mutation.confirmApplication': { candidate: true },
  'Mutation.clockMyShift': { candidate: true },
  'Query.myApplications': { candidate: true },
};
