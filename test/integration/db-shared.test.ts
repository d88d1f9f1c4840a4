/**
 * Lone statements on shared, pipelined connections (server/db/shared-connections.ts): many at once
 * use the few kept connections; each fails alone; a transaction still has a connection of its own
 * and its uncommitted rows stay its own, as does `db.connection()`'s session; a slow statement does not hold up the quick ones after it;
 * a shared connection the server drops is replaced; the statement limit still applies.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectDatabase, type DB } from '../../server/db/connect.ts';
import { withDatabase } from '../../server/db/embedded.ts';
import { STALL_MS } from '../../server/db/shared-connections.ts';
import { until } from '../helpers/wait.ts';

const url = () => withDatabase(inject('pgServerUrl'), 'postgres');
const table = `shared_probe_${randomBytes(4).toString('hex')}`;
let db: DB;

const pid = async (d: DB = db) => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(d)).rows[0]!.pid;

beforeAll(async () => {
  ({ db } = connectDatabase(url(), { max: 6, shared: 2 }));
  await sql`create table ${sql.id(table)} (n int)`.execute(db);
});
afterAll(async () => {
  await sql`drop table if exists ${sql.id(table)}`.execute(db);
  await db.destroy();
});

describe('statements on shared connections', () => {
  it('runs many lone statements at once on the two kept connections, each with its own answer', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => sql<{ v: number; pid: number }>`select ${i}::int * 2 as v, pg_backend_pid() as pid`.execute(db)));
    expect(answers.map((a) => a.rows[0]!.v)).toEqual(Array.from({ length: 40 }, (_, i) => i * 2));
    expect(new Set(answers.map((a) => a.rows[0]!.pid)).size).toBeLessThanOrEqual(2);
  });

  it('fails a statement alone: the ones sent around it, a text of several commands among them, get their answers', async () => {
    const [before, bad, several, after] = await Promise.allSettled([
      sql<{ v: number }>`select ${1}::int as v`.execute(db),
      sql`select 1 / ${0}::int`.execute(db),
      sql`select 1; select 2`.execute(db),
      sql<{ v: number }>`select ${3}::int as v`.execute(db),
    ]);
    expect(before).toMatchObject({ status: 'fulfilled', value: { rows: [{ v: 1 }] } });
    expect(bad).toMatchObject({ status: 'rejected', reason: { message: expect.stringMatching(/division by zero/) } });
    expect(several.status).toBe('fulfilled');
    expect(after).toMatchObject({ status: 'fulfilled', value: { rows: [{ v: 3 }] } });
  });

  it('gives a transaction a connection of its own: its rows are its own until it commits', async () => {
    const shared = new Set(await Promise.all(Array.from({ length: 10 }, () => pid())));
    let inside = 0;
    let seenOutside = -1;
    await db.transaction().execute(async (trx) => {
      inside = await pid(trx);
      await sql`insert into ${sql.id(table)} values (1)`.execute(trx);
      // A lone statement meanwhile, on a shared connection, does not see the uncommitted row.
      seenOutside = (await sql<{ n: number }>`select count(*)::int as n from ${sql.id(table)}`.execute(db)).rows[0]!.n;
      expect((await sql<{ n: number }>`select count(*)::int as n from ${sql.id(table)}`.execute(trx)).rows[0]!.n).toBe(1);
    });
    expect(shared.has(inside)).toBe(false);
    expect(seenOutside).toBe(0);
    expect((await sql<{ n: number }>`select count(*)::int as n from ${sql.id(table)}`.execute(db)).rows[0]!.n).toBe(1);
  });

  it('rolls a failed transaction back on its own connection, leaving the shared ones usable', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`insert into ${sql.id(table)} values (2)`.execute(trx);
        await sql`select 1 / ${0}::int`.execute(trx);
      }),
    ).rejects.toThrow(/division by zero/);
    expect((await sql<{ n: number }>`select count(*)::int as n from ${sql.id(table)} where n = 2`.execute(db)).rows[0]!.n).toBe(0);
  });

  it('keeps db.connection() one session of its own: what it sets holds for its next statements and stays there', async () => {
    const inside = await db.connection().execute(async (conn) => {
      await sql`set application_name = 'one-session'`.execute(conn);
      const a = (await sql<{ name: string; pid: number }>`select current_setting('application_name') as name, pg_backend_pid() as pid`.execute(conn)).rows[0]!;
      const b = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(conn)).rows[0]!;
      return { name: a.name, pids: [a.pid, b.pid] };
    });
    expect(inside.name).toBe('one-session');
    expect(inside.pids[0]).toBe(inside.pids[1]);
    const outside = await Promise.all(Array.from({ length: 10 }, () => sql<{ name: string }>`select current_setting('application_name') as name`.execute(db)));
    expect(outside.map((r) => r.rows[0]!.name)).not.toContain('one-session');
    await db.connection().execute((conn) => sql`reset application_name`.execute(conn));
  });

  it('does not hold a quick statement up behind slow ones: while both shared connections are busy past the limit, it takes a pooled one', async () => {
    const done: string[] = [];
    const slow = [1, 2].map((i) =>
      sql`select pg_sleep(1.5)`.execute(db).then(() => {
        done.push(`slow ${i}`);
      }),
    );
    // Both shared connections are busy past the limit: the server has run both sleeps for longer.
    const watcher = new pg.Client({ connectionString: url() });
    await watcher.connect();
    try {
      const busy = async () =>
        (
          await watcher.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity where query = 'select pg_sleep(1.5)' and state = 'active' and clock_timestamp() - query_start > $1::int * interval '2 milliseconds'`,
            [STALL_MS],
          )
        ).rows[0]!.n >= 2;
      await until(busy, 'both shared connections busy past the stall limit', 5_000);
    } finally {
      await watcher.end();
    }
    await sql<{ v: number }>`select ${5}::int as v`.execute(db).then(() => {
      done.push('quick');
    });
    await Promise.all(slow);
    expect(done[0]).toBe('quick');
  });

  it('replaces a shared connection the server ends', async () => {
    const victims = new Set(await Promise.all(Array.from({ length: 10 }, () => pid())));
    const admin = new pg.Client({ connectionString: url() });
    await admin.connect();
    try {
      for (const p of victims) await admin.query('select pg_terminate_backend($1)', [p]);
    } finally {
      await admin.end();
    }
    // The first statements may meet the closed socket; the ones after run on new connections.
    await Promise.allSettled(Array.from({ length: 4 }, () => pid()));
    const after = await pid();
    expect(victims.has(after)).toBe(false);
    expect((await sql<{ v: number }>`select ${7}::int as v`.execute(db)).rows).toEqual([{ v: 7 }]);
  });

  it('stops a statement over the time limit on a shared connection, and the connection goes on', async () => {
    const { db: limited } = connectDatabase(url(), { max: 4, shared: 1, statementTimeoutMs: 300 });
    try {
      const [slow, next] = await Promise.allSettled([sql`select pg_sleep(2)`.execute(limited), sql<{ v: number }>`select ${8}::int as v`.execute(limited)]);
      expect(slow).toMatchObject({ status: 'rejected', reason: { message: expect.stringMatching(/statement timeout/) } });
      expect(next).toMatchObject({ status: 'fulfilled', value: { rows: [{ v: 8 }] } });
    } finally {
      await limited.destroy();
    }
  });
});
