/**
 * "Now" and "today" for the product, which lives in Japan: a day is a day in Asia/Tokyo wherever
 * the server runs. Every server caller asks here (and may pass the instant, so tests need no
 * clock). The functions are pure and live in shared/time.ts, where the browser code reads them.
 */
export { addDays, clockInJapan, todayInJapan } from '../shared/time.ts';

/**
 * Timers the server waits with (the chat's mail delay): the real ones, or in tests a clock the
 * test moves forward, so nothing sleeps. A callback may return a promise: a test clock awaits it.
 */
export interface Timers {
  set(callback: () => unknown, ms: number): { cancel(): void };
}

export const realTimers: Timers = {
  set(callback, ms) {
    const timer = setTimeout(() => void callback(), ms);
    timer.unref();
    return { cancel: () => clearTimeout(timer) };
  },
};
