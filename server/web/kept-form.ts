import type { CookieOptions, Request, Response } from 'express';

/**
 * A form posted after the session ended (docs/access.md "Sessions that end kindly"): what was typed
 * is kept in a short-lived cookie of this browser, tied to the person whose session it was and to
 * the page it was posted to, and offered again in that page's form once the same person has signed
 * in and come back. Passwords and tokens are never kept; a form too large for a cookie is not kept
 * (the sign-in still returns to the page).
 */
const KEPT_COOKIE = 'kept_form';
const KEPT_SECONDS = 15 * 60;
/** Cookies hold about 4 kB; the rest of the header needs room too. */
const KEPT_MAX_CHARS = 3_500;
const SECRET_FIELD = /password|token|secret/i;

interface Kept {
  /** The page (path and query) the form was posted to. */
  p: string;
  /** Whose session it was (the token's subject). */
  s: string;
  v: Record<string, string | string[]>;
}

const keptCookie = (req: Request): CookieOptions => ({ httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/' });

/** The subject of a session token, read without checking it (only to tie kept data to a person). */
export function tokenSubject(token: unknown): string | null {
  if (typeof token !== 'string') return null;
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub?: unknown };
    return typeof payload.sub === 'string' ? payload.sub : null;
  } catch {
    return null;
  }
}

/** Keeps a posted form for `owner`; false when there is nothing to keep or it is too large. */
export function keepForm(req: Request, res: Response, owner: string | null, body: Record<string, unknown>): boolean {
  if (!owner) return false;
  const v: Kept['v'] = {};
  for (const [k, value] of Object.entries(body)) {
    if (SECRET_FIELD.test(k)) continue;
    if (typeof value === 'string') v[k] = value;
    else if (Array.isArray(value) && value.every((x) => typeof x === 'string')) v[k] = value;
  }
  if (!Object.keys(v).length) return false;
  const raw = Buffer.from(JSON.stringify({ p: req.originalUrl, s: owner, v } satisfies Kept), 'utf8').toString('base64url');
  if (raw.length > KEPT_MAX_CHARS) return false;
  res.cookie(KEPT_COOKIE, raw, { ...keptCookie(req), maxAge: KEPT_SECONDS * 1000 });
  return true;
}

/**
 * The form kept for this page and this person, if any; the cookie is spent either way once the
 * person it belongs to opens the page it was posted to.
 */
export function takeKeptForm(req: Request, res: Response, owner: string | undefined): Record<string, string | string[]> | null {
  const raw: unknown = req.cookies?.[KEPT_COOKIE];
  if (typeof raw !== 'string' || !owner) return null;
  let kept: Kept;
  try {
    kept = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Kept;
  } catch {
    res.clearCookie(KEPT_COOKIE, keptCookie(req));
    return null;
  }
  if (kept.s !== owner) {
    // Another person signed in on this browser: never show them what someone else typed.
    res.clearCookie(KEPT_COOKIE, keptCookie(req));
    return null;
  }
  if (kept.p !== req.originalUrl || typeof kept.v !== 'object' || kept.v === null) return null;
  res.clearCookie(KEPT_COOKIE, keptCookie(req));
  return kept.v;
}

/** Forgets a kept form (logout). */
export function dropKeptForm(req: Request, res: Response): void {
  if (req.cookies?.[KEPT_COOKIE]) res.clearCookie(KEPT_COOKIE, keptCookie(req));
}
