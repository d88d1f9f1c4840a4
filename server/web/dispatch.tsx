/**
 * The dispatcher: every page request and every form post goes through here, against the one route
 * table and the screens bound to it. GET/HEAD: the guard decides (allow, redirect or 404), then the
 * route's screen loads and draws; an admin route with no screen yet answers the 501 page. POST: an
 * explicit chain of middleware — same-origin check, body limits, the page guard — then the screen's
 * action. Screens return outcomes; this module alone turns them into HTTP.
 */
import express, { type NextFunction, type Request, type RequestHandler, type Response, type Router } from 'express';
import { stringify } from 'csv-stringify';
import type { ApiClient } from '../api/client.ts';
import { refuseUnread, sameOrigin } from '../http-kit.ts';
import { resolveAccess } from '../access/guard.ts';
import { ALL_ROUTES, matchRoute, type RouteDef } from '../access/routes.ts';
import { NotAvailablePage } from '../../views/pages/admin/NotAvailable.tsx';
import { refusalOf } from './kit.ts';
import type { ErrorKind } from '../../views/pages/errors/ErrorPage.tsx';
import { sendError, sendPage } from './render.tsx';
import { CANDIDATE_COOKIE, candidateSignInPath, errorPage, failed, isOutcome, screenContext, type Outcome, type Screen, type ScreenContext, type UploadForm } from './screen.ts';
import { readUploadForm, takeSlot, type UploadSlots } from './upload-form.ts';
import { keepForm, takeKeptForm, tokenSubject } from './kept-form.ts';
import { msg } from '../../shared/messages.ts';
import { todayInJapan } from '../time.ts';
import { csvCell } from '../csv.ts';

const EMPTY_MAPS = { pageRoles: {}, actionRoles: {} };

/**
 * Checks the screens against the route table: each screen answers a route of the table, and no
 * route has two screens. Run at start-up (createApp) and by a test; a mismatch stops the process.
 */
export function bindScreens(screens: readonly Screen[], routes: readonly RouteDef[] = ALL_ROUTES): ReadonlyMap<string, Screen> {
  const paths = new Set(routes.map((r) => r.path));
  const byPath = new Map<string, Screen>();
  for (const s of screens) {
    if (!paths.has(s.path)) throw new Error(`screen ${s.path} has no route in the route table (server/access/routes.ts)`);
    if (byPath.has(s.path)) throw new Error(`two screens answer ${s.path}`);
    byPath.set(s.path, s);
  }
  return byPath;
}

/** Sends an outcome. */
export async function sendOutcome(req: Request, res: Response, outcome: Outcome): Promise<void> {
  switch (outcome.kind) {
    case 'page':
      return sendPage(req, res, outcome.page);
    case 'redirect':
      return res.redirect(outcome.status, outcome.to);
    case 'error':
      return sendError(req, res, outcome.error);
    case 'text':
      return void res.status(outcome.status).type('text').send(outcome.body);
    case 'file':
      // Private documents (payslips, invoices, transfer files): never kept by a shared cache.
      res
        .set('Cache-Control', 'private, no-store')
        .type(outcome.type)
        .set('Content-Disposition', `attachment; filename="${outcome.name.replace(/[^\w.-]/g, '_')}"`);
      return void res.send(outcome.body);
    case 'csv': {
      // Streamed row by row, with a BOM so Excel (which Japanese offices open CSV with) reads UTF-8.
      const filename = `${outcome.name}-${todayInJapan()}.csv`;
      res.type('text/csv; charset=utf-8').set('Content-Disposition', `attachment; filename="${filename}"`);
      // No cell is a formula (server/csv.ts), the header included.
      const out = stringify({ cast: { string: csvCell } });
      out.pipe(res);
      res.write('\uFEFF');
      out.write(outcome.header);
      for await (const row of outcome.rows) if (!out.write(row)) await new Promise((r) => out.once('drain', r));
      out.end();
      await new Promise<void>((resolve) => res.once('finish', () => resolve()));
      return;
    }
  }
}

