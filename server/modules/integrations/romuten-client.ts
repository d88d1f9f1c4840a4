/**
 * The Romuten API as we assume it (docs/romuten.md): JSON over HTTPS, a bearer API key, each
 * request signed with the secret (HMAC-SHA256 of timestamp, method, path and body), pushes
 * carrying an Idempotency-Key. Every request has a time limit (AbortSignal.timeout); a timeout,
 * a network failure, a 5xx or a 429 is tried again after an exponentially growing wait (a 429's or
 * 503's Retry-After when it gives one), a bounded number of times. Any other answer is final.
 */
import { createHmac } from 'node:crypto';
import { OutboundError, type Outbound } from '../../net/outbound.ts';
import { drawProblem, type Problem } from '../../../shared/texts/index.ts';

export interface RomutenCredentials {
  baseUrl: string;
  apiKey: string;
  secret: string;
}

export interface RetryPolicy {
  /** Tries per request, the first included. */
  attempts: number;
  /** The wait before the 2nd try; doubled for each further one (plus up to 20% jitter). */
  baseDelayMs: number;
  /** No wait is longer than this; a Retry-After beyond it gives up instead of waiting. */
  maxDelayMs: number;
  /** The time limit of one request. */
  timeoutMs: number;
  /** How the client waits between tries (a test records the waits instead of sleeping). */
  wait: (ms: number) => Promise<void>;
}

export const DEFAULT_POLICY: RetryPolicy = {
  attempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 30_000,
  timeoutMs: 8_000,
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * Why a request failed for good: `auth` (401/403: the key or secret is wrong, nothing else will
 * work either), `rejected` (another 4xx: this item is refused, the next may pass), `unavailable`
 * (every try timed out, failed or was answered 5xx/429: the service is down for now), `refused`
 * (the base URL leads inside our own network: the outbound guard made no request, and never will).
 * Its problem is what the sync log keeps (shared/texts/logs.ts).
 */
export class RomutenError extends Error {
  constructor(
    readonly kind: 'auth' | 'rejected' | 'unavailable' | 'refused',
    readonly problem: Problem,
  ) {
    super(drawProblem('en', problem));
  }
}

/** A Retry-After header as milliseconds (seconds or an HTTP date); null when absent or unreadable. */
export function retryAfterMs(value: string | null, now: number = Date.now()): number | null {
  if (!value) return null;
  if (/^\d{1,9}$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** The wait before try `n + 1` after `n` failed tries: base × 2^(n−1), up to 20% more, capped. */
export function backoffMs(policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs'>, failedTries: number, random: number = Math.random()): number {
  const exp = policy.baseDelayMs * 2 ** (failedTries - 1);
  return Math.min(policy.maxDelayMs, Math.round(exp * (1 + 0.2 * random)));
}

/** The signature header's value: hex HMAC-SHA256 of `timestamp.METHOD.path.body` with the secret. */
export function signature(secret: string, timestamp: string, method: string, path: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${method}.${path}.${body}`).digest('hex');
}

const RETRYABLE = new Set([429, 500, 502, 503, 504]);

export interface RomutenClient {
  /** One call, tried again as the policy says; the JSON answer, or a RomutenError. */
  call<T>(method: 'GET' | 'POST', path: string, body?: unknown, idempotencyKey?: string): Promise<T>;
}

/** A client for one connection, through the outbound guard. `onRetry` hears every try after the first (the sync log counts them). */
export function romutenClient(outbound: Outbound, creds: RomutenCredentials, policy: RetryPolicy = DEFAULT_POLICY, onRetry: () => void = () => {}): RomutenClient {
  const base = creds.baseUrl.replace(/\/+$/, '');
  return {
    async call<T>(method: 'GET' | 'POST', path: string, body?: unknown, idempotencyKey?: string): Promise<T> {
      const url = new URL(base + path);
      const text = body === undefined ? '' : JSON.stringify(body);
      const call = `${method} ${url.pathname}`;
      let reason: Problem | '' = '';
      for (let attempt = 1; attempt <= policy.attempts; attempt++) {
        let wait: number | null = null;
        try {
          const timestamp = String(Math.floor(Date.now() / 1000));
          const res = await outbound.fetch(url, {
            method,
            signal: AbortSignal.timeout(policy.timeoutMs),
            redirect: 'error',
            headers: {
              accept: 'application/json',
              authorization: `Bearer ${creds.apiKey}`,
              'user-agent': 'Tsunagu/1.0',
              'x-romuten-timestamp': timestamp,
              'x-romuten-signature': signature(creds.secret, timestamp, method, url.pathname + url.search, text),
              ...(text ? { 'content-type': 'application/json' } : {}),
              ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
            },
            ...(text ? { body: text } : {}),
          });
          const answer = await res.text();
          if (res.ok) return (answer ? JSON.parse(answer) : {}) as T;
          const remote = remoteMessage(answer);
          if (res.status === 401 || res.status === 403) throw new RomutenError('auth', { key: 'log.romuten.auth', params: { call, status: res.status, remote } });
          if (!RETRYABLE.has(res.status)) throw new RomutenError('rejected', { key: 'log.romuten.rejected', params: { call, status: res.status, remote } });
          reason = { key: 'log.romuten.status', params: { status: res.status, remote } };
          wait = retryAfterMs(res.headers.get('retry-after'));
          if (wait !== null && wait > policy.maxDelayMs)
            throw new RomutenError('unavailable', { key: 'log.romuten.waitTooLong', params: { call, status: res.status, seconds: Math.ceil(wait / 1000) } });
        } catch (err) {
          if (err instanceof RomutenError) throw err;
          if (err instanceof OutboundError) throw new RomutenError('refused', { key: 'log.refused', params: { target: call, why: err.problem } });
          const e = err as Error & { cause?: unknown };
          reason =
            e.name === 'TimeoutError'
              ? { key: 'log.romuten.timeout', params: { ms: policy.timeoutMs } }
              : e instanceof SyntaxError
                ? { key: 'log.romuten.notJson' }
                : { key: 'log.romuten.network', params: { error: e.cause ? String(e.cause) : e.message } };
        }
        if (attempt === policy.attempts) break;
        onRetry();
        await policy.wait(wait ?? backoffMs(policy, attempt));
      }
      throw new RomutenError('unavailable', { key: 'log.romuten.gaveUp', params: { call, reason, tries: policy.attempts } });
    },
  };
}

/** The remote's own error text (`{"error": "..."}`), shortened and as it said it, for the sync log; '' when it said none. */
function remoteMessage(answer: string): Problem | '' {
  try {
    const e = (JSON.parse(answer) as { error?: unknown }).error;
    return typeof e === 'string' && e ? { key: 'log.romuten.remote', params: { text: e.slice(0, 200) } } : '';
  } catch {
    return '';
  }
}
