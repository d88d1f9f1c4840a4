/**
 * The screen: the unit of the web tier (DESIGN.md §3). A screen binds to one route of the table
 * and says how the page loads its data (through the API), how it is drawn (a view), and what its
 * forms do (actions). Screens return outcomes — a page, a redirect, an error page, a CSV file —
 * and never write to the response themselves; the dispatcher (dispatch.tsx) turns an outcome into
 * HTTP. Loading and drawing are apart so that a failed form post draws the same page again with
 * what was typed and the errors beside their fields.
 */
import type { Request, Response } from 'express';
import { sourceOf, type AnyDocument, type ResultOf, type VariablesOf } from '../api/documents.ts';
import type { ApiClient, Caller } from '../api/client.ts';
import type { RoleMaps } from '../auth/default-roles.ts';
import type { SessionUser } from '../modules/auth/service.ts';
import { matchRoute, type RouteDef } from '../access/routes.ts';
import type { Lang, Text } from '../../shared/i18n.ts';
import { msg, type MessageKey } from '../../shared/messages.ts';
import type { ErrorKind } from '../../views/pages/errors/ErrorPage.tsx';
import { ACTION_FIELD, ASKING_FIELD, declaredActions, parseAction, type ActionRefs } from '../../views/ui/Action.tsx';
import { askFirstPage } from './ask-first.tsx';
import { keepForm, tokenSubject } from './kept-form.ts';
import { callApi, localPath, refusalOf, type ApiFailure } from './kit.ts';
import type { PageOptions } from './render.tsx';

// ---------------------------------------------------------------------------------------------
// Outcomes

export type Outcome =
  | { kind: 'page'; page: PageOptions }
  | { kind: 'redirect'; to: string; status: 302 | 303 }
  | { kind: 'error'; error: ErrorKind }
  | { kind: 'csv'; name: string; header: string[]; rows: AsyncIterable<string[]> | Iterable<string[]> }
  | { kind: 'text'; status: number; body: string }
  | { kind: 'file'; name: string; type: string; body: Buffer };

const OUTCOME = Symbol('outcome');
type Marked = Outcome & { [OUTCOME]: true };
const mark = (o: Outcome): Outcome => Object.assign(o, { [OUTCOME]: true as const });

/** True for a value made by one of the outcome constructors below (they may be thrown from `load`). */
export const isOutcome = (v: unknown): v is Outcome => typeof v === 'object' && v !== null && (v as Marked)[OUTCOME] === true;

export const page = (p: PageOptions): Outcome => mark({ kind: 'page', page: p });
/** 303 after a form post (the browser GETs the target), 302 for a GET that sends the person elsewhere. */
export const redirect = (to: string, status: 302 | 303 = 303): Outcome => mark({ kind: 'redirect', to, status });
export const errorPage = (error: ErrorKind): Outcome => mark({ kind: 'error', error });
export const csv = (name: string, header: string[], rows: AsyncIterable<string[]> | Iterable<string[]>): Outcome => mark({ kind: 'csv', name, header, rows });
export const plain = (status: number, body: string): Outcome => mark({ kind: 'text', status, body });
/** A file to download (a PDF, a bank transfer file), never cached. */
export const file = (name: string, type: string, body: Buffer): Outcome => mark({ kind: 'file', name, type, body });

// ---------------------------------------------------------------------------------------------
// The context a screen runs in

export interface ScreenContext {
  req: Request;
  res: Response;
  lang: Lang;
  route: RouteDef;
  /** The route's `[param]` values. */
  params: Record<string, string>;
  api: ApiClient;
  /** The signed-in back-office user, if any (the session middleware checked the token). */
  user: SessionUser | undefined;
  /** The signed-in candidate (public site session), if any. */
  candidate: SessionUser | undefined;
  roleMaps: RoleMaps | undefined;
  /** The API caller for the back-office session (or nobody). */
  caller: Caller;
  /** The API caller for the candidate's session. */
  candidateCaller: Caller;
  /**
   * Runs an operation as `caller` (default: the back-office caller); an error answer throws
   * ApiFailure. A typed document (`DOCS.X`) types its variables and result; a text document (the
   * engines' generated ones) says its result type.
   */
  call<D extends AnyDocument>(document: D, variables?: VariablesOf<D>, caller?: Caller): Promise<ResultOf<D>>;
  call<T>(document: string, variables?: Record<string, unknown>, caller?: Caller): Promise<T>;
  /** A text in the page's language. */
  t(text: Text): string;
  /** A catalogue message in the page's language. */
  msg(key: MessageKey, vars?: Readonly<Record<string, string | number>>): string;
  /**
   * The address of a path of this site as people share it (a job's address for search engines, an
   * invite link, a calendar entry's link): under PUBLIC_URL when it is set, as the mails' links are,
   * else the request's own origin (behind a proxy: TRUST_PROXY).
   */
  siteUrl(path: string): string;
}

