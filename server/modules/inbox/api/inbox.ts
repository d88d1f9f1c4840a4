/**
 * The staff inbox (docs/inbox.md): every conversation the caller may chat in, in one list, with
 * its status, assignee, private notes, canned replies and a weekly report. Whoever may open some
 * kind of conversation may use it (the chat codes); each conversation is then checked as the chat
 * checks it (a row of another tenant, or of a kind the role does not open, is "not found").
 */
import { z } from 'zod';
import { msg } from '../../../../shared/messages.ts';
import { todayInJapan } from '../../../time.ts';
import { viewerOf } from '../../../chat/queries.ts';
import { inboxPage, type InboxCursor, type InboxRow } from '../list.ts';
import { addNote, assignConversation, colleaguesFor, historyOf, MAX_NOTE_LENGTH, notesOf, setInboxStatus } from '../conversation.ts';
import { cannedProblems, cannedReplies, deleteCannedReply, fillCanned, placeholderValues, saveCannedReply } from '../canned.ts';
import { inboxReport, MAX_REPORT_WEEKS } from '../report.ts';
import { glanceOf } from '../glance.ts';
import type { ApiContext } from '../../../api/context.ts';
import { apiError, badInput, forbidden } from '../../../api/errors.ts';
import { type Rules, pages } from '../../../api/rules.ts';
import { idSchema } from '../../../validation.ts';
import { isUuid } from '../../../../shared/ids.ts';

export const typeDefs = /* GraphQL */ `
  "Which conversations the inbox lists; every field narrows, none lists all."
  input InboxFilter {
    "Words that must all appear in the candidate's name or in one message (Japanese or English)."
    search: String
    "Only conversations with messages the caller has not read."
    unread: Boolean
    "me, none, or a colleague's id."
    assignee: String
    "open, resolved or snoozed (a snooze that has run out is open)."
    status: String
    "application, shift, support or scout."
    kind: String
    jobId: ID
    clientId: ID
  }
  type InboxConversation {
    id: ID!
    kind: String!
    "The chat's type: 1 a daily job's conversation, 2 any other."
    type: Int!
    candidateId: ID!
    candidateName: String!
    companyName: String!
    companyNameEn: String!
    jobId: ID
    jobTitleJa: String
    jobTitleEn: String
    shiftId: ID
    shiftDate: String
    applicationId: ID
    status: String!
    snoozedUntil: String
    assigneeId: ID
    assigneeName: String
    unread: Int!
    lastMessageAt: String
    lastMessage: String!
    lastSenderRole: String
    clientId: ID
    clientName: String
    clientNameEn: String
  }
  type InboxPage {
    rows: [InboxConversation!]!
    "Pass as after for the next page; null on the last page."
    next: String
  }
  type InboxNote {
    id: ID!
    authorName: String!
    body: String!
    mentions: [ID!]!
    createdAt: String!
  }
  type InboxEvent {
    kind: String!
    actorName: String
    assigneeName: String
    snoozedUntil: String
    at: String!
  }
  type InboxColleague {
    id: ID!
    name: String!
  }
  type CannedReply {
    id: ID!
    title: String!
    bodyJa: String!
    bodyEn: String!
    updatedAt: String!
  }
  "A canned reply filled for one conversation, in the candidate's language."
  type FilledReply {
    id: ID!
    title: String!
    text: String!
    lang: String!
  }
  type InboxReportRow {
    week: String!
    staffId: ID!
    staffName: String!
    responses: Int!
    responseMedianSeconds: Int
    responseAverageSeconds: Int
    resolutions: Int!
    resolutionMedianSeconds: Int
  }
  type InboxShift {
    date: String!
    start: String!
    end: String!
    titleJa: String!
    titleEn: String
  }
  "The candidate at a glance beside the conversation (the pipeline's and the workforce's records)."
  type InboxGlance {
    statusJa: String
    statusEn: String
    nextShift: InboxShift
    cardExpiry: String
    "The candidate's language (ja or en)."
    lang: String!
  }
  "Everything the inbox page shows beside one open conversation."
  type InboxOpen {
    conversation: InboxConversation!
    notes: [InboxNote!]!
    history: [InboxEvent!]!
    colleagues: [InboxColleague!]!
    replies: [FilledReply!]!
    glance: InboxGlance
    "The translation link's address ({text}, {lang}: TRANSLATE_URL_TEMPLATE); null when none is configured."
    translateTemplate: String
  }
  input CannedReplyInput {
    id: ID
    title: String!
    bodyJa: String!
    bodyEn: String!
  }

  extend type Query {
    "The caller's conversations, newest activity first, 30 a page (at most 100)."
    inbox(filter: InboxFilter, after: String, first: Int): InboxPage!
    "A conversation's private notes (never shown to the candidate)."
    inboxNotes(conversationId: ID!): [InboxNote!]!
    "Who assigned, resolved, snoozed or reopened the conversation, and when."
    inboxHistory(conversationId: ID!): [InboxEvent!]!
    "The colleagues who may open the conversation (to assign it or mention them)."
    inboxColleagues(conversationId: ID!): [InboxColleague!]!
    "One conversation of the caller's inbox with its notes, history, colleagues, filled replies and the candidate at a glance; null when the caller may not open it."
    inboxOpen(conversationId: ID!): InboxOpen
    "The caller's company's canned replies (the platform's own for platform staff)."
    cannedReplies: [CannedReply!]!
    "The canned replies filled for one conversation, in its candidate's language."
    filledReplies(conversationId: ID!): [FilledReply!]!
    "First response and resolution times per staff member and week, the newest week first."
    inboxReport(weeks: Int): [InboxReportRow!]!
  }

  extend type Mutation {
    "Assigns the conversation to a colleague who may open it (they are notified), or to nobody (null)."
    assignConversation(conversationId: ID!, assigneeId: ID): Boolean!
    "Sets the conversation open, resolved, or snoozed until a time (ISO, within 90 days)."
    setConversationStatus(conversationId: ID!, status: String!, snoozedUntil: String): Boolean!
    "A private note; each mentioned colleague is notified."
    addConversationNote(conversationId: ID!, body: String!, mentions: [ID!]): InboxNote!
    saveCannedReply(input: CannedReplyInput!): ID!
    deleteCannedReply(id: ID!): Boolean!
  }
`;

