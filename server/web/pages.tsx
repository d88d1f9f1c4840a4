import type { Request, RequestHandler, Response } from 'express';
import type { ApiClient } from '../api/client.ts';
import { OPS } from '../api/operations.ts';
import type { Lang } from '../../shared/i18n.ts';
import { ErrorPage, ERROR_TEXT, type ErrorKind } from '../../views/pages/errors/ErrorPage.tsx';
import { NotAvailablePage } from '../../views/pages/admin/NotAvailable.tsx';
import { AboutPage } from '../../views/pages/public/About.tsx';
import { ContactPage } from '../../views/pages/public/Contact.tsx';
import { DownloadPage } from '../../views/pages/public/Download.tsx';
import { FaqPage } from '../../views/pages/public/Faq.tsx';
import { ForgetPasswordPage } from '../../views/pages/public/ForgetPassword.tsx';
import { HomePage } from '../../views/pages/public/Home.tsx';
import { LoginPage } from '../../views/pages/public/Login.tsx';
import { PolicyPage } from '../../views/pages/public/Policy.tsx';
import { ResetPasswordPage } from '../../views/pages/public/ResetPassword.tsx';
import { StaffPage } from '../../views/pages/public/Staff.tsx';
import { TermsPage } from '../../views/pages/public/Terms.tsx';
import { TrialPage } from '../../views/pages/public/Trial.tsx';
import { resolveAccess } from '../access/guard.ts';
import { sendPage } from './render.tsx';
import type { RouteDef } from '../access/routes.ts';
import { callerOf } from './caller.ts';
import { ENUM_PAGE_HANDLERS } from './admin/enums.tsx';
import { ROLE_PAGE_HANDLERS } from './admin/roles.tsx';
import { RESOURCE_PAGE_HANDLERS } from './resources.tsx';
import { JOB_PAGE_HANDLERS } from './public-jobs.tsx';
import { APPLICATION_PAGE_HANDLERS } from './admin/applications.tsx';
import { SUPPORT_CHAT_PAGE_HANDLERS } from './admin/support-chat.tsx';
import { legalPage } from './legal.tsx';

export interface PageContext {
  req: Request;
  res: Response;
  lang: Lang;
  route: RouteDef;
  params: Record<string, string>;
  api: ApiClient;
}

type PageHandler = (ctx: PageContext) => void | Promise<void>;

/** Sends one of the error pages with its status (SPEC §2 "Error pages", §8). */
export function sendError(req: Request, res: Response, kind: ErrorKind): void {
  const loggedIn = !!res.locals.user;
  sendPage(req, res, {
    title: ERROR_TEXT[kind].title,
    status: ERROR_TEXT[kind].status,
    content: <ErrorPage lang={res.locals.lang} kind={kind} loggedIn={loggedIn} />,
    layout: loggedIn && res.locals.roleMaps ? 'admin' : 'public',
  });
}

const staticPage =
  (Component: (p: { lang: Lang }) => React.JSX.Element): PageHandler =>
  ({ req, res, lang, route }) =>
    sendPage(req, res, { title: route.title, content: <Component lang={lang} /> });

const flag = (req: Request, name: string) => req.query[name] === '1';

/**
 * Page handlers by route path (the route table's `path`). Admin routes without a handler get the
 * honest 501 page until their issue builds them (issue 2, item 8).
 */
export const PAGE_HANDLERS: Record<string, PageHandler> = {
  '/': staticPage(HomePage),
  '/staff': staticPage(StaffPage),
  '/download': staticPage(DownloadPage),
  '/about': staticPage(AboutPage),
  '/faq': staticPage(FaqPage),
  '/policy': legalPage('privacy', PolicyPage),
  '/terms': legalPage('terms', TermsPage),
  ...JOB_PAGE_HANDLERS,
  ...APPLICATION_PAGE_HANDLERS,
  ...SUPPORT_CHAT_PAGE_HANDLERS,
  '/login': ({ req, res, lang, route }) => {
    const notice = flag(req, 'reset')
      ? lang === 'ja'
        ? 'パスワードを変更しました。新しいパスワードでログインしてください。'
        : 'Your password has been changed. Log in with your new password.'
      : undefined;
    sendPage(req, res, { title: route.title, content: <LoginPage lang={lang} notice={notice} /> });
  },
  '/staff/contact': ({ req, res, lang, route }) =>
    sendPage(req, res, { title: route.title, content: <ContactPage lang={lang} values={{}} errors={{}} sent={flag(req, 'sent')} /> }),
  '/v3/trial': ({ req, res, lang, route }) =>
    sendPage(req, res, { title: route.title, content: <TrialPage lang={lang} values={{}} errors={{}} sent={flag(req, 'sent')} /> }),
  '/forget-password': ({ req, res, lang, route }) =>
    sendPage(req, res, { title: route.title, content: <ForgetPasswordPage lang={lang} errors={{}} sent={flag(req, 'sent')} /> }),
  '/reset-password': async ({ req, res, lang, route, api }) => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    const r = token ? await api.graphql<{ passwordResetTokenValid: boolean }>(OPS.PasswordResetTokenValid, { token }, callerOf(req, res)) : null;
    const valid = r?.data?.passwordResetTokenValid === true;
    sendPage(req, res, { title: route.title, status: valid ? 200 : 410, content: <ResetPasswordPage lang={lang} token={token} errors={{}} invalid={!valid} /> });
  },
  ...ENUM_PAGE_HANDLERS,
  ...ROLE_PAGE_HANDLERS,
  ...RESOURCE_PAGE_HANDLERS,
  '/errors/_error': ({ req, res }) => sendError(req, res, '_error'),
  '/errors/error401': ({ req, res }) => sendError(req, res, 'error401'),
  '/errors/error404': ({ req, res }) => sendError(req, res, 'error404'),
};

/** The guard as middleware: GET and HEAD requests for pages are resolved against the route table. */
export function pagesMiddleware(api: ApiClient): RequestHandler {
  const empty = { pageRoles: {}, actionRoles: {} };
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const user = res.locals.user as { role: string } | undefined;
    const access = resolveAccess(res.locals.roleMaps ?? empty, user ? { role: user.role } : null, req.path);
    switch (access.kind) {
      case 'redirect':
        return res.redirect(302, access.to);
      case 'notFound':
        return sendError(req, res, 'error404');
      case 'allow': {
        const handler = PAGE_HANDLERS[access.route.path];
        const ctx: PageContext = { req, res, lang: res.locals.lang, route: access.route, params: access.params, api };
        if (handler) return handler(ctx);
        if (access.route.kind === 'admin') {
          return sendPage(req, res, { title: access.route.title, status: 501, content: <NotAvailablePage lang={ctx.lang} title={access.route.title} /> });
        }
        return sendError(req, res, 'error404');
      }
    }
  };
}
