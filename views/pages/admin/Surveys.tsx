import type { JSX } from 'react';
import { FieldError } from '../../ui/Field.tsx';
import { TitledSection } from '../../ui/TitledSection.tsx';
import { isLang, LANG_NAMES, pickLang, tr, type Lang, type Text } from '../../../shared/i18n.ts';
import { msg, msgText, type TextKey } from '../../../shared/texts/index.ts';
import { dateTimeText } from '../../../shared/format.ts';
import { Notice } from '../../ui/DataTable.tsx';
import { ActionButton, FormFooter, type ActionRefs } from '../../ui/Action.tsx';
import type { SurveyAnswerQuestion } from '../public/SurveyAnswer.tsx';

/**
 * The survey screens of the back office (docs/surveys.md): the builder
 * (/v3/admin/survey/add), and a survey's own page (/v3/admin/survey?id=…) with its questions, the
 * form that sends it to chosen workers through the chat, and the results as SVG bar charts drawn
 * here on the server. Every form works without JavaScript: adding a question or an option posts
 * the form and draws it again with what was typed.
 */

export const KIND_LABELS: Record<string, Text> = {
  single: msgText('surveyAdmin.singleChoice'),
  multiple: msgText('surveyAdmin.multipleChoice'),
  scale: msgText('surveyAdmin.scale'),
  text: msgText('surveyAdmin.freeText'),
};
/** A question kind's name; a kind this page does not know shows as it is. */
const kindLabel = (lang: Lang, kind: string) => {
  const label = KIND_LABELS[kind];
  return label ? tr(lang, label) : kind;
};

// ---------------------------------------------------------------------------------------------
// The builder

export interface BuilderOption {
  ja: string;
  en: string;
}
export interface BuilderQuestion {
  kind: string;
  ja: string;
  en: string;
  required: boolean;
  options: BuilderOption[];
}
export interface BuilderForm {
  companyId: string;
  titleJa: string;
  titleEn: string;
  questions: BuilderQuestion[];
}

export interface SurveyBuilderView {
  act: ActionRefs<'addQuestion' | 'addOption' | 'removeQuestion' | 'create'>;
  lang: Lang;
  title: Text;
  form: BuilderForm;
  /** Form field name → message (`_` the form as a whole). */
  errors: Record<string, string>;
  /** A platform user picks the company; a company user builds for its own. */
  companies: { value: string; label: Text }[] | null;
}

function TextInput(p: { name: string; label: string; value: string; error?: string | undefined; required?: boolean; lang?: string; textarea?: boolean }): JSX.Element {
  const common = { id: p.name, name: p.name, required: p.required || undefined, 'aria-invalid': p.error ? true : undefined, 'aria-describedby': p.error ? `${p.name}-error` : undefined, lang: p.lang };
  return (
    <div className="field">
      <label htmlFor={p.name}>
        {p.label}
        {p.required && <span aria-hidden="true"> *</span>}
      </label>
      {p.textarea ? <textarea {...common} rows={2} defaultValue={p.value} maxLength={500} /> : <input {...common} type="text" defaultValue={p.value} maxLength={200} />}
      <FieldError id={`${p.name}-error`} error={p.error} />
    </div>
  );
}

