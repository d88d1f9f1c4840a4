/**
 * Surveys: a company builds a survey in two languages, sends it to chosen
 * workers through the chat (each in their language, with a link), a worker answers it on the
 * phone page once, and the survey's page charts the answers as SVG bars with counts and
 * percentages, with the answers as CSV. A second answer, a person it was not sent to, another
 * company and a role without 400001 are all refused.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../helpers/app.ts';
import { dataOf, firstCode } from '../helpers/graphql.ts';
import { candidateLogin, formRequest, getPage, postForm, text } from '../helpers/pages.ts';
import { companyOf, userId } from '../helpers/demo-data.ts';

const t = appForFile();
let companyId: string;
const db = () => t.database.db;

beforeAll(async () => (companyId = await companyOf(t, 'company@demo.test')));

/** The builder's fields for a survey of one question of each kind. */
const BUILT = {
  _action: 'create',
  title_ja: '勤務後アンケート',
  title_en: 'After-shift survey',
  questions: '4',
  q0_kind: 'single',
  q0_ja: '通勤手段は？',
  q0_en: 'How do you get to work?',
  q0_required: '1',
  q0_options: '3',
  q0_o0_ja: '電車',
  q0_o0_en: 'Train',
  q0_o1_ja: '自転車',
  q0_o1_en: 'Bicycle',
  q0_o2_ja: '',
  q0_o2_en: '',
  q1_kind: 'multiple',
  q1_ja: '好きな曜日は？',
  q1_en: 'Which days suit you?',
  q1_options: '3',
  q1_o0_ja: '土曜',
  q1_o0_en: 'Saturday',
  q1_o1_ja: '日曜',
  q1_o1_en: 'Sunday',
  q1_o2_ja: '平日',
  q1_o2_en: 'Weekdays',
  q2_kind: 'scale',
  q2_ja: '仕事の満足度は？',
  q2_en: 'How much did you like the work?',
  q2_required: '1',
  q2_options: '0',
  q3_kind: 'text',
  q3_ja: 'ご意見をどうぞ',
  q3_en: 'Any comments?',
  q3_options: '0',
};

/** A page's HTML as a browser in `lang` gets it. */
async function pageIn(path: string, cookie: string, lang: 'ja' | 'en') {
  const res = await fetch(`${t.url}${path}`, { redirect: 'manual', headers: { cookie: `${cookie}; lang=${lang}` } });
  return { status: res.status, html: (await res.text()).replace(/<!-- -->/g, ''), type: res.headers.get('content-type'), location: res.headers.get('location') };
}

