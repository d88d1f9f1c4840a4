/**
 * The public site's own pages (SPEC §2 public routes): the static pages, the legal pages, the
 * back-office login, the password reset, and the error pages. The contact and trial forms are the
 * contact feature's (server/modules/contact/screens/contact.tsx), drawn with this file's `sentForm`.
 */
import type { JSX } from 'react';
import { matchRoute } from '../../access/routes.ts';
import { DOCS, operation } from '../../api/documents.ts';
import type { Lang } from '../../../shared/i18n.ts';
import { AboutPage } from '../../../views/pages/public/About.tsx';
import { DownloadPage } from '../../../views/pages/public/Download.tsx';
import { FaqPage } from '../../../views/pages/public/Faq.tsx';
import { ForgetPasswordPage } from '../../../views/pages/public/ForgetPassword.tsx';
import { HomePage } from '../../../views/pages/public/Home.tsx';
import { LoginPage } from '../../../views/pages/public/Login.tsx';
import { PolicyPage } from '../../../views/pages/public/Policy.tsx';
import { PublishedLegalPage } from '../../../views/pages/public/PublishedLegal.tsx';
import { ResetPasswordPage } from '../../../views/pages/public/ResetPassword.tsx';
import { StaffPage } from '../../../views/pages/public/Staff.tsx';
import { TermsPage } from '../../../views/pages/public/Terms.tsx';
import type { ErrorKind } from '../../../views/pages/errors/ErrorPage.tsx';
import type { ActionRef } from '../../../views/ui/Action.tsx';
import { DEVICE_COOKIE, clearSessionCookie, deviceCookie, knownDevice, sessionCookie } from '../cookies.ts';
import { formStrings, localPath } from '../kit.ts';
import { CANDIDATE_COOKIE, candidateNext, defineScreen, errorPage, redirect, withRefusal, type OnRefusal, type Screen, type ScreenContext } from '../screen.ts';

/** The operations only this screen sends, typed from their text (server/api/documents.ts `operation`). */
const OWN = {
  RequestPasswordReset: operation(/* GraphQL */ `mutation RequestPasswordReset($email: String!) { requestPasswordReset(email: $email) }`),
  PasswordResetTokenValid: operation(/* GraphQL */ `query PasswordResetTokenValid($token: String!) { passwordResetTokenValid(token: $token) }`),
  PasswordResetAccount: operation(/* GraphQL */ `query PasswordResetAccount($token: String!) { passwordResetAccount(token: $token) }`),
  ResetPassword: operation(/* GraphQL */ `
    mutation ResetPassword($token: String!, $password: String!, $passwordConfirm: String!) {
      resetPassword(token: $token, password: $password, passwordConfirm: $passwordConfirm)
    }`),
  LegalDocument: operation(/* GraphQL */ `
    query LegalDocument($kind: LegalKind!, $lang: String) {
      legalDocument(kind: $kind, lang: $lang) { kind version lang title body published_at }
    }`),
};

const staticScreen = (path: string, Component: (p: { lang: Lang }) => JSX.Element): Screen => defineScreen({ path, load: () => null, view: ({ lang }) => ({ content: <Component lang={lang} /> }) });

/**
 * /terms and /policy: the newest version published at /admin/templates/terms or privacy, in the
 * page's language; the built-in text when none is published or the API cannot answer (a legal
 * page should never be an error page).
 */
const legalScreen = (path: string, kind: 'terms' | 'privacy', Fallback: (p: { lang: Lang }) => JSX.Element): Screen =>
  defineScreen({
    path,
    load: async ({ call, lang, req }) => {
      try {
        return (await call(OWN.LegalDocument, { kind, lang })).legalDocument;
      } catch (err) {
        req.log?.warn({ err }, `legalDocument(${kind}) failed; showing the built-in text`);
        return null;
      }
    },
    view: ({ lang }, doc) => ({ content: doc ? <PublishedLegalPage lang={lang} doc={doc} /> : <Fallback lang={lang} /> }),
  });

const errorScreen = (path: string, kind: ErrorKind): Screen => ({ path, get: async () => errorPage(kind) });

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

/** A public form that posts to its own page and, once accepted, shows it again with `?sent=1`. */
export const sentForm = <V extends Record<string, unknown>>(
  path: string,
  fields: readonly string[],
  send: (ctx: ScreenContext, v: Record<string, string>) => Promise<unknown>,
  View: (p: { action: ActionRef; lang: Lang; values: Record<string, string>; errors: Record<string, string>; sent: boolean }) => JSX.Element,
): Screen =>
  defineScreen<V | null, 'send'>({
    path,
    load: () => null,
    view: ({ lang, req }, _d, state, act) => ({
      content: <View action={act.send} lang={lang} values={(state?.values ?? {}) as Record<string, string>} errors={state?.errors ?? {}} sent={!state && req.query.sent === '1'} />,
    }),
    actions: {
      send: withRefusal({ values: (body) => formStrings(body, fields) }, async (ctx, body) => {
        await send(ctx, formStrings(body, fields));
        return redirect(`${path}?sent=1`);
      }),
    },
  });

const forgetPassword = sentForm(
  '/forget-password',
  ['email'],
  ({ call }, v) => call(OWN.RequestPasswordReset, { email: v.email ?? '' }),
  ({ action, lang, values, errors, sent }) => <ForgetPasswordPage action={action} lang={lang} email={values.email} errors={errors} sent={sent} />,
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

export const PUBLIC_SCREENS: readonly Screen[] = [
  staticScreen('/', HomePage),
  staticScreen('/staff', StaffPage),
  staticScreen('/download', DownloadPage),
  staticScreen('/about', AboutPage),
  staticScreen('/faq', FaqPage),
  legalScreen('/policy', 'privacy', PolicyPage),
  legalScreen('/terms', 'terms', TermsPage),
  login,
  forgetPassword,
  resetPassword,
  errorScreen('/errors/_error', '_error'),
  errorScreen('/errors/error401', 'error401'),
  errorScreen('/errors/error404', 'error404'),
];
