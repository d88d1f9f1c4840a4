import express, { type Request, type Response, type Router } from 'express';
import type { GraphQLFormattedError } from 'graphql';
import type { ApiClient } from '../api/client.ts';
import { sameOrigin } from '../api/http.ts';
import { OPS } from '../api/operations.ts';
import { isLang, type Lang } from '../../shared/i18n.ts';
import { ContactPage } from '../../views/pages/public/Contact.tsx';
import { ForgetPasswordPage } from '../../views/pages/public/ForgetPassword.tsx';
import { LoginPage } from '../../views/pages/public/Login.tsx';
import { ResetPasswordPage } from '../../views/pages/public/ResetPassword.tsx';
import { TrialPage } from '../../views/pages/public/Trial.tsx';
import { callerOf } from './caller.ts';
import { clearSessionCookie, langCookie, sessionCookie } from './cookies.ts';
import { sendPage } from './render.tsx';
import { routeByPath } from '../access/routes.ts';

type Fields = Record<string, string>;

/** Form bodies as flat string maps; anything else (arrays, objects) is dropped. */
function formValues(req: Request, names: string[]): Fields {
  const body = (req.body ?? {}) as Record<string, unknown>;
  const out: Fields = {};
  for (const n of names) {
    const v = body[n];
    if (typeof v === 'string') out[n] = v;
  }
  return out;
}

/**
 * A same-site path to go back to, or '/'. Parsed the way a browser would (a backslash is a slash,
 * so `/\\evil.example` is another host), never trusted as a string prefix.
 */
export function localPath(back: unknown): string {
  if (typeof back !== 'string' || !back.startsWith('/')) return '/';
  try {
    const base = 'http://tsunagu.invalid';
    const u = new URL(back, base);
    return u.origin === base ? `${u.pathname}${u.search}${u.hash}` : '/';
  } catch {
    return '/';
  }
}

const INTERNAL_MESSAGE = {
  ja: '申し訳ありません。問題が発生しました。しばらくしてからもう一度お試しください。',
  en: 'Sorry, something went wrong on our side. Please try again in a moment.',
};

function firstError(errors: readonly GraphQLFormattedError[] | undefined, lang: Lang) {
  const e = errors?.[0];
  if (!e) return null;
  const code = String(e.extensions?.code ?? '');
  const message = code === 'INTERNAL' || !code ? INTERNAL_MESSAGE[lang] : e.message;
  return { code, message, fields: (e.extensions?.fields ?? {}) as Fields };
}

const titleOf = (path: string) => routeByPath(path)?.title ?? { ja: '', en: '' };

/**
 * The public forms (they work without JavaScript): post, then redirect on success (303) or
 * re-render with the typed values and per-field messages in the page's language.
 */
