/**
 * Presses every button a page draws, as a browser sends it: for every POST form of a page, each of
 * its submit buttons (inside the form, or outside it naming it with `form=`) is pressed with the
 * form's successful controls and the pressed button's own name and value (HTML's "constructing the
 * entry list"). What a person may press must never answer a 400, a 5xx, a 401, a 403 or a page
 * that is not HTML.
 */
import * as cheerio from 'cheerio';
import { expect, it } from 'vitest';
import { ALL_ROUTES, matchRoute } from '../../server/access/routes.ts';
import type { Lang } from '../../shared/i18n.ts';
import { msg } from '../../shared/messages.ts';
import { startTestApp, type DemoLogin, type TestApp } from './app.ts';

export interface Session {
  /** What the failures are reported as: the demo login, or "visitor". */
  who: string;
  /** The cookie header of the session (`token=…` or `candidate_token=…`), none for a visitor. */
  cookie?: string;
}

/** The session of a back-office demo login (its `token`, logged in once per app: `tokenOf`), with the `lang` cookie when `lang` is given. */
export async function sessionOf(t: TestApp, who: DemoLogin, lang?: Lang): Promise<Session> {
  return { who, cookie: `token=${await t.tokenOf(who)}${lang ? `; lang=${lang}` : ''}` };
}

export interface Failure {
  who: string;
  page: string;
  form: string;
  button: string;
  status: number;
  answer: string;
}

const UUIDISH = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d+/gi;

/** Forms that end the session: pressed, the rest of the walk would be a visitor's. */
const ENDS_SESSION = (action: string) => /^\/(staff\/)?logout$/.test(action);

type $ = cheerio.CheerioAPI;
/** An element of a parsed page (cheerio's own type, which it does not export by name). */
const _anElement = ($: $) => $('a').toArray()[0]!;
type Element = ReturnType<typeof _anElement>;

