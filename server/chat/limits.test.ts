import { describe, expect, it } from 'vitest';
import { createInProcessBus } from '../events/bus.ts';
import { CHAT_LIMITS, socketLimits } from './limits.ts';

const times = (n: number, f: () => Promise<boolean>) => Promise.all(Array.from({ length: n }, f));

describe('the chat per-socket limits', () => {
  it('allows 20 sends and 60 other events per socket within 10 s, and refuses the next', async () => {
    const limits = socketLimits(createInProcessBus());
    expect(await times(20, () => limits.allow('sends', 'socket-a'))).toEqual(Array(20).fill(true));
    expect(await limits.allow('sends', 'socket-a')).toBe(false);
    // The other kind of event and another socket count apart.
    expect(await times(60, () => limits.allow('others', 'socket-a'))).toEqual(Array(60).fill(true));
    expect(await limits.allow('others', 'socket-a')).toBe(false);
    expect(await limits.allow('sends', 'socket-b')).toBe(true);
  });

  it('allows the socket again once its window is over', async () => {
    const limits = socketLimits(createInProcessBus(), { ...CHAT_LIMITS, sends: { points: 20, duration: 1 } });
    expect(await times(20, () => limits.allow('sends', 'socket-a'))).toEqual(Array(20).fill(true));
    expect(await limits.allow('sends', 'socket-a')).toBe(false);
    await new Promise((r) => setTimeout(r, 1_100));
    expect(await limits.allow('sends', 'socket-a')).toBe(true);
  });

  it('are 20 sends and 60 other events per 10 s', () => {
    expect(CHAT_LIMITS).toEqual({ sends: { points: 20, duration: 10 }, others: { points: 60, duration: 10 } });
  });
});
