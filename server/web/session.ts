import express, { type NextFunction, type Request, type RequestHandler, type Response, type Router } from 'express';
import type { ApiClient } from '../api/client.ts';
import { OPS } from '../api/operations.ts';
import { chooseLang, isLang } from '../../shared/i18n.ts';
import { clearSessionCookie, langCookie } from './cookies.ts';
import { localPath } from './kit.ts';
import { CANDIDATE_COOKIE } from './screen.ts';

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
        if (c.status === 200) res.locals.candidate = c.user;
        else if (c.status === 401) res.clearCookie('candidate_token', clearSessionCookie(req));
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
      res.locals.token = token;
      try {
        res.locals.roleMaps = await api.roleMaps(token);
      } catch (err) {
        return next(err);
      }
      return next();
    }
    const lenient = req.path.startsWith('/errors/') || SESSION_ENDPOINTS.has(req.path) || !['GET', 'HEAD'].includes(req.method);
    if (info.status === 401) {
      res.clearCookie('token', clearSessionCookie(req));
      if (lenient) return next();
      return res.redirect(303, '/errors/error401');
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
  router.get('/lang/:lang', (req, res) => {
    const lang = req.params.lang;
    if (isLang(lang)) res.cookie('lang', lang, langCookie(req));
    res.redirect(303, localPath(req.query.back));
  });
  router.post('/logout', async (req, res) => {
    if (res.locals.user) await api.graphql(OPS.Logout, {}, { token: res.locals.token, lang: res.locals.lang, ip: req.ip ?? '' });
    res.clearCookie('token', clearSessionCookie(req));
    res.redirect(303, '/');
  });
  router.post('/staff/logout', async (req, res) => {
    const token: string | undefined = req.cookies?.[CANDIDATE_COOKIE];
    if (token) await api.graphql(OPS.Logout, {}, { token, aud: 'candidate', lang: res.locals.lang, ip: req.ip ?? '' });
    res.clearCookie(CANDIDATE_COOKIE, clearSessionCookie(req));
    res.redirect(303, '/daily');
  });
  return router;
}
