/**
 * POST /graphql over real HTTP: every root operation's authorization rule (SPEC §6,
 * server/api/authz.ts), tenancy (DESIGN §5), per-user notifications, the enumeration store
 * (SPEC §3), the query limits and production hardening, cookie auth with its CSRF check, and
 * logout.
 *
 * Who may do what is computed here from DESIGN §5's code lists, not from the server's guard.
 */
import { makeExecutableSchema } from '@graphql-tools/schema';
import { type GraphQLObjectType, Kind, parse, validate } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_RULES, OPERATION_RULES, withAuthorization, type Rule } from '../../server/api/authz.ts';
import { buildSchema } from '../../server/api/graphql/schema.ts';
import { LIMITS } from '../../server/api/limits.ts';
import { LEAST_FIRST, loginHolds, type RoleLogin } from '../helpers/codes.ts';
import { DEMO, loginToken, startTestApp, type TestApp } from '../helpers/app.ts';
import { companyOf, userId } from '../helpers/demo-data.ts';
import { firstCode, gql as postGql, type GqlAnswer, type GqlOptions } from '../helpers/graphql.ts';
import { withoutCodes } from '../helpers/roles.ts';

let t: TestApp;
let prod: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  // The production-only checks run on a second app over the same database.
  prod = await startTestApp({ NODE_ENV: 'production' }, { database: t.database });
});
afterAll(async () => {
  await prod?.close();
  await t?.close();
});

// ---------------------------------------------------------------------------------------------
// Helpers

/** POST /graphql on this file's app, or on another one (`app`). */
const gql = (query: string, variables: Record<string, unknown> = {}, opts: GqlOptions & { app?: TestApp } = {}) => postGql((opts.app ?? t).url, query, variables, opts);

const codes = (body: GqlAnswer) => (body.errors ?? []).map((e) => e.extensions?.code);

const ZERO_UUID = '00000000-0000-0000-0000-000000000000';

// ---------------------------------------------------------------------------------------------
// The model: which demo login holds which codes (DESIGN §5 alone, test/helpers/codes.ts).

const holds = (login: RoleLogin, ruleCodes: readonly number[]) => ruleCodes.some((c) => loginHolds(login, c));

// ---------------------------------------------------------------------------------------------
// One valid document per root field of OPERATION_RULES.

interface OpCase {
  query: string;
  variables?: Record<string, unknown>;
  /** Subscriptions run only over /graphqlws; graphql-http refuses them. */
  http?: false;
}

