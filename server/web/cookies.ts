import type { CookieOptions, Request } from 'express';
import { DEVICE_TTL_SECONDS, TOKEN_TTL_SECONDS } from '../auth/tokens.ts';

/** DESIGN.md §4: the `token` cookie is httpOnly, SameSite=Lax, Secure behind HTTPS. */
export function sessionCookie(req: Request): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/', maxAge: TOKEN_TTL_SECONDS * 1000 };
}

/**
 * The known-device cookie, set on every successful login (back office and candidate): a signed
 * list of the accounts this browser logged in to, which lets it skip the per-address pause on
 * failed logins (server/modules/auth/service.ts). Kept for half a year, past logout.
 */
export const DEVICE_COOKIE = 'known_device';

export function deviceCookie(req: Request): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/', maxAge: DEVICE_TTL_SECONDS * 1000 };
}

/** The known-device token this browser sent, if any. */
export function knownDevice(req: Request): string | undefined {
  const v: unknown = req.cookies?.[DEVICE_COOKIE];
  return typeof v === 'string' && v ? v : undefined;
}

export function clearSessionCookie(req: Request): CookieOptions {
  const { maxAge: _maxAge, ...rest } = sessionCookie(req);
  return rest;
}

/** The chosen language is remembered for a year; it is not a secret. */
export function langCookie(req: Request): CookieOptions {
  return { httpOnly: false, sameSite: 'lax', secure: req.secure, path: '/', maxAge: 365 * 24 * 3600 * 1000 };
}
