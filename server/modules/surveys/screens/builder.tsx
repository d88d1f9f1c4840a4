/**
 * Surveys in the back office (docs/surveys.md). The list at /v3/admin/survey is
 * the read model's (server/modules/surveys/defs/surveys.ts); its panel here turns the same address into
 * a survey's own page (`?id=`: results as SVG charts, the send form) and its answers' CSV
 * (`?answers=`). The builder is /v3/admin/survey/add. Everything goes through the API, which checks
 * the code (400001) and that the survey is the caller's company's.
 */
import type { ReactNode } from 'react';
import { pickLang, type Lang, type Text } from '../../../../shared/i18n.ts';
import { msg } from '../../../../shared/texts/index.ts';
import { dateTimeText } from '../../../../shared/format.ts';
import { operation } from '../../../api/documents.ts';
import { SurveyBuilder, SurveyPage, type BuilderForm, type BuilderQuestion } from '../../../../views/pages/admin/Surveys.tsx';
import { formList, queryText } from '../../../web/kit.ts';
import { csv, defineScreen, errorPage, failed, page, recordGone, redirect, withRefusal, type Action, type OnRefusal, type Outcome, type ScreenContext } from '../../../web/screen.ts';
import { type ActionRefs, declaredActions } from '../../../../views/ui/Action.tsx';
import { isUuid } from '../../../../shared/ids.ts';
import { parseDay } from '../../../../shared/time.ts';
import { panel } from '../../../web/screens/feature.ts';

/** The operations only this screen sends, typed from their text (server/api/documents.ts `operation`). */
const OWN = {
  SurveyDetail: operation(/* GraphQL */ `
    query SurveyDetail($id: ID!) {
      surveyDetail(id: $id) {
        id companyId companyJa companyEn titleJa titleEn createdAt createdBy sentAt recipients responses
        questions { id position kind textJa textEn required options { id labelJa labelEn } }
        results { questionId answered counts texts }
      }
    }`),
  SurveyAudience: operation(/* GraphQL */ `
    query SurveyAudience($id: ID!, $jobId: ID, $clientId: ID, $date: String) {
      surveyAudience(id: $id, jobId: $jobId, clientId: $clientId, date: $date) {
        jobs { id ja en } clients { id ja en } workers { userId name lang sent answered }
      }
    }`),
  SurveyResponses: operation(/* GraphQL */ `query SurveyResponses($id: ID!) { surveyResponses(id: $id) { userId name submittedAt answers { questionId valueJa valueEn } } }`),
  CreateSurvey: operation(/* GraphQL */ `mutation CreateSurvey($input: SurveyInput!) { createSurvey(input: $input) }`),
  SendSurvey: operation(/* GraphQL */ `mutation SendSurvey($id: ID!, $userIds: [ID!]!) { sendSurvey(id: $id, userIds: $userIds) { sent skipped } }`),
};

const MAX_QUESTIONS = 30;
const MAX_OPTIONS = 12;

// ---------------------------------------------------------------------------------------------
// The builder

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const count = (v: unknown, max: number) => Math.min(max, Math.max(0, Number.parseInt(str(v), 10) || 0));

const emptyQuestion = (kind = 'single'): BuilderQuestion => ({
  kind,
  ja: '',
  en: '',
  required: true,
  options:
    kind === 'single' || kind === 'multiple'
      ? [
          { ja: '', en: '' },
          { ja: '', en: '' },
          { ja: '', en: '' },
        ]
      : [],
});
const EMPTY_FORM: BuilderForm = { companyId: '', titleJa: '', titleEn: '', questions: [emptyQuestion()] };

/** The builder form as posted (names `title_ja`, `q<i>_kind`, `q<i>_o<j>_en` …), kept as typed. */
function formOf(body: Record<string, unknown>): BuilderForm {
  const questions: BuilderQuestion[] = [];
  for (let i = 0; i < count(body.questions, MAX_QUESTIONS); i++) {
    const options = [];
    for (let j = 0; j < count(body[`q${i}_options`], MAX_OPTIONS); j++) options.push({ ja: str(body[`q${i}_o${j}_ja`]), en: str(body[`q${i}_o${j}_en`]) });
    questions.push({ kind: str(body[`q${i}_kind`]), ja: str(body[`q${i}_ja`]), en: str(body[`q${i}_en`]), required: body[`q${i}_required`] === '1', options });
  }
  return { companyId: str(body.companyId), titleJa: str(body.title_ja), titleEn: str(body.title_en), questions };
}

const blank = (s: string) => s.trim() === '';

/**
 * The API's input and, for each of its paths, the form field it came from: an empty option row,
 * or a question slot left wholly empty, is not sent (the form always offers a spare one).
 */
