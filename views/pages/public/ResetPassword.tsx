import type { JSX } from 'react';
import type { Lang } from '../../../shared/i18n.ts';
import { msg } from '../../../shared/messages.ts';
import type { ActionRef } from '../../ui/Action.tsx';
import { AlertBox } from '../../ui/Alert.tsx';
import { FormPage, MIN_PASSWORD, NewPasswordField, OtherErrors, SubmitButton } from './form-page.tsx';

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
        <AlertBox tone="error" title={msg(lang, 'resetPassword.invalid')}>
          <p>{msg(lang, 'resetPassword.invalidHelp')}</p>
          <p>
            <a className="button button-primary" href="/forget-password">
              {msg(lang, 'resetPassword.requestNew')}
            </a>
          </p>
        </AlertBox>
      ) : (
        <>
          <p className="form-intro">{msg(lang, 'resetPassword.intro')}</p>
          <OtherErrors errors={errors} fields={['password', 'password_confirm']} />
          <form method="post" action="/reset-password">
            <input type="hidden" name="token" value={token} />
            <NewPasswordField name="password" label={msg(lang, 'resetPassword.newPassword')} hint={msg(lang, 'resetPassword.minLength', { min: MIN_PASSWORD })} error={errors.password} />
            <NewPasswordField name="password_confirm" label={msg(lang, 'resetPassword.confirmNewPassword')} error={errors.password_confirm} />
            <SubmitButton action={props.action}>{msg(lang, 'resetPassword.submit')}</SubmitButton>
          </form>
        </>
      )}
    </FormPage>
  );
}
