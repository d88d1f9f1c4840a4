import type { JSX } from 'react';
import type { Lang } from '../../../shared/i18n.ts';
import { Field } from '../../ui/Field.tsx';
import { msg } from '../../../shared/messages.ts';
import type { ActionRef } from '../../ui/Action.tsx';
import { AlertBox } from '../../ui/Alert.tsx';
import { FormLinks, FormPage, OtherErrors, SubmitButton } from './form-page.tsx';

/**
 * /forget-password: asks for the account's `email` (posted to /forget-password). Once `sent`, the
 * same message is shown whether or not an account exists, so the page never reveals it.
 * `from` is `staff` when the person came from the candidates' login: "back to log in" returns there.
 */
export function ForgetPasswordPage(props: { action: ActionRef; lang: Lang; email?: string; from?: string; errors: Record<string, string>; sent: boolean }): JSX.Element {
  const { lang, email, errors, sent } = props;
  const candidate = props.from === 'staff';
  const login = candidate ? '/staff/login' : '/login';

  return (
    <FormPage page="page-auth" id="forget-title" title={msg(lang, 'forgot.title')}>
      {sent ? (
        <AlertBox tone="success" title={msg(lang, 'forgot.checkEmail')}>
          <p>{msg(lang, 'forgot.sent')}</p>
          <p>{msg(lang, 'forgot.noMail')}</p>
          <p>
            <a href={login}>{msg(lang, 'forgot.backToLogin')}</a>
          </p>
        </AlertBox>
      ) : (
        <>
          <p className="form-intro">{msg(lang, 'forgot.intro')}</p>
          <OtherErrors errors={errors} fields={['email']} />
          <form method="post" action="/forget-password">
            {candidate ? <input type="hidden" name="from" value="staff" /> : null}
            <Field name="email" type="email" label={msg(lang, 'common.email')} value={email} error={errors.email} required autoComplete="username" />
            <SubmitButton action={props.action}>{msg(lang, 'forgot.send')}</SubmitButton>
          </form>
          <FormLinks links={[{ href: login, label: msg(lang, 'forgot.backToLogin') }]} />
        </>
      )}
    </FormPage>
  );
}
