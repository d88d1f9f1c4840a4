import type { JSX } from 'react';
import type { Lang } from '../../../shared/i18n.ts';
import { Field } from '../../ui/Field.tsx';
import { msg } from '../../../shared/messages.ts';
import { ActionButton, type ActionRef } from '../../ui/Action.tsx';

/**
 * /forget-password: asks for the account's `email` (posted to /forget-password). Once `sent`, the
 * same message is shown whether or not an account exists, so the page never reveals it.
 */
export function ForgetPasswordPage(props: { action: ActionRef; lang: Lang; email?: string; errors: Record<string, string>; sent: boolean }): JSX.Element {
  const { lang, email, errors, sent } = props;
  const otherErrors = Object.entries(errors).filter(([name, message]) => name !== 'email' && message);

  return (
    <div className="page page-auth">
      <div className="container auth-container">
        <section className="form-panel" aria-labelledby="forget-title">
          <h1 id="forget-title">{msg(lang, 'forgot.title')}</h1>
          {sent ? (
            <div className="alert alert-success" role="status">
              <p className="alert-title">{msg(lang, 'forgot.checkEmail')}</p>
              <p>
                {msg(lang, 'forgot.sent')}
              </p>
              <p>
                {msg(lang, 'forgot.noMail')}
              </p>
              <p>
                <a href="/login">{msg(lang, 'forgot.backToLogin')}</a>
              </p>
            </div>
          ) : (
            <>
              <p className="form-intro">
                {msg(lang, 'forgot.intro')}
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
                  label={msg(lang, 'common.email')}
                  value={email}
                  error={errors.email}
                  required
                  autoComplete="username"
                />
                <ActionButton action={props.action} className="button button-primary button-block">
                  {msg(lang, 'forgot.send')}
                </ActionButton>
              </form>
              <ul className="form-links">
                <li>
                  <a href="/login">{msg(lang, 'forgot.backToLogin')}</a>
                </li>
              </ul>
            </>
          )}
        </section>
      </div>
    </div>
  );
}
