/**
 * Surveys (docs/surveys.md): build, send to chosen workers through the chat,
 * read the results and the answers (400001, the caller's company's surveys only; a platform user
 * any company's), and the candidate's side: the survey they were sent, answered once. The list of
 * surveys is a read model (server/modules/surveys/defs/surveys.ts).
 */
import { msg } from '../../../../shared/messages.ts';
import { hasNoTenant, isClient, isCompany, isPlatform } from '../../../access/tenancy.ts';
import {
  answerSurvey,
  audience,
  chatPoster,
  audienceChoices,
  createSurvey,
  loadSurvey,
  recipientState,
  sendSurvey,
  surveyResponses,
  surveyResults,
  validateSurvey,
  type AnswerInput,
  type SurveyRecord,
} from '../surveys.ts';
import { companyExists } from '../../companies/directory.ts';
import type { ApiContext } from '../../../api/context.ts';
import { apiError, badInput, forbidden } from '../../../api/errors.ts';
import { type Rules, pages } from '../../../api/rules.ts';
import { isUuid } from '../../../../shared/ids.ts';
import { parseDay } from '../../../../shared/time.ts';

export const typeDefs = /* GraphQL */ `
  type SurveyOption {
    id: ID!
    labelJa: String!
    labelEn: String!
  }
  "A question; kind is single, multiple, scale (1–5) or text."
  type SurveyQuestion {
    id: ID!
    position: Int!
    kind: String!
    textJa: String!
    textEn: String!
    required: Boolean!
    options: [SurveyOption!]!
  }
  "A question's results: people who answered it, counts per option (choice) or per value 1–5 (scale), and free text."
  type SurveyQuestionResult {
    questionId: ID!
    answered: Int!
    counts: [Int!]!
    texts: [String!]!
  }
  type SurveyDetail {
    id: ID!
    companyId: ID!
    companyJa: String!
    companyEn: String!
    titleJa: String!
    titleEn: String!
    createdAt: String!
    createdBy: String!
    sentAt: String
    recipients: Int!
    responses: Int!
    questions: [SurveyQuestion!]!
    results: [SurveyQuestionResult!]!
  }
  type SurveyChoice {
    id: ID!
    ja: String!
    en: String!
  }
  "A worker of the survey's company: sent it already, answered it."
  type SurveyWorker {
    userId: ID!
    name: String!
    lang: String!
    sent: Boolean!
    answered: Boolean!
  }
  "Whom a survey may go to: the company's jobs and clients to choose by, and the workers the filter finds."
  type SurveyAudience {
    jobs: [SurveyChoice!]!
    clients: [SurveyChoice!]!
    workers: [SurveyWorker!]!
  }
  type SurveyAnswerCell {
    questionId: ID!
    valueJa: String!
    valueEn: String!
  }
  type SurveyResponse {
    userId: ID!
    name: String!
    submittedAt: String!
    answers: [SurveyAnswerCell!]!
  }
  type SurveySent {
    sent: Int!
    skipped: Int!
  }
  "A survey as its recipient sees it; answeredAt once they answered."
  type MySurvey {
    id: ID!
    companyJa: String!
    companyEn: String!
    titleJa: String!
    titleEn: String!
    answeredAt: String
    questions: [SurveyQuestion!]!
  }
  input SurveyOptionInput {
    labelJa: String!
    labelEn: String!
  }
  input SurveyQuestionInput {
    kind: String!
    textJa: String!
    textEn: String!
    required: Boolean!
    options: [SurveyOptionInput!]!
  }
  "A new survey; companyId only for a platform user (a company user's surveys are its company's)."
  input SurveyInput {
    companyId: ID
    titleJa: String!
    titleEn: String!
    questions: [SurveyQuestionInput!]!
  }
  input SurveyAnswerInput {
    questionId: ID!
    optionIds: [ID!]
    scale: Int
    text: String
  }
  extend type Query {
    "A survey of the caller's company with its results; null when there is none the caller may see."
    surveyDetail(id: ID!): SurveyDetail
    "Whom the survey may be sent to: by job, client or shift date (YYYY-MM-DD); all workers without a filter."
    surveyAudience(id: ID!, jobId: ID, clientId: ID, date: String): SurveyAudience
    "Every response with its answers (the CSV)."
    surveyResponses(id: ID!): [SurveyResponse!]!
    "The survey sent to the signed-in candidate; null when it was not sent to them."
    mySurvey(id: ID!): MySurvey
  }
  extend type Mutation {
    "Builds a survey; its id."
    createSurvey(input: SurveyInput!): ID!
    "Sends the survey through the chat to those of the people who are the company's workers and have not had it."
    sendSurvey(id: ID!, userIds: [ID!]!): SurveySent!
    "The signed-in candidate answers a survey sent to them, once."
    answerSurvey(id: ID!, answers: [SurveyAnswerInput!]!): Boolean!
  }
`;

/** The survey when it is in the caller's tenant: its company's (a platform user: any). A client user has none. */
async function visibleSurvey(ctx: ApiContext, id: string): Promise<SurveyRecord | undefined> {
  if (!isUuid(id)) return undefined;
  const tenant = ctx.tenant;
  if (hasNoTenant(tenant) || isClient(tenant)) return undefined;
  const s = await loadSurvey(ctx.services.db, id);
  if (!s || (isCompany(tenant) && s.companyId !== tenant.companyId)) return undefined;
  return s;
}

