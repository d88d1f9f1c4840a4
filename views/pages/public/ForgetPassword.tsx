import type { JSX } from 'react';
import { tr, type Lang, type Text } from '../../../shared/i18n.ts';
import { Field } from '../../ui/Field.tsx';

/**
 * /forget-password: asks for the account's `email` (posted to /forget-password). Once `sent`, the
 * same message is shown whether or not an account exists, so the page never reveals it.
 */
export function ForgetPasswordPage(props: { lang: Lang; email?: string; errors: Record<string, string>; sent: boolean }): JSX.Element {
  const { lang, email, errors, sent } = props;
  const t = (text: Text) => tr(lang, text);
  const otherErrors = Object.entries(errors).filter(([name, message]) => name !== 'email' && message);

  return (
    <div className="page page-auth">
      <div className="container auth-container">
        <section className="form-panel" aria-labelledby="forget-title">
          <h1 id="forget-title">{t({ ja: 'パスワードの再設定', en: 'Reset your password' })}</h1>
          {sent ? (
            <div className="alert alert-success" role="status">
              <p className="alert-title">{t({ ja: 'メールを確認してください', en: 'Check your email' })}</p>
              <p>
                {t({
                  ja: 'そのメールアドレスのアカウントが存在する場合は、パスワード再設定用のリンクを送信しました。リンクの有効期限は1時間です。',
                  en: 'If an account exists for that address, we have sent it a link to reset your password. The link is valid for 1 hour.',
                })}
              </p>
              <p>
                {t({
                  ja: 'メールが届かない場合は、迷惑メールフォルダを確認するか、しばらくしてからもう一度お試しください。',
                  en: 'If nothing arrives, check your spam folder or try again in a few minutes.',
                })}
              </p>
              <p>
                <a href="/login">{t({ ja: 'ログインページへ戻る', en: 'Back to log in' })}</a>
              </p>
            </div>
          ) : (
            <>
              <p className="form-intro">
                {t({
                  ja: '登録したメールアドレスを入力してください。パスワードを再設定するためのリンクをお送りします。',
                  en: 'Enter the email address of your account and we will send you a link to set a new password.',
                })}
              </p>
              {otherErrors.length > 0 ? (
                <div className="alert alert-error" role="alert">
                  {otherErrors.map(([name, message]) => (
                    <p key={name}>{message}</p>
                  ))}
                </div>
              ) : null}
              <form method="post" action="/forget-password">
                <Field
                  name="email"
                  type="email"
                  label={t({ ja: 'メールアドレス', en: 'Email address' })}
                  value={email}
                  error={errors.email}
                  required
                  autoComplete="username"
                />
                <button className="button button-primary button-block" type="submit">
                  {t({ ja: '再設定用のリンクを送る', en: 'Send reset link' })}
                </button>
              </form>
              <ul className="form-links">
                <li>
                  <a href="/login">{t({ ja: 'ログインページへ戻る', en: 'Back to log in' })}</a>
                </li>
              </ul>
            </>
          )}
        </section>
      </div>
    </div>
  );
}
