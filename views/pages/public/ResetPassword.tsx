import type { JSX } from 'react';
import type { Lang } from '../../../shared/i18n.ts';
import { Field } from '../../ui/Field.tsx';
import { msg } from '../../../shared/messages.ts';
import { ActionButton, type ActionRef } from '../../ui/Action.tsx';
import { FormPage, OtherErrors } from './form-page.tsx';

/** The minimum password length the hint announces (the server enforces it). */
const MIN_PASSWORD = 8;

/**
 * /reset-password: sets a new password from an emailed link. Posts the hidden `token`,
 * `password` and `password_confirm` to /reset-password. When `invalid` (unknown, used or
 * expired token), shows that the link no longer works and links to /forget-password instead.
 */
export function ResetPasswordPage(props: { action: ActionRef; lang: Lang; token: string; errors: Record<string, string>; invalid: boolean }): JSX.Element {
  const { lang, token, errors, invalid } = props;

  return (
    <FormPage page="page-auth" id="reset-title" title={msg(lang, 'resetPassword.title')}>
      {invalid ? (
        <div className="alert alert-error" role="alert">
          <p className="alert-title">{msg(lang, 'resetPassword.invalid')}</p>
          <p>{msg(lang, 'resetPassword.invalidHelp')}</p>
          <p>
            <a className="button button-primary" href="/forget-password">
              {msg(lang, 'resetPassword.requestNew')}
            </a>
          </p>
        </div>
      ) : (
        <>
          <p className="form-intro">{msg(lang, 'resetPassword.intro')}</p>
          <OtherErrors errors={errors} fields={['password', 'password_confirm']} />
          <form method="post" action="/reset-password">
            <input type="hidden" name="token" value={token} />
            <Field
              name="password"
              type="password"
              label={msg(lang, 'resetPassword.newPassword')}
              error={errors.password}
              required
              autoComplete="new-password"
              minLength={MIN_PASSWORD}
              hint={msg(lang, 'resetPassword.minLength', { min: MIN_PASSWORD })}
            />
            <Field
              name="password_confirm"
              type="password"
              label={msg(lang, 'resetPassword.confirmNewPassword')}
              error={errors.password_confirm}
              required
              autoComplete="new-password"
              minLength={MIN_PASSWORD}
            />
            <ActionButton action={props.action} className="button button-primary button-block">
              {msg(lang, 'resetPassword.submit')}
            </ActionButton>
          </form>
        </>
      )}
    </FormPage>
  );
}
