import type { JSX } from 'react';
import { tr, type Lang, type Text } from '../../../shared/i18n.ts';
import { Field } from '../../ui/Field.tsx';

/** The minimum password length the hint announces (the server enforces it). */
const MIN_PASSWORD = 8;

/**
 * /reset-password: sets a new password from an emailed link. Posts the hidden `token`,
 * `password` and `password_confirm` to /reset-password. When `invalid` (unknown, used or
 * expired token), shows that the link no longer works and links to /forget-password instead.
 */
export function ResetPasswordPage(props: { lang: Lang; token: string; errors: Record<string, string>; invalid: boolean }): JSX.Element {
  const { lang, token, errors, invalid } = props;
  const t = (text: Text) => tr(lang, text);
  const otherErrors = Object.entries(errors).filter(
    ([name, message]) => name !== 'password' && name !== 'password_confirm' && message,
  );

  return (
    <div className="page page-auth">
      <div className="container auth-container">
        <section className="form-panel" aria-labelledby="reset-title">
          <h1 id="reset-title">{t({ ja: '新しいパスワードの設定', en: 'Choose a new password' })}</h1>
          {invalid ? (
            <div className="alert alert-error" role="alert">
              <p className="alert-title">
                {t({ ja: 'このリンクは無効か、有効期限が切れています。', en: 'This link is invalid or has expired.' })}
              </p>
              <p>
                {t({
                  ja: '再設定用のリンクの有効期限は1時間で、一度しか使えません。もう一度お手続きください。',
                  en: 'Reset links are valid for 1 hour and can only be used once. Please request a new one.',
                })}
              </p>
              <p>
                <a className="button button-primary" href="/forget-password">
                  {t({ ja: '再設定用のリンクを再送する', en: 'Request a new link' })}
                </a>
              </p>
            </div>
          ) : (
            <>
              <p className="form-intro">
                {t({ ja: '新しいパスワードを2回入力してください。', en: 'Enter your new password twice.' })}
              </p>
              {otherErrors.length > 0 ? (
                <div className="alert alert-error" role="alert">
                  {otherErrors.map(([name, message]) => (
                    <p key={name}>{message}</p>
                  ))}
                </div>
              ) : null}
              <form method="post" action="/reset-password">
                <input type="hidden" name="token" value={token} />
                <Field
                  name="password"
                  type="password"
                  label={t({ ja: '新しいパスワード', en: 'New password' })}
                  error={errors.password}
                  required
                  autoComplete="new-password"
                  minLength={MIN_PASSWORD}
                  hint={t({ ja: `${MIN_PASSWORD}文字以上で入力してください。`, en: `At least ${MIN_PASSWORD} characters.` })}
                />
                <Field
                  name="password_confirm"
                  type="password"
                  label={t({ ja: '新しいパスワード（確認）', en: 'Confirm new password' })}
                  error={errors.password_confirm}
                  required
                  autoComplete="new-password"
                  minLength={MIN_PASSWORD}
                />
                <button className="button button-primary button-block" type="submit">
                  {t({ ja: 'パスワードを変更する', en: 'Change password' })}
                </button>
              </form>
            </>
          )}
        </section>
      </div>
    </div>
  );
}
