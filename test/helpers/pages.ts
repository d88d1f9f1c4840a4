import type { TestApp } from './app.ts';

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

/** GET a page as a signed-in browser would (no redirects followed). */
export async function getPage(t: TestApp, path: string, token?: string): Promise<PageAnswer> {
  return answer(await fetch(`${t.url}${path}`, { redirect: 'manual', headers: token ? { cookie: `token=${token}` } : {} }));
}

/** A same-origin form post; an array value is sent as repeated fields (checkbox groups). */
export async function postForm(t: TestApp, path: string, token: string | undefined, fields: Record<string, string | string[]>): Promise<PageAnswer> {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const x of Array.isArray(v) ? v : [v]) body.append(k, x);
  return answer(
    await fetch(`${t.url}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: t.url, ...(token ? { cookie: `token=${token}` } : {}) },
      body,
    }),
  );
}