/** The candidate's session cookie (DESIGN.md §5: apart from the back office's `token`). */
export const CANDIDATE_COOKIE = 'candidate_token';

/** The candidate's sign-in page, coming back to `next` (a path of this site) after it. */
export const candidateSignInPath = (next: string) => `/staff/login?next=${encodeURIComponent(next)}`;

/**
 * What needs the candidate's session on a page open to all (applying from a job's page) sends a
 * visitor to sign in, and back to `next` after it. A candidate whose session ended before the post
 * is told so there, and finds what they typed on `next` again (kept-form.ts), as on their own pages.
 */
export function candidateSignIn({ req, res }: Pick<ScreenContext, 'req' | 'res'>, next: string, body: Record<string, unknown>): Outcome {
  if (res.locals.sessionEnded !== 'candidate') return redirect(candidateSignInPath(next));
  keepForm(req, res, tokenSubject(req.cookies?.[CANDIDATE_COOKIE]), body);
  return redirect(`/staff/login?ended=1&next=${encodeURIComponent(next)}`);
}

/**
 * The signed-in candidate of a candidate's own page (a `mine` route row): the dispatcher sent anyone
 * else to sign in before the screen ran, so its absence here is a route row without `mine`.
 */
export function ownCandidate(ctx: Pick<ScreenContext, 'candidate' | 'route'>): SessionUser {
  if (!ctx.candidate) throw new Error(`${ctx.route.path} reads the candidate but its route row is not \`mine\``);
  return ctx.candidate;
}

/**
 * Where a candidate goes once signed in: a same-site page they asked for, else their applications.
 * Never a back-office page: their session is not one, so it would only send them to a login again.
 */
export function candidateNext(v: unknown): string {
  const home = '/staff/applications';
  const to = localPath(typeof v === 'string' && v ? v : home, home);
  return matchRoute(new URL(to, 'http://tsunagu.invalid').pathname)?.route.kind === 'admin' ? home : to;
}

export function screenContext(req: Request, res: Response, api: ApiClient, route: RouteDef, params: Record<string, string>): ScreenContext {
  const lang: Lang = res.locals.lang;
  // The session middleware checked both tokens for this request: the API need not check them again.
  const caller: Caller = { token: res.locals.token ?? req.cookies?.token, lang, ip: req.ip ?? '', user: res.locals.token ? res.locals.user : undefined };
  const candidateCaller: Caller = { token: req.cookies?.[CANDIDATE_COOKIE], aud: 'candidate', lang, ip: req.ip ?? '', user: res.locals.candidate };
  return {
    req,
    res,
    lang,
    route,
    params,
    api,
    user: res.locals.user,
    candidate: res.locals.candidate,
    roleMaps: res.locals.roleMaps,
    caller,
    candidateCaller,
    call: (document: string | AnyDocument, variables: Record<string, unknown> = {}, as: Caller = caller) => callApi(api, typeof document === 'string' ? document : sourceOf(document), variables, as),
    t: (text) => text[lang],
    msg: (key, vars) => msg(lang, key, vars),
    siteUrl: (path) => `${(req.app.locals.publicUrl as string | undefined) ?? `${req.protocol}://${req.host}`}${path}`,
  };
}

// ---------------------------------------------------------------------------------------------
// Screens

/** What a failed form post hands back to the view: the values as typed, errors by field (`_`: the form). */
export interface FormState {
  values: Record<string, unknown>;
  errors: Record<string, string>;
  status: number;
}

/**
 * A form post's handler: an outcome (usually a redirect), or the form's failed state to draw again.
 * `arg` is what the pressed button said the action is for (a row's id), null for a form's own button.
 * It does not catch the API's refusals: `runAction` turns them into the form again (see OnRefusal).
 */
export type ActionFn = (ctx: ScreenContext, body: Record<string, unknown>, arg: string | null) => Promise<Outcome | FormState> | Outcome | FormState;
export type Action = ActionFn & { readonly onRefusal?: OnRefusal };

