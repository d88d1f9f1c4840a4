/**
 * Named prepared statements (server/db/connect.ts): a parameterised statement is parsed once per
 * connection and run by name after, as PostgreSQL's own view of the session shows
 * (pg_prepared_statements); statements without parameters, bulk ones and those past the
 * per-connection limit go unnamed, as before; a statement that fails leaves the connection usable.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectDatabase, MAX_PREPARED_PER_CONNECTION, type DB } from '../../server/db/connect.ts';
import { withDatabase } from '../../server/db/embedded.ts';

let db: DB;
beforeAll(() => {
  // One connection, so every statement below runs in the session whose prepared statements we read.
  ({ db } = connectDatabase(withDatabase(inject('pgServerUrl'), 'postgres'), { max: 1 }));
});
afterAll(() => db?.destroy());

const prepared = async () =>
  (await sql<{ statement: string; generic_plans: number; custom_plans: number }>`select statement, generic_plans::int, custom_plans::int from pg_prepared_statements`.execute(db)).rows;
const mine = async (marker: string) => (await prepared()).filter((p) => p.statement.includes(marker));

describe('named prepared statements', () => {
  it('parses a parameterised statement once per connection and runs it by name, with each run its own values', async () => {
    const run = (n: number) => sql<{ v: number }>`select ${n}::int + 1 as v /* marker-a */`.execute(db);
    for (let n = 0; n < 8; n++) expect((await run(n)).rows).toEqual([{ v: n + 1 }]);
    const [p, ...more] = await mine('marker-a');
    expect(more).toEqual([]);
    // Eight runs of one prepared statement: PostgreSQL planned it for the first ones, then kept a plan.
    expect(p!.generic_plans + p!.custom_plans).toBe(8);
  });

  it('sends statements without parameters unnamed, so a text of several commands still runs', async () => {
    await sql`select 1 /* marker-b */; select 2 /* marker-b */`.execute(db);
    expect(await mine('marker-b')).toEqual([]);
  });

  it('sends a bulk statement (over 100 values) unnamed', async () => {
    const values = Array.from({ length: 150 }, (_, i) => sql`(${i}::int)`);
    const r = await sql<{ n: number }>`select count(*)::int as n from (values ${sql.join(values)}) as v(x) /* marker-c */`.execute(db);
    expect(r.rows).toEqual([{ n: 150 }]);
    expect(await mine('marker-c')).toEqual([]);
  });

  it('keeps the connection usable after a prepared statement fails, and the statement too', async () => {
    const divide = (n: number) => sql<{ v: number }>`select 10 / ${n}::int as v /* marker-d */`.execute(db);
    await expect(divide(0)).rejects.toThrow(/division by zero/);
    expect((await divide(5)).rows).toEqual([{ v: 2 }]);
    expect(await mine('marker-d')).toHaveLength(1);
  });

  it(`keeps at most ${MAX_PREPARED_PER_CONNECTION} statements prepared on a connection; the rest run unnamed`, async () => {
    for (let i = 0; i < MAX_PREPARED_PER_CONNECTION + 20; i++) {
      const r = await sql<{ v: number }>`select ${i}::int as v ${sql.raw(`/* marker-e ${i} */`)}`.execute(db);
      expect(r.rows).toEqual([{ v: i }]);
    }
    expect((await prepared()).length).toBe(MAX_PREPARED_PER_CONNECTION);
    // A statement prepared before the limit was reached is still run by name.
    const again = await sql<{ v: number }>`select ${7}::int + 1 as v /* marker-a */`.execute(db);
    expect(again.rows).toEqual([{ v: 8 }]);
    const [p] = await mine('marker-a');
    expect(p!.generic_plans + p!.custom_plans).toBe(9);
  });
});
