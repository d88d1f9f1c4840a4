/**
 * The applicant record (/admin/candidate/[id]): one application with the person,
 * the job and shift, the status path and the moves the caller may make, the conversation's latest
 * messages, attendance and the history. Who may read it is who may see the row in the applicant
 * lists (the read model's tenant and per-screen narrowing): one rule for both.
 */
import { pickLang } from '../../../../shared/i18n.ts';
import { msg } from '../../../../shared/messages.ts';
import { isClient } from '../../../access/tenancy.ts';
import { routeByPath } from '../../../access/routes.ts';
import { canEnter } from '../../../access/guard.ts';
import { LIST_CODES } from '../../../access/codes.ts';
import { tenantStatuses } from '../statuses.ts';
import { askedBefore, statusMoves, statusPath, statusRoots } from '../../templates/status-tree.ts';
import { applicationsReadModel } from '../defs/applications.ts';
import { checkListView } from '../../../resources/list.ts';
import { listReadModel } from '../../../resources/read-model.ts';
import type { ApiContext } from '../../../api/context.ts';
import { apiError, badInput, forbidden } from '../../../api/errors.ts';
import { validate } from '../../../validation.ts';
import { InterviewInput, scheduleInterview } from '../interviews.ts';
import { attendanceRecord } from '../attendance.ts';
import { callerSees, fixedFor } from '../../../api/graphql/read-models.ts';
import { applicantDocuments, applicationHistory, applicationRecord, interviewClashes, interviewsOfApplication, latestMessages } from '../repo.ts';
import { languageNames } from '../../enums/service.ts';
import { todayInJapan } from '../../../../shared/time.ts';
import { type Rules, pages } from '../../../api/rules.ts';
import { isUuid } from '../../../../shared/ids.ts';

