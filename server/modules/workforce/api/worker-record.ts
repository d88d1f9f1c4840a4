/**
 * The worker record (docs/workforce.md "Workers"): one row of /admin/worker
 * opened — the person's profile, their shifts with attendance, pay to date with the payslips, the
 * documents on file — and their employment contract for one job, filled from the company's
 * contract template in the language asked for. Who may open a worker is who sees the row in the
 * workers list (that read model's tenant rule, through `callerSees`), so a company sees a person
 * only once they applied to it and a client user only the people of its jobs. Pay and payslips
 * follow the pay lists' own rule (a client user sees none; a payslip needs its row in the runs list).
 */
import { isLang, pickLang, type Lang } from '../../../../shared/i18n.ts';
import { dateLong, yen } from '../../../../shared/format.ts';
import { z } from 'zod';
import { msg, msgText } from '../../../../shared/messages.ts';
import { isDay } from '../../../../shared/time.ts';
import { todayInJapan } from '../../../time.ts';
import { idSchema, requiredText, validate } from '../../../validation.ts';
import { actingCompanyOf, companyIdOf, isClient, tenantOf } from '../../../access/tenancy.ts';
import { canEnter } from '../../../access/guard.ts';
import { routeByPath } from '../../../access/routes.ts';
import { workersReadModel } from '../defs/workers.ts';
import { payLinesReadModel, payRunsReadModel } from '../../payroll/defs/money.ts';
import { prefectureName } from '../../jobs/prefectures.ts';
import { renderTemplate } from '../../templates/render-template.ts';
import { companyDocument, documentChoiceOptions } from '../../templates/company-document.ts';
import { dispatchComplaints, dispatchLedger, foreignEmploymentReport, recordComplaint, setComplaintHandling } from '../ledgers.ts';
import { contractFacts, PersonFactsInput, savePersonFacts, scopeOf, workerDocuments, workerJobs, workerPay, workerProfile, workerShifts } from '../worker-record.ts';
import type { ApiContext } from '../../../api/context.ts';
import { apiError, badInput, forbidden } from '../../../api/errors.ts';
import { callerSees, rowsCallerSees } from '../../../api/graphql/read-models.ts';
import { type Rules, pages } from '../../../api/rules.ts';
import { isUuid } from '../../../../shared/ids.ts';
import { jaEn } from '../../../api/graphql/both-langs.ts';
import { PAY_RUN_FIELDS, payRunListed } from '../../payroll/api/money.ts';
import { languageNames } from '../../enums/service.ts';