/** The error page of an API refusal nobody turned into a form (a page's load): the record, or the session, is gone. */
const PAGE_OF_REFUSAL: ReadonlyMap<string, ErrorKind> = new Map([
  ['NOT_FOUND', 'recordNotFound'],
  ['FORBIDDEN', 'recordNotFound'],
  ['UNAUTHENTICATED', 'error401'],
]);

/**
 * Runs a screen step and sends what it gives. An outcome thrown from a load is sent as is; an API
 * failure the screen did not handle becomes the page a person expects (a record that is gone or
 * outside the caller's tenant: 404; a session that ended: 401); anything else goes to the error
 * handler (500, or 503 when the API is unreachable).
 */
async function run(req: Request, res: Response, next: NextFunction, step: () => Promise<Outcome>): Promise<void> {
  let outcome: Outcome;
  try {
    outcome = await step();
  } catch (err) {
    const page = isOutcome(err) ? undefined : PAGE_OF_REFUSAL.get(refusalOf(err)?.code ?? '');
    if (isOutcome(err)) outcome = err;
    else if (page) outcome = { kind: 'error', error: page };
    else return next(err);
  }
  try {
    await sendOutcome(req, res, outcome);
  } catch (err) {
    next(err);
  }
}

/** GET and HEAD: the guard (SPEC §4, §6), then the route's screen. */
export function pageRequests(api: ApiClient, screens: ReadonlyMap<string, Screen>): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const user = res.locals.user as { role: string } | undefined;
    const access = resolveAccess(res.locals.roleMaps ?? EMPTY_MAPS, user ? { role: user.role } : null, req.path);
    switch (access.kind) {
      case 'redirect':
        return res.redirect(302, access.to);
      case 'notFound':
        return sendError(req, res, 'error404');
      case 'allow': {
        // A candidate's own page: their sign-in first, and back here after it.
        if (access.route.mine && !res.locals.candidate) return res.redirect(302, candidateSignInPath(req.originalUrl));
        const screen = screens.get(access.route.path);
        const ctx = screenContext(req, res, api, access.route, access.params);
        if (screen) {
          // A form posted after the session ended, offered again to the same person on the same page.
          const kept = takeKeptForm(req, res, access.route.kind === 'admin' ? res.locals.user?.id : res.locals.candidate?.id);
          const state = kept ? failed(kept, { _: msg(ctx.lang, 'session.keptForm') }, 200) : undefined;
          return void run(req, res, next, () => screen.get(ctx, state));
        }
        if (access.route.kind === 'admin') {
          return sendPage(req, res, { title: access.route.title, status: 501, content: <NotAvailablePage lang={ctx.lang} title={access.route.title} /> });
        }
        return sendError(req, res, 'error404');
      }
    }
  };
}

/** Tells the layout which routes have a screen, so its sidebar links only to built pages (every response, error pages included). */
export function screenPaths(screens: ReadonlyMap<string, Screen>): RequestHandler {
  const built: ReadonlySet<string> = new Set(screens.keys());
  return (_req, res, next) => {
    res.locals.screenPaths = built;
    next();
  };
}

/** Refuses a cookie-carrying form post from another site (SameSite=Lax already keeps the cookie off it). */
export const sameOriginForms: RequestHandler = (req, res, next) => {
  if (req.method === 'POST' && !sameOrigin(req)) return void res.status(403).type('text').send('Cross-site form submission refused');
  next();
};

const DEFAULT_FORM = { limit: '64kb', parameterLimit: 200 };

/**
 * Form posts to the screens: same-origin (mounted before, for every POST), then the body within
 * the screen's limits, then the page guard — a form nobody may open cannot be posted (the API
 * checks again) — then the screen's action. A form that sends files (a screen's `upload`) is read
 * only after the guard, and an answer before that closes the connection without taking its body
 * (refuseUnread), as the API's upload routes do.
 */
