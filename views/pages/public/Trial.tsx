import type { JSX } from 'react';
import { tr, type Text } from '../../../shared/i18n.ts';
import { msg, type MessageKey } from '../../../shared/messages.ts';
import { Field } from '../../ui/Field.tsx';
import { Sentence } from '../../ui/Sentence.tsx';
import { AlertBox } from '../../ui/Alert.tsx';
import { CheckForm, SubmitButton, type SentFormProps } from './form-page.tsx';
import { PageHeader } from './sections.tsx';

type Benefit = { title: Text; body: Text };

const BENEFITS: readonly Benefit[] = [
  {
    title: { ja: '採用をひとつの画面で', en: 'Hiring in one view' },
    body: {
      ja: '求人の掲載から、応募・確認・出勤のパイプラインまで。候補者の状況がリアルタイムで更新され、チーム全員が同じ情報で動けます。',
      en: 'From publishing jobs to the candidate, confirmation and attendance pipelines: statuses update live, so the whole team works from the same information.',
    },
  },
  {
    title: { ja: '在留資格の確認を確実に', en: 'Residence status checks you can trust' },
    body: {
      ja: '在留カードの確認状況と就労時間の上限を管理し、在留資格の範囲を超えた就労を防ぎます。',
      en: 'Track residence card checks and working-hour limits, and avoid anyone working beyond what their status allows.',
    },
  },
  {
    title: { ja: 'スタッフとすぐにつながる', en: 'Reach your staff instantly' },
    body: {
      ja: '求人やシフトに紐づいたチャットで、候補者やスタッフと日本語・英語でやりとりできます。',
      en: 'Chat linked to each job and shift lets you talk with candidates and workers in Japanese or English.',
    },
  },
  {
    title: { ja: 'シフト・給与・請求まで', en: 'Shifts, payroll and billing' },
    body: {
      ja: '日々のシフト、日払い・月払い・クイックペイの給与、取引先への請求までをまとめて管理できます。',
      en: 'Manage daily shifts, daily, monthly and quick-pay wages, and invoices to your clients in one place.',
    },
  },
];

/** The form's fields and their labels (the error summary names the fields too). */
const LABELS = {
  company_name: 'trial.companyName',
  contact_name: 'trial.contactName',
  email: 'common.email',
  phone: 'trial.phone',
  message: 'trial.message',
} satisfies Record<string, MessageKey>;

/**
 * /v3/trial: for staffing companies. Benefits and the trial signup form
 * (`company_name`, `contact_name`, `email`, `phone`, optional `message`), or a thank-you
 * panel once `sent` (the company and its first admin exist, and the password mail is on its way).
 */
export function TrialPage(props: SentFormProps): JSX.Element {
  const { lang, values, errors, sent } = props;

  return (
    <div className="page page-trial">
      <PageHeader lang={lang} title={msg(lang, 'trial.title')} lead={msg(lang, 'trial.lead')} />

      <div className="container two-columns">
        <section className="section" aria-labelledby="benefits-title">
          <h2 id="benefits-title">{msg(lang, 'trial.whatYouGet')}</h2>
          <ul className="benefit-list">
            {BENEFITS.map((benefit) => (
              <li key={benefit.title.en}>
                <h3>{tr(lang, benefit.title)}</h3>
                <p>{tr(lang, benefit.body)}</p>
              </li>
            ))}
          </ul>
          <h2>{msg(lang, 'trial.whatHappensNext')}</h2>
          <ol className="plain-steps">
            <li>{msg(lang, 'trial.step1')}</li>
            <li>{msg(lang, 'trial.step2')}</li>
            <li>{msg(lang, 'trial.step3')}</li>
          </ol>
        </section>

        <section className="form-panel" aria-labelledby="trial-form-title">
          {sent ? (
            <AlertBox tone="success">
              <h2 id="trial-form-title">{msg(lang, 'trial.thanks')}</h2>
              <p>{msg(lang, 'trial.thanksBody')}</p>
              <p>
                {msg(lang, 'trial.linkHelp')} <a href="/forget-password">{msg(lang, 'trial.forgotPassword')}</a>
              </p>
              <p>
                <a href="/">{msg(lang, 'common.backHome')}</a>
              </p>
            </AlertBox>
          ) : (
            <>
              <h2 id="trial-form-title">{msg(lang, 'trial.formTitle')}</h2>
              <CheckForm lang={lang} errors={errors} labels={LABELS} />
              <form method="post" action="/v3/trial">
                <p className="form-note">{msg(lang, 'common.requiredNote')}</p>
                <Field name="company_name" label={msg(lang, LABELS.company_name)} value={values.company_name} error={errors.company_name} required autoComplete="organization" />
                <Field name="contact_name" label={msg(lang, LABELS.contact_name)} value={values.contact_name} error={errors.contact_name} required autoComplete="name" />
                <Field name="email" type="email" label={msg(lang, LABELS.email)} value={values.email} error={errors.email} required autoComplete="email" />
                <Field name="phone" type="tel" label={msg(lang, LABELS.phone)} value={values.phone} error={errors.phone} required autoComplete="tel" hint={msg(lang, 'trial.phoneHint')} />
                <Field name="message" textarea label={msg(lang, LABELS.message)} value={values.message} error={errors.message} hint={msg(lang, 'trial.messageHint')} />
                <p className="form-note">
                  <Sentence lang={lang} k="trial.agree" parts={{ terms: <a href="/terms">{msg(lang, 'common.termsOfUse')}</a>, policy: <a href="/policy">{msg(lang, 'common.privacyPolicy')}</a> }} />
                </p>
                <SubmitButton action={props.action}>{msg(lang, 'trial.submit')}</SubmitButton>
              </form>
            </>
          )}
        </section>
      </div>
    </div>
  );
}