export const typeDefs = /* GraphQL */ `
  "A status named in both languages."
  type StatusRef {
    value: ID!
    ja: String!
    en: String!
  }
  "A status the application may move to, and what is asked before."
  type StatusMoveRef {
    value: ID!
    ja: String!
    en: String!
    "Asked before the move, in the caller's language (a close tells the candidate by chat and mail, which cannot be taken back); null when nothing is asked."
    confirm: String
  }
  "A message of the application's conversation, as the record shows it."
  type RecordMessage {
    seq: Int!
    senderRole: String!
    senderName: String
    content: String!
    messageType: Int!
    createdAt: String!
  }
  "What was recorded on the day (shukkin)."
  type AttendanceRecord {
    status: String!
    clockIn: String
    clockOut: String
    breakMinutes: Int!
    recordedBy: String!
  }
  "One change of the application: who, when, and the status it went from and to (names in the caller's language)."
  type ApplicationChange {
    at: String!
    actor: String!
    from: String
    to: String
    note: String
  }
  "An interview of the application."
  type RecordInterview {
    id: ID!
    startsAt: String!
    minutes: Int!
    place: String!
    onlineUrl: String!
    interviewers: String!
    status: String!
  }
  "What a person enters to schedule an interview: a day and time in Japan, a length, and a place or an https link."
  input InterviewInput {
    date: String!
    time: String!
    minutes: Int!
    place: String
    onlineUrl: String
    interviewers: String
  }
  "A document the company keeps for the person in its staff registry (residence card, passport, …)."
  type RecordDocument {
    kind: String!
    number: String
    expiresOn: String
    note: String
    "The registry record it belongs to."
    staffId: ID!
  }
  "An interview of the person that falls in the time of one of their shifts (both in Japan time)."
  type InterviewClash {
    interviewId: ID!
    startsAt: String!
    minutes: Int!
    shiftDate: String!
    shiftStart: String!
    shiftEnd: String!
    "The job of the shift, in the caller's language."
    jobTitle: String!
  }
  "One application as its record page shows it."
  type ApplicantRecord {
    id: ID!
    candidateName: String!
    candidateEmail: String!
    phone: String
    nationality: String
    visaType: String
    visaExpiry: String
    "Days until the residence card expires (negative once expired); null when unknown."
    visaDaysLeft: Int
    "The languages the person speaks, as codes (ja, en, vi, …)."
    languages: [String!]!
    "The same languages by name, in the caller's language (a code the platform does not know stays a code)."
    languageNames: [String!]!
    jobId: ID!
    jobKind: String!
    jobTitle: String!
    clientName: String!
    shiftDate: String
    shiftStart: String
    shiftEnd: String
    status: StatusRef!
    "The status path from the root (SPEC §3 roots)."
    statusPath: [StatusRef!]!
    list: String!
    "The moves the caller may make from here, in the tree's order (forward, back, close)."
    moves: [StatusMoveRef!]!
    conversationId: ID
    "The latest messages of the conversation, oldest first (at most 20)."
    messages: [RecordMessage!]!
    attendance: AttendanceRecord
    history: [ApplicationChange!]!
    interviews: [RecordInterview!]!
    "The documents the company's staff registry holds for the person (the registry row linked to the person, else matched by e-mail)."
    documents: [RecordDocument!]!
    "The person's scheduled interviews with this company that overlap one of their shifts with it (an application not closed), soonest first."
    interviewClashes: [InterviewClash!]!
    "Placed by dispatch (true, the platform's default) or employed directly by the client (false): the placement rules read it (docs/workforce.md)."
    dispatch: Boolean!
    "The caller may record dispatch or direct employment here (setPlacementDispatch): a company or platform user who assigns shifts, while the application is not in a working status."
    dispatchEditable: Boolean!
    createdAt: String!
    updatedAt: String!
  }
  "SPEC §3 'Candidate lists': a status path entry with its names in both languages."
  type CandidateRootTranslate {
    language_key: String!
    name: String!
  }
  type CandidateRoot {
    status_id: ID!
    translate: [CandidateRootTranslate!]!
  }
  "SPEC §3 candidate row (candidate_name is given on every list; the spec names it for kakunin)."
  type CandidateListRow {
    id: ID!
    roots: [CandidateRoot!]!
    candidate_status_id: ID!
    chat_status: Int!
    conversation_id: ID
    is_read: Int!
    message_count: Int!
    updated_at: String!
    candidate_name: String!
  }
  "SPEC §7 'value and count', with SPEC §3's row_count (candidates) and kakunin_size (kakunins)."
  type CandidateListPage {
    value: [CandidateListRow!]!
    count: Int!
    row_count: Int
    kakunin_size: Int
  }
  extend type Query {
    "One application of the caller's tenant that the caller's applicant screens show; null when not."
    applicantRecord(id: ID!): ApplicantRecord
    "A SPEC §3 list (candidates, kakunins or shukkins) of the caller's tenant, last changed first."
    candidateList(list: String!, page: Int = 1, size: Int = 20): CandidateListPage!
  }
  extend type Mutation {
    "Schedules an interview for an application of the caller's tenant and invites the candidate (mail with a calendar file, chat)."
    scheduleInterview(applicationId: ID!, input: InterviewInput!): ID!
  }
`;

const DAY_MS = 86_400_000;

const LIST_FILTER = { candidates: 'candidate', kakunins: 'kakunin', shukkins: 'shukkin' } as const;

