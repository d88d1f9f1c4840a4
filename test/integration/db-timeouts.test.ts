/**
 * The pool's time limits (server/db/connect.ts): a statement over the limit is stopped by the
 * server, and a connection opened without a limit (migrations, the seed at start, benchmarks) runs
 * a long statement to its end — the client's own read timeout must not cut it after 5 s. And its
 * other setting: no JIT compilation.
 */
import { sql } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { connectDatabase } from '../../server/db/connect.ts';
import { withDatabase } from '../../server/db/embedded.ts';

const url = () => withDatabase(inject('pgServerUrl'), 'postgres');

describe('database time limits', () => {
  it('stops a statement over the limit', async () => {
    const { db } = connectDatabase(url(), { max: 1, statementTimeoutMs: 500 });
    try {
      await expect(sql`select pg_sleep(2)`.execute(db)).rejects.toThrow(/statement timeout/);
    } finally {
      await db.destroy();
    }
  });

  it('lets a statement of a connection without a limit run past 5 s (a long migration at start)', async () => {
    const { db } = connectDatabase(url(), { max: 1, statementTimeoutMs: 0 });
    try {
      await expect(sql`select pg_sleep(5.5) as slept`.execute(db)).resolves.toMatchObject({ rows: [{ slept: '' }] });
    } finally {
      await db.destroy();
    }
  }, 15_000);

  it('turns JIT compilation off on every connection, shared or pooled', async () => {
    const { db } = connectDatabase(url(), { max: 4, shared: 2 });
    try {
      const jit = async (d: typeof db) => (await sql<{ jit: string }>`select current_setting('jit') as jit`.execute(d)).rows[0]!.jit;
      expect(await jit(db)).toBe('off');
      expect(await db.transaction().execute((trx) => jit(trx))).toBe('off');
    } finally {
      await db.destroy();
    }
  });
});