function inputOf(form: BuilderForm) {
  const fieldOf: Record<string, string> = { titleJa: 'title_ja', titleEn: 'title_en', companyId: 'companyId', questions: 'questions' };
  const questions = [];
  for (const [i, q] of form.questions.entries()) {
    const options = q.options.map((o, j) => ({ o, j })).filter(({ o }) => !blank(o.ja) || !blank(o.en));
    if (blank(q.ja) && blank(q.en) && options.length === 0) continue;
    const k = questions.length;
    for (const [name, field] of [
      ['kind', 'kind'],
      ['textJa', 'ja'],
      ['textEn', 'en'],
      ['options', 'options'],
    ])
      fieldOf[`questions.${k}.${name}`] = `q${i}_${field}`;
    options.forEach(({ j }, m) => {
      fieldOf[`questions.${k}.options.${m}.labelJa`] = `q${i}_o${j}_ja`;
      fieldOf[`questions.${k}.options.${m}.labelEn`] = `q${i}_o${j}_en`;
    });
    questions.push({ kind: q.kind, textJa: q.ja, textEn: q.en, required: q.required, options: options.map(({ o }) => ({ labelJa: o.ja, labelEn: o.en })) });
  }
  return { input: { ...(form.companyId ? { companyId: form.companyId } : {}), titleJa: form.titleJa, titleEn: form.titleEn, questions }, fieldOf };
}

async function companyChoices(ctx: ScreenContext): Promise<{ value: string; label: Text }[] | null> {
  if (ctx.user?.companyId) return null;
  const d = await ctx.call<{ companies: { rows: { id: string; name: string; name_en: string }[] } }>('query { companies(size: 200) { rows { id name name_en } } }');
  return d.companies.rows.map((c) => ({ value: c.id, label: { ja: c.name, en: c.name_en || c.name } }));
}

/** A refused survey is drawn again as typed, each API error beside the field its input path names. */
const CREATE_REFUSAL: OnRefusal = {
  values: (body) => {
    const form = formOf(body);
    return { form: form.questions.length ? form : EMPTY_FORM };
  },
  errors: (r, body) => {
    const { input, fieldOf } = inputOf(formOf(body));
    const errors: Record<string, string> = {};
    for (const [path, message] of Object.entries(r.fields)) errors[fieldOf[path] ?? '_'] ??= message;
    if (!Object.keys(errors).length) errors._ = r.message;
    // A question with nothing typed was left out; say "add one" where the questions are.
    if (!input.questions.length) errors.q0_ja ??= errors.questions ?? '';
    return errors;
  },
};

const SURVEY_BUILDER = defineScreen({
  path: '/v3/admin/survey/add',
  form: { limit: '256kb', parameterLimit: 1000 },
  load: async (ctx) => ({ companies: await companyChoices(ctx) }),
  view: (ctx, { companies }, state, act) => {
    const form = (state?.values.form as BuilderForm | undefined) ?? EMPTY_FORM;
    return { title: ctx.route.title, content: <SurveyBuilder act={act} lang={ctx.lang} title={ctx.route.title} form={form} errors={state?.errors ?? {}} companies={companies} /> };
  },
  // Adding or removing a question or an option draws the form again with what was typed (no JavaScript needed).
  actions: {
    addQuestion: (_ctx, body) => {
      const form = formOf(body);
      if (form.questions.length < MAX_QUESTIONS) form.questions.push(emptyQuestion(form.questions.at(-1)?.kind));
      return failed({ form }, {}, 200);
    },
    addOption: (_ctx, body, i) => {
      const form = formOf(body);
      const target = /^\d+$/.test(i ?? '') ? form.questions[Number(i)] : undefined;
      if (target && target.options.length < MAX_OPTIONS) target.options.push({ ja: '', en: '' });
      return failed({ form }, {}, 200);
    },
    removeQuestion: (_ctx, body, i) => {
      const form = formOf(body);
      if (/^\d+$/.test(i ?? '') && form.questions.length > 1) form.questions.splice(Number(i), 1);
      return failed({ form }, {}, 200);
    },
    create: withRefusal(CREATE_REFUSAL, async (ctx, body) => {
      const form = formOf(body);
      const { input } = inputOf(form);
      const { createSurvey: id } = await ctx.call(OWN.CreateSurvey, { input });
      return redirect(`/v3/admin/survey?id=${encodeURIComponent(id)}&created=1`);
    }),
  },
});

// ---------------------------------------------------------------------------------------------
// A survey's page and its CSV, on the list's address

const wanted = (ctx: ScreenContext, name: string) => {
  const v = queryText(ctx.req, name);
  return isUuid(v) ? v : null;
};

const filterOf = (ctx: ScreenContext) => {
  const job = wanted(ctx, 'job') ?? '';
  const client = wanted(ctx, 'client') ?? '';
  const date = parseDay(queryText(ctx.req, 'date')) ?? '';
  return { job, client, date };
};

