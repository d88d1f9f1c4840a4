/**
 * The candidate's answer page for a survey sent through the chat (/staff/survey/[id],
 * docs/surveys.md). Only a person it was sent to sees the questions; each answers once
 * (the API refuses a second response, the database's unique constraint decides).
 */
import { pickLang } from '../../../../shared/i18n.ts';
import { dateTimeText } from '../../../../shared/format.ts';
import { operation } from '../../../api/documents.ts';
import { SurveyAnswerPage } from '../../../../views/pages/public/SurveyAnswer.tsx';
import { formList, queryText } from '../../../web/kit.ts';
import { defineScreen, errorPage, page, redirect, withRefusal, type OnRefusal, type Screen } from '../../../web/screen.ts';
import { isUuid } from '../../../../shared/ids.ts';

/** The operations only this screen sends, typed from their text (server/api/documents.ts `operation`). */
const OWN = {
  MySurvey: operation(/* GraphQL */ `
    query MySurvey($id: ID!) {
      mySurvey(id: $id) { id companyJa companyEn titleJa titleEn answeredAt questions { id position kind textJa textEn required options { id labelJa labelEn } } }
    }`),
  AnswerSurvey: operation(/* GraphQL */ `mutation AnswerSurvey($id: ID!, $answers: [SurveyAnswerInput!]!) { answerSurvey(id: $id, answers: $answers) }`),
};

/** The answers as ticked (`q<position>`, each a list), to show again after a refusal. */
const answersOf = (body: Record<string, unknown>): Record<string, string[]> =>
  Object.fromEntries(
    Object.keys(body)
      .filter((k) => /^q\d+$/.test(k))
      .map((k) => [k, formList(body, k)]),
  );

/** Answered already, or not sent to them: the page says so, with the refusal's status; else "check your answers". */
const ANSWER_REFUSAL: OnRefusal = {
  values: answersOf,
  errors: (r, _body, ctx) => (r.code === 'CONFLICT' || r.code === 'FORBIDDEN' || r.code === 'NOT_FOUND' ? { _: r.message } : { _: ctx.msg('survey.checkAnswers'), ...r.fields }),
};

const surveyAnswer = defineScreen({
  path: '/staff/survey/[id]',
  load: async ({ params, call, candidateCaller }) => {
    const id = params.id ?? '';
    const here = `/staff/survey/${id}`;
    if (!isUuid(id)) throw errorPage('recordNotFound');
    return { id, here, survey: (await call(OWN.MySurvey, { id }, candidateCaller)).mySurvey };
  },
  view: ({ lang, req, route }, { here, survey }, state, act) => {
    const values = Object.fromEntries(Object.entries(state?.values ?? {}).map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : [String(v)]]));
    const answeredOn = survey?.answeredAt ? dateTimeText(survey.answeredAt, lang) : null;
    const kind = !survey ? 'notSent' : survey.answeredAt ? (queryText(req, 'thanks') ? 'thanks' : 'answered') : 'open';
    const content = (
      <SurveyAnswerPage
        act={act}
        lang={lang}
        action={here}
        company={survey ? pickLang(lang, survey.companyJa, survey.companyEn) : ''}
        title={survey ? pickLang(lang, survey.titleJa, survey.titleEn) : ''}
        questions={survey?.questions ?? []}
        state={kind}
        answeredOn={answeredOn}
        values={values}
        errors={state?.errors ?? {}}
      />
    );
    // Not sent to this person: refused (403), saying why.
    return page({ title: survey ? pickLang(lang, survey.titleJa, survey.titleEn) : route.title, content, status: state?.status ?? (survey ? 200 : 403) });
  },
  actions: {
    answer: withRefusal(ANSWER_REFUSAL, async ({ params, call, candidateCaller }, body) => {
      const id = params.id ?? '';
      const here = `/staff/survey/${id}`;
      if (!isUuid(id)) return errorPage('recordNotFound');
      const { mySurvey: survey } = await call(OWN.MySurvey, { id }, candidateCaller);
      const questions = survey?.questions ?? [];
      const values: Record<string, string[]> = Object.fromEntries(questions.map((q) => [`q${q.position}`, formList(body, `q${q.position}`)]));
      const answers = questions.map((q) => {
        const given = values[`q${q.position}`] ?? [];
        if (q.kind === 'scale') return { questionId: q.id, scale: /^\d$/.test(given[0] ?? '') ? Number(given[0]) : null };
        if (q.kind === 'text') return { questionId: q.id, text: given[0] ?? '' };
        return { questionId: q.id, optionIds: given.filter((g) => isUuid(g)) };
      });
      await call(OWN.AnswerSurvey, { id, answers }, candidateCaller);
      return redirect(`${here}?thanks=1`);
    }),
  },
});

export const screens: readonly Screen[] = [surveyAnswer];
