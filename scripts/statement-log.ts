import type pg from 'pg';

/**
 * Every SQL statement a pool's connections send while recording, seen from the client side: the
 * count of statements per page in the bench (scripts/bench-pages.ts) and in the tests that hold
 * pages to it. Patches each client the pool hands out, once.
 */
export interface StatementLog {
  /** Runs `fn` and returns the statements sent meanwhile (in order). */
  during(fn: () => Promise<unknown>): Promise<string[]>;
}

export function statementLog(pool: pg.Pool): StatementLog {
  let recording: string[] | null = null;
  const patched = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => {
    if (patched.has(client)) return;
    patched.add(client);
    const query = client.query.bind(client) as (...a: unknown[]) => unknown;
    (client as { query: unknown }).query = (...a: unknown[]) => {
      recording?.push(typeof a[0] === 'string' ? a[0] : ((a[0] as { text?: string })?.text ?? ''));
      return query(...a);
    };
  });
  return {
    async during(fn) {
      const seen: string[] = [];
      recording = seen;
      try {
        await fn();
      } finally {
        recording = null;
      }
      return seen;
    },
  };
}