const OP_CASES: Record<string, OpCase> = {
  'Query.me': { query: 'query { me { id email role } }' },
  'Query.roleMaps': { query: 'query { roleMaps { pageRoles { code roles } actionRoles { code roles } } }' },
  'Query.passwordResetTokenValid': { query: 'query ($token: String!) { passwordResetTokenValid(token: $token) }', variables: { token: 'no-such-token' } },
  'Query.passwordResetAccount': { query: 'query ($token: String!) { passwordResetAccount(token: $token) }', variables: { token: 'no-such-token' } },
  // Public mutations get input that fails validation, which proves they ran past authorization
  // without side effects (and without counting as a failed login).
  'Mutation.login': {
    query: 'mutation ($email: String!, $password: String!) { login(email: $email, password: $password) { token } }',
    variables: { email: 'not-an-email', password: 'x' },
  },
  'Mutation.logout': { query: 'mutation { logout }' },
  'Mutation.renewSession': { query: 'mutation { renewSession { token expiresAt endsAt } }' },
  'Mutation.setMyLanguage': { query: 'mutation ($lang: String!) { setMyLanguage(lang: $lang) }', variables: { lang: 'fr' } },
  'Subscription.roleMapsChanged': { query: 'subscription { roleMapsChanged }', http: false },
  'Mutation.submitContact': {
    query: 'mutation ($input: ContactInput!) { submitContact(input: $input) }',
    variables: { input: { name: '', email: '', topic: '', message: '' } },
  },
  'Mutation.submitTrial': {
    query: 'mutation ($input: TrialInput!) { submitTrial(input: $input) }',
    variables: { input: { company_name: '', contact_name: '', email: '', phone: '' } },
  },
  'Mutation.requestPasswordReset': { query: 'mutation ($email: String!) { requestPasswordReset(email: $email) }', variables: { email: 'x' } },
  'Mutation.resetPassword': {
    query: 'mutation ($token: String!, $password: String!, $confirm: String!) { resetPassword(token: $token, password: $password, passwordConfirm: $confirm) }',
    variables: { token: '', password: 'short', confirm: 'other' },
  },
  'Query.enums': { query: 'query { enums { readSkills { id } } }' },
  'Query.languages': { query: 'query { languages { id code } }' },
  'Query.legalDocument': { query: 'query { legalDocument(kind: terms) { version title } }' },
  // Code-protected mutations point at nothing, so a caller who may run them changes nothing.
  'Mutation.createJobEnum': {
    query: 'mutation ($type: Int!, $input: JobEnumInput!) { createJobEnum(type: $type, input: $input) { id } }',
    variables: { type: 99, input: { ja: 'テスト', en: 'Test' } },
  },
  'Mutation.updateJobEnum': {
    query: 'mutation ($id: Int!, $input: JobEnumInput!) { updateJobEnum(id: $id, input: $input) { id } }',
    variables: { id: 999_999, input: { ja: 'テスト', en: 'Test' } },
  },
  'Mutation.deleteJobEnum': { query: 'mutation ($id: Int!) { deleteJobEnum(id: $id) }', variables: { id: 999_999 } },
  'Mutation.upsertVisaType': {
    query: 'mutation ($id: Int, $input: JobEnumInput!) { upsertVisaType(id: $id, input: $input) { id } }',
    variables: { id: 999_999, input: { ja: 'テスト', en: 'Test' } },
  },
  'Mutation.deleteVisaType': { query: 'mutation ($id: Int!) { deleteVisaType(id: $id) }', variables: { id: 999_999 } },
  'Query.notifications': { query: 'query { notifications(type: 1) { current size total data { id } } }' },
  'Query.notificationCount': { query: 'query { notificationCount { notification document } }' },
  'Mutation.markNotificationRead': { query: 'mutation ($id: ID!) { markNotificationRead(id: $id) }', variables: { id: ZERO_UUID } },
  'Subscription.notificationAdded': { query: 'subscription { notificationAdded { id title } }', http: false },
  // The role matrix: an empty save would take 280001 from superadmins, so it is refused and changes nothing.
  'Query.roleMapsAdmin': { query: 'query { roleMapsAdmin { roles { name } pageRoles { code roles } history { id } } }' },
  'Mutation.saveRoleMaps': { query: 'mutation { saveRoleMaps(pageRoles: [], actionRoles: []) }' },
  'Query.publicJobs': { query: 'query { publicJobs(kind: "daily") { total jobs { id title } } }' },
  'Query.publicJob': { query: 'query ($id: ID!) { publicJob(kind: "daily", id: $id) { id } }', variables: { id: ZERO_UUID } },
  // A placement nobody uses: no ad is shown, so none is counted.
  'Query.publicAds': { query: 'query { publicAds(placement: "none") { id } }' },
  'Mutation.registerCandidate': {
    query: 'mutation ($input: CandidateRegistrationInput!) { registerCandidate(input: $input) }',
    variables: { input: { name: '', email: 'x', password: '1', nationality: '', visa_expiry: 'never' } },
  },
  'Mutation.applyToJob': { query: 'mutation ($id: ID!) { applyToJob(jobId: $id) { applicationId } }', variables: { id: ZERO_UUID } },
  // Aimed at no application: a candidate who may run it changes nothing (NOT_FOUND).
  'Mutation.confirmApplication': { query: 'mutation ($id: ID!) { confirmApplication(id: $id) }', variables: { id: ZERO_UUID } },
  'Mutation.clockMyShift': { query: 'mutation ($id: ID!) { clockMyShift(id: $id, event: "clockIn") }', variables: { id: ZERO_UUID } },
  'Query.myApplications': { query: 'query { myApplications { id title } }' },
  // The applicant record: aimed at no application, so it answers null to whoever may ask.
  'Query.candidateList': { query: 'query { candidateList(list: "kakunins") { count value { id } } }' },
  'Query.applicantRecord': { query: 'query ($id: ID!) { applicantRecord(id: $id) { id } }', variables: { id: ZERO_UUID } },
  // Money: reads, pointed at nothing; a month that fails validation makes no invoice.
  'Query.transferBatches': { query: 'query { transferBatches { id } }' },
  'Query.transferBatchFile': { query: 'query ($id: ID!) { transferBatchFile(id: $id) { name } }', variables: { id: ZERO_UUID } },
  'Query.transferFailures': { query: 'query { transferFailures { lineId worker reason } }' },
  // A day in the past: refused as input, so a caller who may batch batches nothing.
  'Mutation.createTransferBatch': { query: 'mutation ($d: String!) { createTransferBatch(transferDate: $d) { transferred } }', variables: { d: '2000-01-04' } },
  'Query.payslip': { query: 'query ($id: ID!) { payslip(id: $id) { id } }', variables: { id: ZERO_UUID } },
  'Query.invoiceDocument': { query: 'query ($id: ID!) { invoiceDocument(id: $id) { id } }', variables: { id: ZERO_UUID } },
  'Mutation.createInvoices': { query: 'mutation { createInvoices(month: "not-a-month") { created } }' },
  'Query.invoiceTemplateChoices': { query: 'query { invoiceTemplateChoices { value ja en } }' },
  'Query.myPay': { query: 'query { myPay { lines { id } } }' },
  // Points: an adjustment that fails validation writes nothing.
  'Mutation.adjustPoints': {
    query: 'mutation ($input: PointAdjustInput!) { adjustPoints(input: $input) { balance } }',
    variables: { input: { email: 'nobody@example.test', direction: 'add', points: 0, reason: '' } },
  },
  'Query.myPoints': { query: 'query { myPoints { referralCode } }' },
  'Query.pointWallets': { query: 'query { pointWallets { companyId } }' },
  'Query.assignableShifts': { query: 'query { assignableShifts { id } }' },
  'Query.shiftPeople': { query: 'query { shiftPeople(search: "a") { id } }' },
  'Query.workerRecord': { query: 'query ($id: ID!) { workerRecord(id: $id) { id } }', variables: { id: ZERO_UUID } },
  'Query.workerContract': { query: 'query ($id: ID!) { workerContract(workerId: $id, jobId: $id, lang: "ja") { title } }', variables: { id: ZERO_UUID } },
  'Mutation.recordDispatchComplaint': {
    query: 'mutation ($a: ID!) { recordDispatchComplaint(input: { applicationId: $a, receivedOn: "2026-11-23", complaint: "probe" }) }',
    variables: { a: ZERO_UUID },
  },
  'Mutation.editWorkerFacts': { query: 'mutation ($id: ID!) { editWorkerFacts(id: $id, input: { nameKana: "プローブ" }) { id } }', variables: { id: ZERO_UUID } },
  'Mutation.setDispatchComplaintHandling': { query: 'mutation ($id: ID!) { setDispatchComplaintHandling(id: $id, handling: "probe") }', variables: { id: ZERO_UUID } },
  'Mutation.assignShift': { query: 'mutation ($s: ID!) { assignShift(shiftId: $s, email: "nobody@example.test") { applicationId } }', variables: { s: ZERO_UUID } },
  'Query.swappablePlacements': { query: 'query { swappablePlacements { applicationId } }' },
  'Query.myOpenShifts': { query: 'query { myOpenShifts(date: "2026-11-23") { shiftId } }' },
  'Query.shiftHoursLeft': { query: 'query { shiftHoursLeft(week: "2026-11-23") { personId minutesLeft } }' },
  'Mutation.swapShifts': { query: 'mutation ($a: ID!) { swapShifts(a: $a, b: $a) }', variables: { a: ZERO_UUID } },
  // The staff inbox: reads of an unknown conversation and writes that change nothing.
  'Query.inbox': { query: 'query { inbox(filter: { search: "zzzz-none" }) { rows { id } next } }' },
  'Query.inboxOpen': { query: 'query ($c: ID!) { inboxOpen(conversationId: $c) { conversation { id } } }', variables: { c: ZERO_UUID } },
  'Query.inboxNotes': { query: 'query ($c: ID!) { inboxNotes(conversationId: $c) { id } }', variables: { c: ZERO_UUID } },
  'Query.inboxHistory': { query: 'query ($c: ID!) { inboxHistory(conversationId: $c) { kind } }', variables: { c: ZERO_UUID } },
  'Query.inboxColleagues': { query: 'query ($c: ID!) { inboxColleagues(conversationId: $c) { id } }', variables: { c: ZERO_UUID } },
  'Query.cannedReplies': { query: 'query { cannedReplies { id } }' },
  'Query.filledReplies': { query: 'query ($c: ID!) { filledReplies(conversationId: $c) { id } }', variables: { c: ZERO_UUID } },
  'Query.inboxReport': { query: 'query { inboxReport(weeks: 1) { week } }' },
  'Mutation.assignConversation': { query: 'mutation ($c: ID!) { assignConversation(conversationId: $c, assigneeId: null) }', variables: { c: ZERO_UUID } },
  'Mutation.setConversationStatus': { query: 'mutation ($c: ID!) { setConversationStatus(conversationId: $c, status: "open") }', variables: { c: ZERO_UUID } },
  'Mutation.addConversationNote': { query: 'mutation ($c: ID!) { addConversationNote(conversationId: $c, body: "x") { id } }', variables: { c: ZERO_UUID } },
  'Mutation.saveCannedReply': { query: 'mutation { saveCannedReply(input: { title: "", bodyJa: "", bodyEn: "" }) }' },
  'Mutation.deleteCannedReply': { query: 'mutation ($c: ID!) { deleteCannedReply(id: $c) }', variables: { c: ZERO_UUID } },
  'Mutation.setPlacementDispatch': { query: 'mutation ($a: ID!) { setPlacementDispatch(applicationId: $a, dispatch: false) }', variables: { a: ZERO_UUID } },
  'Query.myPayslip': { query: 'query ($id: ID!) { myPayslip(id: $id) { id } }', variables: { id: ZERO_UUID } },
  'Mutation.requestQuickPay': { query: 'mutation ($c: ID!) { requestQuickPay(companyId: $c, amount: 0) { id } }', variables: { c: ZERO_UUID } },
  'Mutation.saveBankAccount': {
    query: 'mutation ($input: BankAccountInput!) { saveBankAccount(input: $input) { bankCode } }',
    variables: { input: { bankCode: 'x', bankName: '', branchCode: '', branchName: '', accountType: 1, accountNumber: '', holderKana: '' } },
  },
  // Scouting: the form's data reads; sending with no message and answering no offer change nothing.
  'Query.scoutDesk': { query: 'query { scoutDesk { quota { used limit } jobs { id } } }' },
  'Mutation.sendScoutOffer': { query: 'mutation ($id: ID!) { sendScoutOffer(candidateId: $id, jobId: $id, message: "") { id } }', variables: { id: ZERO_UUID } },
  'Query.myScout': { query: 'query { myScout { enabled offers { id } } }' },
  'Mutation.saveMyScout': {
    query: 'mutation ($input: ScoutProfileInput!) { saveMyScout(input: $input) }',
    variables: {
      input: { enabled: false, shareNationality: false, shareLanguages: false, shareResidence: false, shareAttendance: false, prefecture: 'nowhere', availability: [], levels: [], intro: '' },
    },
  },
  'Mutation.answerScoutOffer': { query: 'mutation ($id: ID!) { answerScoutOffer(id: $id, accept: true) { status } }', variables: { id: ZERO_UUID } },
  // Aimed at no application: whoever may run it gets NOT_FOUND and nothing is scheduled.
  'Mutation.scheduleInterview': {
    query: 'mutation ($id: ID!, $input: InterviewInput!) { scheduleInterview(applicationId: $id, input: $input) }',
    variables: { id: ZERO_UUID, input: { date: '2030-01-07', time: '10:00', minutes: 30, place: 'Tokyo' } },
  },
  'Query.myChatMail': { query: 'query { myChatMail }' },
  // Sets it to what it already is (on), so the candidate's setting is unchanged.
  'Mutation.setMyChatMail': { query: 'mutation { setMyChatMail(enabled: true) }' },
  // A daily job's shifts: aimed at no job, so a caller who may run them changes nothing.
  'Mutation.addJobShifts': {
    query: 'mutation ($id: ID!, $input: ShiftPlanInput!) { addJobShifts(jobId: $id, input: $input) { created skipped } }',
    variables: { id: ZERO_UUID, input: { from: '2030-01-07', to: '2030-01-11', weekdays: [1, 2], slots: [{ start: '09:00', end: '17:00' }], capacity: 2, breakMinutes: 60 } },
  },
  'Mutation.deleteJobShift': { query: 'mutation ($id: ID!) { deleteJobShift(id: $id) }', variables: { id: ZERO_UUID } },
  'Mutation.setJobShiftCapacity': { query: 'mutation ($id: ID!) { setJobShiftCapacity(id: $id, capacity: 2) }', variables: { id: ZERO_UUID } },
  // Chat: graphql-ws only; the tenant and code filters are tested in chat-events.test.ts.
  'Subscription.chatMessageAdded': { query: 'subscription { chatMessageAdded { id content } }', http: false },
  // Job import's run history: platform only (210001).
  'Query.crawlerRuns': { query: 'query ($id: ID!) { crawlerRuns(sourceId: $id) { id status } }', variables: { id: ZERO_UUID } },
  // Integrations: the caller's own company; the save fails validation, the sync finds no credentials (the demo's connection has none).
  'Query.integrations': { query: 'query { integrations { entries { provider state } } }' },
  'Query.romutenConnection': { query: 'query { romutenConnection { baseUrl apiKeySet } }' },
  'Mutation.saveRomutenConnection': { query: 'mutation { saveRomutenConnection(input: { baseUrl: "not-a-url", enabled: false }) }' },
  'Mutation.syncRomuten': { query: 'mutation { syncRomuten { id } }' },
  'Mutation.disconnectRomuten': { query: 'mutation { disconnectRomuten }' },
  // Surveys: aimed at no survey (null or NOT_FOUND); a survey without a title or questions is refused, so nothing is made.
  'Query.surveyDetail': { query: 'query ($id: ID!) { surveyDetail(id: $id) { id } }', variables: { id: ZERO_UUID } },
  'Query.surveyAudience': { query: 'query ($id: ID!) { surveyAudience(id: $id) { workers { userId } } }', variables: { id: ZERO_UUID } },
  'Query.surveyResponses': { query: 'query ($id: ID!) { surveyResponses(id: $id) { userId } }', variables: { id: ZERO_UUID } },
  'Mutation.createSurvey': { query: 'mutation ($input: SurveyInput!) { createSurvey(input: $input) }', variables: { input: { titleJa: '', titleEn: '', questions: [] } } },
  'Mutation.sendSurvey': { query: 'mutation ($id: ID!) { sendSurvey(id: $id, userIds: []) { sent } }', variables: { id: ZERO_UUID } },
  'Query.mySurvey': { query: 'query ($id: ID!) { mySurvey(id: $id) { id } }', variables: { id: ZERO_UUID } },
  'Mutation.answerSurvey': { query: 'mutation ($id: ID!) { answerSurvey(id: $id, answers: []) }', variables: { id: ZERO_UUID } },
  // Residence-card checks: aimed at no card, so whoever may run them changes nothing.
  'Query.residenceCardCheck': { query: 'query ($id: ID!) { residenceCardCheck(id: $id) { id } }', variables: { id: ZERO_UUID } },
  'Mutation.decideResidenceCard': { query: 'mutation ($id: ID!) { decideResidenceCard(id: $id, input: { decision: "reupload", reason: "x" }) { id } }', variables: { id: ZERO_UUID } },
  'Query.myResidenceCard': { query: 'query { myResidenceCard { verified } }' },
  'Query.personDuplicates': { query: 'query { personDuplicates { staffId otherId reasons } }' },
  'Query.personMerges': { query: 'query { personMerges { id } }' },
  'Mutation.linkStaffPerson': { query: 'mutation ($s: ID!, $u: ID!) { linkStaffPerson(staffId: $s, userId: $u) { mergeId } }', variables: { s: ZERO_UUID, u: ZERO_UUID } },
  'Mutation.mergeStaffRows': { query: 'mutation ($f: ID!, $i: ID!) { mergeStaffRows(fromId: $f, intoId: $i) { mergeId } }', variables: { f: ZERO_UUID, i: '00000000-0000-0000-0000-000000000001' } },
};