export function actionsRouter(api: ApiClient): Router {
  const router = express.Router();
  const form = express.urlencoded({ extended: false, limit: '64kb', parameterLimit: 50 });

  // Cross-site form posts are refused (SameSite=Lax already keeps the cookie off them).
  router.post('/{*rest}', (req, res, next) => {
    if (!sameOrigin(req)) return void res.status(403).type('text').send('Cross-site form submission refused');
    next();
  });

  router.get('/lang/:lang', (req, res) => {
    const lang = req.params.lang;
    if (isLang(lang)) res.cookie('lang', lang, langCookie(req));
    res.redirect(303, localPath(req.query.back));
  });

  router.post('/login', form, async (req, res) => {
    const lang: Lang = res.locals.lang;
    const v = formValues(req, ['email', 'password']);
    const r = await api.graphql<{ login: { token: string; user: { role: string } } }>(
      OPS.Login,
      { email: v.email ?? '', password: v.password ?? '' },
      { ...callerOf(req, res), token: undefined },
    );
    const login = r.data?.login;
    if (login) {
      res.cookie('token', login.token, sessionCookie(req));
      return res.redirect(303, '/admin');
    }
    const err = firstError(r.errors, res.locals.lang);
    const status = err?.code === 'TOO_MANY_REQUESTS' ? 429 : err?.code === 'BAD_USER_INPUT' ? 422 : err?.code === 'UNAUTHENTICATED' ? 401 : 500;
    const message = err?.code === 'BAD_USER_INPUT' ? Object.values(err.fields).join(' ') || err.message : (err?.message ?? '');
    sendPage(req, res, { title: titleOf('/login'), status, content: <LoginPage lang={lang} email={v.email} error={message} />, layout: 'public' });
  });

  router.post('/logout', async (req, res) => {
    if (res.locals.user) await api.graphql(OPS.Logout, {}, callerOf(req, res));
    res.clearCookie('token', clearSessionCookie(req));
    res.redirect(303, '/');
  });

  router.post('/staff/contact', form, async (req, res) => {
    const v = formValues(req, ['name', 'email', 'phone', 'topic', 'message']);
    const r = await api.graphql(OPS.SubmitContact, { input: { ...v, topic: v.topic ?? '' , name: v.name ?? '', email: v.email ?? '', message: v.message ?? '' } }, callerOf(req, res));
    if (!r.errors) return res.redirect(303, '/staff/contact?sent=1');
    const err = firstError(r.errors, res.locals.lang);
    sendPage(req, res, {
      title: titleOf('/staff/contact'),
      status: err?.code === 'BAD_USER_INPUT' ? 422 : 500,
      content: <ContactPage lang={res.locals.lang} values={v} errors={err?.fields ?? { _: err?.message ?? '' }} sent={false} />,
    });
  });

  router.post('/v3/trial', form, async (req, res) => {
    const v = formValues(req, ['company_name', 'contact_name', 'email', 'phone', 'message']);
    const input = { company_name: v.company_name ?? '', contact_name: v.contact_name ?? '', email: v.email ?? '', phone: v.phone ?? '', message: v.message };
    const r = await api.graphql(OPS.SubmitTrial, { input }, callerOf(req, res));
    if (!r.errors) return res.redirect(303, '/v3/trial?sent=1');
    const err = firstError(r.errors, res.locals.lang);
    sendPage(req, res, {
      title: titleOf('/v3/trial'),
      status: err?.code === 'BAD_USER_INPUT' ? 422 : 500,
      content: <TrialPage lang={res.locals.lang} values={v} errors={err?.fields ?? { _: err?.message ?? '' }} sent={false} />,
    });
  });

  router.post('/forget-password', form, async (req, res) => {
    const v = formValues(req, ['email']);
    const r = await api.graphql(OPS.RequestPasswordReset, { email: v.email ?? '' }, callerOf(req, res));
    if (!r.errors) return res.redirect(303, '/forget-password?sent=1');
    const err = firstError(r.errors, res.locals.lang);
    sendPage(req, res, {
      title: titleOf('/forget-password'),
      status: err?.code === 'BAD_USER_INPUT' ? 422 : 500,
      content: <ForgetPasswordPage lang={res.locals.lang} email={v.email} errors={err?.fields ?? { _: err?.message ?? '' }} sent={false} />,
    });
  });

  router.post('/reset-password', form, async (req, res) => {
    const v = formValues(req, ['token', 'password', 'password_confirm']);
    const r = await api.graphql(
      OPS.ResetPassword,
      { token: v.token ?? '', password: v.password ?? '', passwordConfirm: v.password_confirm ?? '' },
      callerOf(req, res),
    );
    if (!r.errors) {
      res.clearCookie('token', clearSessionCookie(req));
      return res.redirect(303, '/login?reset=1');
    }
    const err = firstError(r.errors, res.locals.lang);
    const fields = { ...(err?.fields ?? {}) };
    if (fields.passwordConfirm) {
      fields.password_confirm = fields.passwordConfirm;
      delete fields.passwordConfirm;
    }
    const invalid = 'token' in fields;
    sendPage(req, res, {
      title: titleOf('/reset-password'),
      status: invalid ? 410 : err?.code === 'BAD_USER_INPUT' ? 422 : 500,
      content: <ResetPasswordPage lang={res.locals.lang} token={v.token ?? ''} errors={fields} invalid={invalid} />,
    });
  });

  return router;
}
