import { createClient, type Client } from 'graphql-ws';

/** SPEC §4, §9: reconnect backoff from 100 ms, doubling, at most 10 s. */
export const BACKOFF = { minMs: 100, maxMs: 10_000, factor: 2 } as const;
/** SPEC §7, §9: subscription timeout 30000 ms by default, never below 1000 ms. */
export const SUBSCRIPTION_TIMEOUT = { defaultMs: 30_000, minMs: 1_000 } as const;

/** The delay before reconnect attempt `retries` (0-based). */
export function backoffDelay(retries: number): number {
  return Math.min(BACKOFF.maxMs, BACKOFF.minMs * BACKOFF.factor ** Math.max(0, retries));
}

export function subscriptionTimeout(ms: number | undefined): number {
  return Math.max(SUBSCRIPTION_TIMEOUT.minMs, ms ?? SUBSCRIPTION_TIMEOUT.defaultMs);
}

/**
 * The subscription connection to /graphqlws (graphql-ws protocol). The session rides on the
 * httpOnly cookie of this same-origin page, so the connection params carry only the
 * deduplicate flag; a caller outside the browser passes `token` for `Authorization: Bearer`.
 */
export function createSubscriptionClient(opts: { url?: string; token?: string; timeoutMs?: number; webSocketImpl?: unknown } = {}): Client {
  const url = opts.url ?? `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphqlws`;
  return createClient({
    url,
    webSocketImpl: opts.webSocketImpl,
    lazy: true,
    retryAttempts: Infinity,
    shouldRetry: () => true,
    retryWait: (retries) => new Promise((resolve) => setTimeout(resolve, backoffDelay(retries))),
    connectionAckWaitTimeout: subscriptionTimeout(opts.timeoutMs),
    connectionParams: () => ({ ...(opts.token ? { Authorization: `Bearer ${opts.token}` } : {}), deduplicate: true }),
  });
}
