/**
 * The chat's per-socket limits, counted by the shared rate limiter of the event bus
 * (rate-limiter-flexible: in this process's memory, or in Redis with REDIS_URL, with the memory
 * limiter as insurance while Redis is away). Keyed by the socket's id, which is unique across
 * processes. A fixed window: `points` events per `duration` seconds, then `rate` refusals until
 * the window ends.
 */
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { EventBus } from '../events/bus.ts';

export type LimitKind = 'sends' | 'others';
type Limits = Record<LimitKind, { points: number; duration: number }>;

/** Per socket: 20 sends (messages, bot requests) and 60 other events per 10 s. */
export const CHAT_LIMITS: Limits = {
  sends: { points: 20, duration: 10 },
  others: { points: 60, duration: 10 },
};

export type LimitAnswer = { allowed: true } | { allowed: false; retryAfterMs: number };

export interface SocketLimits {
  /**
   * Counts one event of the socket; when it is over its limit the event is refused (not counted
   * against the other kind), with the milliseconds until the window ends.
   */
  check(kind: LimitKind, socketId: string): Promise<LimitAnswer>;
}

export function socketLimits(bus: Pick<EventBus, 'limiter'>, limits: Limits = CHAT_LIMITS): SocketLimits {
  const limiters = {
    sends: bus.limiter({ name: 'chat-socket-sends', ...limits.sends }),
    others: bus.limiter({ name: 'chat-socket-others', ...limits.others }),
  };
  return {
    async check(kind, socketId) {
      try {
        await limiters[kind].consume(socketId);
        return { allowed: true };
      } catch (res) {
        if (res instanceof RateLimiterRes) return { allowed: false, retryAfterMs: Math.max(1, Math.ceil(res.msBeforeNext)) };
        throw res;
      }
    },
  };
}
