/**
 * The back office's sign-in and the password reset (SPEC §2 public routes /login, /forget-password,
 * /reset-password): the pages of the session API (api/session.ts). The candidate's own sign-in and
 * registration are candidate-session.tsx.
 */
import { matchRoute } from '../../../access/routes.ts';
import { DOCS, operation } from '../../../api/documents.ts';
import { ForgetPasswordPage } from '../../../../views/pages/public/ForgetPassword.tsx';
import { LoginPage } from '../../../../views/pages/public/Login.tsx';
import { ResetPasswordPage } from '../../../../views/pages/public/ResetPassword.tsx';
import { DEVICE_COOKIE, clearSessionCookie, deviceCookie, knownDevice, sessionCookie } from '../../../web/cookies.ts';
import { formStrings, localPath } from '../../../web/kit.ts';
import { CANDIDATE_COOKIE, candidateNext, defineScreen, redirect, withRefusal, type OnRefusal, type Screen } from '../../../web/screen.ts';
import { sentForm } from '../../../web/sent-form.tsx';

/** The operations only these screens send, typed from their text (server/api/documents.ts `operation`). */
const OWN = {
  RequestPasswordReset: operation(/* GraphQL */ `mutation RequestPasswordReset($email: String!) { requestPasswordReset(email: $email) }`),
  PasswordResetTokenValid: operation(/* GraphQL */ `query PasswordResetTokenValid($token: String!) { passwordResetTokenValid(token: $token) }`),
  PasswordResetAccount: operation(/* GraphQL */ `query PasswordResetAccount($token: String!) { passwordResetAccount(token: $token) }`),
  ResetPassword: operation(/* GraphQL */ `
    mutation ResetPassword($token: String!, $password: String!, $passwordConfirm: String!) {
      resetPassword(token: $token, password: $password, passwordConfirm: $passwordConfirm)
    }`),
};

/** The page a candidate asked for before logging in here, kept through the form; none when it is not a same-site path. */
const nextField = (v: unknown): string | undefined => localPath(v, '') || undefined;

/** Where staff land after signing in: the back-office page in `next`, else /admin. */
function staffNext(next: unknown): string {
  const path = nextField(next);
  const pathname = path ? new URL(path, 'http://x').pathname : '';
  return path && matchRoute(pathname)?.route.kind === 'admin' ? path : '/admin';
}

const login = defineScreen({
  path: '/login',
  load: () => null,
  view: ({ lang, req, msg }, _d, state, act) => ({
    layout: 'public',
    content: (
      <LoginPage
        action={act.login}
        lang={lang}
        email={typeof state?.values.email === 'string' ? state.values.email : undefined}
        error={state ? Object.values(state.errors).join(' ') : undefined}
        notice={state ? undefined : req.query.reset === '1' ? msg('notice.passwordChanged') : req.query.ended === '1' ? msg('session.ended') : undefined}
        next={nextField(state?.values.next ?? req.query.next)}
      />
    ),
  }),
  bare: 'login',
  actions: {
    login: withRefusal({ values: (body) => ({ email: formStrings(body, ['email']).email, next: nextField(body.next) }) }, async ({ call, caller, req, res }, body) => {
      const v = formStrings(body, ['email', 'password', 'next']);
      const r = await call(DOCS.Login, { email: v.email ?? '', password: v.password ?? '', device: knownDevice(req) }, { ...caller, token: undefined });
      res.cookie(DEVICE_COOKIE, r.login.device, deviceCookie(req));
      // A candidate who came to the back-office form is signed in as a candidate (their own
      // cookie) and lands on their own pages: a back-office session would only show them the
      // admin's "no access" and keep them off the public site.
      if (r.login.user.role === 'candidate') {
        res.cookie(CANDIDATE_COOKIE, r.login.token, sessionCookie(req));
        return redirect(candidateNext(v.next));
      }
      res.cookie('token', r.login.token, sessionCookie(req));
      // Back to the back-office page the person was on when the session ended (a same-site path
      // of the back office only: a candidate's page would only send staff on), else /admin.
      return redirect(staffNext(v.next));
    }),
  },
});

const forgetPassword = sentForm(
  '/forget-password',
  ['email'],
  ({ call }, v) => call(OWN.RequestPasswordReset, { email: v.email ?? '' }),
  ({ action, lang, values, errors, sent }) => <ForgetPasswordPage action={action} lang={lang} email={values.email} from={values.from} errors={errors} sent={sent} />,
  ['from'],
);

/** A refused reset keeps the token; a token that is used up or unknown is the 410 page. */
const RESET_REFUSAL: OnRefusal = {
  values: (body) => ({ token: formStrings(body, ['token']).token ?? '' }),
  // The API names the confirmation field as its argument; the form calls it password_confirm.
  errors: (r) => {
    const { passwordConfirm, ...errors } = r.formErrors;
    return passwordConfirm ? { ...errors, password_confirm: passwordConfirm } : errors;
  },
  status: (r) => ('token' in r.formErrors ? 410 : r.status),
};

const resetPassword = defineScreen({
  path: '/reset-password',
  load: async ({ req, call }) => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    const valid = token ? (await call(OWN.PasswordResetTokenValid, { token })).passwordResetTokenValid : false;
    return { token, valid };
  },
  view: ({ lang }, d, state, act) => {
    const token = typeof state?.values.token === 'string' ? state.values.token : d.token;
    const invalid = state ? 'token' in state.errors : !d.valid;
    return { status: invalid ? 410 : 200, content: <ResetPasswordPage action={act.reset} lang={lang} token={token} errors={state?.errors ?? {}} invalid={invalid} /> };
  },
  actions: {
    reset: withRefusal(RESET_REFUSAL, async ({ call, req, res }, body) => {
      const v = formStrings(body, ['token', 'password', 'password_confirm']);
      // Asked before the reset uses the token up: a candidate logs in on their own login page,
      // never on the back office's.
      const { passwordResetAccount: account } = v.token ? await call(OWN.PasswordResetAccount, { token: v.token }) : { passwordResetAccount: null };
      await call(OWN.ResetPassword, { token: v.token ?? '', password: v.password ?? '', passwordConfirm: v.password_confirm ?? '' });
      res.clearCookie('token', clearSessionCookie(req));
      if (account === 'candidate') {
        res.clearCookie(CANDIDATE_COOKIE, clearSessionCookie(req));
        return redirect('/staff/login?reset=1');
      }
      return redirect('/login?reset=1');
    }),
  },
});

export const screens: readonly Screen[] = [login, forgetPassword, resetPassword];
