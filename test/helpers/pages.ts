import type { Lang } from '../../shared/i18n.ts';
import { inject } from 'vitest';
import type { DemoLogin, TestApp } from './app.ts';

/** Text as React escapes it in HTML (the five characters it replaces). */
export const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

/** HTML without the empty comments React puts between adjacent text parts. */
export const text = (html: string) => html.replace(/<!-- -->/g, '');

export interface PageAnswer {
  status: number;
  location: string | null;
  html: string;
  type: string | null;
  cookies: string[];
}

async function answer(res: Response): Promise<PageAnswer> {
  return { status: res.status, location: res.headers.get('location'), html: text(await res.text()), type: res.headers.get('content-type'), cookies: res.headers.getSetCookie() };
}

/** The cookie header of a signed-in browser (its `token`) and of one that chose a language (`lang`): none for a visitor without one. */
function cookies(token?: string, lang?: Lang): { cookie?: string } {
  const jar = [...(token ? [`token=${token}`] : []), ...(lang ? [`lang=${lang}`] : [])];
  return jar.length ? { cookie: jar.join('; ') } : {};
}

/** GET a page as a signed-in browser would (no redirects followed), in `lang` when it chose one. */
export async function getPage(t: TestApp, path: string, token?: string, lang?: Lang): Promise<PageAnswer> {
  return answer(await fetch(`${t.url}${path}`, { redirect: 'manual', headers: cookies(token, lang) }));
}

/**
 * The request of a form post as a browser sends it (urlencoded, redirects not followed); an array
 * value is sent as repeated fields (checkbox groups). No Origin unless `headers` has one: the
 * cross-site check is what some tests try.
 */
export function formRequest(fields: Record<string, string | string[]>, headers: Record<string, string> = {}): RequestInit {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const x of Array.isArray(v) ? v : [v]) body.append(k, x);
  return { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body };
}

/** A same-origin form post of a signed-in browser (or of a visitor, without a token), in `lang` when it chose one. */
export async function postForm(t: TestApp, path: string, token: string | undefined, fields: Record<string, string | string[]>, lang?: Lang): Promise<PageAnswer> {
  return answer(await fetch(`${t.url}${path}`, formRequest(fields, { origin: t.url, ...cookies(token, lang) })));
}

/**
 * `getPage` and `postForm` on a file's app as a demo account (each logged in once per app:
 * `tokenOf`), or as a visitor when `who` is left out; with the `lang` cookie when `lang` is given.
 */
export function pagesAs(
  t: TestApp,
  lang?: Lang,
): {
  get(path: string, who?: DemoLogin): Promise<PageAnswer>;
  post(path: string, who: DemoLogin | undefined, fields: Record<string, string | string[]>): Promise<PageAnswer>;
} {
  const token = async (who?: DemoLogin) => (who ? t.tokenOf(who) : undefined);
  return {
    get: async (path, who) => getPage(t, path, await token(who), lang),
    post: async (path, who, fields) => postForm(t, path, await token(who), fields, lang),
  };
}

/** The value of the cookie `name` that the response (or a page's answer) sets, if it sets one. */
export const cookieOf = (res: Response | PageAnswer, name: string) =>
  (res instanceof Response ? res.headers.getSetCookie() : res.cookies)
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0]
    ?.slice(name.length + 1);

/**
 * Logs a candidate in through the candidate's own form (/staff/login), as a browser would, with the
 * demo password unless told; the `candidate_token` cookie and where the answer sends the browser.
 */
export async function candidateLogin(t: TestApp, email: string, opts: { password?: string; next?: string } = {}): Promise<{ token: string; location: string | null }> {
  const res = await fetch(`${t.url}/staff/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: t.url },
    body: new URLSearchParams({ email, password: opts.password ?? inject('demoPassword'), ...(opts.next ? { next: opts.next } : {}) }),
  });
  const token = cookieOf(res, 'candidate_token');
  if (res.status !== 303 || !token) throw new Error(`candidate login as ${email} failed: ${res.status}`);
  return { token, location: res.headers.get('location') };
}