/** A candidate's token from the login mutation (candidates get a token of their own audience). */
const candidateToken_ = () => loginToken(t.url, DEMO.candidate);

const ruleEntries = Object.entries(OPERATION_RULES) as [string, Rule][];

// ---------------------------------------------------------------------------------------------
// 1. Every operation has a rule, and the rule holds over HTTP.

describe('operation rules (server/api/authz.ts)', () => {
  const schema = buildSchema();

  it('the table of this file covers every key of OPERATION_RULES (a new operation needs a test here)', () => {
    expect(Object.keys(OP_CASES).sort()).toEqual(Object.keys(OPERATION_RULES).sort());
  });

  it('every rule names a real root field, and every root field has a rule', () => {
    const fields: string[] = [];
    for (const [kind, type] of [
      ['Query', schema.getQueryType()],
      ['Mutation', schema.getMutationType()],
      ['Subscription', schema.getSubscriptionType()],
    ] as [string, GraphQLObjectType | null | undefined][]) {
      for (const name of Object.keys(type?.getFields() ?? {})) fields.push(`${kind}.${name}`);
    }
    // Hand-written rules plus the resource engine's (those are tested per resource in resources-api.test.ts).
    expect(fields.sort()).toEqual(Object.keys(ALL_RULES).sort());
  });

  it('withAuthorization refuses a schema with a root field that has no rule', () => {
    const extra = makeExecutableSchema({
      typeDefs: 'type Query { me: String sneaky: String } type Mutation { logout: Boolean sneakyWrite: Boolean }',
      resolvers: { Query: { me: () => 'x', sneaky: () => 'x' } },
    });
    expect(() => withAuthorization(extra)).toThrow(/Query\.sneaky/);
    expect(() => withAuthorization(extra)).toThrow(/Mutation\.sneakyWrite/);
    // The same schema without the extra fields builds.
    expect(() => withAuthorization(makeExecutableSchema({ typeDefs: 'type Query { me: String }' }))).not.toThrow();
  });

  it('the subscription has a signed-in rule (back office or candidate) (it runs over /graphqlws, not POST /graphql)', async () => {
    expect(OPERATION_RULES['Subscription.notificationAdded']).toEqual({ session: true });
    // graphql-http refuses subscriptions over HTTP, even for a signed-in user.
    const body = await gql(OP_CASES['Subscription.notificationAdded']!.query, {}, { token: await t.tokenOf('client_staff') });
    expect(body.errors?.length).toBeGreaterThan(0);
    expect(body.data ?? null).toBeNull();
  });

  for (const [key, c] of Object.entries(OP_CASES)) {
    it(`${key}: its document is valid and selects exactly that root field`, () => {
      const doc = parse(c.query);
      expect(validate(schema, doc).map((e) => e.message)).toEqual([]);
      const ops = doc.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
      expect(ops).toHaveLength(1);
      const op = ops[0]!;
      const kind = op.operation === 'query' ? 'Query' : op.operation === 'mutation' ? 'Mutation' : 'Subscription';
      const roots = op.selectionSet.selections.map((s) => (s.kind === Kind.FIELD ? `${kind}.${s.name.value}` : '?'));
      expect(roots).toEqual([key]);
    });
  }

  for (const [key, rule] of ruleEntries) {
    const c = OP_CASES[key];
    if (!c || c.http === false) continue;

    if ('public' in rule) {
      it(`${key} (public) runs for an anonymous caller`, async () => {
        const body = await gql(c.query, c.variables);
        expect(codes(body)).not.toContain('UNAUTHENTICATED');
        expect(codes(body)).not.toContain('FORBIDDEN');
        expect(codes(body)).not.toContain('INTERNAL');
      });
      continue;
    }

    it(`${key} refuses an anonymous caller with UNAUTHENTICATED`, async () => {
      const body = await gql(c.query, c.variables);
      expect(firstCode(body)).toBe('UNAUTHENTICATED');
      expect(body.errors).toHaveLength(1);
      expect(body.errors![0]!.message).toBe('ログインしてください。');
      // The field is null (the whole data is null for a non-null root field).
      expect(body.data?.[key.split('.')[1]!] ?? null).toBeNull();
    });

    it(`${key} refuses a forged token like no token`, async () => {
      const body = await gql(c.query, c.variables, { token: 'not.a.jwt' });
      expect(firstCode(body)).toBe('UNAUTHENTICATED');
    });

    if ('session' in rule) {
      // Ending one's own sessions: refused to anonymous callers above; run by both kinds of
      // user in the logout tests (auth.test.ts, jobs-public.test.ts).
      continue;
    }

    if ('candidate' in rule) {
      it(`${key} (candidates only) refuses a back-office user, and runs for a signed-in candidate`, async () => {
        const body = await gql(c.query, c.variables, { token: await t.tokenOf('admin') });
        expect(firstCode(body)).toBe('UNAUTHENTICATED');
        const candidateToken = await candidateToken_();
        const ok = await gql(c.query, c.variables, { token: candidateToken });
        expect(codes(ok)).not.toContain('UNAUTHENTICATED');
        expect(codes(ok)).not.toContain('INTERNAL');
      });
      continue;
    }

    if ('user' in rule) {
      if (key === 'Mutation.logout') continue; // would end the caller's sessions; see the logout tests below
      it(`${key} runs for any signed-in back-office user (client_staff)`, async () => {
        const body = await gql(c.query, c.variables, { token: await t.tokenOf('client_staff') });
        expect(codes(body)).not.toContain('UNAUTHENTICATED');
        expect(codes(body)).not.toContain('FORBIDDEN');
        expect(codes(body)).not.toContain('INTERNAL');
      });
      continue;
    }

    const lacking = LEAST_FIRST.find((l) => !holds(l, rule.codes));
    const having = LEAST_FIRST.find((l) => holds(l, rule.codes));
    if (!lacking) {
      // Every back-office role holds the code by default (e.g. 330001, the v3 jobs): the refusal is
      // proven with a role map that takes the codes from client_staff for the length of the test.
      it(`${key} [${rule.codes.join(', ')}]: every demo role may run it; client_staff without the codes gets FORBIDDEN`, async () => {
        for (const login of LEAST_FIRST) {
          const body = await gql(c.query, c.variables, { token: await t.tokenOf(login) });
          expect(codes(body), login).not.toContain('FORBIDDEN');
          expect(codes(body), login).not.toContain('INTERNAL');
        }
        await withoutCodes(t, rule.codes, 'client_staff', async () => {
          const refused = await gql(c.query, c.variables, { token: await t.tokenOf('client_staff') });
          expect(firstCode(refused)).toBe('FORBIDDEN');
        });
      });
      continue;
    }
    it(`${key} [${rule.codes.join(', ')}]: ${lacking} (none of the codes) gets FORBIDDEN, ${having} (one of them) does not`, async () => {
      // DESIGN §5: client_staff holds none of the 1800xx, 1900xx and 2000xx codes.
      expect(lacking).toBe('client_staff');
      expect(having).toBeDefined();
      const refused = await gql(c.query, c.variables, { token: await t.tokenOf(lacking!) });
      expect(firstCode(refused)).toBe('FORBIDDEN');
      expect(refused.errors![0]!.message).toBe('この操作を行う権限がありません。');
      expect(refused.data?.[key.split('.')[1]!] ?? null).toBeNull();

      const allowed = await gql(c.query, c.variables, { token: await t.tokenOf(having!) });
      expect(codes(allowed)).not.toContain('FORBIDDEN');
      expect(codes(allowed)).not.toContain('UNAUTHENTICATED');
      expect(codes(allowed)).not.toContain('INTERNAL');
    });

    // Every other back-office login that lacks the codes is refused too.
    it(`${key}: every demo role without the codes is refused, every role with one is not`, async () => {
      for (const login of LEAST_FIRST) {
        const body = await gql(c.query, c.variables, { token: await t.tokenOf(login) });
        if (holds(login, rule.codes)) expect(codes(body), login).not.toContain('FORBIDDEN');
        else expect(firstCode(body), login).toBe('FORBIDDEN');
      }
    });
  }

  it('FORBIDDEN and UNAUTHENTICATED speak English when asked', async () => {
    const anon = await gql(OP_CASES['Query.roleMaps']!.query, {}, { headers: { 'accept-language': 'en' } });
    expect(anon.errors?.[0]?.message).toBe('Please log in.');
    const denied = await gql('query { companies { rows { id name } } }', {}, { token: await t.tokenOf('client_staff'), headers: { 'accept-language': 'en' } });
    expect(denied.errors?.[0]?.message).toBe('You are not allowed to do this.');
  });
});