const notFound = (ctx: ApiContext) => apiError('NOT_FOUND', msg(ctx.lang, 'error.notFound'));

const questionsOf = (s: SurveyRecord) => s.questions.map((q) => ({ ...q }));

export const resolvers = {
  Query: {
    surveyDetail: async (_: unknown, a: { id: string }, ctx: ApiContext) => {
      const s = await visibleSurvey(ctx, a.id);
      if (!s) return null;
      const r = await surveyResults(ctx.services.db, s);
      return { ...s, createdAt: s.createdAt.toISOString(), sentAt: s.sentAt?.toISOString() ?? null, recipients: r.recipients, responses: r.responses, questions: questionsOf(s), results: r.questions };
    },
    surveyAudience: async (_: unknown, a: { id: string; jobId?: string | null; clientId?: string | null; date?: string | null }, ctx: ApiContext) => {
      const s = await visibleSurvey(ctx, a.id);
      if (!s) return null;
      const f = {
        jobId: a.jobId && isUuid(a.jobId) ? a.jobId : null,
        clientId: a.clientId && isUuid(a.clientId) ? a.clientId : null,
        date: parseDay(a.date),
      };
      const [choices, workers] = await Promise.all([audienceChoices(ctx.services.db, s.companyId), audience(ctx.services.db, s, f)]);
      return { ...choices, workers };
    },
    surveyResponses: async (_: unknown, a: { id: string }, ctx: ApiContext) => {
      const s = await visibleSurvey(ctx, a.id);
      if (!s) throw notFound(ctx);
      return (await surveyResponses(ctx.services.db, s)).map((r) => ({ ...r, submittedAt: r.submittedAt.toISOString() }));
    },
    mySurvey: async (_: unknown, a: { id: string }, ctx: ApiContext) => {
      if (!isUuid(a.id)) return null;
      const db = ctx.services.db;
      const state = await recipientState(db, a.id, ctx.user!.id);
      if (!state.sent) return null;
      const s = await loadSurvey(db, a.id);
      if (!s) return null;
      return { id: s.id, companyJa: s.companyJa, companyEn: s.companyEn, titleJa: s.titleJa, titleEn: s.titleEn, answeredAt: state.answeredAt?.toISOString() ?? null, questions: questionsOf(s) };
    },
  },
  Mutation: {
    createSurvey: async (_: unknown, a: { input: { companyId?: string | null } & Record<string, unknown> }, ctx: ApiContext) => {
      const tenant = ctx.tenant;
      if (hasNoTenant(tenant) || isClient(tenant)) throw forbidden(ctx.lang);
      const v = validateSurvey(a.input, ctx.lang);
      const errors = v.ok ? {} : { ...v.errors };
      let companyId = isCompany(tenant) ? tenant.companyId : (a.input.companyId ?? '');
      if (isPlatform(tenant)) {
        const known = isUuid(companyId) && (await companyExists(ctx.services.db, companyId));
        if (!known) {
          errors.companyId = msg(ctx.lang, 'error.requiredChoice');
          companyId = '';
        }
      }
      if (!v.ok || Object.keys(errors).length) throw badInput(ctx.lang, errors);
      return createSurvey(ctx.services.db, { id: ctx.user!.id, name: ctx.user!.name }, companyId, v.data);
    },
    sendSurvey: async (_: unknown, a: { id: string; userIds: string[] }, ctx: ApiContext) => {
      const s = await visibleSurvey(ctx, a.id);
      if (!s) throw notFound(ctx);
      const ids = a.userIds.filter((id) => isUuid(id));
      if (!ids.length) throw badInput(ctx.lang, { userIds: msg(ctx.lang, 'error.requiredChoice') });
      if (ids.length > 500) throw badInput(ctx.lang, { userIds: msg(ctx.lang, 'validation.max', { max: '500' }) });
      const { db, bus, publicUrl } = ctx.services;
      return sendSurvey({ db, publicUrl, post: chatPoster(db, bus), bus }, { id: ctx.user!.id, name: ctx.user!.name }, s, ids);
    },
    answerSurvey: async (_: unknown, a: { id: string; answers: AnswerInput[] }, ctx: ApiContext) => {
      if (!isUuid(a.id)) throw notFound(ctx);
      const db = ctx.services.db;
      const s = await loadSurvey(db, a.id);
      if (!s) throw notFound(ctx);
      const r = await answerSurvey(db, ctx.lang, s, ctx.user!.id, a.answers);
      if (r.ok) return true;
      if (r.reason === 'not-recipient') throw apiError('FORBIDDEN', msg(ctx.lang, 'survey.notSent'));
      if (r.reason === 'already') throw apiError('CONFLICT', msg(ctx.lang, 'survey.already'));
      throw badInput(ctx.lang, 'errors' in r ? r.errors : {});
    },
  },
};

/** Who may run each root field of this module (server/api/rules.ts; codes from the route table). */
export const rules: Rules = {
  // Surveys: the survey pages' code; the survey must be the caller's company's.
  'Query.surveyDetail': pages('/v3/admin/survey'),
  'Query.surveyAudience': pages('/v3/admin/survey'),
  'Query.surveyResponses': pages('/v3/admin/survey'),
  'Mutation.createSurvey': pages('/v3/admin/survey'),
  'Mutation.sendSurvey': pages('/v3/admin/survey'),
  // a survey sent to the candidate, answered once
  'Query.mySurvey': { candidate: true },
  'Mutation.answerSurvey': { candidate: true },
};