export const resolvers = {
  Query: {
    candidateList: async (_: unknown, a: { list: string; page: number; size: number }, ctx: ApiContext) => {
      const list = a.list as keyof typeof LIST_FILTER;
      if (!Object.hasOwn(LIST_FILTER, list)) throw badInput(ctx.lang, { list: msg(ctx.lang, 'validation.choice') });
      const checked = checkListView({ page: a.page, size: a.size });
      if (!checked.ok) throw badInput(ctx.lang, { [checked.field]: msg(ctx.lang, checked.field === 'size' ? 'list.badSize' : 'list.badPage') });
      const maps = await ctx.services.roleMaps.get();
      // The list's own code (a kakunin-only role reads kakunins, not candidates).
      if (!LIST_CODES[LIST_FILTER[list]].some((code) => canEnter(maps, ctx.user!.role, code))) throw forbidden(ctx.lang);
      const tenant = ctx.tenant;
      const fixed = fixedFor(applicationsReadModel, maps, ctx.user!.role);
      const r = await listReadModel(ctx.services.db, applicationsReadModel, tenant, ctx.lang, fixed, { page: a.page, size: a.size, filter: { list: LIST_FILTER[list] } });
      const statuses = await tenantStatuses(ctx.services.db, tenant);
      const value = r.rows.map((row) => ({
        id: row.id,
        roots: statusRoots(statuses, String(row.status)),
        candidate_status_id: String(row.status),
        chat_status: Number(row.chatStatus ?? 1),
        conversation_id: row.conversationId ?? null,
        is_read: Number(row.unread ?? 0) > 0 ? 0 : 1,
        message_count: Number(row.unread ?? 0),
        updated_at: String(row.updatedAt),
        candidate_name: String(row.candidateName),
      }));
      return { value, count: r.total, row_count: list === 'candidates' ? r.total : null, kakunin_size: list === 'kakunins' ? r.total : null };
    },
    applicantRecord: async (_: unknown, a: { id: string }, ctx: ApiContext) => {
      const maps = await ctx.services.roleMaps.get();
      if (!(await callerSees(ctx, applicationsReadModel, a.id, maps))) return null;
      const db = ctx.services.db;
      const tenant = ctx.tenant;
      const r = await applicationRecord(db, a.id);
      const statuses = await tenantStatuses(db, tenant);
      const name = (s: { id: string; name_ja: string; name_en: string }) => ({ value: s.id, ja: s.name_ja, en: s.name_en });
      const byId = new Map(statuses.map((s) => [s.id, s]));
      const current = byId.get(r.candidate_status_id);
      if (!current) throw apiError('INTERNAL', msg(ctx.lang, 'error.internal'));
      const mayEnter = (list: keyof typeof LIST_CODES) => LIST_CODES[list].some((code) => canEnter(maps, ctx.user!.role, code));
      const moves = statusMoves(statuses)
        .filter((m) => m.from === current.id && mayEnter(m.list))
        .map((m) => {
          const to = byId.get(m.to)!;
          const ask = askedBefore(m.kind);
          return { ...name(to), confirm: ask ? msg(ctx.lang, ask, { state: pickLang(ctx.lang, to.name_ja, to.name_en) }) : null };
        });
      const [messages, history, interviews, documents, clashes, names] = await Promise.all([
        r.conversation_id ? latestMessages(db, r.conversation_id) : [],
        applicationHistory(db, r.id),
        interviewsOfApplication(db, r.id),
        applicantDocuments(db, r.id, r.email),
        interviewClashes(db, r.candidate_id, r.company_id),
        languageNames(db, r.languages ?? [], ctx.lang),
      ]);
      const statusName = (id: unknown) => {
        const s = typeof id === 'string' ? byId.get(id) : undefined;
        return s ? pickLang(ctx.lang, s.name_ja, s.name_en) : null;
      };
      const days = r.visa_expiry ? Math.round((Date.parse(r.visa_expiry) - Date.parse(todayInJapan())) / DAY_MS) : null;
      return {
        id: r.id,
        candidateName: r.name,
        candidateEmail: r.email,
        phone: r.phone ?? null,
        nationality: r.nationality ?? null,
        visaType: r.visa_ja ? pickLang(ctx.lang, r.visa_ja, r.visa_en) : null,
        visaExpiry: r.visa_expiry ?? null,
        visaDaysLeft: days,
        languages: r.languages ?? [],
        languageNames: names,
        jobId: r.job_id,
        jobKind: r.kind,
        jobTitle: pickLang(ctx.lang, r.title_ja, r.title_en),
        clientName: pickLang(ctx.lang, r.client, r.client_en),
        shiftDate: r.date ?? null,
        shiftStart: r.start_time?.slice(0, 5) ?? null,
        shiftEnd: r.end_time?.slice(0, 5) ?? null,
        status: name(current),
        statusPath: statusPath(statuses, current.id).map(name),
        list: current.list,
        moves,
        conversationId: r.conversation_id ?? null,
        messages: messages
          .reverse()
          .map((m) => ({ seq: Number(m.seq), senderRole: m.sender_role, senderName: m.sender_name ?? null, content: m.content, messageType: m.message_type, createdAt: m.created_at.toISOString() })),
        attendance: attendanceRecord({ ...r, status: r.at_status }),
        history: history.map((h) => {
          const c = (h.changes ?? {}) as Record<string, { from?: unknown; to?: unknown } | unknown>;
          const st = c.status as { from?: unknown; to?: unknown } | undefined;
          return {
            at: h.at.toISOString(),
            actor: h.actor_name ?? '',
            from: st ? statusName(st.from) : null,
            to: st ? statusName(st.to) : null,
            note: c.confirmedBy === 'candidate' ? msg(ctx.lang, 'applicant.confirmedByCandidate') : c.chat_status ? msg(ctx.lang, 'applicant.chatTakenOver') : null,
          };
        }),
        documents: documents.map((d) => ({ kind: d.kind, number: d.number ?? null, expiresOn: d.expires_on ?? null, note: d.note ?? null, staffId: d.staff_id })),
        interviews: interviews.map((i) => ({
          id: i.id,
          startsAt: i.starts_at.toISOString(),
          minutes: i.minutes,
          place: i.place,
          onlineUrl: i.online_url,
          interviewers: i.interviewers,
          status: i.status,
        })),
        interviewClashes: clashes.map((c) => ({
          interviewId: c.interview_id,
          startsAt: c.starts_at.toISOString(),
          minutes: c.minutes,
          shiftDate: c.date,
          shiftStart: c.start_time,
          shiftEnd: c.end_time,
          jobTitle: pickLang(ctx.lang, c.title_ja, c.title_en),
        })),
        dispatch: r.dispatch,
        dispatchEditable: !isClient(tenant) && current.list !== 'kakunin' && current.list !== 'shukkin' && canEnter(maps, ctx.user!.role, routeByPath('/admin/shift')?.code),
        createdAt: r.created_at.toISOString(),
        updatedAt: r.updated_at.toISOString(),
      };
    },
  },
  Mutation: {
    scheduleInterview: async (_: unknown, a: { applicationId: string; input: unknown }, ctx: ApiContext) => {
      const v = validate(InterviewInput, a.input, ctx.lang);
      if (!v.ok) throw badInput(ctx.lang, v.errors);
      if (!isUuid(a.applicationId)) throw apiError('NOT_FOUND', msg(ctx.lang, 'error.notFound'));
      const r = await scheduleInterview(ctx.services, { name: ctx.user!.name, tenant: ctx.tenant }, a.applicationId, v.data);
      if (!r.ok) {
        if (r.reason === 'past') throw badInput(ctx.lang, { date: msg(ctx.lang, 'interview.past') });
        throw apiError('NOT_FOUND', msg(ctx.lang, 'error.notFound'));
      }
      return r.id;
    },
  },
};

/** Who may run each root field of this module (server/api/rules.ts; codes from the route table). */
export const rules: Rules = {
  // The applicant record: whoever works an applicant list; the row must be one their lists show.
  'Query.applicantRecord': pages('/admin/candidate', '/v3/admin/candidate/other', '/admin/candidate/shukkin', '/admin/candidate/kakunin'),
  // SPEC §3 candidate lists: whoever works one of them; the resolver asks for the list's own code.
  'Query.candidateList': pages('/admin/candidate', '/v3/admin/candidate/other', '/admin/candidate/shukkin', '/admin/candidate/kakunin'),
  // Interviews: whoever works the interviews page; the application must be the caller's tenant's.
  'Mutation.scheduleInterview': pages('/admin/interview'),
};
