/**
 * The web kit: what every screen needs to talk to the API and to read a request, in one place.
 * A typed API call that throws one failure type; one mapping from an API failure to an HTTP status
 * and form errors; request values read defensively (strings only, numbers range-checked);
 * list queries (search, filters, sort, page); notices after a redirect; CSV downloads.
 */
import type { Request } from 'express';
import type { GraphQLFormattedError } from 'graphql';
import type { ApiClient, Caller } from '../api/client.ts';
import { msg } from '../../shared/messages.ts';
import type { Lang } from '../../shared/i18n.ts';

// ---------------------------------------------------------------------------------------------
// API failures

/** HTTP status of each API error code (docs/api.md): the same failure answers the same status everywhere. */
const STATUS_OF_CODE: Readonly<Record<string, number>> = {
  BAD_USER_INPUT: 422,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  UNAVAILABLE: 503,
};

/** An API call that answered an error: its code, its HTTP status, its message and its field errors. */
export class ApiFailure extends Error {
  readonly status: number;
  constructor(
    readonly code: string,
    message: string,
    readonly fields: Readonly<Record<string, string>>,
    /** For TOO_MANY_REQUESTS: when to try again (the page sends it as Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.status = STATUS_OF_CODE[code] ?? 500;
  }

  /** The errors a form shows: per field, else the message for the form as a whole (`_`). */
  get formErrors(): Record<string, string> {
    return Object.keys(this.fields).length ? { ...this.fields } : { _: this.message };
  }
}

/**
 * The API failure an error is, or null when it is something else (a bug, the network): the one
 * place the web tier asks, so the dispatcher and the form mapping (screen.ts) read it alike.
 */
export const refusalOf = (err: unknown): ApiFailure | null => (err instanceof ApiFailure ? err : null);

/**
 * The failure of a GraphQL result (its first error). An internal error, or one without a code,
 * shows the apology in the page's language, never the server's wording.
 */
export function failureOf(errors: readonly GraphQLFormattedError[] | undefined, lang: Lang): ApiFailure | null {
  const e = errors?.[0];
  if (!e) return null;
  const code = typeof e.extensions?.code === 'string' ? e.extensions.code : 'INTERNAL';
  const fields = (e.extensions?.fields ?? {}) as Record<string, string>;
  const known = code in STATUS_OF_CODE;
  const retry = Number(e.extensions?.retryAfterSeconds);
  return new ApiFailure(code, known ? e.message : msg(lang, 'error.internal'), known ? fields : {}, Number.isInteger(retry) && retry > 0 ? retry : undefined);
}

/**
 * The body of a REST answer of the API (a residence card's upload: its status and JSON); a refusal
 * throws its {@link ApiFailure}, as an operation's does: the status read as the code of the same
 * meaning (401, 403, 404, 409, 429), any other refusal of what was sent (400, 413, 415, 422) as
 * BAD_USER_INPUT, so the form is drawn again at 422 with the field errors the answer names.
 */
export function restResult<B>(answer: { status: number; body: B }, lang: Lang): Exclude<B, { error: string }> {
  if (answer.status < 400) return answer.body as Exclude<B, { error: string }>;
  const { message, fields } = (answer.body ?? {}) as { message?: unknown; fields?: unknown };
  if (answer.status >= 500 || typeof message !== 'string') throw new ApiFailure('INTERNAL', msg(lang, 'error.internal'), {});
  const code = Object.keys(STATUS_OF_CODE).find((c) => STATUS_OF_CODE[c] === answer.status) ?? 'BAD_USER_INPUT';
  throw new ApiFailure(code, message, typeof fields === 'object' && fields !== null ? (fields as Record<string, string>) : {});
}

/** Runs an operation and returns its data; an error answer throws {@link ApiFailure}. */
export async function callApi<T>(api: ApiClient, document: string, variables: Record<string, unknown>, caller: Caller): Promise<T> {
  const r = await api.graphql<T>(document, variables, caller);
  const failure = failureOf(r.errors, caller.lang);
  if (failure) throw failure;
  if (r.data === undefined || r.data === null) throw new ApiFailure('INTERNAL', msg(caller.lang, 'error.internal'), {});
  return r.data;
}

// ---------------------------------------------------------------------------------------------
// Reading a request

/** A malformed or out-of-range value in the address: the 400 page, never a 500. */
export class BadRequest extends Error {
  readonly status = 400;
}

/** A query parameter as a string (first value, trimmed to `max` characters); '' when absent or not a string. */
export function queryText(req: Request, name: string, max = 100): string {
  const v = req.query[name];
  return typeof v === 'string' ? v.slice(0, max) : '';
}

/**
 * A whole-number query parameter within [min, max]; `fallback` when absent or empty. Anything
 * else (letters, a fraction, a number past the range) is a {@link BadRequest}.
 */
export function queryInt(req: Request, name: string, o: { min: number; max: number; fallback: number }): number {
  const s = queryText(req, name, 30).trim();
  if (s === '') return o.fallback;
  if (!/^-?\d{1,15}$/.test(s)) throw new BadRequest(`${name} is not a whole number`);
  const n = Number(s);
  if (n < o.min || n > o.max) throw new BadRequest(`${name} is out of range`);
  return n;
}

/** The string values of a form body's fields; arrays and objects are dropped. */
export function formStrings(body: Record<string, unknown>, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const n of names) {
    const v = body[n];
    if (typeof v === 'string') out[n] = v;
  }
  return out;
}