export const typeDefs = /* GraphQL */ `
  "A shift of the worker with the attendance recorded for it (status null: none yet)."
  type WorkerShift {
    applicationId: ID!
    shiftId: ID!
    date: String!
    start: String!
    end: String!
    breakMinutes: Int!
    upcoming: Boolean!
    jobId: ID!
    jobJa: String!
    jobEn: String!
    clientJa: String!
    clientEn: String!
    attendance: String
    clockIn: String
    clockOut: String
  }
  "A monthly pay run of the worker, whose payslip opens on /admin/salary/monthly."
  type WorkerPayRun {
    id: ID!
    ${PAY_RUN_FIELDS}
  }
  "Pay to date at the caller's company: gross pay this month (Japan) and overall, from the pay lines."
  type WorkerPay {
    thisMonth: Int!
    total: Int!
    lines: Int!
    workedMinutes: Int!
    runs: [WorkerPayRun!]!
  }
  "A document the staff registry keeps for the person (same e-mail)."
  type WorkerDocument {
    kind: String!
    number: String
    expiresOn: String
    note: String
  }
  "A job of the caller's the worker applied to."
  type WorkerJob {
    id: ID!
    titleJa: String!
    titleEn: String!
    clientJa: String!
    clientEn: String!
  }
  "A day of the 派遣元管理台帳 (労働者派遣法第37条, 施行規則第31条): a dispatched worker's day at a client."
  type DispatchLedgerRow {
    "The placement (application) of the day: what recordDispatchComplaint takes."
    applicationId: ID!
    date: String!
    client: String!
    place: String!
    work: String!
    start: String!
    end: String!
    breakMinutes: Int!
    minutes: Int!
    "True when start and end are the recorded clock-in and clock-out; false: the schedule."
    recorded: Boolean!
    supervisor: String!
    complaints: String!
  }
  "A complaint a dispatched worker raised about a placement, with how it was handled (施行規則第31条: 苦情の処理状況)."
  type DispatchComplaint {
    id: ID!
    applicationId: ID!
    "The day of the placement's shift."
    shiftDate: String!
    client: String!
    work: String!
    receivedOn: String!
    complaint: String!
    handling: String!
  }
  "A complaint to record on a dispatched placement of the worker: the day received (YYYY-MM-DD, not after today), what it was, how it was handled (may be blank until it is)."
  input DispatchComplaintInput {
    applicationId: ID!
    receivedOn: String!
    complaint: String!
    handling: String
  }
  "The facts of the 外国人雇用状況届出 (労働施策総合推進法第28条, 様式第3号)."
  type ForeignEmploymentReport {
    name: String!
    nameKana: String!
    status: String!
    stayUntil: String
    birthDate: String
    sex: String
    "国籍・地域 in Japanese, as the report is made (the country's Japanese name)."
    nationality: String!
    permission: Boolean!
    cardNumber: String
    hiredOn: String
    leftOn: String
  }
  "One worker as the caller may see them."
  type WorkerRecord {
    id: ID!
    name: String!
    email: String!
    phone: String
    "A country code (ISO 3166-1 alpha-2, 'VN'), or a text stored before nationality was a choice."
    nationality: String!
    visaJa: String
    visaEn: String
    visaExpiry: String
    cardVerified: Boolean!
    "The latest residence-card upload (pending, verified, reupload, rejected), null when none."
    cardCheckId: ID
    cardCheckStatus: String
    permissionOutsideStatus: Boolean!
    languages: [String!]!
    "The languages by name, in the reader's language."
    languageNames: [String!]!
    shifts: [WorkerShift!]!
    "Null when the caller may not see pay (a client user, a role without the pay pages)."
    pay: WorkerPay
    documents: [WorkerDocument!]!
    jobs: [WorkerJob!]!
    "The contract templates the jobs' contracts may be made with: their companies' own, then the platform's (what workerContract takes as templateId)."
    contractTemplates: [ResourceOption!]!
    """
    Whether the caller is on the employer's side (the staffing company, the platform): the
    employment contract, the person's birth date and address and the form that completes them are
    theirs. A client user (the 派遣先) is told none of them: what a dispatching company tells its
    client of a worker is listed in 労働者派遣法第35条 and 施行規則第27条の2・第28条 (name, sex, age
    bracket, insurance), and a worker's address or birth date is not in it.
    """
    employer: Boolean!
    "Null for a client user (employer)."
    birthDate: String
    nameKana: String
    "Null for a client user (employer)."
    address: String
    sex: String
    "The 特定技能 field staff entered at the card check."
    sswField: String
    "The dispatching company's ledger of this worker; null for a client user (the record is the 派遣元's)."
    dispatchLedger: [DispatchLedgerRow!]
    "The complaints of the ledger one by one, to update their handling; null for a client user."
    dispatchComplaints: [DispatchComplaint!]
    "The Hello Work report's facts; null for a client user."
    employmentReport: ForeignEmploymentReport
  }
  "An employment contract filled from the company's contract template, in one language."
  type WorkerContract {
    lang: String!
    title: String!
    body: String!
    workerName: String!
    company: String!
    client: String!
    job: String!
    place: String!
    startDate: String!
    endDate: String!
    wage: String!
  }
  extend type Query {
    "One worker of the caller's workers list; null when the list does not show them."
    workerRecord(id: ID!): WorkerRecord
    "The worker's employment contract for one of their jobs, in lang (ja, en), from the contract template templateId (none: the company's usual one); null when not the caller's, or when the template is not one of the job's company or the platform."
    workerContract(workerId: ID!, jobId: ID!, lang: String!, templateId: ID): WorkerContract
  }
  "The person's facts staff complete on the record (all four are set as given; an empty one is cleared)."
  input PersonFactsInput {
    birthDate: String
    nameKana: String
    address: String
    sex: String
  }
  extend type Mutation {
    "Records a complaint on a dispatched placement of the caller's company (the platform: any); refused to a client user. Returns its id."
    recordDispatchComplaint(input: DispatchComplaintInput!): ID!
    "Sets how a complaint on a dispatched placement of the caller's company was handled."
    setDispatchComplaintHandling(id: ID!, handling: String!): Boolean!
    "Saves a worker's birth date, katakana name, address and sex; audited. Whoever may open the worker's record may edit it."
    editWorkerFacts(id: ID!, input: PersonFactsInput!): WorkerRecord!
  }
`;

/** The workers list shows this person to the caller (the list's own tenant rule and role filter). */
const seesWorker = (ctx: ApiContext, id: string) => callerSees(ctx, workersReadModel, id);

const TEXT_MAX = 2000;
const receivedDay = z
  .string()
  .trim()
  .min(1)
  .refine(isDay, { params: msgText('complaint.day') })
  // A complaint is recorded once it was received: a day after today (in Japan) is a typing slip.
  .refine((d) => d <= todayInJapan(), { params: msgText('complaint.futureDay') });
const ComplaintInput = z.object({ applicationId: idSchema, receivedOn: receivedDay, complaint: requiredText(TEXT_MAX), handling: z.string().trim().max(TEXT_MAX).nullish() });
const HandlingInput = z.object({ id: idSchema, handling: z.string().trim().max(TEXT_MAX) });

