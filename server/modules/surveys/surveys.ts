/**
 * Surveys (docs/surveys.md): a company builds a survey (questions in Japanese and
 * English: single choice, multiple choice, a 1–5 scale, free text), sends it to chosen workers —
 * the candidates with applications (or attendance, which hangs off an application) on the
 * company's jobs — as a chat note in each one's language with a link to /staff/survey/<id>, and
 * reads the answers as counts per option and value. Each person answers once: the database's
 * unique constraint decides, so two submits at once still store one response.
 */
import { sql } from 'kysely';
import { z } from 'zod';
import { DEFAULT_LANG, isLang, pickLang, type Lang } from '../../../shared/i18n.ts';
import { msg, msgText } from '../../../shared/messages.ts';
import { postNotice } from '../../chat/post.ts';
import { ensureSupportConversation } from '../../chat/threads.ts';
import { audit, type Actor } from '../../db/audit.ts';
import { inTransaction, type DB } from '../../db/connect.ts';
import type { EventBus } from '../../events/bus.ts';
import { requiredText, validate, type FieldErrors } from '../../validation.ts';
import type { QuestionKind } from './tables.ts';
import { notifyUser } from '../notifications/service.ts';

const QUESTION_KINDS = ['single', 'multiple', 'scale', 'text'] as const satisfies readonly QuestionKind[];
const MAX_QUESTIONS = 30;
const MAX_OPTIONS = 12;
const MAX_TEXT_ANSWER = 2000;

const choiceKind = (k: QuestionKind) => k === 'single' || k === 'multiple';

const OptionInput = z.object({ labelJa: requiredText(200), labelEn: requiredText(200) });
const QuestionInput = z
  .object({
    kind: z.enum(QUESTION_KINDS),
    textJa: requiredText(500),
    textEn: requiredText(500),
    required: z.boolean(),
    options: z.array(OptionInput).max(MAX_OPTIONS),
  })
  .superRefine((q, ctx) => {
    if (choiceKind(q.kind) && q.options.length < 2) ctx.addIssue({ code: 'custom', path: ['options'], params: msgText('survey.twoOptions') });
  })
  // A scale or a free-text question has no options, whatever the form still held.
  .transform((q) => (choiceKind(q.kind) ? q : { ...q, options: [] }));

/** What the builder sends (the API validates it; the form shows the errors beside their fields). */
export const SurveyInput = z.object({
  titleJa: requiredText(200),
  titleEn: requiredText(200),
  questions: z.array(QuestionInput).min(1).max(MAX_QUESTIONS),
});
export type SurveyInput = z.output<typeof SurveyInput>;

export function validateSurvey(input: unknown, lang: Lang) {
  const v = validate(SurveyInput, input, lang);
  // The "at least one question" refinement is a too_small issue: its own sentence, not "enter more".
  if (!v.ok && v.errors.questions && Array.isArray((input as { questions?: unknown[] } | null)?.questions) && (input as { questions: unknown[] }).questions.length === 0) {
    v.errors.questions = msg(lang, 'survey.oneQuestion');
  }
  return v;
}

export async function createSurvey(db: DB, actor: Actor, companyId: string, input: SurveyInput): Promise<string> {
  return inTransaction(db, async (trx) => {
    const s = await trx
      .insertInto('surveys')
      .values({ company_id: companyId, title_ja: input.titleJa, title_en: input.titleEn, created_by: actor.id, created_by_name: actor.name })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [i, q] of input.questions.entries()) {
      const row = await trx
        .insertInto('survey_questions')
        .values({ survey_id: s.id, position: i + 1, kind: q.kind, text_ja: q.textJa, text_en: q.textEn, required: q.required })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (q.options.length) {
        await trx
          .insertInto('survey_options')
          .values(q.options.map((o, j) => ({ question_id: row.id, position: j + 1, label_ja: o.labelJa, label_en: o.labelEn })))
          .execute();
      }
    }
    await audit(trx, actor, 'survey', s.id, companyId, { title: { from: null, to: `${input.titleJa} / ${input.titleEn}` }, questions: { from: null, to: input.questions.length } }, 'create');
    return s.id;
  });
}

