import type { JSX } from 'react';
import { tr, type Lang, type Text } from '../../../shared/i18n.ts';
import { ErrorSummary, Field } from '../../ui/Field.tsx';

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

const LABELS = {
  company_name: { ja: '会社名', en: 'Company name' },
  contact_name: { ja: 'ご担当者名', en: 'Your name' },
  email: { ja: 'メールアドレス', en: 'Email address' },
  phone: { ja: '電話番号', en: 'Phone number' },
  message: { ja: 'ご質問・ご要望（任意）', en: 'Questions or requests (optional)' },
} satisfies Record<string, Text>;

/**
 * /v3/trial: for staffing companies. Benefits and the trial signup form
 * (`company_name`, `contact_name`, `email`, `phone`, optional `message`), or a thank-you
 * panel once `sent` (the company and its first admin exist, and the password mail is on its way).
 */
export function TrialPage(props: {
  lang: Lang;
  values: Record<string, string>;
  errors: Record<string, string>;
  sent: boolean;
}): JSX.Element {
  const { lang, values, errors, sent } = props;
  const t = (text: Text) => tr(lang, text);
  const labels = Object.fromEntries(Object.entries(LABELS).map(([name, label]) => [name, t(label)]));

  return (
    <div className="page page-trial">
      <header className="page-header">
        <div className="container">
          <h1>{t({ ja: '人材会社・企業の方へ 無料トライアル', en: 'Free trial for staffing companies' })}</h1>
          <p className="lead">
            {t({
              ja: '外国人スタッフの採用から、シフト、チャット、給与、請求まで。つなぐの管理画面を、実際の業務で無料でお試しいただけます。',
              en: 'Hiring foreign staff, shifts, chat, payroll and billing: try the Tsunagu back office with your real work, free of charge.',
            })}
          </p>
        </div>
      </header>

      <div className="container two-columns">
        <section className="section" aria-labelledby="benefits-title">
          <h2 id="benefits-title">{t({ ja: 'つなぐでできること', en: 'What you get' })}</h2>
          <ul className="benefit-list">
            {BENEFITS.map((benefit) => (
              <li key={benefit.title.en}>
                <h3>{t(benefit.title)}</h3>
                <p>{t(benefit.body)}</p>
              </li>
            ))}
          </ul>
          <h2>{t({ ja: 'お申し込み後の流れ', en: 'What happens next' })}</h2>
          <ol className="plain-steps">
            <li>{t({ ja: 'フォームからお申し込みください。', en: 'Send the form.' })}</li>
            <li>
              {t({
                ja: 'すぐにトライアル用の管理画面をご用意し、ご入力いただいたメールアドレスにパスワード設定用のリンクをお送りします。',
                en: 'Your trial back office is set up at once, and we mail a link to set your password to the address you gave.',
              })}
            </li>
            <li>
              {t({
                ja: 'パスワードを設定すると、メールアドレスの確認が完了し、ログインして求人の掲載を始められます。',
                en: 'Setting your password confirms your address; log in and start publishing jobs.',
              })}
            </li>
          </ol>
        </section>

        <section className="form-panel" aria-labelledby="trial-form-title">
          {sent ? (
            <div className="alert alert-success" role="status">
              <h2 id="trial-form-title">{t({ ja: 'お申し込みありがとうございます', en: 'Thank you for applying' })}</h2>
              <p>
                {t({
                  ja: 'トライアル用の管理画面をご用意しました。ご入力いただいたメールアドレスに、パスワード設定用のリンクをお送りしましたので、メールボックスをご確認ください。',
                  en: 'Your trial back office is ready. We have mailed a link to set your password to the address you gave: please check your mailbox.',
                })}
              </p>
              <p>
                {t({
                  ja: 'リンクは7日間有効です。メールが届かない場合は、迷惑メールフォルダをご確認いただくか、「パスワードをお忘れの方」から再送してください。',
                  en: 'The link works for 7 days. If the mail does not arrive, check your spam folder, or ask for a new link under “Forgot your password”.',
                })}{' '}
                <a href="/forget-password">{t({ ja: 'パスワードをお忘れの方', en: 'Forgot your password' })}</a>
              </p>
              <p>
                <a href="/">{t({ ja: 'トップページへ戻る', en: 'Back to the home page' })}</a>
              </p>
            </div>
          ) : (
            <>
              <h2 id="trial-form-title">{t({ ja: 'トライアルのお申し込み', en: 'Apply for a trial' })}</h2>
              <ErrorSummary
                title={t({ ja: '入力内容を確認してください。', en: 'Please check the form.' })}
                errors={errors}
                labels={labels}
              />
              <form method="post" action="/v3/trial">
                <p className="form-note">
                  {t({ ja: '* は必須項目です。', en: 'Fields marked * are required.' })}
                </p>
                <Field name="company_name" label={t(LABELS.company_name)} value={values.company_name} error={errors.company_name} required autoComplete="organization" />
                <Field name="contact_name" label={t(LABELS.contact_name)} value={values.contact_name} error={errors.contact_name} required autoComplete="name" />
                <Field name="email" type="email" label={t(LABELS.email)} value={values.email} error={errors.email} required autoComplete="email" />
                <Field
                  name="phone"
                  type="tel"
                  label={t(LABELS.phone)}
                  value={values.phone}
                  error={errors.phone}
                  required
                  autoComplete="tel"
                  hint={t({ ja: '例：03-1234-5678', en: 'e.g. 03-1234-5678' })}
                />
                <Field
                  name="message"
                  textarea
                  label={t(LABELS.message)}
                  value={values.message}
                  error={errors.message}
                  hint={t({
                    ja: 'スタッフの人数や、現在お困りのことなどをお書きください。',
                    en: 'For example, how many workers you manage and what you would like to improve.',
                  })}
                />
                <p className="form-note">
                  {t({ ja: '送信すると、', en: 'By sending this form you agree to our ' })}
                  <a href="/terms">{t({ ja: '利用規約', en: 'Terms of use' })}</a>
                  {t({ ja: 'と', en: ' and ' })}
                  <a href="/policy">{t({ ja: 'プライバシーポリシー', en: 'Privacy policy' })}</a>
                  {t({ ja: 'に同意したものとみなします。', en: '.' })}
                </p>
                <button className="button button-primary button-block" type="submit">
                  {t({ ja: '無料トライアルに申し込む', en: 'Apply for a free trial' })}
                </button>
              </form>
            </>
          )}
        </section>
      </div>
    </div>
  );
}