function noticeOf(ctx: ScreenContext): string | null {
  if (queryText(ctx.req, 'created')) return msg(ctx.lang, 'surveyAdmin.created');
  const sent = queryText(ctx.req, 'sent');
  if (/^\d+$/.test(sent)) {
    const skipped = Number(queryText(ctx.req, 'skipped')) || 0;
    return msg(ctx.lang, 'surveyAdmin.sentTo', { sent }) + (skipped ? ` ${msg(ctx.lang, 'surveyAdmin.skipped', { skipped })}` : '');
  }
  return null;
}

/** A survey's page; after a refused send, `refused` says why and holds who was ticked. */
async function surveyPage(ctx: ScreenContext, act: ActionRefs<'send'>, id: string, refused?: { error: string; status: number; chosen: readonly string[] }): Promise<Outcome> {
  const filter = filterOf(ctx);
  const [{ surveyDetail: survey }, { surveyAudience: audience }] = await Promise.all([
    ctx.call(OWN.SurveyDetail, { id }),
    ctx.call(OWN.SurveyAudience, { id, jobId: filter.job || null, clientId: filter.client || null, date: filter.date || null }),
  ]);
  if (!survey || !audience) return errorPage('recordNotFound');
  return page({
    title: pickLang(ctx.lang, survey.titleJa, survey.titleEn),
    status: refused?.status ?? 200,
    content: (
      <SurveyPage
        act={act}
        lang={ctx.lang}
        survey={survey}
        audience={audience}
        filter={filter}
        notice={refused ? null : noticeOf(ctx)}
        error={refused?.error ?? null}
        {...(refused ? { chosen: refused.chosen } : {})}
      />
    ),
  });
}

/** The answers as CSV: one row per person, one column per question, in the page's language. */
async function answersCsv(ctx: ScreenContext, id: string): Promise<Outcome> {
  const { surveyDetail: survey } = await ctx.call(OWN.SurveyDetail, { id });
  if (!survey) return errorPage('recordNotFound');
  const { surveyResponses } = await ctx.call(OWN.SurveyResponses, { id });
  const L: Lang = ctx.lang;
  const header = [msg(L, 'surveyAdmin.answeredAt'), msg(L, 'applicant.name'), ...survey.questions.map((q) => `${q.position}. ${pickLang(L, q.textJa, q.textEn)}`)];
  const rows = surveyResponses.map((r) => [
    dateTimeText(r.submittedAt, L),
    r.name,
    ...survey.questions.map((q) => {
      const a = r.answers.find((x) => x.questionId === q.id);
      return a ? pickLang(L, a.valueJa, a.valueEn) : '';
    }),
  ]);
  return csv(`survey-${id.slice(0, 8)}`, header, rows);
}

/** A refused sending is said on the survey's page; a survey that is gone is the error page. */
const SEND_REFUSAL: OnRefusal = {
  answer: (r, _state, ctx, body) =>
    recordGone(r) ?? surveyPage(ctx, declaredActions(['send']), str(body.id), { error: Object.values(r.fields)[0] ?? r.message, status: r.status, chosen: formList(body, 'users') }),
};

/** The list screen's panel (its `panels` below, typed here by shape). */
const surveysPanel: { load(ctx: ScreenContext, act: ActionRefs<'send'>): Promise<null>; view(ctx: ScreenContext): ReactNode; actions: { send: Action } } = {
  load: async (ctx, act) => {
    const answers = wanted(ctx, 'answers');
    if (answers) throw await answersCsv(ctx, answers);
    const id = wanted(ctx, 'id');
    if (id) throw await surveyPage(ctx, act, id);
    return null;
  },
  view: (ctx) => (
    <p className="panel">
      <a className="btn" href="/v3/admin/survey/add">
        {msg(ctx.lang, 'surveyAdmin.newSurvey')}
      </a>
    </p>
  ),
  actions: {
    send: withRefusal(SEND_REFUSAL, async (ctx, body) => {
      const act = declaredActions(['send']);
      const id = str(body.id);
      if (!isUuid(id)) return errorPage('recordNotFound');
      const users = formList(body, 'users');
      if (!users.length) return surveyPage(ctx, act, id, { error: msg(ctx.lang, 'surveyAdmin.chooseSomeone'), status: 422, chosen: users });
      const { sendSurvey: r } = await ctx.call(OWN.SendSurvey, { id, userIds: users });
      return redirect(`/v3/admin/survey?id=${encodeURIComponent(id)}&sent=${r.sent}&skipped=${r.skipped}`);
    }),
  },
};

export const screens = [SURVEY_BUILDER];

/** A survey's page and its answers' CSV on the list's address. */
export const panels = { '/v3/admin/survey': panel(surveysPanel) };
