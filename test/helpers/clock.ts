import type { Timers } from '../../server/time.ts';

/**
 * A clock a test moves forward instead of sleeping: the app's timers (createApp's `timers`) fire
 * when `advance` passes their time, in order, and `advance` waits for what each callback started
 * (a timer set while one runs fires in the same advance if it is due by then).
 */
export function testClock() {
  let now = 0;
  const due: { at: number; callback: () => unknown; cancelled: boolean }[] = [];
  const timers: Timers = {
    set(callback, ms) {
      const entry = { at: now + ms, callback, cancelled: false };
      due.push(entry);
      return { cancel: () => void (entry.cancelled = true) };
    },
  };
  return {
    timers,
    /** Moves the clock `ms` forward and runs every timer that came due, waiting for each. */
    async advance(ms: number): Promise<void> {
      now += ms;
      for (;;) {
        const next = due.filter((e) => !e.cancelled && e.at <= now).sort((a, b) => a.at - b.at)[0];
        if (!next) return;
        due.splice(due.indexOf(next), 1);
        await next.callback();
      }
    },
    /** Timers set and not yet run or cancelled. */
    pending: () => due.filter((e) => !e.cancelled).length,
  };
}
