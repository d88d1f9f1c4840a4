import type { CookieOptions, Request } from 'express';
import { TOKEN_TTL_SECONDS } from '../auth/tokens.ts';

/** DESIGN.md §4: the `token` cookie is httpOnly, SameSite=Lax, Secure behind HTTPS. */
export function sessionCookie(req: Request): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/', maxAge: TOKEN_TTL_SECONDS * 1000 };
}

export function clearSessionCookie(req: Request): CookieOptions {
  const { maxAge: _maxAge, ...rest } = sessionCookie(req);
  return rest;
}

/** The chosen language is remembered for a year; it is not a secret. */
export function langCookie(req: Request): CookieOptions {
  return { httpOnly: false, sameSite: 'lax', secure: req.secure, path: '/', maxAge: 365 * 24 * 3600 * 1000 };
}