/**
 * The company whose ledger the caller writes: its own, the platform any (null); a client user
 * none — the ledger is the dispatching company's (労働者派遣法第37条), as the record shows it.
 */
const ledgerCompany = (ctx: ApiContext) => actingCompanyOf(ctx.tenant);
const actorOf = (ctx: ApiContext) => ({ id: ctx.user!.id, name: ctx.user!.name });

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const resolvers = {
  Query: {
    workerRecord: async (_: unknown, a: { id: string }, ctx: ApiContext) => {
      if (!(await seesWorker(ctx, a.id))) return null;
      const db = ctx.services.db;
      const tenant = ctx.tenant;
      const scope = scopeOf(tenant)!;
      const companyId = companyIdOf(tenant);
      const p = await workerProfile(db, a.id);
      if (!p) return null;
      const maps = await ctx.services.roleMaps.get();
      // Pay is the staffing company's: shown to whoever may open a pay list, never to a client user.
      const seesPay = !isClient(tenant) && [payLinesReadModel, payRunsReadModel].some((m) => m.screens.some((s) => canEnter(maps, ctx.user!.role, routeByPath(s.path)?.code)));
      const [shifts, jobs, documents, pay, dispatchLedgerRows, employmentReport, complaints] = await Promise.all([
        workerShifts(db, scope, a.id),
        workerJobs(db, scope, a.id),
        isClient(tenant) ? [] : workerDocuments(db, companyId, p.email),
        seesPay ? workerPay(db, companyId, a.id) : null,
        isClient(tenant) ? null : dispatchLedger(db, companyId, a.id),
        isClient(tenant) ? null : foreignEmploymentReport(db, companyId, a.id),
        isClient(tenant) ? null : dispatchComplaints(db, companyId, a.id),
      ]);
      // A payslip link only where the runs list would show the run (the payslip's own rule).
      const runs = pay
        ? await rowsCallerSees(
            ctx,
            payRunsReadModel,
            pay.runs.map((r) => r.id),
            maps,
          )
        : [];
      const openRuns = new Set(runs.map((r) => String(r.id)));
      const employer = !isClient(tenant);
      const contractTemplates = employer && jobs.length ? await documentChoiceOptions(db, 'contract', [...new Set(jobs.map((j) => j.company_id))]) : [];
      const [cardCheckId, cardCheckStatus] = p.latest_card ? p.latest_card.split(':') : [null, null];
      return {
        id: p.id,
        name: p.name,
        email: p.email,
        phone: p.phone,
        nationality: p.nationality,
        ...jaEn('visa', p.visa_ja, p.visa_en),
        visaExpiry: p.visa_expiry,
        cardVerified: p.card_verified,
        cardCheckId,
        cardCheckStatus,
        permissionOutsideStatus: p.permission_outside_status,
        languages: p.languages,
        languageNames: await languageNames(db, p.languages, ctx.lang),
        employer,
        birthDate: employer ? p.birth_date : null,
        nameKana: p.name_kana,
        address: employer ? p.address : null,
        sex: p.sex,
        sswField: p.ssw_field,
        dispatchLedger: dispatchLedgerRows,
        dispatchComplaints: complaints,
        employmentReport,
        shifts: shifts.map((s) => ({
          applicationId: s.application_id,
          shiftId: s.shift_id,
          date: s.date,
          start: s.start,
          end: s.end,
          breakMinutes: s.break_minutes,
          upcoming: s.upcoming,
          jobId: s.job_id,
          ...jaEn('job', s.title_ja, s.title_en),
          ...jaEn('client', s.client_ja, s.client_en),
          attendance: s.attendance,
          clockIn: iso(s.clock_in),
          clockOut: iso(s.clock_out),
        })),
        pay: pay && {
          thisMonth: pay.month,
          total: pay.total,
          lines: pay.lines,
          workedMinutes: pay.minutes,
          runs: pay.runs.filter((r) => openRuns.has(r.id)).map((r) => payRunListed(r)),
        },
        documents: documents.map((d) => ({ kind: d.kind, number: d.number, expiresOn: d.expires_on, note: d.note })),
        jobs: jobs.map((j) => ({ id: j.id, ...jaEn('title', j.title_ja, j.title_en), ...jaEn('client', j.client_ja, j.client_en) })),
        contractTemplates,
      };
    },
    workerContract: async (_: unknown, a: { workerId: string; jobId: string; lang: string; templateId?: string | null }, ctx: ApiContext) => {
      // The contract is the employer's with the worker (and names the wage): never a client user's.
      if (isClient(ctx.tenant) || !isUuid(a.jobId) || !(await seesWorker(ctx, a.workerId))) return null;
      const lang: Lang = isLang(a.lang) ? a.lang : ctx.lang;
      const db = ctx.services.db;
      const f = await contractFacts(db, scopeOf(ctx.tenant)!, a.workerId, a.jobId);
      if (!f) return null;
      const chosen = a.templateId || null;
      const template = await companyDocument(db, 'contract', f.company_id, chosen);
      // A template of another company, or not a contract one, is not there for this contract.
      if (chosen && !template) return null;
      const start = f.first_day ?? f.applied_on;
      const values = {
        worker: f.worker,
        company: pickLang(lang, f.company_ja, f.company_en),
        client: pickLang(lang, f.client_ja, f.client_en),
        job: pickLang(lang, f.title_ja, f.title_en),
        place: [prefectureName(f.prefecture, lang), pickLang(lang, f.city, f.city_en)].filter(Boolean).join(' '),
        start_date: dateLong(start, lang),
        end_date: f.last_day ? dateLong(f.last_day, lang) : '—',
        wage: yen(f.shift_wage ?? f.wage),
      };
      return {
        lang,
        title: renderTemplate(template ? pickLang(lang, template.subject_ja, template.subject_en) : '', values),
        body: renderTemplate(template ? pickLang(lang, template.body_ja, template.body_en) : '', values),
        workerName: values.worker,
        company: values.company,
        client: values.client,
        job: values.job,
        place: values.place,
        startDate: values.start_date,
        endDate: values.end_date,
        wage: values.wage,
      };
    },
  },
  Mutation: {
    recordDispatchComplaint: async (_: unknown, a: { input: unknown }, ctx: ApiContext) => {
      const v = validate(ComplaintInput, a.input, ctx.lang, new Set(['applicationId']));
      if (!v.ok) throw badInput(ctx.lang, v.errors);
      const company = ledgerCompany(ctx);
      if (company === 'none') throw apiError('NOT_FOUND', msg(ctx.lang, 'complaint.notFound'));
      const r = await recordComplaint(ctx.services.db, actorOf(ctx), company, { ...v.data, handling: v.data.handling ?? '' });
      if (!r.ok) throw apiError('NOT_FOUND', msg(ctx.lang, 'complaint.notFound'));
      return r.id;
    },
    setDispatchComplaintHandling: async (_: unknown, a: { id: string; handling: string }, ctx: ApiContext) => {
      const v = validate(HandlingInput, a, ctx.lang);
      const company = ledgerCompany(ctx);
      if (company === 'none' || (!v.ok && v.errors.id)) throw apiError('NOT_FOUND', msg(ctx.lang, 'complaint.gone'));
      if (!v.ok) throw badInput(ctx.lang, v.errors);
      if (!(await setComplaintHandling(ctx.services.db, actorOf(ctx), company, v.data.id, v.data.handling))) throw apiError('NOT_FOUND', msg(ctx.lang, 'complaint.gone'));
      return true;
    },
    editWorkerFacts: async (_: unknown, a: { id: string; input: Record<string, unknown> }, ctx: ApiContext) => {
      const lang = ctx.lang;
      if (!(await seesWorker(ctx, a.id))) throw apiError('NOT_FOUND', msg(lang, 'error.notFound'));
      // The person's facts are the employer's to keep (WorkerRecord.employer).
      if (isClient(ctx.tenant)) throw forbidden(lang);
      const i = a.input;
      const v = validate(PersonFactsInput, { birth_date: i.birthDate ?? null, name_kana: i.nameKana ?? '', address: i.address ?? '', sex: i.sex ?? null }, lang);
      if (!v.ok) {
        const field: Record<string, string> = { birth_date: 'birthDate', name_kana: 'nameKana', address: 'address', sex: 'sex' };
        throw badInput(lang, Object.fromEntries(Object.entries(v.errors).map(([k, e]) => [field[k] ?? k, e])));
      }
      const user = ctx.user!;
      if (!(await savePersonFacts(ctx.services.db, { id: user.id, name: user.name }, tenantOf(user), a.id, v.data))) throw apiError('NOT_FOUND', msg(lang, 'error.notFound'));
      return (await resolvers.Query.workerRecord(_, { id: a.id }, ctx))!;
    },
  },
};

/** Who may run each root field of this module (server/api/rules.ts; codes from the route table). */
export const rules: Rules = {
  // The worker record: whoever opens the workers list; the person must be a row of it.
  'Query.workerRecord': pages('/admin/worker'),
  // The record's own code; the tenant rule is the record's (seesWorker).
  'Mutation.editWorkerFacts': pages('/admin/worker'),
  'Query.workerContract': pages('/admin/worker'),
  // Complaints are written where the ledger is read: the worker record (160001); the company
  // check (a client user none, another company's placement not found) is in the resolver.
  'Mutation.recordDispatchComplaint': pages('/admin/worker'),
  'Mutation.setDispatchComplaintHandling': pages('/admin/worker'),
};