/** An API refusal as an action's hook reads it. */
export type Refusal = Pick<ApiFailure, 'code' | 'status' | 'message' | 'fields' | 'formErrors' | 'retryAfterSeconds'>;

/**
 * How an action shows an API refusal when the kit's way does not fit, declared with the action
 * (`withRefusal`). The kit's way: the same page drawn again with what was posted (never a
 * password), the API's errors beside their fields (else its message for the form as a whole), at
 * the refusal's status (422, 404, 409…); a rate limit also says when to try again (Retry-After).
 */
export interface OnRefusal {
  /** What is drawn again (default: the posted text fields without passwords). */
  values?: (body: Record<string, unknown>, arg: string | null) => Record<string, unknown>;
  /** The errors shown: the message alone as the form's error, the message and the field errors, or computed. */
  errors?: 'message' | 'both' | ((r: Refusal, body: Record<string, unknown>, ctx: ScreenContext) => Record<string, string>);
  /** The page's status (default: the refusal's). */
  status?: (r: Refusal) => number;
  /** Another answer than the page drawn again (a record that is gone: the error page); undefined: the kit's. */
  answer?: (r: Refusal, state: FormState, ctx: ScreenContext, body: Record<string, unknown>, arg: string | null) => Outcome | undefined | Promise<Outcome | undefined>;
}

/** An action with its own way of showing an API refusal. */
export const withRefusal = (onRefusal: OnRefusal, run: ActionFn): Action => Object.assign((...a: Parameters<ActionFn>) => run(...a), { onRefusal });

/** A refusal that says the record is gone (or not the caller's) answers the record-not-found page. */
export const recordGone = (r: Refusal): Outcome | undefined => (r.code === 'NOT_FOUND' ? errorPage('recordNotFound') : undefined);

const PASSWORD = /password/i;

/** The form state of a refusal: what was posted, the errors and the status, the action's way or the kit's. */
export function refusalState(r: Refusal, ctx: ScreenContext, body: Record<string, unknown>, arg: string | null, o: OnRefusal = {}): FormState {
  const errors = typeof o.errors === 'function' ? o.errors(r, body, ctx) : o.errors === 'message' ? { _: r.message } : o.errors === 'both' ? { _: r.message, ...r.formErrors } : r.formErrors;
  const values = o.values ? o.values(body, arg) : Object.fromEntries(Object.entries(body).filter(([k, v]) => typeof v === 'string' && !PASSWORD.test(k)));
  return { values, errors, status: o.status ? o.status(r) : r.status };
}

/** The screen as the dispatcher runs it. */
export interface Screen {
  /** The route pattern this screen answers (a path of the route table). */
  path: string;
  /** `state`: a form kept from a post made after the session ended, offered again (kept-form.ts). */
  get(ctx: ScreenContext, state?: FormState): Promise<Outcome>;
  /** Form posts to the route; none: the route takes no posts. */
  post?: (ctx: ScreenContext, body: Record<string, unknown>) => Promise<Outcome>;
  /** Body limits of its forms (default 64 kB, 200 fields). */
  form?: { limit: string; parameterLimit: number };
  /** Its forms send files (multipart/form-data); see {@link UploadForm}. */
  upload?: UploadForm;
}

/**
 * A screen whose form sends files (the residence card's photos): the dispatcher reads a multipart
 * post of a signed-in person up to `limit` bytes (server/web/upload-form.ts), and the action gets
 * its text fields as strings and its files as `File`s. A form over the limit is not read: the page
 * is drawn again with `tooLarge` as the form's error (413); so it is, with `upload.busy` (429), for
 * a person who has as many forms on their way as they may.
 */
export interface UploadForm {
  limit: number;
  tooLarge: (lang: Lang) => string;
}

export interface ScreenDef<D, K extends string> {
  path: string;
  /** The page's data, through the API. May throw an outcome (`throw redirect(…)`, `throw errorPage(…)`). */
  load: (ctx: ScreenContext) => Promise<D> | D;
  /**
   * The page (or another outcome) for the data; `state` after a failed post. `act` holds one
   * reference per declared action: the view draws its buttons from them (views/ui/Action.tsx), so
   * it cannot draw a button for an action this screen does not handle.
   */
  view: (ctx: ScreenContext, data: D, state: FormState | undefined, act: ActionRefs<K>) => ScreenPage | Outcome;
  /** What its buttons do, by name; each button sends the name of its action (and a row's id). */
  actions?: { readonly [P in K]: Action };
  /**
   * The action a post that names none runs. Only for a form whose fields are a contract of their
   * own (DESIGN.md §4: `POST /login` with `email` and `password`); every other post names its action.
   */
  bare?: NoInfer<K>;
  form?: { limit: string; parameterLimit: number };
  upload?: UploadForm;
}