// ---------------------------------------------------------------------------------------------
// 2. Tenancy (DESIGN §5)

describe('tenancy of companies and clients', () => {
  let c1: string;
  let c2: string;
  let c1Clients: string[];
  let c2Clients: string[];
  let allClients: string[];

  beforeAll(async () => {
    const db = t.database.db;
    c1 = await companyOf(t, DEMO.company_admin);
    c2 = await companyOf(t, DEMO.company2);
    const clients = await db.selectFrom('clients').select(['id', 'company_id']).execute();
    c1Clients = clients
      .filter((c) => c.company_id === c1)
      .map((c) => c.id)
      .sort();
    c2Clients = clients
      .filter((c) => c.company_id === c2)
      .map((c) => c.id)
      .sort();
    allClients = clients.map((c) => c.id).sort();
    expect(c1Clients.length).toBeGreaterThan(0);
    expect(c2Clients.length).toBeGreaterThan(0);
  });

  const CLIENTS = 'query { clients(size: 200) { rows { id company_id } } }';
  const CLIENT = 'query ($id: ID!) { client(id: $id) { id company_id name } }';
  const UPDATE_CLIENT = 'mutation ($id: ID!, $input: ClientInput!) { updateClient(id: $id, input: $input) { id name name_en } }';

  it("company@ lists only its own company's clients", async () => {
    const body = await gql(CLIENTS, {}, { token: await t.tokenOf('company_admin') });
    expect(body.errors).toBeUndefined();
    const rows = body.data.clients.rows as { id: string; company_id: string }[];
    expect(rows.every((r) => r.company_id === c1)).toBe(true);
    expect(rows.map((r) => r.id).sort()).toEqual(c1Clients);
  });

  it("company@ can read its own client but not the other company's (null, as if it did not exist)", async () => {
    const token = await t.tokenOf('company_admin');
    const own = await gql(CLIENT, { id: c1Clients[0] }, { token });
    expect(own.data.client).toMatchObject({ id: c1Clients[0], company_id: c1 });
    const other = await gql(CLIENT, { id: c2Clients[0] }, { token });
    expect(other.errors).toBeUndefined();
    expect(other.data.client).toBeNull();
  });

  it("company@ cannot update the other company's client: NOT_FOUND and the row is unchanged", async () => {
    const before = await t.database.db.selectFrom('clients').selectAll().where('id', '=', c2Clients[0]!).executeTakeFirstOrThrow();
    const body = await gql(UPDATE_CLIENT, { id: c2Clients[0], input: { name: '乗っ取り', name_en: 'Hijacked' } }, { token: await t.tokenOf('company_admin') });
    expect(firstCode(body)).toBe('NOT_FOUND');
    expect(body.data).toBeNull();
    const after = await t.database.db.selectFrom('clients').selectAll().where('id', '=', c2Clients[0]!).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('company2@ sees only its own client and cannot touch the first company’s', async () => {
    const token = await t.tokenOf('company2');
    const list = await gql(CLIENTS, {}, { token });
    expect((list.data.clients.rows as { id: string }[]).map((r) => r.id).sort()).toEqual(c2Clients);
    for (const id of c1Clients) {
      expect((await gql(CLIENT, { id }, { token })).data.client).toBeNull();
      const before = await t.database.db.selectFrom('clients').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const upd = await gql(UPDATE_CLIENT, { id, input: { name: '乗っ取り', name_en: 'Hijacked' } }, { token });
      expect(firstCode(upd)).toBe('NOT_FOUND');
      expect(await t.database.db.selectFrom('clients').selectAll().where('id', '=', id).executeTakeFirstOrThrow()).toEqual(before);
    }
  });

  it("company@ can update its own client (and the change is company@'s only)", async () => {
    const id = c1Clients[0]!;
    const before = await t.database.db.selectFrom('clients').select(['name', 'name_en']).where('id', '=', id).executeTakeFirstOrThrow();
    const token = await t.tokenOf('company_admin');
    const body = await gql(UPDATE_CLIENT, { id, input: { name: '  更新テスト  ', name_en: 'Update test' } }, { token });
    expect(body.errors).toBeUndefined();
    expect(body.data.updateClient).toEqual({ id, name: '更新テスト', name_en: 'Update test' });
    // Restore.
    const back = await gql(UPDATE_CLIENT, { id, input: before }, { token });
    expect(back.errors).toBeUndefined();
  });

  for (const who of ['admin', 'superadmin'] as const) {
    it(`${who}@ sees every client of every company`, async () => {
      const body = await gql(CLIENTS, {}, { token: await t.tokenOf(who) });
      expect(body.errors).toBeUndefined();
      expect((body.data.clients.rows as { id: string }[]).map((r) => r.id).sort()).toEqual(allClients);
      const other = await gql(CLIENT, { id: c2Clients[0] }, { token: await t.tokenOf(who) });
      expect(other.data.client).toMatchObject({ id: c2Clients[0], company_id: c2 });
    });
  }

  it('client@ (client_admin) holds no client codes: FORBIDDEN', async () => {
    const body = await gql(CLIENTS, {}, { token: await t.tokenOf('client_admin') });
    expect(firstCode(body)).toBe('FORBIDDEN');
    const one = await gql(CLIENT, { id: c1Clients[0] }, { token: await t.tokenOf('client_admin') });
    expect(firstCode(one)).toBe('FORBIDDEN');
  });

  it('a malformed id is simply not found (null), not an internal error', async () => {
    for (const who of ['company_admin', 'admin'] as const) {
      const body = await gql('query { client(id: "not-a-uuid") { id } company(id: "not-a-uuid") { id } }', {}, { token: await t.tokenOf(who) });
      if (who === 'company_admin') {
        // company_admin may read clients but not companies.
        expect(body.data.client).toBeNull();
        expect(codes(body)).toEqual(['FORBIDDEN']);
      } else {
        expect(body.errors).toBeUndefined();
        expect(body.data).toEqual({ client: null, company: null });
      }
    }
    const upd = await gql(UPDATE_CLIENT, { id: 'not-a-uuid', input: { name: 'a', name_en: 'b' } }, { token: await t.tokenOf('company_admin') });
    expect(firstCode(upd)).toBe('NOT_FOUND');
  });

  const COMPANIES = 'query { companies(size: 200) { rows { id name name_en } } }';
  const UPDATE_COMPANY = 'mutation ($id: ID!, $input: CompanyInput!) { updateCompany(id: $id, input: $input) { id name name_en email phone } }';

  it('company_admin lacks 1800xx and 360001: companies is FORBIDDEN', async () => {
    for (const who of ['company_admin', 'company2'] as const) {
      const body = await gql(COMPANIES, {}, { token: await t.tokenOf(who) });
      expect(firstCode(body)).toBe('FORBIDDEN');
      const one = await gql('query ($id: ID!) { company(id: $id) { id } }', { id: c1 }, { token: await t.tokenOf(who) });
      expect(firstCode(one)).toBe('FORBIDDEN');
    }
  });

  it('admin@ sees both companies', async () => {
    const body = await gql(COMPANIES, {}, { token: await t.tokenOf('admin') });
    expect(body.errors).toBeUndefined();
    const ids = (body.data.companies.rows as { id: string }[]).map((c) => c.id);
    expect(ids).toContain(c1);
    expect(ids).toContain(c2);
  });

  it('admin@ can update a company; the change is in the database', async () => {
    const db = t.database.db;
    const before = await db.selectFrom('companies').select(['name', 'name_en', 'email', 'phone']).where('id', '=', c2).executeTakeFirstOrThrow();
    const token = await t.tokenOf('admin');
    const body = await gql(UPDATE_COMPANY, { id: c2, input: { name: 'みなと派遣株式会社（更新）', name_en: 'Minato Dispatch (updated)', email: '', phone: '06-1111-2222' } }, { token });
    expect(body.errors).toBeUndefined();
    expect(body.data.updateCompany).toEqual({ id: c2, name: 'みなと派遣株式会社（更新）', name_en: 'Minato Dispatch (updated)', email: null, phone: '06-1111-2222' });
    const row = await db.selectFrom('companies').select(['name', 'name_en', 'email', 'phone']).where('id', '=', c2).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'みなと派遣株式会社（更新）', name_en: 'Minato Dispatch (updated)', email: null, phone: '06-1111-2222' });
    // Restore.
    const back = await gql(UPDATE_COMPANY, { id: c2, input: before }, { token });
    expect(back.errors).toBeUndefined();
    expect(await db.selectFrom('companies').select(['name', 'name_en', 'email', 'phone']).where('id', '=', c2).executeTakeFirstOrThrow()).toEqual(before);
  });

  it('updateCompany validates its input: an empty name is BAD_USER_INPUT on `name`, in Japanese by default', async () => {
    const db = t.database.db;
    const before = await db.selectFrom('companies').selectAll().where('id', '=', c1).executeTakeFirstOrThrow();
    const body = await gql(UPDATE_COMPANY, { id: c1, input: { name: '   ', name_en: 'X' } }, { token: await t.tokenOf('admin') });
    expect(firstCode(body)).toBe('BAD_USER_INPUT');
    expect(body.errors![0]!.message).toBe('入力内容を確認してください。');
    expect(body.errors![0]!.extensions!.fields).toEqual({ name: '入力してください。' });
    expect(await db.selectFrom('companies').selectAll().where('id', '=', c1).executeTakeFirstOrThrow()).toEqual(before);
  });

  it('… and in English with Accept-Language: en', async () => {
    const body = await gql(UPDATE_COMPANY, { id: c1, input: { name: '', name_en: 'X', email: 'not-an-email' } }, { token: await t.tokenOf('admin'), headers: { 'accept-language': 'en' } });
    expect(firstCode(body)).toBe('BAD_USER_INPUT');
    expect(body.errors![0]!.message).toBe('Please check the highlighted fields.');
    expect(body.errors![0]!.extensions!.fields).toMatchObject({ name: 'This field is required.', email: 'Enter a valid email address.' });
  });
});

