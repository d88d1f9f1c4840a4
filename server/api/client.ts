import { execute, type ExecutionResult, type GraphQLFormattedError, type GraphQLSchema } from 'graphql';
import { compileQuery, isCompiledQuery } from 'graphql-jit';
import type { RoleMaps } from '../auth/default-roles.ts';
import type { Lang } from '../../shared/i18n.ts';
import { msg } from '../../shared/messages.ts';
import type { SessionUser } from '../modules/auth/service.ts';
import { tenantOf } from '../access/tenancy.ts';
import type { ApiContext } from './context.ts';
import type { Services } from '../services.ts';
import { isDatabaseUnavailable, maskError } from './format-error.ts';
import { ApiUnavailableError } from './errors.ts';
import { prepareDocument } from './limits.ts';
import { receiveCardForm, type CardAnswer } from './card-images.ts';

export interface Caller {
  /** The back-office `token` cookie or the candidate token, if any. */
  token?: string | undefined;
  aud?: 'admin' | 'candidate';
  lang: Lang;
  ip: string;
  /**
   * The user the session middleware already resolved from `token` in this request. The in-process
   * client uses it instead of verifying the token and reading the user again for every operation
   * of the page (one session check per request); the HTTP client ignores it (the API process
   * checks the token itself).
   */
  user?: SessionUser | undefined;
}

export interface GraphQLResult<T> {
  data?: T | null;
  errors?: readonly GraphQLFormattedError[];
}

/** The result of the account-info call (SPEC §7 GET Account/InfoToken). */
export type InfoTokenResult = { status: 200; user: SessionUser } | { status: 401 } | { status: 500 };

/**
 * The web tier's only door to the API (DESIGN.md §2). In-process it runs the same operations
 * against the schema with the caller's context; over HTTP (API_URL) another implementation
 * sends them to the API process. Page handlers never see which.
 */
export interface ApiClient {
  infoToken(token: string, aud?: 'admin' | 'candidate'): Promise<InfoTokenResult>;
  /** The role maps; over HTTP they are read with the caller's token. */
  roleMaps(token?: string): Promise<RoleMaps>;
  graphql<T = Record<string, unknown>>(document: string, variables: Record<string, unknown>, caller: Caller): Promise<GraphQLResult<T>>;
  /**
   * A candidate's residence card as POST /residence-cards takes it (multipart: front, back and the
   * record; docs/workforce.md), from the form the web tier read: the endpoint's answer, its status
   * and JSON.
   */
  uploadResidenceCard(form: FormData, caller: Caller): Promise<CardAnswer>;
}

export async function contextFor(services: Services, caller: Caller): Promise<ApiContext> {
  let user: SessionUser | null = caller.token && caller.user ? caller.user : null;
  if (caller.token && !user) {
    // A back-office token, else a candidate's (the audience tells them apart, no extra query).
    for (const aud of caller.aud ? [caller.aud] : (['admin', 'candidate'] as const)) {
      const r = await services.auth.resolve(caller.token, aud);
      if (r.kind === 'ok') {
        user = r.user;
        break;
      }
    }
  }
  return { services, user, tenant: user ? tenantOf(user) : { kind: 'none' }, ...(user && caller.token ? { token: caller.token } : {}), lang: caller.lang, ip: caller.ip };
}

/** An operation the in-process client runs: checked once, then compiled to a function (graphql-jit). */
type Runner = (context: ApiContext, variables: Record<string, unknown>) => Promise<ExecutionResult> | ExecutionResult;

/** The answer to a variable that does not fit its type: BAD_USER_INPUT, with the variable as the field. */
export function badVariable(message: string, lang: Lang | undefined): GraphQLFormattedError {
  const name = /Variable "\$(\w+)"/.exec(message)?.[1] ?? '_';
  const text = msg(lang ?? 'ja', 'validation.outOfRange');
  return { message: text, extensions: { code: 'BAD_USER_INPUT', fields: { [name]: text } } };
}

export function createInProcessClient(services: Services, schema: GraphQLSchema): ApiClient {
  const runners = new Map<string, Runner>();
  /**
   * The web tier sends a handful of fixed documents, thousands of times: each is parsed, checked
   * against the schema and its limits once, and compiled by graphql-jit into one function that
   * runs the same resolvers (a page's in-process call costs a fraction of graphql-js's generic
   * execute). A document graphql-jit cannot compile runs through execute.
   */
  const runnerFor = (source: string): Runner => {
    let run = runners.get(source);
    if (!run) {
      const prepared = prepareDocument(schema, source, services.config.production);
      if (prepared.errors) throw new Error(`Invalid operation document: ${prepared.errors.map((e) => e.message).join('; ')}`);
      const document = prepared.document;
      const compiled = compileQuery(schema, document);
      run = isCompiledQuery(compiled)
        ? (contextValue, variables) => compiled.query(undefined, contextValue, variables)
        : (contextValue, variables) => execute({ schema, document, variableValues: variables, contextValue });
      runners.set(source, run);
    }
    return run;
  };
  return {
    async infoToken(token, aud = 'admin') {
      try {
        const r = await services.auth.resolve(token, aud);
        return r.kind === 'ok' ? { status: 200, user: r.user } : { status: 401 };
      } catch (err) {
        // The database is down: the page is the 503 "try again" page, not an error of the session.
        if (isDatabaseUnavailable(err)) throw new ApiUnavailableError(err);
        services.log.error({ err }, 'account-info check failed');
        return { status: 500 };
      }
    },
    roleMaps: () => services.roleMaps.get(),
    async graphql(document, variables, caller) {
      const contextValue = await contextFor(services, caller);
      const result = await runnerFor(document)(contextValue, variables);
      // A variable its declared type refuses (a number past Int's 32 bits) stops the operation
      // before it runs: the caller's input, said beside the variable's field, never a 500.
      if (result.errors?.length && result.data === undefined) return { errors: result.errors.map((e) => badVariable(e.message, caller.lang)) };
      return {
        data: result.data as never,
        ...(result.errors?.length ? { errors: result.errors.map((e) => maskError(e, services.log, services.config.production).toJSON()) } : {}),
      };
    },
    async uploadResidenceCard(form, caller) {
      const { user } = await contextFor(services, caller);
      return receiveCardForm(services, user, form, caller.lang);
    },
  };
}
