import type { JSX } from 'react';
import trial from '../../../shared/content/trial.json' with { type: 'json' };
import { msg, type MessageKey } from '../../../shared/messages.ts';
import { Field } from '../../ui/Field.tsx';
import { Sentence } from '../../ui/Sentence.tsx';
import { AlertBox } from '../../ui/Alert.tsx';
import { CheckForm, SubmitButton, type SentFormProps } from './form-page.tsx';
import { ItemList, PageHeader, type Item } from './sections.tsx';

/** What a trial gives a staffing company. */
const BENEFITS: readonly Item[] = trial.benefits;

/** The form's fields and their labels (the error summary names the fields too). */
const LABELS = { company_name: 'trial.companyName', contact_name: 'trial.contactName', email: 'common.email', phone: 'trial.phone', message: 'trial.message' } satisfies Record<string, MessageKey>;

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
          <ItemList lang={lang} items={BENEFITS} kind="benefits" />
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
