/**
 * The public boards and job pages cached per process (server/modules/jobs/board-cache.ts): a
 * repeated view runs no query, and a change made anywhere (another process, or straight in the
 * database) shows on the next views of every process.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { statementLog, type StatementLog } from '../../scripts/statement-log.ts';
import { twoAppsForFile, type TestApp } from '../helpers/app.ts';
import { text } from '../helpers/pages.ts';
import { eventually } from '../helpers/wait.ts';

const { a, b } = twoAppsForFile();
let log: StatementLog;
beforeAll(() => {
  log = statementLog(a.database.pool);
});

const view = async (t: TestApp, path: string) => {
  const res = await fetch(t.url + path, { headers: { cookie: 'lang=en' } });
  expect(res.status, path).toBe(200);
  return text(await res.text());
};
const db = () => a.database.db;
const openDailyJob = () =>
  db().selectFrom('jobs').select(['id', 'title_en']).where('kind', '=', 'daily').where('status', '=', 'open').where('title_en', '!=', '').orderBy('created_at', 'desc').executeTakeFirstOrThrow();

describe('the board cache', () => {
  it('answers a board page and a job page seen before without a query', async () => {
    const job = await openDailyJob();
    const pages = ['/daily', '/daily?sort=wage', `/daily/${job.id}`];
    for (const p of pages) await view(a, p);
    const statements = await log.during(async () => {
      for (const p of pages) expect(await view(a, p)).toContain(job.title_en);
    });
    expect(statements).toEqual([]);
  });

  it('shows a job renamed straight in the database on the next view of every process', async () => {
    const job = await openDailyJob();
    await view(a, `/daily/${job.id}`);
    await view(b, `/daily/${job.id}`);
    await db().updateTable('jobs').set({ title_en: 'Renamed for the cache test' }).where('id', '=', job.id).execute();
    await eventually(async () => {
      expect(await view(a, `/daily/${job.id}`)).toContain('Renamed for the cache test');
      expect(await view(b, `/daily/${job.id}`)).toContain('Renamed for the cache test');
      expect(await view(b, '/daily')).toContain('Renamed for the cache test');
    });
  });

  it('takes a closed job off the boards of every process', async () => {
    const job = await openDailyJob();
    expect(await view(b, '/daily')).toContain(job.title_en);
    await db().updateTable('jobs').set({ status: 'closed' }).where('id', '=', job.id).execute();
    await eventually(async () => {
      expect(await view(a, '/daily')).not.toContain(job.title_en);
      expect(await view(b, '/daily')).not.toContain(job.title_en);
    });
  });
});
