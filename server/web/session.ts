import express, { type NextFunction, type Request, type RequestHandler, type Response, type Router } from 'express';
import type { ApiClient, Caller } from '../api/client.ts';
import { OPS } from '../api/operations.ts';
import { chooseLang, isLang } from '../../shared/i18n.ts';
import { clearSessionCookie, langCookie, sessionCookie } from './cookies.ts';
import { localPath } from './kit.ts';
import { dropKeptForm } from './kept-form.ts';
import { CANDIDATE_COOKIE } from './screen.ts';

/** The times a session token states (not verified: only to decide when to renew it; the API verifies). */
function tokenTimes(token: string): { iat: number; exp: number } | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { iat?: unknown; exp?: unknown };
    return typeof payload.iat === 'number' && typeof payload.exp === 'number' ? { iat: payload.iat, exp: payload.exp } : null;
  } catch {
    return null;
  }
}

/**
 * The sliding session (docs/access.md): a request made when less than half of the token's life is
 * left gets a fresh token in its cookie (the API signs it, keeping the sign-in time, so the hard
 * limit still holds). Returns when the session now ends (ms since the epoch), for the warning.
 */
async function slide(api: ApiClient, req: Request, res: Response, cookie: string, token: string, caller: Caller): Promise<{ token: string; expiresAt: number }> {
  const times = tokenTimes(token);
  if (!times) return { token, expiresAt: 0 };
  const now = Date.now() / 1000;
  if (times.exp - now > (times.exp - times.iat) / 2) return { token, expiresAt: times.exp * 1000 };
  const r = await api.graphql<{ renewSession: { token: string; expiresAt: number } | null }>(OPS.RenewSession, {}, caller);
  const fresh = r.data?.renewSession;
  if (!fresh) return { token, expiresAt: times.exp * 1000 };
  res.cookie(cookie, fresh.token, sessionCookie(req));
  return { token: fresh.token, expiresAt: fresh.expiresAt * 1000 };
}

/** Requests that must work with a stale token: they end or replace the session. */
const SESSION_ENDPOINTS = new Set(['/login', '/logout']);

/**
 * Who is asking, in which language (SPEC §4, §8). A token is checked with the account-info call:
 * 401 clears the cookie and sends the person to /errors/error401; any other failure of the check
 * to /errors/_error. The error pages themselves never redirect, so this cannot loop.
 */
export function sessionMiddleware(api: ApiClient): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    res.locals.lang = chooseLang(req.cookies?.lang, req.get('accept-language'));
    // A candidate (foreign staff) has a session of its own, used only by the public job pages.
    const candidateToken: string | undefined = req.cookies?.candidate_token;
    if (candidateToken) {
      try {
        const c = await api.infoToken(candidateToken, 'candidate');
        if (c.status === 200) {
          res.locals.candidate = c.user;
          const slid = await slide(api, req, res, CANDIDATE_COOKIE, candidateToken, { token: candidateToken, aud: 'candidate', lang: res.locals.lang, ip: req.ip ?? '', user: c.user });
          req.cookies[CANDIDATE_COOKIE] = slid.token;
          res.locals.candidateSessionEndsAt = slid.expiresAt;
        } else if (c.status === 401) {
          res.clearCookie('candidate_token', clearSessionCookie(req));
          // The candidate's session ended: a form post is kept for after signing in again.
          res.locals.sessionEnded = 'candidate';
        }
      } catch (err) {
        return next(err);
      }
    }
    const token: string | undefined = req.cookies?.token;
    if (!token) return next();
    let info;
    try {
      info = await api.infoToken(token);
    } catch (err) {
      // The API is unreachable (web tier apart from the API): the error handler shows a 503 page.
      return next(err);
    }
    if (info.status === 200) {
      res.locals.user = info.user;
      try {
        const slid = await slide(api, req, res, 'token', token, { token, lang: res.locals.lang, ip: req.ip ?? '', user: info.user });
        res.locals.token = slid.token;
        res.locals.sessionEndsAt = slid.expiresAt;
        res.locals.roleMaps = await api.roleMaps(slid.token);
      } catch (err) {
        return next(err);
      }
      return next();
    }
    const lenient = req.path.startsWith('/errors/') || SESSION_ENDPOINTS.has(req.path) || !['GET', 'HEAD'].includes(req.method);
    if (info.status === 401) {
      res.clearCookie('token', clearSessionCookie(req));
      res.locals.sessionEnded = 'admin';
      if (lenient) return next();
      // SPEC §8's 401 page, which offers to sign in again and come back here.
      return res.redirect(303, `/errors/error401?next=${encodeURIComponent(req.originalUrl)}`);
    }
    if (lenient) return next();
    return res.redirect(303, '/errors/_error');
  };
}

/**
 * The requests that are not pages: choosing the language, and ending a session (the back office's
 * or the candidate's). Logging out ends every session of that user (session_version).
 */
export function sessionEndpoints(api: ApiClient): Router {
  const router = express.Router();
  router.get('/lang/:lang', async (req, res) => {
    const lang = req.params.lang;
    if (isLang(lang)) {
      res.cookie('lang', lang, langCookie(req));
      // A signed-in person's choice is their account's too: the mail and template messages sent to
      // them later follow it (users.lang).
      const signedIn = [
        res.locals.user?.lang !== lang && res.locals.token ? { token: res.locals.token as string } : null,
        res.locals.candidate && res.locals.candidate.lang !== lang ? { token: req.cookies?.[CANDIDATE_COOKIE] as string, aud: 'candidate' as const } : null,
      ];
      for (const who of signedIn) if (who) await api.graphql(OPS.SetMyLanguage, { lang }, { ...who, lang, ip: req.ip ?? '' });
    }
    res.redirect(303, localPath(req.query.back));
  });
  // The warning island's "stay signed in": a fresh token now (the sliding session), and when it ends.
  router.post('/session/renew', async (req, res) => {
    const which = res.locals.user
      ? { cookie: 'token', token: res.locals.token as string, aud: 'admin' as const }
      : res.locals.candidate
        ? { cookie: CANDIDATE_COOKIE, token: req.cookies?.[CANDIDATE_COOKIE] as string, aud: 'candidate' as const }
        : null;
    if (!which) return void res.status(401).json({ error: 'UNAUTHENTICATED' });
    const r = await api.graphql<{ renewSession: { token: string; expiresAt: number } | null }>(OPS.RenewSession, {}, { token: which.token, aud: which.aud, lang: res.locals.lang, ip: req.ip ?? '' });
    const fresh = r.data?.renewSession;
    if (!fresh) return void res.status(401).json({ error: 'UNAUTHENTICATED' });
    res.cookie(which.cookie, fresh.token, sessionCookie(req));
    res.set('Cache-Control', 'no-store').json({ endsAt: fresh.expiresAt * 1000 });
  });
  router.post('/logout', async (req, res) => {
    if (res.locals.user) await api.graphql(OPS.Logout, {}, { token: res.locals.token, lang: res.locals.lang, ip: req.ip ?? '' });
    res.clearCookie('token', clearSessionCookie(req));
    dropKeptForm(req, res);
    res.redirect(303, '/');
  });
  router.post('/staff/logout', async (req, res) => {
    const token: string | undefined = req.cookies?.[CANDIDATE_COOKIE];
    if (token) await api.graphql(OPS.Logout, {}, { token, aud: 'candidate', lang: res.locals.lang, ip: req.ip ?? '' });
    res.clearCookie(CANDIDATE_COOKIE, clearSessionCookie(req));
    dropKeptForm(req, res);
    res.redirect(303, '/daily');
  });
  return router;
}
