/**
 * The page a jsdom test runs in (vitest's jsdom environment puts its JSDOM on `globalThis.jsdom`):
 * what the island tests need of it, typed here rather than through @types/jsdom.
 */
export interface JsdomPage {
  reconfigure(settings: { url: string }): void;
  cookieJar: {
    setCookieSync(cookie: string, url: string): unknown;
    getCookieStringSync(url: string, options: { http: boolean }): string;
  };
}

export const jsdomPage = (): JsdomPage => (globalThis as unknown as { jsdom: JsdomPage }).jsdom;

/** Puts the page at `url` with the given cookies in its jar (httpOnly, as the server sets a session). */
export function openPage(url: string, cookies: Record<string, string>): void {
  const page = jsdomPage();
  page.reconfigure({ url });
  for (const [name, value] of Object.entries(cookies)) page.cookieJar.setCookieSync(`${name}=${value}; Path=/; HttpOnly; SameSite=Lax`, url);
}
