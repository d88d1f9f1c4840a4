import type { JSX } from 'react';
import { tr, type Lang, type Text } from '../../../shared/i18n.ts';
import { Field } from '../../ui/Field.tsx';

/**
 * /login: the login form (`email`, `password`, posted to /login). `error` (a failed login,
 * already in the page language) is shown in a `role="alert"` box above the form; `notice`
 * (e.g. "your password was changed") in a `role="status"` box.
 */
export function LoginPage(props: { lang: Lang; email?: string; error?: string; notice?: string }): JSX.Element {
  const { lang, email, error, notice } = props;
  const t = (text: Text) => tr(lang, text);

  return (
    <div className="page page-auth">
      <div className="container auth-container">
        <section className="form-panel" aria-labelledby="login-title">
          <h1 id="login-title">{t({ ja: 'ログイン', en: 'Log in' })}</h1>
          <p className="form-intro">
            {t({
              ja: '登録したメールアドレスとパスワードを入力してください。',
              en: 'Enter the email address and password of your account.',
            })}
          </p>
          {notice ? (
            <div className="alert alert-success" role="status">
              <p>{notice}</p>
            </div>
          ) : null}
          {error ? (
            <div className="alert alert-error" role="alert">
              <p>{error}</p>
            </div>
          ) : null}
          <form method="post" action="/login">
            <Field
              name="email"
              type="email"
              label={t({ ja: 'メールアドレス', en: 'Email address' })}
              value={email}
              required
              autoComplete="username"
            />
            <Field
              name="password"
              type="password"
              label={t({ ja: 'パスワード', en: 'Password' })}
              required
              autoComplete="current-password"
            />
            <button className="button button-primary button-block" type="submit">
              {t({ ja: 'ログイン', en: 'Log in' })}
            </button>
          </form>
          <ul className="form-links">
            <li>
              <a href="/forget-password">{t({ ja: 'パスワードをお忘れの方', en: 'Forgot your password?' })}</a>
            </li>
            <li>
              {t({ ja: 'アカウントをお持ちでない企業の方は', en: 'A company without an account?' })}{' '}
              <a href="/v3/trial">{t({ ja: '無料トライアルへ', en: 'Start a free trial' })}</a>
            </li>
            <li>
              {t({ ja: 'お仕事をお探しの方は', en: 'Looking for work?' })}{' '}
              <a href="/staff">{t({ ja: '応募の方法をご覧ください', en: 'See how to apply' })}</a>
            </li>
          </ul>
        </section>
      </div>
    </div>
  );
}