export function SurveyBuilder(v: SurveyBuilderView): JSX.Element {
  const L = v.lang;
  const hasErrors = Object.keys(v.errors).length > 0;
  return (
    <section className="survey-builder resource-form">
      <div className="page-head">
        <h1>{tr(L, v.title)}</h1>
        <a className="back-link" href="/v3/admin/survey">
          {msg(L, 'surveyAdmin.backSurveys')}
        </a>
      </div>
      <p>{msg(L, 'surveyAdmin.bothLanguagesHint')}</p>
      {hasErrors && <Notice text={v.errors._ ?? msg(L, 'error.checkFields')} error />}
      <form method="post" action="/v3/admin/survey/add" noValidate>
        {v.companies && (
          <div className="field">
            <label htmlFor="companyId">{msg(L, 'integrations.company')} *</label>
            <select id="companyId" name="companyId" defaultValue={v.form.companyId} aria-invalid={v.errors.companyId ? true : undefined}>
              <option value="">—</option>
              {v.companies.map((c) => (
                <option key={c.value} value={c.value}>
                  {tr(L, c.label)}
                </option>
              ))}
            </select>
            {v.errors.companyId && <p className="field-error">{v.errors.companyId}</p>}
          </div>
        )}
        <TextInput name="title_ja" label={msg(L, 'surveyAdmin.titleJapanese')} value={v.form.titleJa} error={v.errors.title_ja} required lang="ja" />
        <TextInput name="title_en" label={msg(L, 'surveyAdmin.titleEnglish')} value={v.form.titleEn} error={v.errors.title_en} required lang="en" />
        <input type="hidden" name="questions" value={v.form.questions.length} />
        {v.errors.questions && <p className="field-error">{v.errors.questions}</p>}
        <ol className="survey-questions">
          {v.form.questions.map((q, i) => (
            <li key={i} className="card survey-question" id={`q${i}`}>
              <fieldset>
                <legend>{msg(L, 'surveyAdmin.questionNumber', { n: i + 1 })}</legend>
                <div className="field">
                  <label htmlFor={`q${i}_kind`}>{msg(L, 'integrations.entity')}</label>
                  <select id={`q${i}_kind`} name={`q${i}_kind`} defaultValue={q.kind} aria-invalid={v.errors[`q${i}_kind`] ? true : undefined}>
                    {Object.entries(KIND_LABELS).map(([value, label]) => (
                      <option key={value} value={value}>
                        {tr(L, label)}
                      </option>
                    ))}
                  </select>
                  {v.errors[`q${i}_kind`] && <p className="field-error">{v.errors[`q${i}_kind`]}</p>}
                </div>
                <TextInput name={`q${i}_ja`} label={msg(L, 'surveyAdmin.questionJapanese')} value={q.ja} error={v.errors[`q${i}_ja`]} required lang="ja" textarea />
                <TextInput name={`q${i}_en`} label={msg(L, 'surveyAdmin.questionEnglish')} value={q.en} error={v.errors[`q${i}_en`]} required lang="en" textarea />
                <div className="field field-check">
                  <label>
                    <input type="checkbox" name={`q${i}_required`} value="1" defaultChecked={q.required} /> {msg(L, 'surveyAdmin.answerRequired')}
                  </label>
                </div>
                <fieldset className="survey-options">
                  <legend>{msg(L, 'surveyAdmin.options')}</legend>
                  <input type="hidden" name={`q${i}_options`} value={q.options.length} />
                  {v.errors[`q${i}_options`] && <p className="field-error">{v.errors[`q${i}_options`]}</p>}
                  {q.options.map((o, j) => (
                    <div key={j} className="survey-option-row">
                      <TextInput name={`q${i}_o${j}_ja`} label={msg(L, 'surveyAdmin.optionJapanese', { n: j + 1 })} value={o.ja} error={v.errors[`q${i}_o${j}_ja`]} lang="ja" />
                      <TextInput name={`q${i}_o${j}_en`} label={msg(L, 'surveyAdmin.optionEnglish', { n: j + 1 })} value={o.en} error={v.errors[`q${i}_o${j}_en`]} lang="en" />
                    </div>
                  ))}
                  <ActionButton action={v.act.addOption} arg={String(i)} className="btn btn-secondary btn-small-solid" noValidate>
                    {msg(L, 'surveyAdmin.addOption')}
                  </ActionButton>
                </fieldset>
                {v.form.questions.length > 1 && (
                  <p>
                    <ActionButton action={v.act.removeQuestion} arg={String(i)} className="btn-link" noValidate>
                      {msg(L, 'surveyAdmin.removeQuestion')}
                    </ActionButton>
                  </p>
                )}
              </fieldset>
            </li>
          ))}
        </ol>
        <p>
          <ActionButton action={v.act.addQuestion} className="btn btn-secondary" noValidate>
            {msg(L, 'surveyAdmin.addQuestion')}
          </ActionButton>
        </p>
        <FormFooter action={v.act.create} label={msg(L, 'surveyAdmin.createSurvey')} leave={{ href: '/v3/admin/survey', label: msg(L, 'record.cancel') }} />
      </form>
    </section>
  );
}

/** A select of the audience filter: every choice named in the reader's language, or all. */
function ChoiceFilter(p: { lang: Lang; label: TextKey; name: string; value: string; choices: readonly { id: string; ja: string; en: string }[] }) {
  return (
    <label>
      {msg(p.lang, p.label)}
      <select name={p.name} defaultValue={p.value}>
        <option value="">{msg(p.lang, 'list.all')}</option>
        {p.choices.map((c) => (
          <option key={c.id} value={c.id}>
            {pickLang(p.lang, c.ja, c.en)}
          </option>
        ))}
      </select>
    </label>
  );
}

// ---------------------------------------------------------------------------------------------
// Charts

export interface Bar {
  label: string;
  count: number;
}

const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);
const percent = (count: number, of: number) => (of > 0 ? Math.round((count * 100) / of) : 0);

/**
 * A horizontal bar chart as SVG: one bar per option (or scale value), its label above it and its
 * count with its percentage of the people who answered the question after it. Drawn to a 400-wide
 * box that scales with the page, so a phone shows it whole and readable; each bar carries its full
 * label and numbers for screen readers.
 */
