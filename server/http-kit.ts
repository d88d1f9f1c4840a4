import type { Request } from 'express';

/*
 * Small request helpers shared by the API's routes, the web tier's form posts and the chat's
 * upload routes. Below all of them, so none imports another's tier for these
 * (docs/architecture.md "Layers and the import rule").
 */

/** The bearer token of an API call: `Authorization: Bearer x` (SPEC §7) or `jwt x` (Account/InfoToken). */
export function headerToken(req: Request, scheme: 'bearer' | 'jwt'): string | undefined {
  const h = req.get('authorization');
  if (!h) return undefined;
  const [s, t] = h.trim().split(/\s+/, 2);
  return s?.toLowerCase() === scheme && t ? t : undefined;
}

/**
 * A cookie-authenticated call must come from our own pages: browsers send Origin on
 * cross-site POSTs, and Sec-Fetch-Site where they support it. Header tokens are not sent by
 * browsers on their own, so they need no such check.
 */
export function sameOrigin(req: Request): boolean {
  // Browsers that send Sec-Fetch-Site say it directly; trust that over Origin, which is "null"
  // under some referrer policies.
  const site = req.get('sec-fetch-site');
  if (site) return site === 'same-origin' || site === 'none';
  const origin = req.get('origin');
  if (!origin) return true;
  try {
    return new URL(origin).host === req.get('host');
  } catch {
    return false;
  }
}
