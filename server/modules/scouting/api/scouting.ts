/**
 * Scouting (docs/scouting.md): what the search screen needs besides its list (the
 * read models in server/modules/scouting/defs/scouting.ts) — the offer form's candidate card, the jobs
 * the caller may offer and the month's quota — sending an offer, and the candidate's side on
 * /staff/scout: their profile, their offers, accepting or declining.
 */
import { msg } from '../../../../shared/messages.ts';
import { inOneCompany } from '../../../access/tenancy.ts';
import { answerScoutOffer, offerableJobs, scoutQuota, sendScoutOffer } from '../offers.ts';
import { myScout, saveScoutProfile, ScoutProfileInput } from '../profile.ts';
import { applicationMade } from '../../pipeline/announce.ts';
import { limitsRefused } from '../../jobs/api/jobs.ts';
import { scoutCandidatesReadModel } from '../defs/scouting.ts';
import { validate } from '../../../validation.ts';
import type { ApiContext } from '../../../api/context.ts';
import { apiError, badInput } from '../../../api/errors.ts';
import { rowsCallerSees } from '../../../api/graphql/read-models.ts';
import { type Rules, pages } from '../../../api/rules.ts';
import { jaEn } from '../../../api/graphql/both-langs.ts';

/** What a candidate's scouting profile holds, as it is read and as it is saved (the two stay alike). */
const SCOUT_PROFILE_FIELDS = 'enabled: Boolean! shareNationality: Boolean! shareLanguages: Boolean! shareResidence: Boolean! shareAttendance: Boolean! prefecture: String! availability: [String!]!';

export const typeDefs = /* GraphQL */ `
  type ScoutQuota {
    used: Int!
    limit: Int!
  }
  "A candidate as the offer form shows them: only what they chose to share."
  type ScoutPick {
    id: ID!
    initials: String!
    nationality: String
    languages: String
    area: String
    availability: String
  }
  type ScoutShift {
    id: ID!
    date: String!
    start: String!
    end: String!
  }
  "An open job the caller may offer (a daily job with its coming shifts that have a free seat)."
  type ScoutJob {
    id: ID!
    kind: String!
    titleJa: String!
    titleEn: String!
    companyJa: String!
    companyEn: String!
    shifts: [ScoutShift!]!
  }
  type ScoutDesk {
    "The caller's company's offers this month and its quota; null for the platform (each job's company counts)."
    quota: ScoutQuota
    "The candidate asked for, when they are opted in."
    candidate: ScoutPick
    jobs: [ScoutJob!]!
  }
  type ScoutOfferSent {
    id: ID!
    conversationId: ID!
  }
  type MyScoutLevel {
    code: String!
    level: Int!
  }
  type MyScoutOffer {
    id: ID!
    state: String!
    kind: String!
    jobId: ID!
    jobJa: String!
    jobEn: String!
    companyJa: String!
    companyEn: String!
    date: String
    start: String
    message: String!
    expiresAt: String!
    sentAt: String!
    conversationId: ID
    applicationId: ID
  }
  "The signed-in candidate's scouting: on or off, what they share, and the offers they received."
  type MyScout {
    ${SCOUT_PROFILE_FIELDS}
    levels: [MyScoutLevel!]!
    intro: String!
    offers: [MyScoutOffer!]!
  }
  input ScoutLevelInput {
    code: String!
    level: Int!
  }
  input ScoutProfileInput {
    ${SCOUT_PROFILE_FIELDS}
    levels: [ScoutLevelInput!]!
    intro: String!
  }
  type ScoutAnswer {
    status: String!
    applicationId: ID
  }
  extend type Query {
    "The offer form of the search screen: quota, the candidate's shared card, the jobs to offer."
    scoutDesk(candidateId: ID): ScoutDesk!
    "The signed-in candidate's scouting profile and offers."
    myScout: MyScout!
  }
  extend type Mutation {
    "Offers one of the caller's open jobs (a daily job: one shift) to an opted-in candidate, with a message to their chat."
    sendScoutOffer(candidateId: ID!, jobId: ID!, shiftId: ID, message: String!): ScoutOfferSent!
    "The signed-in candidate's scouting profile."
    saveMyScout(input: ScoutProfileInput!): Boolean!
    "The signed-in candidate accepts (applies to the job) or declines an offer."
    answerScoutOffer(id: ID!, accept: Boolean!): ScoutAnswer!
  }
`;

const SEND_REFUSALS = {
  'not-found': ['NOT_FOUND', 'scout.notFound'],
  closed: ['CONFLICT', 'scout.jobClosed'],
  shift: ['BAD_USER_INPUT', 'scout.shiftRequired'],
  quota: ['CONFLICT', 'scout.quota'],
  duplicate: ['CONFLICT', 'scout.duplicate'],
  'already-applied': ['CONFLICT', 'scout.alreadyApplied'],
} as const;