/** The controls a form owns: its descendants without a `form` attribute of their own, and any control naming it with `form=`. */
function controlsOf($: $, form: cheerio.Cheerio<Element>): Element[] {
  const id = form.attr('id');
  const inside = form
    .find('input, select, textarea, button')
    .toArray()
    .filter((el) => !el.attribs.form || el.attribs.form === id);
  const outside = id
    ? $(`[form="${id}"]`)
        .toArray()
        .filter((el) => !form.find('*').toArray().includes(el))
    : [];
  // In tree order, as the browser builds the entry list.
  const all = [...inside, ...outside];
  const order = $('*').toArray();
  return all.sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

const isSubmit = (el: Element) => (el.tagName === 'button' && (!el.attribs.type || el.attribs.type === 'submit')) || (el.tagName === 'input' && el.attribs.type === 'submit');
const disabled = (el: Element) => el.attribs.disabled !== undefined;

/** The entry list of a form submitted by `submitter` (no file chosen for file inputs). */
function entries($: $, controls: Element[], submitter: Element, tick?: Element): [string, string][] {
  const out: [string, string][] = [];
  for (const el of controls) {
    const name = el.attribs.name;
    if (!name || disabled(el)) continue;
    if (el.tagName === 'button' || (el.tagName === 'input' && ['submit', 'image', 'button', 'reset'].includes(el.attribs.type ?? ''))) {
      if (el === submitter) out.push([name, el.attribs.value ?? '']);
      continue;
    }
    if (el.tagName === 'select') {
      const options = $(el).find('option').toArray();
      const selected = options.filter((o) => o.attribs.selected !== undefined);
      const chosen = selected.length ? selected : el.attribs.multiple === undefined ? options.filter((o) => !disabled(o)).slice(0, 1) : [];
      for (const o of chosen) if (!disabled(o)) out.push([name, o.attribs.value ?? $(o).text()]);
      continue;
    }
    if (el.tagName === 'textarea') {
      out.push([name, $(el).text()]);
      continue;
    }
    const type = el.attribs.type ?? 'text';
    if (type === 'checkbox' || type === 'radio') {
      if (el.attribs.checked !== undefined || el === tick) out.push([name, el.attribs.value ?? 'on']);
      continue;
    }
    if (type === 'file') continue;
    out.push([name, el.attribs.value ?? '']);
  }
  return out;
}

/** What a browser's constraint validation would stop before sending: an empty required control. */
function blocked(form: cheerio.Cheerio<Element>, controls: Element[], submitter: Element, sent: [string, string][]): boolean {
  if (form.attr('novalidate') !== undefined || submitter.attribs.formnovalidate !== undefined) return false;
  return controls.some((el) => {
    if (el.attribs.required === undefined || disabled(el) || !el.attribs.name) return false;
    const type = el.attribs.type ?? 'text';
    if (type === 'checkbox') return !sent.some(([n]) => n === el.attribs.name);
    if (type === 'radio') return !sent.some(([n]) => n === el.attribs.name);
    if (type === 'file') return true;
    return !sent.some(([n, v]) => n === el.attribs.name && v !== '');
  });
}

const describeButton = ($: $, el: Element) =>
  `${$(el).text().trim() || el.attribs.value || el.attribs['aria-label'] || '(button)'}${el.attribs.name ? ` [${el.attribs.name}=${el.attribs.value ?? ''}]` : ''}`;

/**
 * The record pages `$` links to in its main part that a walk has not reached yet: one of each route
 * with an `[id]` (and each `?id=` / `?new=` record of a list), the first link to it; `visited` keeps
 * the routes seen so far.
 */
function recordLinks($: $, base: string, visited: Set<string>): string[] {
  const out: string[] = [];
  $('main a[href]').each((_, a) => {
    const href = a.attribs.href!;
    if (!href.startsWith('/') || href.startsWith('//')) return;
    const u = new URL(href, base);
    if (u.searchParams.has('format') || /\.(pdf|csv)$/.test(u.pathname)) return;
    const m = matchRoute(u.pathname);
    if (!m) return;
    const recordKey = [...u.searchParams.keys()]
      .filter((k) => ['id', 'new'].includes(k))
      .sort()
      .join('&');
    const pattern = `${m.route.path}?${recordKey}`;
    if (!m.route.path.includes('[') && !recordKey) return;
    if (visited.has(pattern)) return;
    visited.add(pattern);
    out.push(
      u.pathname +
        (recordKey
          ? `?${recordKey
              .split('&')
              .map((k) => `${k}=${encodeURIComponent(u.searchParams.get(k)!)}`)
              .join('&')}`
          : ''),
    );
  });
  return out;
}

/**
 * Opens each page of `paths` as `session`, and the record pages they link to (one of each kind),
 * handing each page that answers with HTML to `visit`; the pages visited, in order.
 */
export async function walkPages(t: TestApp, session: Session, paths: readonly string[], visit: (path: string, page: cheerio.CheerioAPI) => Promise<void> | void): Promise<string[]> {
  const visited = new Set<string>();
  const pages: string[] = [];
  const queue = [...paths];
  while (queue.length) {
    const path = queue.shift()!;
    const res = await fetch(`${t.url}${path}`, { redirect: 'manual', headers: session.cookie ? { cookie: session.cookie } : {} });
    if (res.status !== 200 || !(res.headers.get('content-type') ?? '').includes('html')) {
      await res.arrayBuffer();
      continue;
    }
    pages.push(path);
    const $ = cheerio.load(await res.text());
    queue.push(...recordLinks($, t.url, visited));
    await visit(path, $);
  }
  return pages;
}

/**
 * Presses every button of every POST form on each page (and on the record pages its lists link
 * to), as `session`; returns what a person would see fail.
 */
export async function pressEverything(t: TestApp, session: Session, paths: readonly string[]): Promise<{ failures: Failure[]; pressed: number; pages: string[] }> {
  const failures: Failure[] = [];
  const seen = new Set<string>();
  let pressed = 0;
  const headers = (extra: Record<string, string> = {}) => ({ ...(session.cookie ? { cookie: session.cookie } : {}), ...extra });

  const pages = await walkPages(t, session, paths, async (path, $) => {
    for (const formEl of $('form').toArray()) {
      const form = $(formEl);
      if ((form.attr('method') ?? 'get').toLowerCase() !== 'post') continue;
      const controls = controlsOf($, form);
      const ticks = controls.filter((el) => el.tagName === 'input' && el.attribs.type === 'checkbox' && el.attribs.checked === undefined && !el.attribs['data-select-all']);
      for (const button of controls.filter(isSubmit)) {
        if (disabled(button)) continue;
        const action = new URL(button.attribs.formaction ?? form.attr('action') ?? path, `${t.url}${path}`);
        if (ENDS_SESSION(action.pathname)) continue;
        // As drawn, and (a list's bulk bar) with the first row ticked, as a person would.
        for (const tick of ticks.length ? [undefined, ticks[0]] : [undefined]) {
          const key = `${action.pathname}|${button.attribs.name ?? ''}=${(button.attribs.value ?? '').replace(UUIDISH, '#')}|${describeButton($, button).replace(UUIDISH, '#')}|${tick ? 'ticked' : ''}`;
          if (seen.has(key)) continue;
          seen.add(key);
          const sent = entries($, controls, button, tick);
          const multipart = form.attr('enctype') === 'multipart/form-data';
          // The page that asks sends the posted fields again, not a file: a form with one asks nothing.
          if (multipart && button.attribs.name === '_asking') {
            failures.push({
              who: session.who,
              page: path,
              form: action.pathname,
              button: describeButton($, button),
              status: 0,
              answer: 'asks first in a form that sends a file (the page that asks would lose it)',
            });
          }
          if (blocked(form, controls, button, sent)) continue;
          let body: FormData | URLSearchParams;
          if (multipart) {
            body = new FormData();
            for (const [k, v] of sent) body.append(k, v);
          } else body = new URLSearchParams(sent);
          pressed++;
          let r = await fetch(action, { method: 'POST', redirect: 'manual', headers: headers({ origin: t.url }), body });
          let type = r.headers.get('content-type') ?? '';
          let text = await r.text();
          const failed = (answer: string) =>
            failures.push({ who: session.who, page: path, form: action.pathname + action.search, button: describeButton($, button) + (tick ? ' (one row ticked)' : ''), status: r.status, answer });
          // A button that asks first, pressed without the page's script: the server asks on a page
          // of its own (server/web/ask-first.tsx); the person says yes there.
          if (button.attribs.name === '_asking' && r.status === 200 && type.includes('html')) {
            const asked = cheerio.load(text);
            const askForm = asked('.ask-first form');
            const own = button.attribs['data-confirm'];
            // It asks the button's own question; general words only where the walk's earlier presses
            // took the button off the page (the row moved on, the offer was answered). A button that
            // asks by the chosen option may ask nothing for it.
            const question = asked('.ask-first p').text();
            const yes = askForm.find('button[name="_action"]').toArray()[0];
            const again = new URL(askForm.attr('action') ?? action.href, action);
            if (!askForm.length && own) failed('pressed without script, it did not ask first');
            else if (askForm.length && own && question !== own && ![msg('ja', 'askFirst.generic'), msg('en', 'askFirst.generic')].includes(question))
              failed(`asked "${question}", the button asks "${own}"`);
            // The same address as the pressed form's, but for a fragment (`#section`), which a browser never sends.
            else if (askForm.length && (!yes || again.href !== action.href.replace(/#.*$/, ''))) failed('the page that asks first has no yes button for the same form');
            else if (askForm.length && yes) {
              r = await fetch(again, { method: 'POST', redirect: 'manual', headers: headers({ origin: t.url }), body: new URLSearchParams(entries(asked, controlsOf(asked, askForm), yes)) });
              type = r.headers.get('content-type') ?? '';
              text = await r.text();
            }
          }
          // A 400 is a post its screen does not understand (the page drew a button for nothing); a
          // refusal a person can act on is a 404, 409, 422 or 429 page.
          const bare = r.status >= 400 && !type.includes('html');
          if (r.status >= 500 || r.status === 400 || r.status === 401 || r.status === 403 || bare) failed(text.replace(/\s+/g, ' ').slice(0, 160));
        }
      }
    }
  });
  return { failures, pressed, pages };
}

/**
 * Loads `path` and presses the button that sends `_action=<action>` (the first whose value starts
 * with it), with the form as drawn and the fields in `fill` typed over it: what a person does (in a
 * browser running the page's script, saying yes where the button asks first); `null` in `fill` is
 * a box the person unticks (not sent). A form that sends files (`enctype="multipart/form-data"`)
 * is sent as one, with the files chosen in `fill`.
 */
export async function pressButton(
  t: TestApp,
  session: Session,
  path: string,
  action: string,
  fill: Record<string, string | File | null> = {},
): Promise<{ status: number; location: string | null; html: string }> {
  const headers = (extra: Record<string, string> = {}) => ({ ...(session.cookie ? { cookie: session.cookie } : {}), ...extra });
  const res = await fetch(`${t.url}${path}`, { redirect: 'manual', headers: headers() });
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  const $ = cheerio.load(await res.text());
  for (const formEl of $('form[method="post"]').toArray()) {
    const form = $(formEl);
    const controls = controlsOf($, form);
    const button = controls.find(
      (el) => isSubmit(el) && (el.attribs.name === '_action' || el.attribs.name === '_asking') && (el.attribs.value === action || el.attribs.value?.startsWith(`${action}:`)),
    );
    if (!button) continue;
    // A button that asks first sends `_action` once the person has said yes to the page's script (client/boot.ts).
    const sent = entries($, controls, button)
      .map(([k, v]): [string, string | File | null] => [k === '_asking' ? '_action' : k, v])
      .map(([k, v]): [string, string | File | null] => [k, Object.hasOwn(fill, k) ? fill[k]! : v])
      .filter((e): e is [string, string | File] => e[1] !== null);
    for (const [k, v] of Object.entries(fill)) if (v !== null && !sent.some(([n]) => n === k)) sent.push([k, v]);
    const target = new URL(button.attribs.formaction ?? form.attr('action') ?? path, `${t.url}${path}`);
    const multipart = form.attr('enctype') === 'multipart/form-data';
    let body: FormData | URLSearchParams;
    if (multipart) {
      body = new FormData();
      for (const [k, v] of sent) body.append(k, v);
    } else body = new URLSearchParams(sent.map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : v.name]));
    // The browser sets a multipart form's type itself, with its boundary.
    const r = await fetch(target, { method: 'POST', redirect: 'manual', headers: headers({ origin: t.url, ...(multipart ? {} : { 'content-type': 'application/x-www-form-urlencoded' }) }), body });
    return { status: r.status, location: r.headers.get('location'), html: await r.text() };
  }
  throw new Error(`${path} draws no button for ${action}`);
}

/**
 * Loads `path` and sends its GET form `selector` (a search, a PDF's choices) as a browser does: the
 * form's controls as drawn, with the fields in `fill` chosen over them. A select takes only a
 * value one of its options offers, as a person can choose only those. The answer, not followed.
 */
export async function submitGetForm(t: TestApp, session: Session, path: string, selector: string, fill: Record<string, string> = {}): Promise<Response> {
  const headers: Record<string, string> = session.cookie ? { cookie: session.cookie } : {};
  const res = await fetch(`${t.url}${path}`, { redirect: 'manual', headers });
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  const $ = cheerio.load(await res.text());
  const formEl = $('form').filter(selector).toArray()[0];
  if (!formEl || (formEl.attribs.method ?? 'get').toLowerCase() !== 'get') throw new Error(`${path} draws no GET form ${selector}`);
  const form = $(formEl);
  const controls = controlsOf($, form);
  const button = controls.find(isSubmit);
  if (!button) throw new Error(`${path}: the form ${selector} has no submit button`);
  for (const [name, value] of Object.entries(fill)) {
    const select = controls.find((el) => el.tagName === 'select' && el.attribs.name === name);
    const offered =
      select &&
      $(select)
        .find('option')
        .toArray()
        .map((o) => o.attribs.value ?? $(o).text());
    if (offered && !offered.includes(value)) throw new Error(`${path}: the select ${name} offers no ${value} (${offered.join(', ')})`);
  }
  const sent = entries($, controls, button).map(([k, v]): [string, string] => [k, Object.hasOwn(fill, k) ? fill[k]! : v]);
  for (const [k, v] of Object.entries(fill)) if (!sent.some(([n]) => n === k)) sent.push([k, v]);
  const target = new URL(form.attr('action') ?? path, `${t.url}${path}`);
  target.search = new URLSearchParams(sent).toString();
  return fetch(target, { redirect: 'manual', headers });
}

/** The static admin pages of the route table, in its order. */
export const ADMIN_PAGES = ALL_ROUTES.filter((r) => r.kind === 'admin' && !r.path.includes('[')).map((r) => r.path);
/** The static public pages (the candidate's own pages included). */
export const PUBLIC_PAGES = ALL_ROUTES.filter((r) => r.kind === 'public' && !r.path.includes('[')).map((r) => r.path);

/**
 * A back-office user (a demo login) on its own fresh copy of the demo data presses every button of
 * every admin page it may open: the pages it reached and how many buttons it pressed, and what failed.
 */
async function walkBackOffice(who: DemoLogin): Promise<{ failures: Failure[]; pressed: number; pages: string[] }> {
  const t = await startTestApp();
  try {
    return await pressEverything(t, await sessionOf(t, who), ADMIN_PAGES);
  } finally {
    await t.close();
  }
}

/** The failures as lines a person can act on. */
export const report = (failures: Failure[]) => failures.map((f) => `${f.who} on ${f.page}: "${f.button}" → ${f.form} answered ${f.status}: ${f.answer}`).join('\n');

/**
 * One test a back-office login (`as <login>`), each on its own copy of the demo data: it opens more
 * than `least.pages` pages, presses more than `least.pressed` buttons, and no button fails.
 */
export function itPressesEveryButton(logins: DemoLogin[], least: { pages: number; pressed: number }): void {
  it.each<DemoLogin>(logins)(
    'as %s',
    async (who) => {
      const { failures, pressed, pages } = await walkBackOffice(who);
      expect(pages.length).toBeGreaterThan(least.pages);
      expect(pressed).toBeGreaterThan(least.pressed);
      expect(failures, report(failures)).toEqual([]);
    },
    240_000,
  );
}
