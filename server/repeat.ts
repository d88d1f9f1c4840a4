/**
 * A background job of the server process, run every `intervalMs`: never two runs at once (a tick
 * while one runs is skipped), a failure logged and the next tick tried, the timer not keeping the
 * process alive, and `stop` waiting for the run in progress. The crawler, the pipeline's
 * reminders and point expiry use it; each makes its work safe for several processes itself.
 */
export interface Repeating {
  stop(): Promise<void>;
  /** True once stop was called: a long run checks it between items to end early. */
  readonly stopped: boolean;
}

export function repeatEvery(intervalMs: number, run: (job: Repeating) => Promise<unknown>, onError: (err: unknown) => void): Repeating {
  let busy: Promise<unknown> | null = null;
  let stopped = false;
  const job: Repeating = {
    get stopped() {
      return stopped;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await busy;
    },
  };
  const timer = setInterval(() => {
    if (busy || stopped) return;
    busy = run(job)
      .catch(onError)
      .finally(() => {
        busy = null;
      });
  }, intervalMs);
  timer.unref();
  return job;
}
