import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, it } from 'vitest';

/** The Redis the multi-process tests use: REDIS_URL, else this machine's own at the default port. */
export const TEST_REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/** A REDIS_PREFIX of this run's own, named after `name`: socket.io's adapter channels and the event bus are per prefix. */
export const redisPrefix = (name: string): string => `tsunagu-${name}-${randomBytes(6).toString('hex')}:`;

/** Whether a Redis answers PING at `url` within `ms`. */
async function redisAnswers(url: string, ms: number): Promise<boolean> {
  const r = new Redis(url, { lazyConnect: true, connectTimeout: ms, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null });
  r.on('error', () => {});
  try {
    await r.connect();
    return (await r.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}

type Suite = (name: string, body: () => void) => void;
type Test = (name: string, body: () => Promise<void>, timeout?: number) => void;

/**
 * `describe` and `it` for the suites that need Redis. They skip only when REDIS_URL is unset (and,
 * unless `fromEnvOnly`, this machine has no Redis either). With REDIS_URL set, a Redis that does not
 * answer fails every test of the suite with a message naming the URL: a CI run configured with
 * Redis must never pass by skipping what it was meant to check.
 *
 * `fromEnvOnly` is for tests whose apps reach Redis only through REDIS_URL (startTestApp's bus).
 */
export async function redisOrSkip(opts: { fromEnvOnly?: boolean } = {}): Promise<{ url: string; describe: Suite; it: Test }> {
  const configured = Boolean(process.env.REDIS_URL);
  if (!configured && opts.fromEnvOnly) return { url: TEST_REDIS_URL, describe: describe.skip, it: it.skip };
  // A configured Redis gets a longer grace, so a loaded machine is not mistaken for a missing Redis.
  const answers = await redisAnswers(TEST_REDIS_URL, configured ? 5_000 : 1_000);
  if (answers) return { url: TEST_REDIS_URL, describe, it };
  if (!configured) return { url: TEST_REDIS_URL, describe: describe.skip, it: it.skip };
  const shown = new URL(TEST_REDIS_URL);
  if (shown.password) shown.password = '***';
  const silent = () => {
    throw new Error(`REDIS_URL is set (${shown.href}) but Redis does not answer PING: start it, or unset REDIS_URL to skip the Redis suites`);
  };
  return {
    url: TEST_REDIS_URL,
    describe: (name) => describe(name, () => it('reaches the Redis of REDIS_URL', silent)),
    it: (name) => it(name, silent),
  };
}
