import type { JSX } from 'react';
import { tr, type Lang, type Text } from '../../../shared/i18n.ts';
import { ErrorSummary, Field } from '../../ui/Field.tsx';

/** The topics of the contact form, in the order of the select. */
export const CONTACT_TOPICS = ['work', 'visa', 'pay', 'company', 'other'] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

const TOPIC_LABELS: Record<ContactTopic, Text> = {
  work: { ja: '仕事探し・応募について', en: 'Finding work or applying' },
  visa: { ja: '在留資格・就労の条件について', en: 'Residence status and work permission' },
  pay: { ja: '給与・クイックペイについて', en: 'Pay and quick pay' },
  company: { ja: '企業・人材会社の方（導入・取材など）', en: 'For companies (using Tsunagu, press, etc.)' },
  other: { ja: 'その他（アカウントの削除など）', en: 'Other (account deletion, etc.)' },
};

const LABELS = {
  name: { ja: 'お名前', en: 'Name' },
  email: { ja: 'メールアドレス', en: 'Email address' },
  phone: { ja: '電話番号（任意）', en: 'Phone number (optional)' },
  topic: { ja: 'お問い合わせの種類', en: 'Topic' },
  message: { ja: 'お問い合わせ内容', en: 'Message' },
} satisfies Record<string, Text>;

/**
 * /staff/contact: the contact form (`name`, `email`, optional `phone`, `topic`, `message`,
 * posted to /staff/contact). Keeps `values`, shows each of `errors` beside its field, and
 * shows a thank-you panel once `sent`.
 */
export function ContactPage(props: {
  lang: Lang;
  values: Record<string, string>;
  errors: Record<string, string>;
  sent: boolean;
}): JSX.Element {
  const { lang, values, errors, sent } = props;
  const t = (text: Text) => tr(lang, text);
  const labels = Object.fromEntries(Object.entries(LABELS).map(([name, label]) => [name, t(label)]));

  return (
    <div className="page page-contact">
      <div className="container auth-container wide">
        <section className="form-panel" aria-labelledby="contact-title">
          <h1 id="contact-title">{t({ ja: 'お問い合わせ', en: 'Contact us' })}</h1>
          {sent ? (
            <div className="alert alert-success" role="status">
              <p className="alert-title">{t({ ja: 'お問い合わせありがとうございます。', en: 'Thank you for your message.' })}</p>
              <p>
                {t({
                  ja: '内容を確認し、ご入力いただいたメールアドレスに担当者からご返信します。返信まで数日かかる場合があります。',
                  en: 'We will read it and reply to the email address you gave us. It may take a few days.',
                })}
              </p>
              <p>
                <a href="/faq">{t({ ja: 'よくある質問も見る', en: 'Browse the FAQ' })}</a>
                {' · '}
                <a href="/">{t({ ja: 'トップページへ戻る', en: 'Back to the home page' })}</a>
              </p>
            </div>
          ) : (
            <>
              <p className="form-intro">
                {t({
                  ja: '仕事探し、在留資格、給与のことなど、日本語または英語でお気軽にお問い合わせください。すぐに答えが知りたい場合は、',
                  en: 'Ask us anything about finding work, residence status or pay, in Japanese or English. For quick answers, see the ',
                })}
                <a href="/faq">{t({ ja: 'よくある質問', en: 'FAQ' })}</a>
                {t({ ja: 'もご覧ください。', en: '.' })}
              </p>
              <ErrorSummary
                title={t({ ja: '入力内容を確認してください。', en: 'Please check the form.' })}
                errors={errors}
                labels={labels}
              />
              <form method="post" action="/staff/contact">
                <p className="form-note">{t({ ja: '* は必須項目です。', en: 'Fields marked * are required.' })}</p>
                <Field name="name" label={t(LABELS.name)} value={values.name} error={errors.name} required autoComplete="name" />
                <Field name="email" type="email" label={t(LABELS.email)} value={values.email} error={errors.email} required autoComplete="email" />
                <Field name="phone" type="tel" label={t(LABELS.phone)} value={values.phone} error={errors.phone} autoComplete="tel" />
                <Field name="topic" label={t(LABELS.topic)} value={values.topic} error={errors.topic} required>
                  <option value="" disabled>
                    {t({ ja: '選択してください', en: 'Choose a topic' })}
                  </option>
                  {CONTACT_TOPICS.map((topic) => (
                    <option key={topic} value={topic}>
                      {t(TOPIC_LABELS[topic])}
                    </option>
                  ))}
                </Field>
                <Field
                  name="message"
                  textarea
                  label={t(LABELS.message)}
                  value={values.message}
                  error={errors.message}
                  required
                  hint={t({
                    ja: '求人や勤務先についてのご質問は、求人名や会社名もお書きください。',
                    en: 'If your question is about a job or a workplace, please include the job title or company name.',
                  })}
                />
                <p className="form-note">
                  {t({ ja: 'お預かりした個人情報は、', en: 'We handle your personal information as described in our ' })}
                  <a href="/policy">{t({ ja: 'プライバシーポリシー', en: 'Privacy policy' })}</a>
                  {t({ ja: 'に従って取り扱います。', en: '.' })}
                </p>
                <button className="button button-primary button-block" type="submit">
                  {t({ ja: '送信する', en: 'Send' })}
                </button>
              </form>
            </>
          )}
        </section>
      </div>
    </div>
  );
}