const ANSWER_REFUSALS = {
  'not-found': ['NOT_FOUND', 'scout.notFound'],
  expired: ['CONFLICT', 'scout.expired'],
  answered: ['CONFLICT', 'scout.answered'],
  closed: ['CONFLICT', 'scout.jobClosed'],
  full: ['CONFLICT', 'apply.full'],
  visa: ['CONFLICT', 'apply.visa'],
} as const;

export const resolvers = {
  Query: {
    scoutDesk: async (_: unknown, a: { candidateId?: string | null }, ctx: ApiContext) => {
      const db = ctx.services.db;
      const tenant = ctx.tenant;
      const [row] = a.candidateId ? await rowsCallerSees(ctx, scoutCandidatesReadModel, [a.candidateId]) : [];
      const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
      return {
        quota: inOneCompany(tenant) ? await scoutQuota(db, tenant.companyId) : null,
        candidate: row
          ? { id: row.id, initials: String(row.initials), nationality: str(row.nationality), languages: str(row.languages), area: str(row.area), availability: str(row.availability) }
          : null,
        jobs: (await offerableJobs(db, tenant)).map((j) => ({
          id: j.id,
          kind: j.kind,
          ...jaEn('title', j.title_ja, j.title_en),
          ...jaEn('company', j.company_ja, j.company_en),
          shifts: j.shifts.map((s) => ({ id: s.id, date: s.date, start: s.start_time.slice(0, 5), end: s.end_time.slice(0, 5) })),
        })),
      };
    },
    myScout: async (_: unknown, __: unknown, ctx: ApiContext) => {
      const m = await myScout(ctx.services.db, ctx.user!.id);
      return {
        ...m,
        offers: m.offers.map((o) => ({
          id: o.id,
          state: o.state,
          kind: o.kind,
          jobId: o.job_id,
          ...jaEn('job', o.title_ja, o.title_en),
          ...jaEn('company', o.company_ja, o.company_en),
          date: o.date,
          start: o.start_time?.slice(0, 5) ?? null,
          message: o.message,
          expiresAt: o.expires_at.toISOString(),
          sentAt: o.created_at.toISOString(),
          conversationId: o.conversation_id,
          applicationId: o.application_id,
        })),
      };
    },
  },
  Mutation: {
    sendScoutOffer: async (_: unknown, a: { candidateId: string; jobId: string; shiftId?: string | null; message: string }, ctx: ApiContext) => {
      const message = a.message.trim();
      // Both fields' errors at once, beside each: an offer with no job chosen is not "not found".
      const errors = {
        ...(a.jobId ? {} : { job: msg(ctx.lang, 'error.requiredChoice') }),
        ...(!message || message.length > 1000 ? { message: msg(ctx.lang, 'scout.message') } : {}),
      };
      if (Object.keys(errors).length) throw badInput(ctx.lang, errors);
      const r = await sendScoutOffer(ctx.services.db, ctx.services.bus, { id: ctx.user!.id, name: ctx.user!.name }, ctx.tenant, {
        candidateId: a.candidateId,
        jobId: a.jobId,
        shiftId: a.shiftId || null,
        message,
      });
      if (r.ok) return { id: r.offerId, conversationId: r.conversationId };
      const [code, key] = SEND_REFUSALS[r.reason];
      if (code === 'BAD_USER_INPUT') throw badInput(ctx.lang, { job: msg(ctx.lang, key) });
      throw apiError(code, msg(ctx.lang, key, { limit: r.limit ?? 0 }), { reason: r.reason });
    },
    saveMyScout: async (_: unknown, a: { input: unknown }, ctx: ApiContext) => {
      const v = validate(ScoutProfileInput, a.input, ctx.lang);
      if (!v.ok) throw badInput(ctx.lang, v.errors);
      await saveScoutProfile(ctx.services.db, ctx.user!.id, v.data);
      return true;
    },
    answerScoutOffer: async (_: unknown, a: { id: string; accept: boolean }, ctx: ApiContext) => {
      const r = await answerScoutOffer(ctx.services.db, ctx.services.bus, ctx.user!.id, a.id, a.accept);
      if (!r.ok && r.reason === 'limits') throw limitsRefused(ctx.lang, r.refusal);
      if (!r.ok) {
        const [code, key] = ANSWER_REFUSALS[r.reason];
        throw apiError(code, msg(ctx.lang, key), { reason: r.reason });
      }
      // A new application is announced exactly as one made on the job's page.
      if (r.created && r.applicationId && r.conversationId) {
        await applicationMade(ctx.services, { applicationId: r.applicationId, conversationId: r.conversationId });
      }
      return { status: r.status, applicationId: r.applicationId };
    },
  },
};

/** Who may run each root field of this module (server/api/rules.ts; codes from the route table). */
export const rules: Rules = {
  // Scouting: the search screen's offer form and sending; the job must be the caller's tenant's.
  'Query.scoutDesk': pages('/v3/admin/scout/search'),
  'Mutation.sendScoutOffer': pages('/v3/admin/scout/search'),
  // a candidate's own scouting profile and answers on /staff/scout
  'Query.myScout': { candidate: true },
  'Mutation.saveMyScout': { candidate: true },
  'Mutation.answerScoutOffer': { candidate: true },
};