// ---------------------------------------------------------------------------------------------
// 3. Notifications are per user

describe('notifications are per user', () => {
  const PAGE = 'query ($type: Int!, $current: Int!, $size: Int!) { notifications(type: $type, current: $current, size: $size) { current size total data { id type title is_read created_at } } }';
  const COUNT = 'query { notificationCount { notification document } }';
  const MARK = 'mutation ($id: ID!) { markNotificationRead(id: $id) }';

  it("returns the caller's own notifications, paged with current, size, total and data", async () => {
    const token = await t.tokenOf('company_admin');
    const me = await userId(t, DEMO.company_admin);
    const own = await t.database.db.selectFrom('notifications').select(['id']).where('user_id', '=', me).where('type', '=', 1).execute();
    expect(own.length).toBeGreaterThan(2);

    const p1 = await gql(PAGE, { type: 1, current: 1, size: 2 }, { token });
    expect(p1.errors).toBeUndefined();
    const page1 = p1.data.notifications;
    expect(page1).toMatchObject({ current: 1, size: 2, total: own.length });
    expect(page1.data).toHaveLength(2);
    const p2 = await gql(PAGE, { type: 1, current: 2, size: 2 }, { token });
    const page2 = p2.data.notifications;
    expect(page2).toMatchObject({ current: 2, size: 2, total: own.length });

    const seen = [...page1.data, ...page2.data] as { id: string; type: number; created_at: string }[];
    expect(seen.every((n) => n.type === 1)).toBe(true);
    // No overlap between pages; all are the caller's own.
    expect(new Set(seen.map((n) => n.id)).size).toBe(seen.length);
    const ownIds = new Set(own.map((n) => n.id));
    expect(seen.every((n) => ownIds.has(n.id))).toBe(true);
    // Newest first.
    const times = seen.map((n) => Date.parse(n.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('another user sees a different set (the documents list too)', async () => {
    const a = await gql(PAGE, { type: 2, current: 1, size: 100 }, { token: await t.tokenOf('company_admin') });
    const b = await gql(PAGE, { type: 2, current: 1, size: 100 }, { token: await t.tokenOf('company2') });
    const ids = (r: typeof a) => (r.data.notifications.data as { id: string }[]).map((n) => n.id);
    expect(ids(a).length).toBeGreaterThan(0);
    expect(ids(b).length).toBeGreaterThan(0);
    expect(ids(a).filter((id) => ids(b).includes(id))).toEqual([]);
  });

  it("markNotificationRead of another user's notification is NOT_FOUND and changes nothing", async () => {
    const other = await userId(t, DEMO.company2);
    const theirs = await t.database.db.selectFrom('notifications').select(['id', 'is_read']).where('user_id', '=', other).where('is_read', '=', false).executeTakeFirstOrThrow();
    const body = await gql(MARK, { id: theirs.id }, { token: await t.tokenOf('company_admin') });
    expect(firstCode(body)).toBe('NOT_FOUND');
    expect(body.data).toBeNull();
    const after = await t.database.db.selectFrom('notifications').select('is_read').where('id', '=', theirs.id).executeTakeFirstOrThrow();
    expect(after.is_read).toBe(false);
  });

  it('markNotificationRead of a malformed id is NOT_FOUND, not INTERNAL', async () => {
    const body = await gql(MARK, { id: 'not-a-uuid' }, { token: await t.tokenOf('company_admin') });
    expect(firstCode(body)).toBe('NOT_FOUND');
  });

  it('notificationCount drops by one after marking an own unread notification read', async () => {
    const token = await t.tokenOf('client_admin');
    const before = (await gql(COUNT, {}, { token })).data.notificationCount as { notification: number; document: number };
    expect(before.notification).toBeGreaterThan(0);
    const list = await gql(PAGE, { type: 1, current: 1, size: 100 }, { token });
    const unread = (list.data.notifications.data as { id: string; is_read: number }[]).find((n) => n.is_read === 0)!;
    expect(unread).toBeDefined();
    const mark = await gql(MARK, { id: unread.id }, { token });
    expect(mark).toMatchObject({ status: 200, data: { markNotificationRead: true } });
    expect(mark.errors).toBeUndefined();
    const after = (await gql(COUNT, {}, { token })).data.notificationCount;
    expect(after).toEqual({ notification: before.notification - 1, document: before.document });
    // Marking it again is harmless and the count stays.
    await gql(MARK, { id: unread.id }, { token });
    expect((await gql(COUNT, {}, { token })).data.notificationCount).toEqual(after);
  });

  it('bad paging is BAD_USER_INPUT', async () => {
    const token = await t.tokenOf('company_admin');
    for (const v of [
      { type: 1, current: 1, size: 1000 },
      { type: 1, current: 0, size: 10 },
      { type: 1, current: 1, size: 0 },
      { type: 3, current: 1, size: 10 },
    ]) {
      const body = await gql(PAGE, v, { token });
      expect(firstCode(body), JSON.stringify(v)).toBe('BAD_USER_INPUT');
      expect(body.data).toBeNull();
    }
  });
});

// ---------------------------------------------------------------------------------------------
// 4. Enumerations (SPEC §3)

describe('enumerations', () => {
  const STORE = `query { enums {
    readSkills { id value name label enName enum_job_translate_value { language_key value } }
    jobTypes { name enName }
    visaTypes { id ja name }
  } }`;
  const CREATE = 'mutation ($type: Int!, $input: JobEnumInput!) { createJobEnum(type: $type, input: $input) { id type value name label enName enum_job_translate_value { language_key value } } }';

  interface Translate {
    language_key: string;
    value: string;
  }
  const tr = (list: Translate[], lang: string) => list.find((x) => x.language_key === lang)?.value;

  it('the store is readable anonymously with the derived fields of SPEC §3', async () => {
    const body = await gql(STORE);
    expect(body.errors).toBeUndefined();
    const { readSkills, jobTypes, visaTypes } = body.data.enums as {
      readSkills: { id: number; value: number; name: string; label: string; enName: string | null; enum_job_translate_value: Translate[] }[];
      jobTypes: { name: string; enName: string | null }[];
      visaTypes: { id: number; ja: string; name: string }[];
    };
    expect(readSkills.length).toBeGreaterThan(0);
    for (const r of readSkills) {
      expect(r.value).toBe(r.id);
      const ja = tr(r.enum_job_translate_value, 'ja');
      expect(ja).toBeTruthy();
      expect(r.name).toBe(ja);
      expect(r.label).toBe(ja);
      expect(r.enName).toBe(tr(r.enum_job_translate_value, 'en'));
      expect(r.enName).toBeTruthy();
    }
    expect(jobTypes.length).toBeGreaterThan(0);
    for (const j of jobTypes) {
      expect(j.enName).toBeNull();
      expect(j.name).toBeTruthy();
    }
    const visaNames = visaTypes.map((v) => v.name);
    expect(visaNames).toContain('特定技能1号');
    expect(visaNames).toContain('留学');
    for (const v of visaTypes) expect(v.name).toBe(v.ja);
  });

  it('superadmin can create a read skill; it appears in enums.readSkills with its English name', async () => {
    const body = await gql(CREATE, { type: 16, input: { ja: 'N1レベル（テスト）', en: 'JLPT N1 (test)' } }, { token: await t.tokenOf('superadmin') });
    expect(body.errors).toBeUndefined();
    const created = body.data.createJobEnum;
    expect(created).toMatchObject({ type: 16, name: 'N1レベル（テスト）', label: 'N1レベル（テスト）', enName: 'JLPT N1 (test)' });
    expect(created.value).toBe(created.id);

    const store = await gql('query { enums { readSkills { id name enName } } }');
    expect(store.data.enums.readSkills).toContainEqual({ id: created.id, name: 'N1レベル（テスト）', enName: 'JLPT N1 (test)' });
  });

  it('company_admin (no 200014/200015) is FORBIDDEN and nothing is created', async () => {
    const count = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('job_enums')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const body = await gql(CREATE, { type: 16, input: { ja: '不正', en: 'Sneaky' } }, { token: await t.tokenOf('company_admin') });
    expect(firstCode(body)).toBe('FORBIDDEN');
    expect(await count()).toBe(before);
  });

  it('an empty ja is BAD_USER_INPUT on field `ja`', async () => {
    const body = await gql(CREATE, { type: 16, input: { ja: ' ', en: 'Something' } }, { token: await t.tokenOf('superadmin') });
    expect(firstCode(body)).toBe('BAD_USER_INPUT');
    expect(Object.keys(body.errors![0]!.extensions!.fields!)).toEqual(['ja']);
  });

  it('an unknown type (99) is BAD_USER_INPUT', async () => {
    const body = await gql(CREATE, { type: 99, input: { ja: 'テスト', en: 'Test' } }, { token: await t.tokenOf('superadmin') });
    expect(firstCode(body)).toBe('BAD_USER_INPUT');
    expect(body.errors![0]!.extensions!.fields).toHaveProperty('type');
  });
});

// ---------------------------------------------------------------------------------------------
// 5. Limits and hardening

/** Refused before execution: at least one error, no data at all. */
function expectRefused(r: GqlAnswer, pattern?: RegExp) {
  expect(r.errors?.length, JSON.stringify(r)).toBeGreaterThan(0);
  expect(r.data, JSON.stringify(r)).toBeUndefined();
  if (pattern) expect(r.errors!.map((e) => e.message).join('\n')).toMatch(pattern);
}

describe('query limits', () => {
  it(`a query deeper than ${LIMITS.maxDepth} is refused (nested introspection)`, async () => {
    // __type(1) fields(2) type(3) ofType ×8 (4–11) name(12)
    const q = `{ __type(name: "Query") { fields { type { ${'ofType { '.repeat(8)}name${' }'.repeat(8)} } } } }`;
    const r = await gql(q);
    expectRefused(r, /depth limit/i);
    expect(firstCode(r)).toBe('QUERY_TOO_COMPLEX');
  });

  it('a shallow introspection query is allowed outside production', async () => {
    const r = await gql(`{ __type(name: "Query") { fields { type { ofType { name } } } } }`);
    expect(r.errors).toBeUndefined();
    expect(r.data.__type.fields.length).toBeGreaterThan(0);
  });

  it(`a query made deep with chained fragments is refused`, async () => {
    const n = LIMITS.maxDepth + 1;
    const fragments = Array.from({ length: n }, (_, i) => `fragment F${i} on Query { ${i + 1 < n ? `...F${i + 1}` : 'me { id }'} }`).join('\n');
    const r = await gql(`query { ...F0 }\n${fragments}`);
    expectRefused(r, /depth limit/i);
  });

  it(`more than ${LIMITS.maxAliases} aliases are refused`, async () => {
    const ok = Array.from({ length: LIMITS.maxAliases }, (_, i) => `a${i}: me { id }`).join(' ');
    expect((await gql(`{ ${ok} }`)).errors).toBeUndefined();
    const tooMany = Array.from({ length: LIMITS.maxAliases + 1 }, (_, i) => `a${i}: me { id }`).join(' ');
    const r = await gql(`{ ${tooMany} }`);
    expectRefused(r, /aliases/i);
    expect(firstCode(r)).toBe('QUERY_TOO_COMPLEX');
  });

  it(`a query costing more than ${LIMITS.maxCost} is refused`, async () => {
    // Within the depth, alias and token limits, but many fields on nested objects add up:
    // 2 + 1.5 × (2 + 1.5 × 15 × (2 + 1.5 × 120)) ≈ 6150 with graphql-armor's default weights.
    const inner = Array.from({ length: LIMITS.maxAliases }, (_, i) => `e${i}: enum_job_translate_value { ${'value language_key '.repeat(60)} }`).join(' ');
    const r = await gql(`{ enums { enums { ${inner} } } }`);
    expectRefused(r, /cost/i);
    expect(firstCode(r)).toBe('QUERY_TOO_COMPLEX');
  });

  it(`more than ${LIMITS.maxOperations} operations in one document are refused`, async () => {
    const ops = (n: number) => Array.from({ length: n }, (_, i) => `query Op${i} { me { id } }`).join('\n');
    const ok = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: ops(LIMITS.maxOperations), operationName: 'Op0' }),
    });
    expect(((await ok.json()) as GqlAnswer).errors).toBeUndefined();
    const res = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: ops(LIMITS.maxOperations + 1), operationName: 'Op0' }),
    });
    const body = (await res.json()) as GqlAnswer;
    expectRefused({ ...body, status: res.status }, /Too many operations/);
  });

  it('a body over 100 KB is refused with 413', async () => {
    const query = `{ me { id } }${' '.repeat(LIMITS.maxBody + 1)}`;
    const res = await fetch(`${t.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
    expect(res.status).toBe(413);
    const text = await res.text();
    expect(text).not.toMatch(/"data"/);
    expect(text).not.toMatch(/at .*\.ts:\d+/);
  });

  it('a JSON array body (batching) is refused with an error and no data', async () => {
    const res = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([{ query: '{ me { id } }' }, { query: '{ languages { id } }' }]),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    const body = (await res.json()) as GqlAnswer;
    expectRefused({ ...body, status: res.status });
  });

  // BUG (server/api/http.ts + format-error.ts): graphql-http throws a plain Error for a request it
  // cannot read ("Missing query", "Invalid query", "Invalid variables"); maskError treats every
  // non-GraphQLError as a crash, so a client mistake is answered `extensions.code: 'INTERNAL'`,
  // "Internal server error" (HTTP 400) and logged at error level as "unexpected error outside
  // GraphQL". E.g. `POST /graphql` with body `[{"query":"{ me { id } }"}]`, `{}` or
  // `{"query":5}`. It should be a client error code (BAD_REQUEST) and not an error log.
  it('a malformed request body is a client error (BAD_REQUEST), not INTERNAL', async () => {
    for (const raw of ['[{"query":"{ me { id } }"}]', '{}', '{"query":5}', '{"query":"{ me { id } }","variables":[1]}']) {
      const res = await fetch(`${t.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: raw });
      expect(res.status, raw).toBe(400);
      const body = (await res.json()) as GqlAnswer;
      expect(firstCode(body), raw).toBe('BAD_REQUEST');
    }
  });

  it('a document over the token cap is refused before it is built', async () => {
    const q = `{ me { ${'id '.repeat(LIMITS.maxTokens + 10)} } }`;
    expectRefused(await gql(q));
  });

  it('an unexpected resolver failure is INTERNAL with a generic message and no internals', async () => {
    const roleMaps = t.services.roleMaps;
    const original = roleMaps.get;
    roleMaps.get = () => Promise.reject(new Error('connection to 10.0.0.5:5432 refused (secret-detail)'));
    try {
      const body = await gql('query { roleMaps { pageRoles { code } } }', {}, { token: await t.tokenOf('admin') });
      expect(body.errors).toHaveLength(1);
      const err = body.errors![0]!;
      expect(err.message).toBe('Internal server error');
      expect(err.extensions).toEqual({ code: 'INTERNAL' });
      expect(JSON.stringify(body)).not.toMatch(/secret-detail|10\.0\.0\.5|stack|at .*\.ts/);
      // A code rule reads the role maps too: the same masking.
      const denied = await gql('query { companies { rows { id name } } }', {}, { token: await t.tokenOf('admin') });
      expect(firstCode(denied)).toBe('INTERNAL');
      expect(JSON.stringify(denied)).not.toMatch(/secret-detail/);
    } finally {
      roleMaps.get = original;
    }
    // Restored: the same call works again.
    const body = await gql('query { roleMaps { pageRoles { code } } }', {}, { token: await t.tokenOf('admin') });
    expect(body.errors).toBeUndefined();
  });

  it('outside production a typo gets a field suggestion (the production check below is meaningful)', async () => {
    const body = await gql('{ mee { id } }');
    expectRefused(body, /Did you mean "me"\?/);
  });
});