/** The page a view draws: its title is the route's (the route table's row) unless the view names another (a record's own heading). */
export type ScreenPage = Omit<PageOptions, 'title'> & { title?: PageOptions['title'] };

const asOutcome = (v: ScreenPage | Outcome, ctx: ScreenContext): Outcome => (isOutcome(v) ? v : page({ ...v, title: v.title ?? ctx.route.title }));

/**
 * Runs the action a post names, or answers 400 when it names none of the declared ones (a form no
 * page of this screen drew: an old tab, a hand-made post). There is no default action.
 */
export async function runAction<K extends string>(
  actions: { readonly [P in K]: Action },
  ctx: ScreenContext,
  body: Record<string, unknown>,
  draw: (state?: FormState) => Promise<Outcome>,
  bare?: K,
): Promise<Outcome> {
  // A button that asks first, posted by a browser that did not ask: asked here before anything runs.
  const asking = body[ACTION_FIELD] === undefined ? parseAction(body[ASKING_FIELD]) : null;
  if (asking) {
    if (!Object.hasOwn(actions, asking.name)) return errorPage('badRequest');
    // A load may answer with another outcome by throwing it (a record's own page): that is the page as it stands.
    const drawn = await draw().catch((err: unknown) => (isOutcome(err) ? err : Promise.reject(err)));
    // A page that sends the person elsewhere (to sign in) or answers an error page: that, not a question.
    if (drawn.kind === 'redirect' || drawn.kind === 'error') return drawn;
    const value = String(body[ASKING_FIELD]);
    // The page as it stands, whose button says what it asks; a screen that draws none asks in general words.
    const shown = drawn.kind === 'page' ? drawn.page : null;
    const ask = askFirstPage(shown, value, body, { lang: ctx.lang, post: ctx.req.originalUrl, admin: (shown?.layout ?? (ctx.user && ctx.roleMaps ? 'admin' : 'public')) === 'admin' });
    if (ask) return page(ask);
    body = { ...body, [ACTION_FIELD]: value };
  }
  const asked = parseAction(body[ACTION_FIELD]) ?? (bare && body[ACTION_FIELD] === undefined ? { name: bare, arg: null } : null);
  const action = asked && Object.hasOwn(actions, asked.name) ? actions[asked.name as K] : undefined;
  if (!asked || !action) return errorPage('badRequest');
  let r: Outcome | FormState;
  try {
    r = await action(ctx, body, asked.arg);
  } catch (err) {
    // The one place an API refusal of a form post becomes what the person sees.
    const refusal = refusalOf(err);
    if (!refusal) throw err;
    if (refusal.retryAfterSeconds) ctx.res.set('Retry-After', String(refusal.retryAfterSeconds));
    const state = refusalState(refusal, ctx, body, asked.arg, action.onRefusal);
    return (await action.onRefusal?.answer?.(refusal, state, ctx, body, asked.arg)) ?? draw(state);
  }
  return isOutcome(r) ? r : draw(r);
}

/** Builds a screen from its load, view and actions. */
export function defineScreen<D, K extends string = never>(def: ScreenDef<D, K>): Screen {
  const actions = def.actions;
  const act = declaredActions(actions ? (Object.keys(actions) as K[]) : []);
  const draw = async (ctx: ScreenContext, state?: FormState): Promise<Outcome> => {
    const data = await def.load(ctx);
    const drawn = asOutcome(def.view(ctx, data, state, act), ctx);
    if (state && drawn.kind === 'page') drawn.page = { ...drawn.page, status: state.status };
    return drawn;
  };
  return {
    path: def.path,
    get: (ctx, state) => draw(ctx, state),
    ...(def.form ? { form: def.form } : {}),
    ...(def.upload ? { upload: def.upload } : {}),
    ...(actions ? { post: (ctx: ScreenContext, body: Record<string, unknown>) => runAction(actions, ctx, body, (state) => draw(ctx, state), def.bare) } : {}),
  };
}

/** A form's failed state: what was typed, the errors and the status. */
export const failed = (values: Record<string, unknown>, errors: Record<string, string>, status: number): FormState => ({ values, errors, status });