export function formPosts(api: ApiClient, screens: ReadonlyMap<string, Screen>): Router {
  const router = express.Router();
  const parsers = new Map<string, RequestHandler>();
  const parserFor = (s: Screen) => {
    const o = s.form ?? DEFAULT_FORM;
    const key = `${o.limit}/${o.parameterLimit}`;
    if (!parsers.has(key)) parsers.set(key, express.urlencoded({ extended: false, limit: o.limit, parameterLimit: o.parameterLimit }));
    return parsers.get(key)!;
  };
  const slots: UploadSlots = new Map();
  /**
   * A form that sends files (a screen's `upload`), its person known: one of their slots, then the
   * body to its limit (upload-form.ts), then the screen's action as for any form. Nobody signed in
   * (a public page's form), or no slot free: answered without reading the body.
   */
  async function uploadPost(
    req: Request,
    res: Response,
    next: NextFunction,
    p: { screen: Screen; post: NonNullable<Screen['post']>; upload: UploadForm; ctx: ScreenContext; who: string | undefined },
  ): Promise<void> {
    const { screen, upload, ctx } = p;
    const release = p.who ? takeSlot(slots, p.who) : null;
    if (!release) {
      refuseUnread(req, res);
      return run(req, res, next, async () => (p.who ? screen.get(ctx, failed({}, { _: msg(ctx.lang, 'upload.busy') }, 429)) : errorPage('error401')));
    }
    try {
      const body = await readUploadForm(req, upload.limit);
      if (body === 'aborted') return;
      if (body === 'tooLarge') {
        refuseUnread(req, res);
        return await run(req, res, next, () => screen.get(ctx, failed({}, { _: upload.tooLarge(ctx.lang) }, 413)));
      }
      await run(req, res, next, async () => (body === 'malformed' ? errorPage('badRequest') : p.post(ctx, body)));
    } finally {
      release();
    }
  }
  router.post('/{*rest}', (req, res, next) => {
    const match = matchRoute(req.path);
    const screen = match && screens.get(match.route.path);
    if (!match || !screen?.post) return next();
    const post = screen.post;
    const upload = screen.upload && req.is('multipart/form-data') ? screen.upload : undefined;
    const unread = () => upload && refuseUnread(req, res);
    // The session ended before this post: what was typed is kept, and signing in again comes back
    // here with it (kept-form.ts). The back office's login, or the candidate's for their own pages.
    const ended = res.locals.sessionEnded as 'admin' | 'candidate' | undefined;
    const endedFor = match.route.kind === 'admin' ? (ended === 'admin' && !res.locals.user ? 'admin' : null) : ended === 'candidate' && !res.locals.candidate && match.route.mine ? 'candidate' : null;
    if (endedFor) {
      unread();
      return parserFor(screen)(req, res, (err?: unknown) => {
        if (err) return next(err);
        keepForm(req, res, tokenSubject(req.cookies?.[endedFor === 'admin' ? 'token' : CANDIDATE_COOKIE]), (req.body ?? {}) as Record<string, unknown>);
        res.redirect(303, `${endedFor === 'admin' ? '/login' : '/staff/login'}?ended=1&next=${encodeURIComponent(req.originalUrl)}`);
      });
    }
    if (match.route.kind === 'admin') {
      // Signed out (never signed in here): back to the start, as for a page of the back office.
      if (!res.locals.user) {
        unread();
        return res.redirect(303, '/');
      }
      const access = resolveAccess(res.locals.roleMaps ?? EMPTY_MAPS, { role: res.locals.user.role }, req.path);
      if (access.kind !== 'allow') {
        unread();
        return void res.status(403).type('text').send('Forbidden');
      }
    }
    if (match.route.mine && !res.locals.candidate) {
      unread();
      return res.redirect(303, candidateSignInPath(req.originalUrl));
    }
    const ctx = () => screenContext(req, res, api, match.route, match.params);
    if (upload) return void uploadPost(req, res, next, { screen, post, upload, ctx: ctx(), who: (match.route.kind === 'admin' ? res.locals.user : res.locals.candidate)?.id });
    parserFor(screen)(req, res, (err?: unknown) => {
      if (err) return next(err);
      void run(req, res, next, () => post(ctx(), (req.body ?? {}) as Record<string, unknown>));
    });
  });
  return router;
}