describe('production hardening (NODE_ENV=production)', () => {
  it('introspection is refused', async () => {
    const r = await gql('{ __schema { queryType { name } } }', {}, { app: prod });
    expectRefused(r, /introspection/i);
    const r2 = await gql('{ __type(name: "Query") { name } }', {}, { app: prod });
    expectRefused(r2, /introspection/i);
  });

  it('a typo is refused without "Did you mean"', async () => {
    const r = await gql('{ mee { id } }', {}, { app: prod });
    expectRefused(r, /Cannot query field "mee"/);
    expect(JSON.stringify(r)).not.toMatch(/Did you mean/);
  });

  it('ordinary queries still work', async () => {
    const r = await gql('{ languages { code } }', {}, { app: prod });
    expect(r.errors).toBeUndefined();
    expect(r.data.languages.length).toBeGreaterThan(0);
  });

  it('an unexpected failure is INTERNAL with no internals', async () => {
    const roleMaps = prod.services.roleMaps;
    const original = roleMaps.get;
    roleMaps.get = () => {
      throw new Error('secret-detail in production');
    };
    try {
      const token = await prod.login('admin');
      const body = await gql('query { roleMaps { pageRoles { code } } }', {}, { app: prod, token });
      expect(body.errors?.[0]).toMatchObject({ message: 'Internal server error', extensions: { code: 'INTERNAL' } });
      expect(JSON.stringify(body)).not.toMatch(/secret-detail/);
    } finally {
      roleMaps.get = original;
    }
  });
});

