/**
 * The totals of the back office's lists, kept per process until their table changes
 * (server/resources/row-counts.ts, migration 0039): paging or sorting a list again does not count
 * its rows again; a row added anywhere (the app, or psql) changes the total in every process; each
 * tenant, search and filter has its own total; every list's table sends the notice.
 */
import { describe, expect, it } from 'vitest';
import { statementLog } from '../../scripts/statement-log.ts';
import { RESOURCES } from '../../server/resources/registry.ts';
import { twoAppsAndPsql, type DemoLogin, type TestApp } from '../helpers/app.ts';
import { eventually } from '../helpers/wait.ts';

const both = twoAppsAndPsql();

interface JobsPage {
  total: number;
  rows: { id: string }[];
}
const JOBS = `query ($page: Int, $size: Int, $sort: String, $dir: String, $q: String, $filter: JobFilter) {
  jobs(page: $page, size: $size, sort: $sort, dir: $dir, q: $q, filter: $filter) { total rows { id } }
}`;
async function jobs(t: TestApp, who: DemoLogin, vars: Record<string, unknown> = {}): Promise<JobsPage> {
  const body = await t.gql(JOBS, { page: 1, size: 2, ...vars }, { as: who });
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return (body.data as { jobs: JobsPage }).jobs;
}
const counts = (statements: string[]) => statements.filter((s) => /count\(\*\)/i.test(s));
/** The jobs (kind 'other') of the company that owns `jobId`, counted in the database. */
const countedInDb = async (jobId: string) =>
  (await both.psql.query<{ n: number }>(`select count(*)::int as n from jobs where kind = 'other' and company_id = (select company_id from jobs where id = $1)`, [jobId])).rows[0]!.n;
const addJob = async (likeId: string, title: string) =>
  (
    await both.psql.query<{ id: string }>(
      `insert into jobs (company_id, client_id, kind, title_ja, title_en, wage, prefecture)
     select company_id, client_id, kind, $2, $2, 1200, prefecture from jobs where id = $1 returning id`,
      [likeId, title],
    )
  ).rows[0]!.id;

describe('list totals kept until the table changes', () => {
  it('has every list table send its notice (a new list table without the trigger fails here)', async () => {
    const tables = [...new Set(RESOURCES.map((d) => d.table))].sort();
    const { rows } = await both.psql.query<{ table: string }>(`select c.relname as table from pg_trigger t join pg_class c on c.oid = t.tgrelid where t.tgname = c.relname || '_rows_changed'`);
    expect(tables.filter((t) => !rows.some((r) => r.table === t))).toEqual([]);
  });

  it('counts a list once: the next page and another order are read without counting, with the same total', async () => {
    const log = statementLog(both.b.database.pool);
    const first = await log.during(() => jobs(both.b, 'company_admin'));
    expect(counts(first)).toHaveLength(1);
    const again = await log.during(async () => {
      const p2 = await jobs(both.b, 'company_admin', { page: 2 });
      const sorted = await jobs(both.b, 'company_admin', { sort: 'title_ja', dir: 'asc' });
      return [p2, sorted];
    });
    expect(counts(again)).toEqual([]);
    const p1 = await jobs(both.b, 'company_admin');
    expect(p1.total).toBe(await countedInDb(p1.rows[0]!.id));
    expect((await jobs(both.b, 'company_admin', { page: 2 })).total).toBe(p1.total);
    expect((await jobs(both.b, 'company_admin', { sort: 'title_ja', dir: 'asc' })).total).toBe(p1.total);
  });

  it('shows a job added in psql in both processes’ totals as soon as the notice arrives', async () => {
    const before = await jobs(both.a, 'company_admin');
    expect((await jobs(both.b, 'company_admin')).total).toBe(before.total);
    const id = await addJob(before.rows[0]!.id, 'row-counts psql');
    try {
      for (const t of [both.a, both.b]) await eventually(async () => expect((await jobs(t, 'company_admin')).total).toBe(before.total + 1));
    } finally {
      await both.psql.query('delete from jobs where id = $1', [id]);
    }
    for (const t of [both.a, both.b]) await eventually(async () => expect((await jobs(t, 'company_admin')).total).toBe(before.total));
  });

  it('shows a job deleted through the app in that process’s total at once', async () => {
    const before = await jobs(both.a, 'company_admin');
    const id = await addJob(before.rows[0]!.id, 'row-counts app');
    await eventually(async () => expect((await jobs(both.a, 'company_admin')).total).toBe(before.total + 1));
    const del = await both.a.gql('mutation ($id: ID!) { deleteJob(id: $id) }', { id }, { as: 'company_admin' });
    expect(del.errors, JSON.stringify(del.errors)).toBeUndefined();
    // No waiting: the process that deleted dropped its totals of jobs before it answered.
    expect((await jobs(both.a, 'company_admin')).total).toBe(before.total);
  });

  it('keeps a total per tenant, search and filter', async () => {
    const mine = await jobs(both.a, 'company_admin');
    const theirs = await jobs(both.a, 'company2');
    expect(theirs.total).toBe(await countedInDb(theirs.rows[0]!.id));
    expect(theirs.total).not.toBe(mine.total);
    const title = (await both.psql.query<{ title_ja: string }>('select title_ja from jobs where id = $1', [mine.rows[0]!.id])).rows[0]!.title_ja;
    const searched = await jobs(both.a, 'company_admin', { q: title });
    const inDb = (
      await both.psql.query<{ n: number }>(
        `select count(*)::int as n from jobs where kind = 'other' and title_ja ilike '%' || $2 || '%' and company_id = (select company_id from jobs where id = $1)`,
        [mine.rows[0]!.id, title],
      )
    ).rows[0]!.n;
    expect(searched.total).toBe(inDb);
    expect(searched.total).toBeLessThan(mine.total);
    const open = await jobs(both.a, 'company_admin', { filter: { status: 'open' } });
    const openInDb = (
      await both.psql.query<{ n: number }>(`select count(*)::int as n from jobs where kind = 'other' and status = 'open' and company_id = (select company_id from jobs where id = $1)`, [
        mine.rows[0]!.id,
      ])
    ).rows[0]!.n;
    expect(open.total).toBe(openInDb);
  });
});
