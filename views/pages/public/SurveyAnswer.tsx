import type { JSX } from 'react';
import { FieldError } from '../../ui/Field.tsx';
import { pickLang, type Lang } from '../../../shared/i18n.ts';
import { msg } from '../../../shared/messages.ts';
import type { ActionRefs } from '../../ui/Action.tsx';
import { AlertLine } from '../../ui/Alert.tsx';
import { SubmitButton } from './form-page.tsx';

/**
 * The candidate's answer page for a survey a company sent through the chat (/staff/survey/[id]):
 * phone first (one column, large touch targets), every question in the reader's
 * language, a plain form that needs no JavaScript. Answered once: afterwards the page says so.
 */
export interface SurveyAnswerQuestion {
  id: string;
  position: number;
  kind: string;
  textJa: string;
  textEn: string;
  required: boolean;
  options: { id: string; labelJa: string; labelEn: string }[];
}

export interface SurveyAnswerView {
  act: ActionRefs<'answer'>;
  lang: Lang;
  action: string;
  company: string;
  title: string;
  questions: SurveyAnswerQuestion[];
  /** What the page says instead of the form: answered, thanks, or not sent to this person. */
  state: 'open' | 'answered' | 'thanks' | 'notSent';
  answeredOn: string | null;
  values: Record<string, string[]>;
  errors: Record<string, string>;
}

export function SurveyAnswerPage(p: SurveyAnswerView): JSX.Element {
  const L = p.lang;
  const chosen = (name: string, value: string) => (p.values[name] ?? []).includes(value);
  return (
    <div className="page page-survey">
      <div className="container section survey-answer">
        <p className="lead">{msg(L, 'survey.from', { company: p.company })}</p>
        <h1>{p.title || msg(L, 'survey.title')}</h1>
        {p.state === 'thanks' && <AlertLine tone="success">{msg(L, 'survey.thanks')}</AlertLine>}
        {p.state === 'answered' && (
          <AlertLine tone="info">
            {msg(L, 'survey.already')} {p.answeredOn ? msg(L, 'survey.answeredOn', { date: p.answeredOn }) : ''}
          </AlertLine>
        )}
        {p.state === 'notSent' && <AlertLine tone="error">{msg(L, 'survey.notSent')}</AlertLine>}
        {p.errors._ && <AlertLine tone="error">{p.errors._}</AlertLine>}
        {p.state === 'open' && (
          <form method="post" action={p.action} className="form-panel survey-form" noValidate>
            {p.questions.map((q) => {
              const name = `q${q.position}`;
              const error = p.errors[name];
              const label = (
                <>
                  {q.position}. {pickLang(L, q.textJa, q.textEn)}
                  {q.required && (
                    <span className="required-mark">
                      {' '}
                      *<span className="visually-hidden">{msg(L, 'survey.required')}</span>
                    </span>
                  )}
                </>
              );
              return (
                <fieldset key={q.id} className="field survey-answer-question" aria-invalid={error ? true : undefined} aria-describedby={error ? `${name}-error` : undefined}>
                  <legend>{label}</legend>
                  {q.kind === 'multiple' && <p className="hint">{msg(L, 'survey.chooseMany')}</p>}
                  {q.kind === 'scale' && <p className="hint">{msg(L, 'survey.scaleHint')}</p>}
                  {(q.kind === 'single' || q.kind === 'multiple') && (
                    <div className="survey-choices">
                      {q.options.map((o) => (
                        <label key={o.id} className="survey-choice">
                          <input type={q.kind === 'single' ? 'radio' : 'checkbox'} name={name} value={o.id} defaultChecked={chosen(name, o.id)} /> {pickLang(L, o.labelJa, o.labelEn)}
                        </label>
                      ))}
                    </div>
                  )}
                  {q.kind === 'scale' && (
                    <div className="survey-scale">
                      {[1, 2, 3, 4, 5].map((n) => (
                        <label key={n} className="survey-choice">
                          <input type="radio" name={name} value={String(n)} defaultChecked={chosen(name, String(n))} /> {n}
                        </label>
                      ))}
                    </div>
                  )}
                  {q.kind === 'text' && <textarea name={name} aria-label={msg(L, 'survey.yourAnswer')} rows={4} maxLength={2000} defaultValue={(p.values[name] ?? [])[0] ?? ''} />}
                  <FieldError id={`${name}-error`} error={error} />
                </fieldset>
              );
            })}
            <SubmitButton action={p.act.answer}>{msg(L, 'survey.submit')}</SubmitButton>
          </form>
        )}
        <p>
          <a href="/staff/chat">{msg(L, 'common.chat')}</a>
        </p>
      </div>
    </div>
  );
}