export interface SurveyQuestion {
  id: string;
  position: number;
  kind: QuestionKind;
  textJa: string;
  textEn: string;
  required: boolean;
  options: { id: string; labelJa: string; labelEn: string }[];
}

export interface SurveyRecord {
  id: string;
  companyId: string;
  companyJa: string;
  companyEn: string;
  titleJa: string;
  titleEn: string;
  createdAt: Date;
  createdBy: string;
  sentAt: Date | null;
  questions: SurveyQuestion[];
}

/** A survey with its questions and options, in order; undefined when there is none. */
export async function loadSurvey(db: DB, id: string): Promise<SurveyRecord | undefined> {
  const s = await db
    .selectFrom('surveys as s')
    .innerJoin('companies as c', 'c.id', 's.company_id')
    .select(['s.id', 's.company_id', 'c.name', 'c.name_en', 's.title_ja', 's.title_en', 's.created_at', 's.created_by_name', 's.sent_at'])
    .where('s.id', '=', id)
    .executeTakeFirst();
  if (!s) return undefined;
  const questions = await db.selectFrom('survey_questions').selectAll().where('survey_id', '=', id).orderBy('position').execute();
  const options = questions.length
    ? await db
        .selectFrom('survey_options')
        .selectAll()
        .where(
          'question_id',
          'in',
          questions.map((q) => q.id),
        )
        .orderBy('position')
        .execute()
    : [];
  return {
    id: s.id,
    companyId: s.company_id,
    companyJa: s.name,
    companyEn: s.name_en || s.name,
    titleJa: s.title_ja,
    titleEn: s.title_en,
    createdAt: s.created_at,
    createdBy: s.created_by_name,
    sentAt: s.sent_at,
    questions: questions.map((q) => ({
      id: q.id,
      position: q.position,
      kind: q.kind,
      textJa: q.text_ja,
      textEn: q.text_en,
      required: q.required,
      options: options.filter((o) => o.question_id === q.id).map((o) => ({ id: o.id, labelJa: o.label_ja, labelEn: o.label_en })),
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Who it goes to

export interface AudienceFilter {
  jobId?: string | null;
  clientId?: string | null;
  /** A shift date (YYYY-MM-DD): people with an application for a shift on that day. */
  date?: string | null;
  /** Only these people (a send: whoever of them is a worker). */
  userIds?: readonly string[];
}

export interface Worker {
  userId: string;
  name: string;
  lang: Lang;
  sent: boolean;
  answered: boolean;
}

/**
 * The company's workers matching the filter: candidates with an application on its jobs (the
 * job's, the client's, or a shift on the day). Attendance is recorded on an application, so the
 * people who worked are among them.
 */
export async function audience(db: DB, survey: { id: string; companyId: string }, f: AudienceFilter): Promise<Worker[]> {
  let q = db
    .selectFrom('applications as a')
    .innerJoin('users as u', 'u.id', 'a.candidate_id')
    .leftJoin('job_daily_shifts as sh', 'sh.id', 'a.shift_id')
    .select(['u.id', 'u.name', 'u.lang'])
    .select((eb) => [
      eb.exists(eb.selectFrom('survey_recipients as r').select('r.user_id').where('r.survey_id', '=', survey.id).whereRef('r.user_id', '=', 'u.id')).as('sent'),
      eb.exists(eb.selectFrom('survey_responses as p').select('p.id').where('p.survey_id', '=', survey.id).whereRef('p.user_id', '=', 'u.id')).as('answered'),
    ])
    .distinct()
    .where('a.company_id', '=', survey.companyId)
    .where('u.role', '=', 'candidate')
    .where('u.active', '=', true);
  if (f.jobId) q = q.where('a.job_id', '=', f.jobId);
  if (f.clientId) q = q.where('a.client_id', '=', f.clientId);
  if (f.date) q = q.where('sh.date', '=', f.date);
  if (f.userIds) q = f.userIds.length ? q.where('u.id', 'in', [...f.userIds]) : q.where(sql<boolean>`false`);
  const rows = await q.orderBy('u.name').orderBy('u.id').limit(500).execute();
  return rows.map((r) => ({ userId: r.id, name: r.name, lang: isLang(r.lang) ? r.lang : DEFAULT_LANG, sent: !!r.sent, answered: !!r.answered }));
}

/** The company's jobs and clients, for the send form's choices. */
export async function audienceChoices(db: DB, companyId: string) {
  const [jobs, clients] = await Promise.all([
    db.selectFrom('jobs').select(['id', 'title_ja', 'title_en']).where('company_id', '=', companyId).orderBy('title_ja').limit(500).execute(),
    db.selectFrom('clients').select(['id', 'name', 'name_en']).where('company_id', '=', companyId).orderBy('name').execute(),
  ]);
  return {
    jobs: jobs.map((j) => ({ id: j.id, ja: j.title_ja, en: j.title_en || j.title_ja })),
    clients: clients.map((c) => ({ id: c.id, ja: c.name, en: c.name_en || c.name })),
  };
}

export interface SendDeps {
  db: DB;
  publicUrl: (path: string) => string;
  /** Posts the note in the conversation (server/chat/post.ts's postNotice with the bus; the demo seed writes it directly). */
  post: (conversationId: string, text: string, key: string) => Promise<unknown>;
  /** When given, each recipient also hears of it in their bell. */
  bus?: EventBus;
}

/** The chat's own posting: stored, counted and announced to every open chat window. */
export const chatPoster =
  (db: DB, bus: EventBus): SendDeps['post'] =>
  (conversationId, text, key) =>
    postNotice(db, bus, conversationId, text, key);

/** The chat note a recipient reads, in their language, with the answer page's address. */
export function invitationText(lang: Lang, s: { companyJa: string; companyEn: string; titleJa: string; titleEn: string }, link: string): string {
  return msg(lang, 'survey.invitation', { company: pickLang(lang, s.companyJa, s.companyEn), title: pickLang(lang, s.titleJa, s.titleEn), link });
}

/**
 * Sends the survey to those of `userIds` who are the company's workers and have not had it yet:
 * a recipient row each, and a note in their support conversation with the company (opened if they
 * have none yet, as an application opens it). The note is idempotent by key, so a retried send
 * never posts twice.
 */
export async function sendSurvey(deps: SendDeps, actor: Actor, survey: SurveyRecord, userIds: readonly string[]): Promise<{ sent: number; skipped: number }> {
  const wanted = [...new Set(userIds)];
  const workers = await audience(deps.db, survey, { userIds: wanted });
  const fresh = workers.filter((w) => !w.sent);
  const link = deps.publicUrl(`/staff/survey/${survey.id}`);
  let sent = 0;
  for (const w of fresh) {
    const conversationId = await inTransaction(deps.db, async (trx) => {
      await ensureSupportConversation(trx, survey.companyId, w.userId);
      const c = await trx
        .selectFrom('conversations')
        .select('id')
        .where('company_id', '=', survey.companyId)
        .where('candidate_id', '=', w.userId)
        .where('job_id', 'is', null)
        .where('shift_id', 'is', null)
        .executeTakeFirstOrThrow();
      const added = await trx
        .insertInto('survey_recipients')
        .values({ survey_id: survey.id, user_id: w.userId, conversation_id: c.id, sent_by_name: actor.name })
        .onConflict((oc) => oc.columns(['survey_id', 'user_id']).doNothing())
        .returning('user_id')
        .executeTakeFirst();
      return added ? c.id : null;
    });
    if (!conversationId) continue;
    sent++;
    await deps.post(conversationId, invitationText(w.lang, survey, link), `survey:${survey.id}`);
    if (deps.bus) await notifyUser(deps.db, deps.bus, w.userId, { key: 'notify.survey', params: { title: { ja: survey.titleJa, en: survey.titleEn } }, link: `/staff/survey/${survey.id}` });
  }
  if (sent) {
    await deps.db.updateTable('surveys').set({ sent_at: new Date() }).where('id', '=', survey.id).where('sent_at', 'is', null).execute();
    await audit(deps.db, actor, 'survey', survey.id, survey.companyId, { recipients: { from: null, to: sent } });
  }
  return { sent, skipped: wanted.length - sent };
}

// ---------------------------------------------------------------------------------------------
// Answering

export interface AnswerInput {
  questionId: string;
  optionIds?: readonly string[] | null;
  scale?: number | null;
  text?: string | null;
}

export type AnswerOutcome = { ok: true } | { ok: false; reason: 'not-recipient' | 'already' } | { ok: false; reason: 'invalid'; errors: FieldErrors };

/** Whether `userId` was sent the survey, and when they answered (null: not yet). */
export async function recipientState(db: DB, surveyId: string, userId: string): Promise<{ sent: boolean; answeredAt: Date | null }> {
  const r = await db
    .selectFrom('survey_recipients as r')
    .leftJoin('survey_responses as p', (j) => j.onRef('p.survey_id', '=', 'r.survey_id').onRef('p.user_id', '=', 'r.user_id'))
    .select(['r.user_id', 'p.submitted_at'])
    .where('r.survey_id', '=', surveyId)
    .where('r.user_id', '=', userId)
    .executeTakeFirst();
  return { sent: !!r, answeredAt: r?.submitted_at ?? null };
}

/** Checks the answers against the questions; field errors are keyed `q<position>`. */
export function checkAnswers(
  lang: Lang,
  questions: readonly SurveyQuestion[],
  answers: readonly AnswerInput[],
): { ok: true; rows: { questionId: string; optionId: string | null; scale: number | null; text: string | null }[] } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const rows: { questionId: string; optionId: string | null; scale: number | null; text: string | null }[] = [];
  for (const q of questions) {
    const key = `q${q.position}`;
    const given = answers.filter((a) => a.questionId === q.id);
    const optionIds = [...new Set(given.flatMap((a) => a.optionIds ?? []))];
    const scale = given.find((a) => a.scale !== null && a.scale !== undefined)?.scale;
    const text = given
      .map((a) => a.text ?? '')
      .join('')
      .trim();
    switch (q.kind) {
      case 'single':
      case 'multiple': {
        if (optionIds.some((id) => !q.options.some((o) => o.id === id))) errors[key] = msg(lang, 'validation.choice');
        else if (q.kind === 'single' && optionIds.length > 1) errors[key] = msg(lang, 'survey.oneChoice');
        else if (q.required && optionIds.length === 0) errors[key] = msg(lang, 'error.requiredChoice');
        else for (const id of optionIds) rows.push({ questionId: q.id, optionId: id, scale: null, text: null });
        break;
      }
      case 'scale': {
        if (scale !== undefined && scale !== null && (!Number.isInteger(scale) || scale < 1 || scale > 5)) errors[key] = msg(lang, 'survey.scaleRange');
        else if (scale === undefined || scale === null) {
          if (q.required) errors[key] = msg(lang, 'error.requiredChoice');
        } else rows.push({ questionId: q.id, optionId: null, scale, text: null });
        break;
      }
      case 'text': {
        if (text.length > MAX_TEXT_ANSWER) errors[key] = msg(lang, 'validation.maxLength', { max: String(MAX_TEXT_ANSWER) });
        else if (!text) {
          if (q.required) errors[key] = msg(lang, 'error.required');
        } else rows.push({ questionId: q.id, optionId: null, scale: null, text });
        break;
      }
    }
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, rows };
}

/** Stores one person's answers once. The unique constraint refuses a second response, even one sent at the same moment. */
export async function answerSurvey(db: DB, lang: Lang, survey: SurveyRecord, userId: string, answers: readonly AnswerInput[]): Promise<AnswerOutcome> {
  const state = await recipientState(db, survey.id, userId);
  if (!state.sent) return { ok: false, reason: 'not-recipient' };
  if (state.answeredAt) return { ok: false, reason: 'already' };
  const checked = checkAnswers(lang, survey.questions, answers);
  if (!checked.ok) return { ok: false, reason: 'invalid', errors: checked.errors };
  return inTransaction(db, async (trx) => {
    const response = await trx
      .insertInto('survey_responses')
      .values({ survey_id: survey.id, user_id: userId })
      .onConflict((oc) => oc.columns(['survey_id', 'user_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!response) return { ok: false as const, reason: 'already' as const };
    if (checked.rows.length) {
      await trx
        .insertInto('survey_answers')
        .values(checked.rows.map((r) => ({ response_id: response.id, question_id: r.questionId, option_id: r.optionId, scale: r.scale, text: r.text })))
        .execute();
    }
    return { ok: true as const };
  });
}

// ---------------------------------------------------------------------------------------------
// Results

export interface QuestionResult {
  questionId: string;
  /** People who answered this question. */
  answered: number;
  /** Choice questions: per option (in the options' order); scale: per value 1–5. */
  counts: number[];
  /** Free text, newest first. */
  texts: string[];
}

export async function surveyResults(db: DB, survey: SurveyRecord): Promise<{ recipients: number; responses: number; questions: QuestionResult[] }> {
  const [recipients, responses, answers] = await Promise.all([
    db
      .selectFrom('survey_recipients')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('survey_id', '=', survey.id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('survey_responses')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('survey_id', '=', survey.id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('survey_answers as a')
      .innerJoin('survey_responses as p', 'p.id', 'a.response_id')
      .select(['a.response_id', 'a.question_id', 'a.option_id', 'a.scale', 'a.text', 'p.submitted_at'])
      .where('p.survey_id', '=', survey.id)
      .orderBy('p.submitted_at', 'desc')
      .execute(),
  ]);
  return {
    recipients: Number(recipients.n),
    responses: Number(responses.n),
    questions: survey.questions.map((q) => {
      const mine = answers.filter((a) => a.question_id === q.id);
      const counts = choiceKind(q.kind)
        ? q.options.map((o) => mine.filter((a) => a.option_id === o.id).length)
        : q.kind === 'scale'
          ? [1, 2, 3, 4, 5].map((v) => mine.filter((a) => a.scale === v).length)
          : [];
      return {
        questionId: q.id,
        answered: new Set(mine.map((a) => a.response_id)).size,
        counts,
        texts: q.kind === 'text' ? mine.map((a) => a.text ?? '') : [],
      };
    }),
  };
}

/** Every response with its answers as text in both languages (the CSV export). */
export async function surveyResponses(db: DB, survey: SurveyRecord) {
  const responses = await db
    .selectFrom('survey_responses as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['p.id', 'p.user_id', 'u.name', 'p.submitted_at'])
    .where('p.survey_id', '=', survey.id)
    .orderBy('p.submitted_at')
    .orderBy('p.id')
    .execute();
  const answers = responses.length
    ? await db
        .selectFrom('survey_answers')
        .select(['response_id', 'question_id', 'option_id', 'scale', 'text'])
        .where(
          'response_id',
          'in',
          responses.map((r) => r.id),
        )
        .execute()
    : [];
  return responses.map((r) => ({
    userId: r.user_id,
    name: r.name,
    submittedAt: r.submitted_at,
    answers: survey.questions.map((q) => {
      // Chosen options in the options' order, whatever order they were stored in.
      const order = (a: { option_id: string | null }) => q.options.findIndex((o) => o.id === a.option_id);
      const mine = answers.filter((a) => a.response_id === r.id && a.question_id === q.id).sort((a, b) => order(a) - order(b));
      const labels = (lang: Lang) =>
        mine
          .map((a) => {
            if (a.option_id) {
              const o = q.options.find((x) => x.id === a.option_id);
              return o ? pickLang(lang, o.labelJa, o.labelEn) : '';
            }
            return a.scale !== null ? String(a.scale) : (a.text ?? '');
          })
          .join(' / ');
      return { questionId: q.id, valueJa: labels('ja'), valueEn: labels('en') };
    }),
  }));
}
