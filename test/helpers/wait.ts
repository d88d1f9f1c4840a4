/** Waiting in tests without fixed sleeps where a condition can be polled (house rule 6). */

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Polls until `check` returns something truthy; fails naming `label` after `ms`. */
export async function until<T>(check: () => T | Promise<T>, label: string, ms = 20_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms: ${label}`);
    await sleep(20);
  }
}

/** Retries `check` (which throws, e.g. an expect) until it passes; rethrows its last failure after `timeoutMs`. */
export async function eventually(check: () => void | Promise<void>, timeoutMs = 3000, stepMs = 25): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await sleep(stepMs);
    }
  }
}

/** Rejects with `label` when `p` takes longer than `ms`: a hang names its step. */
export function within<T>(p: Promise<T>, label: string, ms = 20_000): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out: ${label}`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}
