import type { JSX } from 'react';
import type { Lang } from '../../../shared/i18n.ts';
import { Field } from '../../ui/Field.tsx';
import { msg } from '../../../shared/messages.ts';
import type { ActionRef } from '../../ui/Action.tsx';
import { FormAlerts, FormLinks, FormPage, SubmitButton } from './form-page.tsx';

/**
 * /login: the login form (`email`, `password`, posted to /login). `error` (a failed login,
 * already in the page language) is shown in a `role="alert"` box above the form; `notice`
 * (e.g. "your password was changed") in a `role="status"` box. `next`: the page a candidate asked
 * for (a candidate who logs in here lands on it, or on their applications; staff on /admin).
 */
export function LoginPage(props: { action: ActionRef; lang: Lang; email?: string; error?: string; notice?: string; next?: string | undefined }): JSX.Element {
  const { lang, email, error, notice } = props;

  return (
    <FormPage page="page-auth" id="login-title" title={msg(lang, 'common.login')}>
      <p className="form-intro">{msg(lang, 'login.intro')}</p>
      <FormAlerts notice={notice} error={error} />
      <form method="post" action="/login">
        {props.next ? <input type="hidden" name="next" value={props.next} /> : null}
        <Field name="email" type="email" label={msg(lang, 'common.email')} value={email} required autoComplete="username" />
        <Field name="password" type="password" label={msg(lang, 'common.password')} required autoComplete="current-password" />
        <SubmitButton action={props.action}>{msg(lang, 'common.login')}</SubmitButton>
      </form>
      <FormLinks
        links={[
          { href: '/forget-password', label: msg(lang, 'common.forgotPassword') },
          { lead: msg(lang, 'login.companyNoAccount'), href: '/v3/trial', label: msg(lang, 'login.startTrial') },
          { lead: msg(lang, 'login.lookingForWork'), href: '/staff', label: msg(lang, 'login.seeHowToApply') },
        ]}
      />
    </FormPage>
  );
}
