import { defaultFieldResolver, type GraphQLFieldConfig, type GraphQLSchema } from 'graphql';
import { MapperKind, mapSchema } from '@graphql-tools/utils';
import { canEnter } from '../access/guard.ts';
import { resourceRules } from './graphql/resources.ts';
import { READ_MODELS, RESOURCES } from '../resources/registry.ts';
import { readModelRules } from './graphql/read-models.ts';
import type { ApiContext } from './context.ts';
import type { RoleMap, RoleMaps } from '../auth/default-roles.ts';
import { badInput, forbidden, unauthenticated } from './errors.ts';
import { msg } from '../../shared/messages.ts';

/**
 * Every root operation and the action codes that allow it (SPEC §6). A caller may run an
 * operation when its role is in pageRoles or actionRoles for ANY of the listed codes; codes follow
 * the families of SPEC §2 (1100xx jobs, 1800xx companies, 2000xx templates, …). `public` needs no
 * session, `user` any signed-in back-office user. The schema refuses to build if a root field is
 * missing here, so no operation ships without a rule. The resource engine's operations get
 * theirs from the route table's codes of each resource's screens (api/graphql/resources.ts).
 */
export type Rule = { public: true } | { user: true } | { candidate: true } | { session: true } | { codes: readonly number[] };

export const OPERATION_RULES: Record<string, Rule> = {
  // session
  'Query.me': { public: true },
  'Query.roleMaps': { user: true },
  // the same readers as roleMaps: a web tier apart from the API keeps its cached maps fresh with it
  'Subscription.roleMapsChanged': { user: true },
  'Query.passwordResetTokenValid': { public: true },
  'Query.passwordResetAccount': { public: true },
  'Mutation.login': { public: true },
  // any signed-in person, back office or candidate, may end their own sessions
  'Mutation.logout': { session: true },
  // and renew their own session while active (the sliding session)
  'Mutation.renewSession': { session: true },
  'Mutation.submitContact': { public: true },
  'Mutation.submitTrial': { public: true },
  'Mutation.requestPasswordReset': { public: true },
  'Mutation.resetPassword': { public: true },
  // enumerations (SPEC §3): read by every page and the public boards; edited on the template pages
  'Query.enums': { public: true },
  'Query.languages': { public: true },
  'Mutation.createJobEnum': { codes: [200014, 200015] },
  'Mutation.updateJobEnum': { codes: [200014, 200015] },
  'Mutation.deleteJobEnum': { codes: [200014, 200015] },
  'Mutation.upsertVisaType': { codes: [200015] },
  'Mutation.deleteVisaType': { codes: [200015] },
  // notifications (SPEC §3, §4): each signed-in person's own, back office or candidate
  'Query.notifications': { session: true },
  'Query.notificationCount': { session: true },
  'Mutation.markNotificationRead': { session: true },
  'Subscription.notificationAdded': { session: true },
  // the role-map editor at /admin/roles
  'Query.roleMapsAdmin': { codes: [280001] },
  'Mutation.saveRoleMaps': { codes: [280001] },
  // published terms of use and privacy policy (the public /terms and /policy pages)
  'Query.legalDocument': { public: true },
  // public job boards and applications: candidates are foreign staff, not back-office users
  'Query.publicJobs': { public: true },
  'Query.publicJob': { public: true },
  // the ads a public board shows: from the process's cache, counted as impressions
  'Query.publicAds': { public: true },
  'Mutation.registerCandidate': { public: true },
  'Mutation.applyToJob': { candidate: true },
  'Mutation.confirmApplication': { candidate: true },
  'Mutation.clockMyShift': { candidate: true },
  'Query.myApplications': { candidate: true },
  // a candidate's own switch for mail about unread chat answers (server/chat/mail.ts)
  'Query.myChatMail': { candidate: true },
  'Mutation.setMyChatMail': { candidate: true },
  // a daily job's shifts: whoever may edit the job's record page (/v3/admin/jobs/[id]),
  // like the engine's rule for a record's child rows; the job must be in the caller's tenant
  'Mutation.addJobShifts': { codes: [330002] },
  'Mutation.deleteJobShift': { codes: [330002] },
  // Chat: whoever may open some kind of conversation; the filter narrows to the ones it may open.
  'Subscription.chatMessageAdded': { codes: [120001, 340001, 420001] },
  // The staff inbox: whoever may open some kind of conversation; each conversation is then checked as the chat checks it.
  'Query.inbox': { codes: [120001, 340001, 420001] },
  'Query.inboxNotes': { codes: [120001, 340001, 420001] },
  'Query.inboxHistory': { codes: [120001, 340001, 420001] },
  'Query.inboxColleagues': { codes: [120001, 340001, 420001] },
  'Query.cannedReplies': { codes: [120001, 340001, 420001] },
  'Query.filledReplies': { codes: [120001, 340001, 420001] },
  'Query.inboxReport': { codes: [120001, 340001, 420001] },
  'Mutation.assignConversation': { codes: [120001, 340001, 420001] },
  'Mutation.setConversationStatus': { codes: [120001, 340001, 420001] },
  'Mutation.addConversationNote': { codes: [120001, 340001, 420001] },
  'Mutation.saveCannedReply': { codes: [120001, 340001, 420001] },
  'Mutation.deleteCannedReply': { codes: [120001, 340001, 420001] },
  // The applicant record: whoever works an applicant list; the row must be one their lists show.
  'Query.applicantRecord': { codes: [120001, 340001, 120012, 120013] },
  // SPEC §3 candidate lists: whoever works one of them; the resolver asks for the list's own code.
  'Query.candidateList': { codes: [120001, 340001, 120012, 120013] },
  // money: the pay screens' codes; a payslip or invoice also needs its row visible (the read model's tenant rule)
  'Query.transferBatches': { codes: [140004] },
  'Query.transferBatchFile': { codes: [140004] },
  'Mutation.createTransferBatch': { codes: [140004] },
  'Query.transferFailures': { codes: [140004] },
  'Query.payslip': { codes: [140002] },
  'Query.invoiceDocument': { codes: [290001] },
  'Mutation.createInvoices': { codes: [290001] },
  // a worker's own pay, quick pay and bank account on /staff
  'Query.myPay': { candidate: true },
  'Query.myPayslip': { candidate: true },
  'Mutation.requestQuickPay': { candidate: true },
  'Mutation.saveBankAccount': { candidate: true },
  // Interviews: whoever works the interviews page; the application must be the caller's tenant's.
  'Mutation.scheduleInterview': { codes: [290002] },
  // Job import (the crawler's page): its run history.
  'Query.crawlerRuns': { codes: [210001] },
  // Points: by hand on the points page; the candidate's own on /staff/points.
  'Mutation.adjustPoints': { codes: [390001] },
  'Query.pointWallets': { codes: [390001] },
  // Shifts: the assignment form of /admin/shift; client users are refused in the resolver.
  'Query.assignableShifts': { codes: [130001] },
  'Mutation.assignShift': { codes: [130001] },
  'Query.shiftPeople': { codes: [130001] },
  // The worker record: whoever opens the workers list; the person must be a row of it.
  'Query.workerRecord': { codes: [160001] },
  'Query.workerContract': { codes: [160001] },
  'Query.swappablePlacements': { codes: [130001] },
  'Query.myOpenShifts': { candidate: true },
  'Query.shiftHoursLeft': { codes: [130001] },
  'Mutation.swapShifts': { codes: [130001] },
  'Mutation.setPlacementDispatch': { codes: [130001] },
  'Query.myPoints': { candidate: true },
  // Integrations: the catalogue (410001) and the Romuten page (410002); the company must be the caller's.
  'Query.integrations': { codes: [410001] },
  'Query.romutenConnection': { codes: [410002] },
  'Mutation.saveRomutenConnection': { codes: [410002] },
  'Mutation.syncRomuten': { codes: [410002] },
  'Mutation.disconnectRomuten': { codes: [410002] },
  // Scouting: the search screen's offer form and sending; the job must be the caller's tenant's.
  'Query.scoutDesk': { codes: [380001] },
  'Mutation.sendScoutOffer': { codes: [380001] },
  // a candidate's own scouting profile and answers on /staff/scout
  'Query.myScout': { candidate: true },
  'Mutation.saveMyScout': { candidate: true },
  'Mutation.answerScoutOffer': { candidate: true },
  // Surveys: the survey pages' code; the survey must be the caller's company's.
  'Query.surveyDetail': { codes: [400001] },
  'Query.surveyAudience': { codes: [400001] },
  'Query.surveyResponses': { codes: [400001] },
  'Mutation.createSurvey': { codes: [400001] },
  'Mutation.sendSurvey': { codes: [400001] },
  // a survey sent to the candidate, answered once
  'Query.mySurvey': { candidate: true },
  'Mutation.answerSurvey': { candidate: true },
  // Residence-card checks: the check screen's code; the card's person must have applied to the caller's tenant.
  'Query.residenceCardCheck': { codes: [160004] },
  'Mutation.decideResidenceCard': { codes: [160004] },
  // a candidate's own card on /staff/card
  'Query.myResidenceCard': { candidate: true },
  // One person: the registry's code; rows of another company are not found, merges across companies refused.
  'Query.personDuplicates': { codes: [150001] },
  'Query.personMerges': { codes: [150001] },
  'Mutation.linkStaffPerson': { codes: [150001] },
  'Mutation.mergeStaffRows': { codes: [150001] },
};

