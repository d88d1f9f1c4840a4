import type { Logger } from 'pino';
import { createInProcessBus, createRedisBus, type EventBus } from './bus.ts';

/** Redis pub/sub when REDIS_URL is set (several processes), else in-process. */
export function createEventBus(redisUrl: string | undefined, log: Logger, prefix = 'tsunagu:'): Promise<EventBus> {
  return redisUrl ? createRedisBus(redisUrl, log, prefix) : Promise.resolve(createInProcessBus());
}
