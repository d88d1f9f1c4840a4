import { LruCache } from './lru.ts';

/** SPEC §9: the query cache holds at most 65536 entries. */
export const MAX_CACHE_ENTRIES = 65_536;

export type FetchPolicy = 'cache-first' | 'cache-only' | 'network-only' | 'no-cache';

export interface GraphQLErrorShape {
  message: string;
  extensions?: Record<string, unknown>;
  path?: readonly (string | number)[];
}

/**
 * The client-side error of SPEC §8: GraphQL errors, a network error, or both combined in one
 * message. `fields` carries per-field validation messages (BAD_USER_INPUT) for forms.
 */
export class ClientError extends Error {
  readonly graphQLErrors: readonly GraphQLErrorShape[];
  readonly networkError: Error | null;
  constructor(graphQLErrors: readonly GraphQLErrorShape[], networkError: Error | null) {
    super(ClientError.messageOf(graphQLErrors, networkError));
    this.name = 'ClientError';
    this.graphQLErrors = graphQLErrors;
    this.networkError = networkError;
  }
  /** SPEC §8: combined GraphQL and network messages are used when both occur. */
  static messageOf(graphQLErrors: readonly GraphQLErrorShape[], networkError: Error | null): string {
    return [...graphQLErrors.map((e) => e.message), ...(networkError ? [networkError.message] : [])].join('\n');
  }
  get code(): string | undefined {
    const c = this.graphQLErrors[0]?.extensions?.code;
    return typeof c === 'string' ? c : undefined;
  }
  get fields(): Record<string, string> {
    return (this.graphQLErrors[0]?.extensions?.fields as Record<string, string> | undefined) ?? {};
  }
}

/** SPEC §8: HTTP status 300 or above from the query layer. */
export function statusError(status: number): Error {
  const err = new Error(`Response not successful: Received status code ${status}`);
  err.name = 'ServerError';
  return err;
}

/** SPEC §8: neither data nor errors in the response. */
export function missingResponseError(operationName: string): Error {
  const err = new Error(`Server response was missing for query '${operationName}'.`);
  err.name = 'ServerResponseMissing';
  return err;
}

export interface QueryOptions {
  policy?: FetchPolicy;
  /** Re-run every N ms; not allowed with cache-first or cache-only (SPEC §9). */
  pollInterval?: number;
}

export interface GraphQLClientOptions {
  url?: string;
  fetch?: typeof fetch;
  maxEntries?: number;
}

const operationNameOf = (document: string) => /\b(?:query|mutation|subscription)\s+([_A-Za-z][_0-9A-Za-z]*)/.exec(document)?.[1] ?? 'anonymous';

/**
 * The islands' GraphQL client (SPEC §7): POST {operationName, variables, query} with
 * credentials 'same-origin' (the session cookie), a bounded result cache, and SPEC §8 errors.
 */
export function createGraphQLClient(opts: GraphQLClientOptions = {}) {
  const url = opts.url ?? '/graphql';
  const doFetch = opts.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const cache = new LruCache<string, unknown>(opts.maxEntries ?? MAX_CACHE_ENTRIES);

  async function request<T>(document: string, variables: Record<string, unknown>): Promise<T> {
    const operationName = operationNameOf(document);
    let res: Response;
    try {
      res = await doFetch(url, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ operationName, variables, query: document }),
      });
    } catch (err) {
      throw new ClientError([], err instanceof Error ? err : new Error(String(err)));
    }
    let body: { data?: T | null; errors?: GraphQLErrorShape[] } | undefined;
    try {
      body = await res.json();
    } catch {
      body = undefined;
    }
    const graphQLErrors = body?.errors ?? [];
    const networkError = res.status >= 300 ? statusError(res.status) : null;
    if (networkError || graphQLErrors.length) throw new ClientError(graphQLErrors, networkError);
    if (!body || body.data === undefined || body.data === null) throw new ClientError([], missingResponseError(operationName));
    return body.data;
  }

  const keyOf = (document: string, variables: Record<string, unknown>) => `${document}\u0000${JSON.stringify(variables)}`;

  return {
    cache,
    async query<T>(document: string, variables: Record<string, unknown> = {}, options: QueryOptions = {}): Promise<T> {
      const policy = options.policy ?? 'cache-first';
      if (options.pollInterval && (policy === 'cache-first' || policy === 'cache-only')) {
        throw new Error(`Polling is not allowed with the ${policy} fetch policy.`);
      }
      const key = keyOf(document, variables);
      if (policy === 'cache-first' || policy === 'cache-only') {
        if (cache.has(key)) return cache.get(key) as T;
        if (policy === 'cache-only') throw new ClientError([], missingResponseError(operationNameOf(document)));
      }
      const data = await request<T>(document, variables);
      if (policy !== 'no-cache') cache.set(key, data);
      return data;
    },
    /** Runs a query now and every `pollInterval` ms; returns a stop function. */
    poll<T>(document: string, variables: Record<string, unknown>, options: QueryOptions & { pollInterval: number }, onData: (d: T) => void, onError: (e: Error) => void): () => void {
      const policy = options.policy ?? 'network-only';
      if (policy === 'cache-first' || policy === 'cache-only') throw new Error(`Polling is not allowed with the ${policy} fetch policy.`);
      let stopped = false;
      const tick = () =>
        request<T>(document, variables)
          .then((d) => !stopped && onData(d))
          .catch((e) => !stopped && onError(e));
      void tick();
      const timer = setInterval(tick, Math.max(1000, options.pollInterval));
      return () => {
        stopped = true;
        clearInterval(timer);
      };
    },
    mutate<T>(document: string, variables: Record<string, unknown> = {}): Promise<T> {
      return request<T>(document, variables);
    },
  };
}

export type GraphQLClient = ReturnType<typeof createGraphQLClient>;
