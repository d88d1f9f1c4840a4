import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';

/** How a graphql-ws connection closed: the close code and reason. */
export interface Closed {
  code: number;
  reason: string;
}

/**
 * A graphql-ws client of the app at `base` (its /graphqlws), signed in with `token` or anonymous.
 * It connects at once and never retries: a refused or closed connection is what several tests
 * provoke, and they assert it themselves (`onClosed` hears each close). `dispose` is handed what
 * closes it, for the test's own list of things to close after each test.
 */
export function graphqlWsClient(base: string, token: string | undefined, opts: { dispose: (close: () => unknown) => void; onClosed?: ((e: Closed) => void) | undefined }): Client {
  const client = createClient({
    url: `${base.replace(/^http/, 'ws')}/graphqlws`,
    webSocketImpl: WebSocket,
    connectionParams: token ? { Authorization: `Bearer ${token}` } : {},
    retryAttempts: 0,
    lazy: false,
    onNonLazyError: () => {},
    on: { closed: (e) => opts.onClosed?.(e as Closed) },
  });
  opts.dispose(() => client.dispose());
  return client;
}

/**
 * Subscribes `client` to `request` and keeps what arrives: each event's `field` in `got`, and every
 * GraphQL error (of an event, or the ones that end the subscription) one by one in `errors`.
 * `dispose` is handed the unsubscribe, for the test's own list of things to close.
 */
export function collectSubscription<T>(
  client: Client,
  request: { query: string; variables?: Record<string, unknown> },
  field: string,
  dispose: (stop: () => void) => void,
): { got: T[]; errors: unknown[] } {
  const got: T[] = [];
  const errors: unknown[] = [];
  const stop = client.subscribe<Record<string, T>>(request, {
    next: (r) => {
      const value = r.data?.[field];
      if (value) got.push(value);
      if (r.errors) errors.push(...r.errors);
    },
    error: (err) => errors.push(...(Array.isArray(err) ? err : [err])),
    complete: () => {},
  });
  dispose(stop);
  return { got, errors };
}
