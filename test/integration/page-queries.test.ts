/**
 * What a page costs the database: one call for the page's data and its choices; the
 * session row and reference data from the process's cache. Every back-office page without a record
 * in its path is opened as the platform's superadmin and as a company admin, once to warm the
 * caches, then again while every SQL statement the app's pool sends is recorded.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { statementLog, type StatementLog } from '../../scripts/statement-log.ts';
import { ALL_ROUTES } from '../../server/access/routes.ts';
import { wroteTable } from '../../server/db/notified-cache.ts';
import { twoAppsForFile, type DemoLogin, type TestApp } from '../helpers/app.ts';
import { eventually } from '../helpers/wait.ts';
import { companyOf } from '../helpers/demo-data.ts';

const { a, b } = twoAppsForFile();
let log: StatementLog;
beforeAll(() => {
  log = statementLog(a.database.pool);
});

/** The page's rows and their total (a joined list counts beside its rows); a warm session check runs none (its row is cached). */
const MAX_STATEMENTS = 2;
/**
 * Pages made of several independent panels, each with its own statement, and what they may take.
 * A number here may only go down; a per-row query would go far past it.
 */
const PANEL_PAGES: Record<string, { max: number; why: string }> = {
  '/admin/shift': {
    max: 13,
    why: 'seats to fill, placements to swap, the hours-left table (its working-limit checks in one batch of 8 for the whole table: cards and statuses, the person facts (birth date, 特定技能 field), the job facts (field, simple labour), dispatch per placement, placements, long vacations and the recorded clock times the law counts) and the week list with its total',
  },
  '/admin/salary/daily': { max: 5, why: 'the transfer batches panel, the lines that failed to batch (named with their worker and reason), the worker choices and the pay lines with their total' },
  '/admin/staff': { max: 4, why: "the registry's possible duplicates beside the list" },
  '/v3/admin/scout/search': { max: 6, why: 'the offers left this month, the jobs to offer with their open shifts, and the search with its total' },
  '/admin/integration/romuten': { max: 3, why: 'the connection, its sync log and its item counts' },
};

async function open(t: TestApp, path: string, who: DemoLogin): Promise<{ status: number; html: string }> {
  const res = await fetch(t.url + path, { headers: { cookie: `token=${await t.tokenOf(who)}; lang=en` }, redirect: 'manual' });
  return { status: res.status, html: await res.text() };
}

describe('statements per page', () => {
  it(`opens every back-office page with at most ${MAX_STATEMENTS} SQL statements once warm (panel pages: their budget)`, async () => {
    const over: string[] = [];
    let measured = 0;
    for (const who of ['superadmin', 'company_admin'] as const) {
      for (const r of ALL_ROUTES.filter((x) => x.kind === 'admin' && !x.path.includes('['))) {
        if ((await open(a, r.path, who)).status !== 200) continue;
        const statements = await log.during(() => open(a, r.path, who));
        measured++;
        if (statements.length > (PANEL_PAGES[r.path]?.max ?? MAX_STATEMENTS))
          over.push(`${who} ${r.path}: ${statements.length}\n    ${statements.map((s) => s.replace(/\s+/g, ' ').slice(0, 120)).join('\n    ')}`);
      }
    }
    expect(measured, 'pages measured').toBeGreaterThan(40);
    expect(over.join('\n')).toBe('');
  });

  it('reads only the columns a list shows, counting its total (when no total is kept) in the same statement', async () => {
    // The totals kept from the views above are dropped, as after a write to jobs (row-counts.ts).
    wroteTable(a.database.db, 'jobs');
    const statements = await log.during(() => open(a, '/admin/jobs/list?size=50', 'company_admin'));
    const list = statements.filter((s) => /from "jobs"/.test(s));
    expect(list).toHaveLength(1);
    expect(list[0]).toMatch(/count\(\*\)/);
    // The long descriptions are on the record page, not in the list.
    expect(list[0]).not.toMatch(/description_ja|description_en/);
  });
});

describe('cached choices', () => {
  it('shows a client added through one process in the other process list filter on its next view', async () => {
    const filter = async (t: TestApp) => (await open(t, '/admin/jobs/list', 'company_admin')).html;
    expect(await filter(b)).not.toContain('Cache Check Client');
    const company = await companyOf(a, 'company@demo.test');
    const r = await a.gql(
      'mutation ($input: ClientInput!) { createClient(input: $input) { id } }',
      { input: { name: 'キャッシュ確認', name_en: 'Cache Check Client', email: 'cache@client.test' } },
      { as: 'company_admin' },
    );
    expect(r.errors).toBeUndefined();
    expect(company).toBeTruthy();
    await eventually(async () => expect(await filter(b)).toContain('Cache Check Client'));
  });

  it('notices a client renamed straight in the database', async () => {
    const client = await a.database.db.selectFrom('clients').select('id').where('name_en', '=', 'Cache Check Client').executeTakeFirstOrThrow();
    await open(a, '/admin/jobs/list', 'company_admin');
    await a.database.db.updateTable('clients').set({ name_en: 'Renamed In SQL' }).where('id', '=', client.id).execute();
    await eventually(async () => {
      expect((await open(a, '/admin/jobs/list', 'company_admin')).html).toContain('Renamed In SQL');
      expect((await open(b, '/admin/jobs/list', 'company_admin')).html).toContain('Renamed In SQL');
    });
  });
});