/** Hand-written rules plus the resource engine's and the read models', derived from their screens' codes. */
export const ALL_RULES: Record<string, Rule> = { ...OPERATION_RULES, ...Object.assign({}, ...RESOURCES.map(resourceRules), ...READ_MODELS.map(readModelRules)) };

/** Every permission code an API operation checks (the action codes of SPEC §6), ascending. */
const ACTION_CODES: readonly number[] = [...new Set(Object.values(ALL_RULES).flatMap((r) => ('codes' in r ? r.codes : [])))].sort((x, y) => x - y);

/**
 * The action-role map as the API applies it (SPEC §6, §7 Role/Management/Actions): for every action
 * code, the roles `authorize` lets through, which is the page-role grant or the action-role grant
 * (the default seed grants actions through the page-role map). Codes nobody may use are left out.
 */
export function effectiveActionRoles(maps: RoleMaps): RoleMap {
  const out: RoleMap = {};
  for (const code of ACTION_CODES) {
    const key = String(code);
    const roles = [...new Set([...(maps.pageRoles[key] ?? []), ...(maps.actionRoles[key] ?? [])])].sort();
    if (roles.length) out[key] = roles;
  }
  return out;
}

/** Checks one rule for a context; throws the GraphQL error a client sees. */
export async function authorize(rule: Rule, ctx: ApiContext): Promise<void> {
  if ('public' in rule) return;
  if ('session' in rule) {
    if (!ctx.user) throw unauthenticated(ctx.lang);
    return;
  }
  if ('candidate' in rule) {
    if (ctx.user?.role !== 'candidate') throw unauthenticated(ctx.lang);
    return;
  }
  if (!ctx.user || ctx.user.role === 'candidate') throw unauthenticated(ctx.lang);
  if ('user' in rule) return;
  const maps = await ctx.services.roleMaps.get();
  if (!rule.codes.some((code) => canEnter(maps, ctx.user!.role, code))) throw forbidden(ctx.lang);
}

