import type { JSX } from 'react';
import type { Lang } from '../../../shared/i18n.ts';
import { Field } from '../../ui/Field.tsx';
import { msg } from '../../../shared/messages.ts';
import { ActionButton, type ActionRef } from '../../ui/Action.tsx';
import { FormAlerts, FormPage } from './form-page.tsx';

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
        <ActionButton action={props.action} className="button button-primary button-block">
          {msg(lang, 'common.login')}
        </ActionButton>
      </form>
      <ul className="form-links">
        <li>
          <a href="/forget-password">{msg(lang, 'common.forgotPassword')}</a>
        </li>
        <li>
          {msg(lang, 'login.companyNoAccount')} <a href="/v3/trial">{msg(lang, 'login.startTrial')}</a>
        </li>
        <li>
          {msg(lang, 'login.lookingForWork')} <a href="/staff">{msg(lang, 'login.seeHowToApply')}</a>
        </li>
      </ul>
    </FormPage>
  );
}
