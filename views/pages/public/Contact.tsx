import type { JSX } from 'react';
import { CONTACT_TOPICS, CONTACT_TOPIC_LABELS } from '../../../shared/contact.ts';
import { msg, type MessageKey } from '../../../shared/messages.ts';
import { Field } from '../../ui/Field.tsx';
import { Sentence } from '../../ui/Sentence.tsx';
import { AlertBox } from '../../ui/Alert.tsx';
import { CheckForm, FormPage, SubmitButton, type SentFormProps } from './form-page.tsx';

/** The form's fields and their labels (the error summary names the fields too). */
const LABELS = { name: 'contact.name', email: 'common.email', phone: 'contact.phone', topic: 'contact.topic', message: 'contact.message' } satisfies Record<string, MessageKey>;

/**
 * /staff/contact: the contact form (`name`, `email`, optional `phone`, `topic`, `message`,
 * posted to /staff/contact). Keeps `values`, shows each of `errors` beside its field, and
 * shows a thank-you panel once `sent`.
 */
export function ContactPage(props: SentFormProps): JSX.Element {
  const { lang, values, errors, sent } = props;

  return (
    <FormPage page="page-contact" wide id="contact-title" title={msg(lang, 'common.contactUs')}>
      {sent ? (
        <AlertBox tone="success" title={msg(lang, 'contact.thanks')}>
          <p>{msg(lang, 'contact.thanksBody')}</p>
          <p>
            <a href="/faq">{msg(lang, 'contact.browseFaq')}</a>
            {' · '}
            <a href="/">{msg(lang, 'common.backHome')}</a>
          </p>
        </AlertBox>
      ) : (
        <>
          <p className="form-intro">
            <Sentence lang={lang} k="contact.intro" parts={{ faq: <a href="/faq">{msg(lang, 'common.faq')}</a> }} />
          </p>
          <CheckForm lang={lang} errors={errors} labels={LABELS} />
          <form method="post" action="/staff/contact">
            <p className="form-note">{msg(lang, 'common.requiredNote')}</p>
            <Field name="name" label={msg(lang, LABELS.name)} value={values.name} error={errors.name} required autoComplete="name" />
            <Field name="email" type="email" label={msg(lang, LABELS.email)} value={values.email} error={errors.email} required autoComplete="email" />
            <Field name="phone" type="tel" label={msg(lang, LABELS.phone)} value={values.phone} error={errors.phone} autoComplete="tel" />
            <Field name="topic" label={msg(lang, LABELS.topic)} value={values.topic} error={errors.topic} required>
              <option value="" disabled>
                {msg(lang, 'contact.chooseTopic')}
              </option>
              {CONTACT_TOPICS.map((topic) => (
                <option key={topic} value={topic}>
                  {msg(lang, CONTACT_TOPIC_LABELS[topic])}
                </option>
              ))}
            </Field>
            <Field name="message" textarea label={msg(lang, LABELS.message)} value={values.message} error={errors.message} required hint={msg(lang, 'contact.messageHint')} />
            <p className="form-note">
              <Sentence lang={lang} k="contact.privacyNote" parts={{ policy: <a href="/policy">{msg(lang, 'common.privacyPolicy')}</a> }} />
            </p>
            <SubmitButton action={props.action}>{msg(lang, 'contact.send')}</SubmitButton>
          </form>
        </>
      )}
    </FormPage>
  );
}