async function candidatePost(path: string, token: string, fields: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const x of Array.isArray(v) ? v : [v]) body.append(k, x);
  const res = await fetch(`${t.url}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: `candidate_token=${token}; lang=en`, origin: t.url, 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  return { status: res.status, location: res.headers.get('location'), html: (await res.text()).replace(/<!-- -->/g, '') };
}

/** The bars of a question's chart on the survey's page: label → [count, percent]. */
function barsOf(html: string, position: number): Record<string, [number, number]> {
  const article = new RegExp(`<article class="survey-result" data-question="${position}"[\\s\\S]*?</article>`).exec(html)?.[0] ?? '';
  expect(article).toContain('<svg');
  const out: Record<string, [number, number]> = {};
  for (const m of article.matchAll(/<g class="survey-bar" data-label="([^"]*)" data-count="(\d+)" data-percent="(\d+)">/g)) out[m[1]!] = [Number(m[2]), Number(m[3])];
  return out;
}

let surveyId = '';

describe('a survey is answered on a phone and charted', () => {
  it('the builder checks both languages and draws the form again with what was typed', async () => {
    const admin = await t.tokenOf('company_admin');
    const page = await getPage(t, '/v3/admin/survey/add', admin);
    expect(page.status).toBe(200);
    expect(page.html).toContain('name="q0_kind"');
    // Adding a question needs no JavaScript: the form comes back with one more, nothing lost.
    const more = await postForm(t, '/v3/admin/survey/add', admin, { ...BUILT, _action: 'addQuestion' });
    expect(more.status).toBe(200);
    expect(more.html).toContain('name="q4_kind"');
    expect(more.html).toContain('value="After-shift survey"');
    // A question without its English text, and a choice question with one option: said beside the fields, in the page's language.
    const bad = { ...BUILT, q0_en: '', q1_o1_ja: '', q1_o1_en: '', q1_o2_ja: '', q1_o2_en: '' };
    const postBad = (lang: 'ja' | 'en') => fetch(`${t.url}/v3/admin/survey/add`, formRequest(bad, { cookie: `token=${admin}; lang=${lang}`, origin: t.url }));
    const en = await postBad('en');
    expect(en.status).toBe(422);
    const enHtml = await en.text();
    expect(enHtml).toContain('id="q0_en-error"');
    expect(enHtml).toContain('This field is required.');
    expect(enHtml).toContain('A choice question needs at least two options');
    const ja = await postBad('ja');
    expect(ja.status).toBe(422);
    const jaHtml = await ja.text();
    expect(jaHtml).toContain('入力してください。');
    expect(jaHtml).toContain('選択式の質問には');
    expect(await db().selectFrom('surveys').select('id').where('title_en', '=', 'After-shift survey').execute()).toEqual([]);
  });

  it('is built, then sent through the chat to the chosen workers, each in their language', async () => {
    const admin = await t.tokenOf('company_admin');
    const made = await postForm(t, '/v3/admin/survey/add', admin, BUILT);
    expect(made.status).toBe(303);
    surveyId = /id=([0-9a-f-]{36})/.exec(made.location ?? '')![1]!;
    const stored = await db().selectFrom('survey_questions').select(['kind', 'text_en']).where('survey_id', '=', surveyId).orderBy('position').execute();
    expect(stored.map((q) => q.kind)).toEqual(['single', 'multiple', 'scale', 'text']);
    // The empty option row was left out.
    const q0 = await db().selectFrom('survey_questions').select('id').where('survey_id', '=', surveyId).where('position', '=', 1).executeTakeFirstOrThrow();
    expect((await db().selectFrom('survey_options').select('label_en').where('question_id', '=', q0.id).orderBy('position').execute()).map((o) => o.label_en)).toEqual(['Train', 'Bicycle']);

    // By job: the warehouse picking job's workers, not the kitchen's.
    const picking = await db().selectFrom('jobs').select('id').where('company_id', '=', companyId).where('title_en', '=', 'Warehouse picking (daily pay)').executeTakeFirstOrThrow();
    const byJob = await getPage(t, `/v3/admin/survey?id=${surveyId}&job=${picking.id}`, admin);
    expect(byJob.status).toBe(200);
    expect(byJob.html).toContain('Bikash Thapa');
    expect(byJob.html).not.toContain('Tran Thi Mai');
    // Clearing the filter is offered once there is one to clear.
    expect(byJob.html).toContain('絞り込みを解除');
    expect((await getPage(t, `/v3/admin/survey?id=${surveyId}`, admin)).html).not.toContain('絞り込みを解除');
    // Sending cannot be taken back: the button asks first (client/boot.ts), in the reader's language.
    expect(text((await getPage(t, `/v3/admin/survey?id=${surveyId}&job=${picking.id}`, admin, 'en')).html)).toContain(
      'data-confirm="Send the survey to the ticked people through the chat? A message sent cannot be taken back."',
    );
    expect(text((await getPage(t, `/v3/admin/survey?id=${surveyId}&job=${picking.id}`, admin, 'ja')).html)).toContain(
      'data-confirm="チェックした人に、チャットでアンケートを送ります。送ったメッセージは取り消せません。"',
    );

    // Bikash reads Japanese; Maria English.
    await db().updateTable('users').set({ lang: 'ja' }).where('email', '=', 'worker3@demo.test').execute();
    const maria = await userId(t, 'candidate2@demo.test');
    const bikash = await userId(t, 'worker3@demo.test');
    const sent = await postForm(t, `/v3/admin/survey?id=${surveyId}`, admin, { _action: 'send', id: surveyId, users: [maria, bikash] });
    expect(sent.status).toBe(303);
    expect(sent.location).toContain('sent=2');
    const note = async (candidate: string) =>
      (
        await db()
          .selectFrom('messages as m')
          .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
          .select('m.content')
          .where('c.candidate_id', '=', candidate)
          .where('c.company_id', '=', companyId)
          .where('m.content', 'like', `%/staff/survey/${surveyId}%`)
          .execute()
      ).map((m) => m.content);
    expect(await note(maria)).toEqual([`Sakura Staffing Co., Ltd. asks you to answer a survey: "After-shift survey". Answer here (once per person): ${t.url}/staff/survey/${surveyId}`]);
    const [jaNote] = await note(bikash);
    expect(jaNote).toContain('さくら人材サービス株式会社からアンケートのお願いです');
    expect(jaNote).toContain('「勤務後アンケート」');
    // Sending again posts nothing twice.
    const again = await postForm(t, `/v3/admin/survey?id=${surveyId}`, admin, { _action: 'send', id: surveyId, users: [maria] });
    expect(again.location).toContain('sent=0');
    expect(await note(maria)).toHaveLength(1);
  });

  it('is answered on the candidate’s page, and the survey’s page charts it; the CSV has the answer', async () => {
    const { token } = await candidateLogin(t, 'candidate2@demo.test');
    const form = await pageIn(`/staff/survey/${surveyId}`, `candidate_token=${token}`, 'en');
    expect(form.status).toBe(200);
    expect(form.html).toContain('After-shift survey');
    expect(form.html).toContain('How do you get to work?');
    expect(form.html).not.toContain('通勤手段は？');
    // A required question left out: said beside it, nothing stored.
    const questions = await db().selectFrom('survey_questions').select(['id', 'position']).where('survey_id', '=', surveyId).orderBy('position').execute();
    const options = await db()
      .selectFrom('survey_options')
      .select(['id', 'label_en'])
      .where(
        'question_id',
        'in',
        questions.map((q) => q.id),
      )
      .execute();
    const opt = (en: string) => options.find((o) => o.label_en === en)!.id;
    const missing = await candidatePost(`/staff/survey/${surveyId}`, token, { _action: 'answer', q1: opt('Train'), q4: 'x' });
    expect(missing.status).toBe(422);
    expect(missing.html).toContain('id="q3-error"');
    const answered = await candidatePost(`/staff/survey/${surveyId}`, token, {
      _action: 'answer',
      q1: opt('Train'),
      q2: [opt('Saturday'), opt('Sunday')],
      q3: '4',
      q4: 'Nice team, more breaks please',
    });
    expect(answered.status).toBe(303);
    expect(answered.location).toBe(`/staff/survey/${surveyId}?thanks=1`);
    const thanks = await pageIn(answered.location!, `candidate_token=${token}`, 'en');
    expect(thanks.html).toContain('Thank you for your answers.');
    expect(thanks.html).not.toContain('name="q1"');

    const admin = await t.tokenOf('company_admin');
    const page = await pageIn(`/v3/admin/survey?id=${surveyId}`, `token=${admin}`, 'en');
    expect(page.status).toBe(200);
    expect(page.html).toContain('1 of 2 people (50%)');
    expect(barsOf(page.html, 1)).toEqual({ Train: [1, 100], Bicycle: [0, 0] });
    expect(barsOf(page.html, 2)).toEqual({ Saturday: [1, 100], Sunday: [1, 100], Weekdays: [0, 0] });
    expect(barsOf(page.html, 3)).toEqual({ 1: [0, 0], 2: [0, 0], 3: [0, 0], 4: [1, 100], 5: [0, 0] });
    expect(page.html).toContain('Nice team, more breaks please');
    // Drawn on the server: the bar's width follows its count.
    expect(page.html).toMatch(/<rect x="0" y="24" width="310" height="18" rx="3" fill="#2f6fb5"/);

    const file = await pageIn(`/v3/admin/survey?answers=${surveyId}`, `token=${admin}`, 'en');
    expect(file.status).toBe(200);
    expect(file.type).toContain('text/csv');
    const lines = file.html
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain('1. How do you get to work?');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Maria Santos');
    expect(lines[1]).toContain('Train');
    expect(lines[1]).toContain('Saturday / Sunday');
    expect(lines[1]).toContain('Nice team, more breaks please');
  });

  it('the list shows it with its counts, and links to its page', async () => {
    const admin = await t.tokenOf('company_admin');
    const list = await getPage(t, '/v3/admin/survey', admin);
    expect(list.status).toBe(200);
    expect(list.html).toContain(`/v3/admin/survey?id=${surveyId}`);
    expect(list.html).toContain('/v3/admin/survey/add');
    const rows = dataOf(await t.gql('{ surveys(size: 50) { total rows { id title recipients responses status } } }', {}, { as: 'company_admin' }));
    expect(rows.surveys.rows.find((r: { id: string }) => r.id === surveyId)).toMatchObject({ recipients: 2, responses: 1, status: 'sent' });
  });
});

describe('the platform', () => {
  it('a superadmin sees every company’s surveys and builds one for a company it picks', async () => {
    const sa = await t.tokenOf('superadmin');
    const list = await getPage(t, '/v3/admin/survey', sa);
    expect(list.status).toBe(200);
    expect(list.html).toContain(`/v3/admin/survey?id=${surveyId}`);
    const form = await getPage(t, '/v3/admin/survey/add', sa);
    expect(form.html).toContain('name="companyId"');
    expect(form.html).toContain('みなと派遣株式会社');
    // No company picked: said beside the field, nothing made.
    const none = await postForm(t, '/v3/admin/survey/add', sa, { ...BUILT, title_en: 'Platform survey' });
    expect(none.status).toBe(422);
    expect(none.html).toContain('選択してください。');
    const minato = await db().selectFrom('companies').select('id').where('name_en', '=', 'Minato Dispatch Inc.').executeTakeFirstOrThrow();
    const made = await postForm(t, '/v3/admin/survey/add', sa, { ...BUILT, title_ja: 'みなとの職場アンケート', title_en: 'Platform survey', companyId: minato.id });
    expect(made.status).toBe(303);
    expect((await db().selectFrom('surveys').select('company_id').where('title_en', '=', 'Platform survey').executeTakeFirstOrThrow()).company_id).toBe(minato.id);
    // The company it was made for sees it on its list.
    expect((await getPage(t, '/v3/admin/survey', await t.tokenOf('company2'))).html).toContain('みなとの職場アンケート');
  });
});

describe('refusals', () => {
  /** A response to the survey written straight into the database, past the app's checks. */
  const responseRow = async (email: string) =>
    db()
      .insertInto('survey_responses')
      .values({ survey_id: surveyId, user_id: await userId(t, email) })
      .execute();

  it('sending with nobody ticked says so and draws the list as it was sent, nobody ticked again behind the person’s back', async () => {
    const demo = await db().selectFrom('surveys').select('id').where('company_id', '=', companyId).where('title_en', 'like', 'Workplace survey%').executeTakeFirstOrThrow();
    const admin = await t.tokenOf('company_admin');
    const before = await getPage(t, `/v3/admin/survey?id=${demo.id}`, admin, 'en');
    // Opened, the people it has not reached yet are ticked for the person.
    const ticked = (html: string) => (html.match(/<input[^>]*name="users"[^>]*>/g) ?? []).filter((input) => input.includes('checked=""')).length;
    expect(ticked(before.html)).toBeGreaterThan(0);
    const none = await postForm(t, `/v3/admin/survey?id=${demo.id}`, admin, { _action: 'send', id: demo.id }, 'en');
    expect(none.status).toBe(422);
    expect(none.html).toContain('Choose at least one person to send it to.');
    expect(none.html).toContain('name="users"');
    expect(ticked(none.html)).toBe(0);
  });

  it('answering twice is refused with a clear message; the database allows one response per person', async () => {
    const { token } = await candidateLogin(t, 'candidate2@demo.test');
    const q = await db().selectFrom('survey_questions').select(['id']).where('survey_id', '=', surveyId).where('position', '=', 3).executeTakeFirstOrThrow();
    const second = await candidatePost(`/staff/survey/${surveyId}`, token, { _action: 'answer', q3: '1' });
    expect(second.status).toBe(409);
    expect(second.html).toContain('You have already answered this survey. Each person can answer only once.');
    const api = await t.gql('mutation ($id: ID!, $a: [SurveyAnswerInput!]!) { answerSurvey(id: $id, answers: $a) }', { id: surveyId, a: [{ questionId: q.id, scale: 1 }] }, token);
    expect(firstCode(api)).toBe('CONFLICT');
    await expect(responseRow('candidate2@demo.test')).rejects.toThrow(/survey_responses_once_uq/);
    expect((await db().selectFrom('survey_responses').select('id').where('survey_id', '=', surveyId).execute()).length).toBe(1);
    // The page on a later visit says it was answered.
    const again = await pageIn(`/staff/survey/${surveyId}`, `candidate_token=${token}`, 'ja');
    expect(again.html).toContain('このアンケートにはすでに回答済みです。');
  });

  it('a person it was not sent to cannot see or answer it', async () => {
    const { token } = await candidateLogin(t, 'candidate3@demo.test');
    const page = await pageIn(`/staff/survey/${surveyId}`, `candidate_token=${token}`, 'en');
    expect(page.status).toBe(403);
    expect(page.html).toContain('This survey was not sent to you, so you cannot answer it.');
    expect(page.html).not.toContain('How do you get to work?');
    const post = await candidatePost(`/staff/survey/${surveyId}`, token, { _action: 'answer', q3: '5' });
    expect(post.status).toBe(403);
    const api = await t.gql('mutation ($id: ID!) { answerSurvey(id: $id, answers: []) }', { id: surveyId }, token);
    expect(firstCode(api)).toBe('FORBIDDEN');
    await expect(responseRow('candidate3@demo.test')).rejects.toThrow(/survey_responses_recipient_fk/);
    // A visitor is asked to log in first.
    const anon = await fetch(`${t.url}/staff/survey/${surveyId}`, { redirect: 'manual' });
    expect(anon.status).toBe(302);
    expect(anon.headers.get('location')).toBe(`/staff/login?next=${encodeURIComponent(`/staff/survey/${surveyId}`)}`);
  });

  it('another company (company2@demo.test) can neither see nor send it', async () => {
    const other = await t.tokenOf('company2');
    expect((await getPage(t, `/v3/admin/survey?id=${surveyId}`, other)).status).toBe(404);
    expect((await getPage(t, `/v3/admin/survey?answers=${surveyId}`, other)).status).toBe(404);
    const list = await getPage(t, '/v3/admin/survey', other);
    expect(list.status).toBe(200);
    expect(list.html).not.toContain(surveyId);
    expect(list.html).not.toContain('After-shift survey');
    expect(dataOf(await t.gql('query ($id: ID!) { surveyDetail(id: $id) { id } }', { id: surveyId }, { as: 'company2' })).surveyDetail).toBeNull();
    expect(dataOf(await t.gql('query ($id: ID!) { surveyAudience(id: $id) { workers { userId } } }', { id: surveyId }, { as: 'company2' })).surveyAudience).toBeNull();
    expect(firstCode(await t.gql('query ($id: ID!) { surveyResponses(id: $id) { name } }', { id: surveyId }, { as: 'company2' }))).toBe('NOT_FOUND');
    const worker1 = await userId(t, 'worker1@demo.test');
    expect(firstCode(await t.gql('mutation ($id: ID!, $u: [ID!]!) { sendSurvey(id: $id, userIds: $u) { sent } }', { id: surveyId, u: [worker1] }, { as: 'company2' }))).toBe('NOT_FOUND');
    const post = await postForm(t, `/v3/admin/survey?id=${surveyId}`, other, { _action: 'send', id: surveyId, users: [worker1] });
    expect(post.status).toBe(404);
    expect(await db().selectFrom('survey_recipients').select('user_id').where('survey_id', '=', surveyId).where('user_id', '=', worker1).execute()).toEqual([]);
    // Nor send one of its own to the first company's workers.
    const own = await postForm(t, '/v3/admin/survey/add', other, { ...BUILT, title_en: 'Minato survey' });
    const ownId = /id=([0-9a-f-]{36})/.exec(own.location ?? '')![1]!;
    const r = dataOf(await t.gql('mutation ($id: ID!, $u: [ID!]!) { sendSurvey(id: $id, userIds: $u) { sent skipped } }', { id: ownId, u: [worker1] }, { as: 'company2' }));
    expect(r.sendSurvey).toEqual({ sent: 0, skipped: 1 });
    expect((await db().selectFrom('surveys').select('company_id').where('id', '=', ownId).executeTakeFirstOrThrow()).company_id).not.toBe(companyId);
  });

  it('a user without 400001 (company staff) is refused', async () => {
    const staff = await t.tokenOf('company_staff');
    expect((await getPage(t, '/v3/admin/survey', staff)).status).toBe(302);
    expect((await getPage(t, `/v3/admin/survey?id=${surveyId}`, staff)).status).toBe(302);
    expect((await getPage(t, '/v3/admin/survey/add', staff)).status).toBe(302);
    expect((await postForm(t, '/v3/admin/survey/add', staff, BUILT)).status).toBe(403);
    expect(firstCode(await t.gql('query ($id: ID!) { surveyDetail(id: $id) { id } }', { id: surveyId }, { as: 'company_staff' }))).toBe('FORBIDDEN');
    expect(firstCode(await t.gql('{ surveys(size: 5) { total } }', {}, { as: 'company_staff' }))).toBe('FORBIDDEN');
    expect(firstCode(await t.gql('mutation ($id: ID!, $u: [ID!]!) { sendSurvey(id: $id, userIds: $u) { sent } }', { id: surveyId, u: [] }, { as: 'company_staff' }))).toBe('FORBIDDEN');
  });
});

describe('demo data', () => {
  it('a sent workplace survey with two answers of three', async () => {
    const demo = await db().selectFrom('surveys').select(['id', 'sent_at']).where('company_id', '=', companyId).where('title_en', 'like', 'Workplace survey%').executeTakeFirstOrThrow();
    expect(demo.sent_at).not.toBeNull();
    const admin = await t.tokenOf('company_admin');
    const page = await pageIn(`/v3/admin/survey?id=${demo.id}`, `token=${admin}`, 'en');
    expect(page.html).toContain('2 of 3 people (67%)');
    expect(barsOf(page.html, 1)).toEqual({ Yes: [1, 50], 'Not sure': [1, 50], No: [0, 0] });
    // Bikash has not answered: his link opens the form.
    const { token } = await candidateLogin(t, 'worker3@demo.test');
    const form = await pageIn(`/staff/survey/${demo.id}`, `candidate_token=${token}`, 'en');
    expect(form.status).toBe(200);
    expect(form.html).toContain('name="q1"');
  });
});