// ---------------------------------------------------------------------------------------------
// 6. Cookie auth and CSRF

describe('cookie auth on /graphql', () => {
  const ME = JSON.stringify({ query: '{ me { email } }' });
  const post = async (headers: Record<string, string>) => fetch(`${t.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: ME });

  it('works with only the token cookie from the same origin (Origin absent or equal to the app)', async () => {
    const cookie = `token=${await t.tokenOf('company_admin')}`;
    const variants: Record<string, string>[] = [{}, { origin: t.url }, { 'sec-fetch-site': 'same-origin' }];
    for (const extra of variants) {
      const res = await post({ cookie, ...extra });
      expect(res.status, JSON.stringify(extra)).toBe(200);
      expect(await res.json()).toEqual({ data: { me: { email: DEMO.company_admin } } });
    }
  });

  it('refuses a cookie-authenticated call from another origin with 403', async () => {
    const cookie = `token=${await t.tokenOf('company_admin')}`;
    const evil = await post({ cookie, origin: 'https://evil.example' });
    expect(evil.status).toBe(403);
    const body = (await evil.json()) as GqlAnswer;
    expect(firstCode(body)).toBe('FORBIDDEN');
    expect(body.data).toBeUndefined();
  });

  it('refuses a cookie-authenticated call marked Sec-Fetch-Site: cross-site with 403', async () => {
    const cookie = `token=${await t.tokenOf('company_admin')}`;
    expect((await post({ cookie, 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    // Sec-Fetch-Site wins over a matching Origin.
    expect((await post({ cookie, origin: t.url, 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await post({ cookie, 'sec-fetch-site': 'same-site' })).status).toBe(403);
  });

  // BUG (server/api/http.ts): the same-origin check guards only POST /graphql; `router.get('/graphql')`
  // runs the cookie's session for any origin. E.g. `GET /graphql?query={me{email}}` with
  // `Cookie: token=…`, `Origin: https://evil.example`, `Sec-Fetch-Site: cross-site` answers 200 with
  // the user's data. (GET runs queries only, and SameSite=Lax limits this to top-level navigations,
  // so it is a gap in the defence rather than a working CSRF; the rule "a cookie-authenticated call
  // must come from our own pages" should hold on both methods.)
  it('a cookie-authenticated GET /graphql from another site is refused too', async () => {
    const cookie = `token=${await t.tokenOf('company_admin')}`;
    const res = await fetch(`${t.url}/graphql?query=${encodeURIComponent('{ me { email } }')}`, {
      headers: { cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.status).toBe(403);
  });

  it('a Bearer token needs no origin check (browsers never send it on their own)', async () => {
    const res = await post({ authorization: `Bearer ${await t.tokenOf('company_admin')}`, origin: 'https://evil.example' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { me: { email: DEMO.company_admin } } });
  });
});

// ---------------------------------------------------------------------------------------------
// 7. Logout

describe('logout over /graphql', () => {
  it('makes the token useless: me is null and roleMaps is UNAUTHENTICATED', async () => {
    // A fresh login: logout ends every session of the user (tokens cached above are not used).
    t.forgetToken('company_staff');
    const token = await t.login('company_staff');
    const before = await gql('{ me { email role } }', {}, { token });
    expect(before.data.me).toEqual({ email: DEMO.company_staff, role: 'company_staff' });

    const out = await gql('mutation { logout }', {}, { token });
    expect(out).toMatchObject({ status: 200, data: { logout: true } });
    expect(out.errors).toBeUndefined();

    const me = await gql('{ me { email } }', {}, { token });
    expect(me.errors).toBeUndefined();
    expect(me.data.me).toBeNull();
    const maps = await gql('{ roleMaps { pageRoles { code } } }', {}, { token });
    expect(firstCode(maps)).toBe('UNAUTHENTICATED');
    // The cookie path too.
    const viaCookie = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `token=${token}` },
      body: JSON.stringify({ query: '{ me { email } }' }),
    });
    expect(await viaCookie.json()).toEqual({ data: { me: null } });
    // Logging out again with the dead token is refused.
    expect(firstCode(await gql('mutation { logout }', {}, { token }))).toBe('UNAUTHENTICATED');
  });
});