export function BarChart({ bars, answered, title }: { bars: Bar[]; answered: number; title: string }): JSX.Element {
  const W = 400;
  const VALUE = 90;
  const ROW = 46;
  const BAR = 18;
  const top = 4;
  const max = Math.max(1, ...bars.map((b) => b.count));
  const span = W - VALUE;
  const height = top * 2 + bars.length * ROW;
  return (
    <svg className="survey-chart" viewBox={`0 0 ${W} ${height}`} width="100%" role="img" aria-label={title} preserveAspectRatio="xMinYMin meet">
      <title>{title}</title>
      {bars.map((b, i) => {
        const y = top + i * ROW;
        const w = b.count === 0 ? 0 : Math.max(2, Math.round((b.count / max) * span));
        const pct = percent(b.count, answered);
        return (
          <g key={i} className="survey-bar" data-label={b.label} data-count={b.count} data-percent={pct}>
            <title>{`${b.label}: ${b.count} (${pct}%)`}</title>
            <text x="0" y={y + 14} fontSize="14" fill="currentColor">
              {clip(b.label, 40)}
            </text>
            <rect x="0" y={y + 20} width={span} height={BAR} rx="3" fill="#e6ebf2" />
            <rect x="0" y={y + 20} width={w} height={BAR} rx="3" fill="#2f6fb5" />
            <text x={w + 6} y={y + 34} fontSize="14" fill="currentColor">
              {`${b.count} (${pct}%)`}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

// ---------------------------------------------------------------------------------------------
// A survey's page

/** A question as its survey's page shows it: the same as the answer page's. */
export type SurveyQuestionView = SurveyAnswerQuestion;
export interface SurveyResultView {
  questionId: string;
  answered: number;
  counts: number[];
  texts: string[];
}
export interface SurveyDetailView {
  id: string;
  companyJa: string;
  companyEn: string;
  titleJa: string;
  titleEn: string;
  createdAt: string;
  createdBy: string;
  sentAt: string | null;
  recipients: number;
  responses: number;
  questions: SurveyQuestionView[];
  results: SurveyResultView[];
}
export interface AudienceView {
  jobs: { id: string; ja: string; en: string }[];
  clients: { id: string; ja: string; en: string }[];
  workers: { userId: string; name: string; lang: string; sent: boolean; answered: boolean }[];
}

export interface SurveyPageView {
  act: ActionRefs<'send'>;
  lang: Lang;
  survey: SurveyDetailView;
  audience: AudienceView;
  filter: { job: string; client: string; date: string };
  notice: string | null;
  error: string | null;
  /** After a refused send, the people who were ticked (drawn ticked again, and no one else); else everyone not yet reached is ticked. */
  chosen?: readonly string[];
}

export function SurveyPage(v: SurveyPageView): JSX.Element {
  const L = v.lang;
  const s = v.survey;
  const base = `/v3/admin/survey?id=${encodeURIComponent(s.id)}`;
  const filterQuery = new URLSearchParams({ id: s.id, ...Object.fromEntries(Object.entries(v.filter).filter(([, x]) => x)) }).toString();
  const rate = percent(s.responses, s.recipients);
  const unsent = v.audience.workers.filter((w) => !w.sent);
  return (
    <section className="survey-page">
      <div className="page-head">
        <h1>{pickLang(L, s.titleJa, s.titleEn)}</h1>
        <div className="page-actions">
          <a className="btn btn-secondary" href={`/v3/admin/survey?answers=${encodeURIComponent(s.id)}`} download>
            {msg(L, 'surveyAdmin.answersCsv')}
          </a>
        </div>
      </div>
      <p>
        <a className="back-link" href="/v3/admin/survey">
          {msg(L, 'surveyAdmin.backSurveys')}
        </a>
      </p>
      <Notice text={v.notice} />
      <Notice text={v.error} error />
      <dl className="detail-grid card">
        <dt>{msg(L, 'integrations.company')}</dt>
        <dd>{pickLang(L, s.companyJa, s.companyEn)}</dd>
        <dt>{msg(L, 'record.created')}</dt>
        <dd>
          {dateTimeText(s.createdAt, L)} · {s.createdBy}
        </dd>
        <dt>{msg(L, 'surveyAdmin.sentLabel')}</dt>
        <dd>{s.sentAt ? dateTimeText(s.sentAt, L) : msg(L, 'surveyAdmin.notSentYet')}</dd>
        <dt>{msg(L, 'surveyAdmin.answers')}</dt>
        <dd data-testid="survey-responses">{msg(L, 'surveyAdmin.responseRate', { responses: s.responses, recipients: s.recipients, rate })}</dd>
      </dl>

      <TitledSection className="card" id="survey-results-title" title={msg(L, 'surveyAdmin.results')}>
        {s.questions.map((q) => {
          const r = s.results.find((x) => x.questionId === q.id) ?? { questionId: q.id, answered: 0, counts: [], texts: [] };
          const text = pickLang(L, q.textJa, q.textEn);
          const bars: Bar[] =
            q.kind === 'scale'
              ? [1, 2, 3, 4, 5].map((n, i) => ({ label: String(n), count: r.counts[i] ?? 0 }))
              : q.options.map((o, i) => ({ label: pickLang(L, o.labelJa, o.labelEn), count: r.counts[i] ?? 0 }));
          const mean = q.kind === 'scale' && r.answered ? r.counts.reduce((sum, c, i) => sum + c * (i + 1), 0) / r.answered : null;
          return (
            <article key={q.id} className="survey-result" data-question={q.position} data-kind={q.kind}>
              <h3>
                {q.position}. {text}
              </h3>
              <p className="muted">
                {kindLabel(L, q.kind)} · {msg(L, 'surveyAdmin.answeredCount', { answered: r.answered })}
                {mean !== null && ` · ${msg(L, 'surveyAdmin.average')} ${mean.toFixed(1)}`}
              </p>
              {q.kind === 'text' ? (
                r.texts.length ? (
                  <ul className="survey-texts">
                    {r.texts.map((x, i) => (
                      <li key={i}>{x}</li>
                    ))}
                  </ul>
                ) : (
                  <p className="empty">{msg(L, 'surveyAdmin.noAnswersYet')}</p>
                )
              ) : (
                <BarChart bars={bars} answered={r.answered} title={text} />
              )}
            </article>
          );
        })}
      </TitledSection>

      <TitledSection className="card" anchor="send" id="survey-send-title" title={msg(L, 'surveyAdmin.sendWorkers')}>
        <p>{msg(L, 'surveyAdmin.sendHint')}</p>
        <form method="get" action="/v3/admin/survey" className="inline-form survey-filter">
          <input type="hidden" name="id" value={s.id} />
          <ChoiceFilter lang={L} label="applicant.job" name="job" value={v.filter.job} choices={v.audience.jobs} />
          <ChoiceFilter lang={L} label="applicant.client" name="client" value={v.filter.client} choices={v.audience.clients} />
          <label>
            {msg(L, 'surveyAdmin.shiftDate')}
            <input type="date" name="date" defaultValue={v.filter.date} />
          </label>
          <button type="submit" className="btn btn-secondary btn-small-solid">
            {msg(L, 'surveyAdmin.findWorkers')}
          </button>
        </form>
        {v.audience.workers.length === 0 ? (
          <p className="empty">{msg(L, 'surveyAdmin.noWorkersMatch')}</p>
        ) : (
          <form method="post" action={`/v3/admin/survey?${filterQuery}`} className="survey-send">
            <input type="hidden" name="id" value={s.id} />
            <fieldset className="field-multi">
              <legend>{msg(L, 'surveyAdmin.audience', { count: v.audience.workers.length })}</legend>
              <ul className="survey-workers">
                {v.audience.workers.map((w) => (
                  <li key={w.userId}>
                    <label className="choice">
                      <input type="checkbox" name="users" value={w.userId} defaultChecked={v.chosen ? v.chosen.includes(w.userId) : !w.sent} disabled={w.sent || undefined} /> {w.name}{' '}
                      <span className="muted">
                        ({isLang(w.lang) ? LANG_NAMES[w.lang] : w.lang}
                        {w.sent && ` · ${tr(L, w.answered ? msgText('surveyAdmin.answeredState') : msgText('surveyAdmin.sentState'))}`})
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
            <ActionButton action={v.act.send} className="btn" disabled={unsent.length === 0 || undefined} confirm={msg(L, 'surveyAdmin.sendConfirm')}>
              {msg(L, 'surveyAdmin.sendThroughChat')}
            </ActionButton>
          </form>
        )}
        {v.filter.job || v.filter.client || v.filter.date ? (
          <p>
            <a href={`${base}#send`}>{msg(L, 'surveyAdmin.clearFilter')}</a>
          </p>
        ) : null}
      </TitledSection>

      <TitledSection className="card" id="survey-questions-title" title={msg(L, 'surveyAdmin.questions')}>
        <ol>
          {s.questions.map((q) => (
            <li key={q.id}>
              <p>
                <span lang="ja">{q.textJa}</span> / <span lang="en">{q.textEn}</span>{' '}
                <span className="muted">
                  ({kindLabel(L, q.kind)}
                  {q.required ? ` · ${msg(L, 'surveyAdmin.required')}` : ''})
                </span>
              </p>
              {q.options.length > 0 && (
                <ul>
                  {q.options.map((o) => (
                    <li key={o.id}>
                      <span lang="ja">{o.labelJa}</span> / <span lang="en">{o.labelEn}</span>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      </TitledSection>
    </section>
  );
}
