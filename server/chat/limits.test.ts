import { describe, expect, it, vi } from 'vitest';
import { createInProcessBus } from '../events/bus.ts';
import { CHAT_LIMITS, type LimitAnswer, socketLimits } from './limits.ts';

const times = (n: number, f: () => Promise<LimitAnswer>) => Promise.all(Array.from({ length: n }, f));
const ALLOWED = { allowed: true };

describe('the chat per-socket limits', () => {
  it('allows 20 sends and 60 other events per socket within 10 s, and refuses the next', async () => {
    const limits = socketLimits(createInProcessBus());
    expect(await times(20, () => limits.check('sends', 'socket-a'))).toEqual(Array(20).fill(ALLOWED));
    // Refused, with the time left in the 10 s window.
    const refused = await limits.check('sends', 'socket-a');
    expect(refused.allowed).toBe(false);
    const wait = refused.allowed ? 0 : refused.retryAfterMs;
    expect(wait).toBeGreaterThan(9_000);
    expect(wait).toBeLessThanOrEqual(10_000);
    // The other kind of event and another socket count apart.
    expect(await times(60, () => limits.check('others', 'socket-a'))).toEqual(Array(60).fill(ALLOWED));
    expect((await limits.check('others', 'socket-a')).allowed).toBe(false);
    expect(await limits.check('sends', 'socket-b')).toEqual(ALLOWED);
  });

  it('allows the socket again once its window is over', async () => {
    // The limiter reads the clock: a fake one moves past the window without waiting for it.
    vi.useFakeTimers();
    try {
      const limits = socketLimits(createInProcessBus(), { ...CHAT_LIMITS, sends: { points: 20, duration: 1 } });
      expect(await times(20, () => limits.check('sends', 'socket-a'))).toEqual(Array(20).fill(ALLOWED));
      const refused = await limits.check('sends', 'socket-a');
      expect(refused.allowed).toBe(false);
      // Waiting what it was told is enough.
      await vi.advanceTimersByTimeAsync(refused.allowed ? 0 : refused.retryAfterMs + 20);
      expect(await limits.check('sends', 'socket-a')).toEqual(ALLOWED);
    } finally {
      vi.useRealTimers();
    }
  });

  it('are 20 sends and 60 other events per 10 s', () => {
    expect(CHAT_LIMITS).toEqual({ sends: { points: 20, duration: 10 }, others: { points: 60, duration: 10 } });
  });
});