/** True when a string anywhere in the value holds a NUL character (PostgreSQL cannot store one in text). */
function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  return Object.values(value).some((v) => hasNul(v, depth + 1));
}

/** Text the database cannot store is the caller's error at the edge, not an internal one in a resolver. */
function assertStorableText(args: unknown, ctx: ApiContext): void {
  if (hasNul(args)) throw badInput(ctx.lang, { _: msg(ctx.lang, 'error.nulCharacter') });
}

/** Wraps every root field's resolver (and subscribe) with its rule, and checks its arguments' text. */
export function withAuthorization(schema: GraphQLSchema): GraphQLSchema {
  const roots = new Map<string, string>();
  for (const [kind, type] of [['Query', schema.getQueryType()], ['Mutation', schema.getMutationType()], ['Subscription', schema.getSubscriptionType()]] as const) {
    if (type) roots.set(type.name, kind);
  }
  const missing: string[] = [];
  const mapped = mapSchema(schema, {
    [MapperKind.ROOT_OBJECT]: (type) => type,
    [MapperKind.OBJECT_FIELD]: (field: GraphQLFieldConfig<unknown, ApiContext>, fieldName, typeName) => {
      const kind = roots.get(typeName);
      if (!kind) return field;
      const key = `${kind}.${fieldName}`;
      const rule = ALL_RULES[key];
      if (!rule) {
        missing.push(key);
        return field;
      }
      const resolve = field.resolve ?? defaultFieldResolver;
      const wrapped: GraphQLFieldConfig<unknown, ApiContext> = {
        ...field,
        resolve: async (src, args, ctx, info) => {
          await authorize(rule, ctx);
          assertStorableText(args, ctx);
          return resolve(src, args, ctx, info);
        },
      };
      if (field.subscribe) {
        const subscribe = field.subscribe;
        wrapped.subscribe = async (src, args, ctx, info) => {
          await authorize(rule, ctx);
          return subscribe(src, args, ctx, info);
        };
      }
      return wrapped;
    },
  });
  if (missing.length) throw new Error(`Operations without an authorization rule in OPERATION_RULES: ${missing.join(', ')}`);
  return mapped;
}