/** A field that may repeat (checkbox groups, multi-selects) as a list of strings. */
export function formList(body: Record<string, unknown>, name: string): string[] {
  const v = body[name];
  return (Array.isArray(v) ? v : v === undefined ? [] : [v]).filter((x): x is string => typeof x === 'string');
}

/**
 * A same-site path to go back to, or '/'. Parsed the way a browser would (a backslash is a slash,
 * so `/\\evil.example` is another host), never trusted as a string prefix.
 */
export function localPath(back: unknown, fallback = '/'): string {
  if (typeof back !== 'string' || !back.startsWith('/')) return fallback;
  try {
    const base = 'http://tsunagu.invalid';
    const u = new URL(back, base);
    return u.origin === base ? `${u.pathname}${u.search}${u.hash}` : fallback;
  } catch {
    return fallback;
  }
}

// ---------------------------------------------------------------------------------------------
// Lists

/** The largest page number a list accepts: past it the address is a 400, not a slow or failing query. */
export const MAX_PAGE = 100_000;

export interface ListQuery {
  page: number;
  size: number;
  sort: string | null;
  dir: 'asc' | 'desc' | null;
  q: string | null;
  /** Filter values by field name (from `f_<name>`), only the non-empty ones. */
  filter: Record<string, string>;
  /** CSV download asked for (`format=csv`). */
  csv: boolean;
}

/** A list's query string: `page`, `size`, `sort`, `dir`, `q`, `f_<filter>` and `format=csv`, checked. */
export function parseListQuery(req: Request, o: { filters?: readonly string[]; sorts?: readonly string[]; size?: number; maxSize?: number } = {}): ListQuery {
  const maxSize = o.maxSize ?? 200;
  const sort = queryText(req, 'sort', 60);
  const dir = queryText(req, 'dir');
  const filter: Record<string, string> = {};
  for (const name of o.filters ?? []) {
    const v = queryText(req, `f_${name}`, 200);
    if (v) filter[name] = v;
  }
  return {
    page: queryInt(req, 'page', { min: 1, max: MAX_PAGE, fallback: 1 }),
    size: queryInt(req, 'size', { min: 1, max: maxSize, fallback: o.size ?? 20 }),
    sort: sort && (!o.sorts || o.sorts.includes(sort)) ? sort : null,
    dir: dir === 'asc' || dir === 'desc' ? dir : null,
    q: queryText(req, 'q', 200).trim() || null,
    filter,
    csv: queryText(req, 'format') === 'csv',
  };
}

/** At most this many rows go into one CSV download. */
export const MAX_EXPORT_ROWS = 10_000;

/**
 * Every row of a paged list, page by page (200 at a time, up to {@link MAX_EXPORT_ROWS}), for a
 * CSV download: the same operation the screen shows, so the file holds what the list would.
 */
export async function* allRows<R>(fetchPage: (page: number, size: number) => Promise<{ rows: readonly R[] }>): AsyncGenerator<R> {
  const size = 200;
  let sent = 0;
  for (let page = 1; sent < MAX_EXPORT_ROWS; page++) {
    const { rows } = await fetchPage(page, size);
    for (const r of rows.slice(0, MAX_EXPORT_ROWS - sent)) yield r;
    sent += rows.length;
    if (rows.length < size) return;
  }
}

// ---------------------------------------------------------------------------------------------
// Notices after a redirect (post/redirect/get)

/**
 * After a successful post the screen redirects (303) to a page whose address names what happened
 * (`?saved=1`): a refresh shows the notice again but never sends the form twice, and the notice
 * needs neither a cookie nor server state.
 */
export function withFlag(href: string, flag: string, value = '1'): string {
  const [path, hash] = href.split('#', 2) as [string, string | undefined];
  const sep = path.includes('?') ? '&' : '?';
  return `${path}${sep}${encodeURIComponent(flag)}=${encodeURIComponent(value)}${hash !== undefined ? `#${hash}` : ''}`;
}