const Filter = z
  .object({
    search: z.string().max(200).nullish(),
    unread: z.boolean().nullish(),
    assignee: z.union([z.literal('me'), z.literal('none'), idSchema]).nullish(),
    status: z.enum(['open', 'resolved', 'snoozed']).nullish(),
    kind: z.enum(['application', 'shift', 'support', 'scout']).nullish(),
    jobId: idSchema.nullish(),
    clientId: idSchema.nullish(),
  })
  .nullish();
const Cursor = z.object({ at: z.iso.datetime().nullable(), id: idSchema });

const notFound = (ctx: ApiContext) => apiError('NOT_FOUND', msg(ctx.lang, 'error.notFound'));
const viewer = async (ctx: ApiContext) => viewerOf(ctx.user!, await ctx.services.roleMaps.get());
const actor = (ctx: ApiContext) => ({ id: ctx.user!.id, name: ctx.user!.name });
function conversationId(ctx: ApiContext, id: string): string {
  if (!isUuid(id)) throw notFound(ctx);
  return id;
}

const encodeCursor = (c: InboxCursor) => Buffer.from(JSON.stringify(c)).toString('base64url');
function decodeCursor(ctx: ApiContext, s: string | null | undefined): InboxCursor | null {
  if (!s) return null;
  try {
    const v = Cursor.safeParse(JSON.parse(Buffer.from(s, 'base64url').toString('utf8')));
    if (v.success) return v.data;
  } catch {
    // a cursor that is not JSON is as bad as one of the wrong shape
  }
  throw badInput(ctx.lang, { after: msg(ctx.lang, 'list.badCursor') });
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const conversationOut = (r: InboxRow) => ({ ...r, snoozedUntil: iso(r.snoozedUntil), lastMessageAt: iso(r.lastMessageAt) });

export const resolvers = {
  Query: {
    inbox: async (_: unknown, a: { filter?: unknown; after?: string | null; first?: number | null }, ctx: ApiContext) => {
      const f = Filter.safeParse(a.filter);
      if (!f.success) throw badInput(ctx.lang, Object.fromEntries(f.error.issues.map((i) => [String(i.path[0] ?? '_'), msg(ctx.lang, 'validation.invalid')])));
      const first = a.first ?? 30;
      if (!Number.isInteger(first) || first < 1 || first > 100) throw badInput(ctx.lang, { first: msg(ctx.lang, 'list.badSize') });
      const v = f.data ?? {};
      const page = await inboxPage(
        ctx.services.db,
        await viewer(ctx),
        ctx.lang,
        {
          ...(v.search ? { search: v.search } : {}),
          ...(v.unread ? { unread: true } : {}),
          ...(v.assignee ? { assignee: v.assignee } : {}),
          ...(v.status ? { status: v.status } : {}),
          ...(v.kind ? { kind: v.kind } : {}),
          ...(v.jobId ? { jobId: v.jobId } : {}),
          ...(v.clientId ? { clientId: v.clientId } : {}),
        },
        decodeCursor(ctx, a.after),
        first,
      );
      return { rows: page.rows.map(conversationOut), next: page.next ? encodeCursor(page.next) : null };
    },
    inboxOpen: async (_: unknown, a: { conversationId: string }, ctx: ApiContext) => {
      if (!isUuid(a.conversationId)) return null;
      const v = await viewer(ctx);
      const [row] = (await inboxPage(ctx.services.db, v, ctx.lang, { id: a.conversationId }, null, 1)).rows;
      if (!row) return null;
      const args = { conversationId: row.id };
      const [notes, history, colleagues, replies, glance] = await Promise.all([
        resolvers.Query.inboxNotes(_, args, ctx),
        resolvers.Query.inboxHistory(_, args, ctx),
        resolvers.Query.inboxColleagues(_, args, ctx),
        resolvers.Query.filledReplies(_, args, ctx),
        glanceOf(ctx.services.db, v, row.id),
      ]);
      return { conversation: conversationOut(row), notes, history, colleagues, replies, glance, translateTemplate: ctx.services.config.translateUrlTemplate ?? null };
    },
    inboxNotes: async (_: unknown, a: { conversationId: string }, ctx: ApiContext) => {
      const notes = await notesOf(ctx.services.db, await viewer(ctx), conversationId(ctx, a.conversationId));
      if (!notes) throw notFound(ctx);
      return notes.map((n) => ({ ...n, createdAt: n.createdAt.toISOString() }));
    },
    inboxHistory: async (_: unknown, a: { conversationId: string }, ctx: ApiContext) => {
      const events = await historyOf(ctx.services.db, await viewer(ctx), conversationId(ctx, a.conversationId));
      if (!events) throw notFound(ctx);
      return events.map((e) => ({ ...e, snoozedUntil: iso(e.snoozedUntil), at: e.at.toISOString() }));
    },
    inboxColleagues: async (_: unknown, a: { conversationId: string }, ctx: ApiContext) => {
      const people = await colleaguesFor(ctx.services.db, await ctx.services.roleMaps.get(), await viewer(ctx), conversationId(ctx, a.conversationId));
      if (!people) throw notFound(ctx);
      return people;
    },
    cannedReplies: async (_: unknown, __: unknown, ctx: ApiContext) => (await cannedReplies(ctx.services.db, await viewer(ctx))).map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() })),
    filledReplies: async (_: unknown, a: { conversationId: string }, ctx: ApiContext) => {
      const v = await viewer(ctx);
      const values = await placeholderValues(ctx.services.db, v, conversationId(ctx, a.conversationId));
      if (!values) throw notFound(ctx);
      return (await cannedReplies(ctx.services.db, v)).map((r) => ({ id: r.id, title: r.title, text: fillCanned(r, values.lang, values.values), lang: values.lang }));
    },
    inboxReport: async (_: unknown, a: { weeks?: number | null }, ctx: ApiContext) => {
      const weeks = a.weeks ?? 8;
      if (!Number.isInteger(weeks) || weeks < 1 || weeks > MAX_REPORT_WEEKS) throw badInput(ctx.lang, { weeks: msg(ctx.lang, 'validation.outOfRange') });
      return inboxReport(ctx.services.db, await viewer(ctx), todayInJapan(), weeks);
    },
  },
  Mutation: {
    assignConversation: async (_: unknown, a: { conversationId: string; assigneeId?: string | null }, ctx: ApiContext) => {
      const id = conversationId(ctx, a.conversationId);
      if (a.assigneeId && !isUuid(a.assigneeId)) throw badInput(ctx.lang, { assigneeId: msg(ctx.lang, 'inbox.notColleague') });
      const r = await assignConversation(ctx.services.db, ctx.services.bus, await ctx.services.roleMaps.get(), await viewer(ctx), actor(ctx), id, a.assigneeId ?? null);
      if (r === 'not-found') throw notFound(ctx);
      if (r === 'assignee') throw badInput(ctx.lang, { assigneeId: msg(ctx.lang, 'inbox.notColleague') });
      return true;
    },
    setConversationStatus: async (_: unknown, a: { conversationId: string; status: string; snoozedUntil?: string | null }, ctx: ApiContext) => {
      const id = conversationId(ctx, a.conversationId);
      const status = z.enum(['open', 'resolved', 'snoozed']).safeParse(a.status);
      if (!status.success) throw badInput(ctx.lang, { status: msg(ctx.lang, 'validation.choice') });
      const until = a.snoozedUntil ? z.iso.datetime({ offset: true }).safeParse(a.snoozedUntil) : null;
      if (until && !until.success) throw badInput(ctx.lang, { snoozedUntil: msg(ctx.lang, 'inbox.snoozeTime') });
      const r = await setInboxStatus(ctx.services.db, await viewer(ctx), actor(ctx), id, status.data, until ? new Date(until.data!) : null);
      if (r === 'not-found') throw notFound(ctx);
      if (r === 'snooze-time') throw badInput(ctx.lang, { snoozedUntil: msg(ctx.lang, 'inbox.snoozeTime') });
      return true;
    },
    addConversationNote: async (_: unknown, a: { conversationId: string; body: string; mentions?: string[] | null }, ctx: ApiContext) => {
      const id = conversationId(ctx, a.conversationId);
      const mentions = a.mentions ?? [];
      if (mentions.some((m) => !isUuid(m))) throw badInput(ctx.lang, { mentions: msg(ctx.lang, 'inbox.notColleague') });
      const r = await addNote(ctx.services.db, ctx.services.bus, await ctx.services.roleMaps.get(), await viewer(ctx), actor(ctx), id, a.body, mentions);
      if (!r.ok && r.reason === 'not-found') throw notFound(ctx);
      if (!r.ok && r.reason === 'body') throw badInput(ctx.lang, { body: a.body.trim() ? msg(ctx.lang, 'validation.maxLength', { max: MAX_NOTE_LENGTH }) : msg(ctx.lang, 'error.required') });
      if (!r.ok) throw badInput(ctx.lang, { mentions: msg(ctx.lang, 'inbox.notColleague') });
      return { ...r.note, createdAt: r.note.createdAt.toISOString() };
    },
    saveCannedReply: async (_: unknown, a: { input: { id?: string | null; title: string; bodyJa: string; bodyEn: string } }, ctx: ApiContext) => {
      if (a.input.id && !isUuid(a.input.id)) throw notFound(ctx);
      const problems = cannedProblems(a.input);
      if (Object.keys(problems).length) {
        throw badInput(
          ctx.lang,
          Object.fromEntries(
            Object.entries(problems).map(([k, p]) => [
              k,
              p === 'required' ? msg(ctx.lang, 'error.required') : p === 'tooLong' ? msg(ctx.lang, 'validation.maxLength', { max: k === 'title' ? 100 : 4000 }) : msg(ctx.lang, 'inbox.placeholders'),
            ]),
          ),
        );
      }
      const r = await saveCannedReply(ctx.services.db, await viewer(ctx), actor(ctx), a.input);
      if (!r.ok && r.reason === 'forbidden') throw forbidden(ctx.lang);
      if (!r.ok) throw notFound(ctx);
      return r.id;
    },
    deleteCannedReply: async (_: unknown, a: { id: string }, ctx: ApiContext) => {
      if (!isUuid(a.id) || !(await deleteCannedReply(ctx.services.db, await viewer(ctx), a.id))) throw notFound(ctx);
      return true;
    },
  },
};

/** Whoever may open some kind of conversation (the chat's pages); each conversation is then checked as the chat checks it. */
const CHATTERS = pages('/admin/candidate', '/v3/admin/candidate/other', '/v3/admin/supportChat');

/** Who may run each root field of this module (server/api/rules.ts; codes from the route table). */
export const rules: Rules = Object.fromEntries(
  [
    'Query.inbox',
    'Query.inboxOpen',
    'Query.inboxNotes',
    'Query.inboxHistory',
    'Query.inboxColleagues',
    'Query.cannedReplies',
    'Query.filledReplies',
    'Query.inboxReport',
    'Mutation.assignConversation',
    'Mutation.setConversationStatus',
    'Mutation.addConversationNote',
    'Mutation.saveCannedReply',
    'Mutation.deleteCannedReply',
  ].map((k) => [k, CHATTERS]),
);
