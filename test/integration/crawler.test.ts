/**
 * The crawler against a real HTTP server on loopback that plays a job site: a list page, a JSON
 * feed, robots.txt rules, a page that never answers, one that is too large, one that fails. Jobs
 * come in as drafts of the source's company and client; a second run skips what it has; a changed
 * page updates a draft but never a job a person published; one run at a time per source.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dueSources, runSource } from '../../server/modules/crawler/run.ts';
import { createOutbound } from '../../server/net/outbound.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { drawProblem } from '../../shared/texts/index.ts';

let database: TestDatabase;
let site: http.Server;
let base = '';
/** What the site answers, by path; tests change it between runs. */
const pages = new Map<string, { status?: number; type?: string; body: string; delayMs?: number }>();
const hits: string[] = [];

const listPage = (jobs: { href: string; title: string; wage: string; place: string }[]) =>
  `<!doctype html><ul>${jobs.map((j) => `<li class="job"><a class="t" href="${j.href}">${j.title}</a><span class="w">${j.wage}</span><span class="p">${j.place}</span></li>`).join('')}</ul>`;

beforeAll(async () => {
  database = await createTestDatabase();
  site = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    const page = pages.get(req.url ?? '') ?? { status: 404, body: 'not found' };
    const send = () => {
      if (res.destroyed) return;
      res.writeHead(page.status ?? 200, { 'content-type': page.type ?? 'text/html; charset=utf-8' });
      res.end(page.body);
    };
    if (page.delayMs) setTimeout(send, page.delayMs);
    else send();
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await outbound.close();
  site?.closeAllConnections();
  await new Promise((r) => site?.close(r));
  await database?.drop();
});

const limits = { timeoutMs: 500, maxBytes: 50_000 };
/** The site is on loopback: the allow-list lets the crawler reach it, as OUTBOUND_ALLOW would. */
const outbound = createOutbound({ allow: '127.0.0.1' });

async function sakura() {
  const company = await database.db.selectFrom('companies').select('id').where('name', 'like', 'さくら%').executeTakeFirstOrThrow();
  const client = await database.db.selectFrom('clients').select('id').where('company_id', '=', company.id).orderBy('name').executeTakeFirstOrThrow();
  return { company_id: company.id, client_id: client.id };
}

async function source(path: string, extra: Record<string, unknown> = {}) {
  const row = await database.db
    .insertInto('crawler_sources')
    .values({ name: path, url: `${base}${path}`, ...(await sakura()), item_selector: 'li.job', map_url: 'a.t', map_title: 'a.t', map_wage: '.w', map_prefecture: '.p', ...extra })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const jobsOf = (sourceId: string) =>
  database.db
    .selectFrom('crawler_items as i')
    .innerJoin('jobs as j', 'j.id', 'i.job_id')
    .select(['j.id', 'j.title_ja', 'j.wage', 'j.prefecture', 'j.status', 'j.kind', 'j.company_id', 'i.source_url'])
    .where('i.source_id', '=', sourceId)
    .orderBy('i.source_url')
    .execute();

describe('a job site on loopback', () => {
  it('imports each listed job once as a draft of the source’s company, and skips them on the second run', async () => {
    pages.set('/robots.txt', { type: 'text/plain', body: 'User-agent: *\nDisallow: /private/\n' });
    pages.set('/jobs', {
      body: listPage([
        { href: '/jobs/1', title: '倉庫内作業', wage: '時給1,200円', place: '東京都江東区' },
        { href: '/jobs/2', title: 'ホテル清掃', wage: '時給1,300円', place: '大阪府' },
      ]),
    });
    const id = await source('/jobs');
    const first = await runSource(database.db, id, { limits, outbound });
    expect(first).toMatchObject({ status: 'ok', found: 2, imported: 2, updated: 0, skipped: 0, errors: [] });
    const jobs = await jobsOf(id);
    expect(jobs.map((j) => [j.title_ja, j.wage, j.prefecture, j.status, j.kind, j.source_url])).toEqual([
      ['倉庫内作業', 1200, '東京都', 'draft', 'other', `${base}/jobs/1`],
      ['ホテル清掃', 1300, '大阪府', 'draft', 'other', `${base}/jobs/2`],
    ]);
    expect(new Set(jobs.map((j) => j.company_id))).toEqual(new Set([(await sakura()).company_id]));
    // The job's history says where it came from.
    const audit = await database.db.selectFrom('audit_log').select(['actor_name', 'action']).where('entity_id', '=', jobs[0]!.id).execute();
    expect(audit).toEqual([{ actor_name: 'Crawler', action: 'create' }]);

    const second = await runSource(database.db, id, { limits, outbound });
    expect(second).toMatchObject({ status: 'ok', found: 2, imported: 0, skipped: 2 });
    expect(await jobsOf(id)).toHaveLength(2);
    const runs = await database.db.selectFrom('crawler_runs').select(['status', 'imported', 'skipped']).where('source_id', '=', id).orderBy('started_at').execute();
    expect(runs).toEqual([
      { status: 'ok', imported: 2, skipped: 0 },
      { status: 'ok', imported: 0, skipped: 2 },
    ]);
  });

  it('updates a draft whose page changed, but not a job a person has published', async () => {
    const id = await source('/jobs', { name: 'again' });
    await runSource(database.db, id, { limits, outbound });
    const [a, b] = await jobsOf(id);
    await database.db.updateTable('jobs').set({ status: 'open' }).where('id', '=', b!.id).execute();
    pages.set('/jobs', {
      body: listPage([
        { href: '/jobs/1', title: '倉庫内作業', wage: '時給1,250円', place: '東京都' },
        { href: '/jobs/2', title: 'ホテル清掃（急募）', wage: '時給1,400円', place: '大阪府' },
      ]),
    });
    const r = await runSource(database.db, id, { limits, outbound });
    expect(r).toMatchObject({ imported: 0, updated: 1, skipped: 1 });
    const after = await jobsOf(id);
    expect(after.find((j) => j.id === a!.id)?.wage).toBe(1250);
    expect(after.find((j) => j.id === b!.id)).toMatchObject({ title_ja: 'ホテル清掃', wage: 1300, status: 'open' });
  });

  it('reads a JSON feed by dotted paths', async () => {
    pages.set('/feed.json', { type: 'application/json', body: JSON.stringify({ data: { items: [{ link: `${base}/f/1`, name: 'Night picking', pay: '1500', area: 'Kanagawa' }] } }) });
    const id = await source('/feed.json', { format: 'json', item_selector: 'data.items', map_url: 'link', map_title: 'name', map_wage: 'pay', map_prefecture: 'area', job_kind: 'daily' });
    expect(await runSource(database.db, id, { limits, outbound })).toMatchObject({ status: 'ok', imported: 1 });
    expect(await jobsOf(id)).toMatchObject([{ title_ja: 'Night picking', wage: 1500, prefecture: '神奈川県', kind: 'daily' }]);
  });

  it('honours robots.txt: a disallowed path is not fetched, and an unreadable robots.txt allows nothing', async () => {
    pages.set('/private/jobs', { body: listPage([{ href: '/x', title: 'secret', wage: '1', place: '' }]) });
    const id = await source('/private/jobs');
    hits.length = 0;
    const r = await runSource(database.db, id, { limits, outbound });
    expect(r).toMatchObject({ status: 'failed', imported: 0 });
    expect(drawProblem('en', r!.errors[0]!)).toMatch(/robots\.txt does not allow/);
    expect(hits).not.toContain('/private/jobs');

    pages.set('/robots.txt', { status: 503, body: 'down' });
    const other = await source('/jobs', { name: 'robots down' });
    expect(drawProblem('en', (await runSource(database.db, other, { limits, outbound }))!.errors[0]!)).toMatch(/robots\.txt does not allow/);
    pages.set('/robots.txt', { status: 404, body: '' });
    expect(await runSource(database.db, other, { limits, outbound })).toMatchObject({ status: 'ok' });
  });

  it('records a slow page, a huge page, an error answer and a broken page as failed runs, never an exception', async () => {
    pages.set('/slow', { body: listPage([]), delayMs: 2_000 });
    pages.set('/huge', { body: `<ul>${'<li class="job"><a class="t" href="/h">x</a></li>'.repeat(5_000)}</ul>` });
    pages.set('/boom', { status: 500, body: 'oops' });
    pages.set('/broken', { body: '<ul><li class="job"><a class="t" href="/b">Broken page job<span class="w">¥900' });
    const results = Object.fromEntries(await Promise.all(['/slow', '/huge', '/boom'].map(async (p) => [p, await runSource(database.db, await source(p), { limits, outbound })] as const)));
    const said = (p: string) => ({ status: results[p]!.status, errors: results[p]!.errors.map((e) => drawProblem('en', e)) });
    expect(said('/slow')).toEqual({ status: 'failed', errors: [expect.stringMatching(/no answer within 500 ms/)] });
    expect(said('/huge')).toEqual({ status: 'failed', errors: [expect.stringMatching(/more than 50000 bytes/)] });
    expect(said('/boom')).toEqual({ status: 'failed', errors: [expect.stringMatching(/HTTP 500/)] });
    // Unclosed tags are what real pages have: the parser still finds the job.
    expect(await runSource(database.db, await source('/broken'), { limits, outbound })).toMatchObject({ status: 'ok', imported: 1 });
  });

  it('runs a source once at a time, and schedules only what is due', async () => {
    pages.set('/slow2', { body: listPage([]), delayMs: 300 });
    const id = await source('/slow2', { schedule_minutes: 60 });
    expect(await dueSources(database.db)).toContain(id);
    const [a, b] = await Promise.all([runSource(database.db, id, { limits, outbound }), runSource(database.db, id, { limits, outbound })]);
    expect([a, b].filter((r) => r === null)).toHaveLength(1);
    expect(await dueSources(database.db)).not.toContain(id);
  });

  it('takes over a claim left by a process that died mid-run (older than 15 minutes), never a live one', async () => {
    pages.set('/abandoned', { body: listPage([]) });
    const id = await source('/abandoned');
    const claimedMinutesAgo = (minutes: number) =>
      database.db
        .updateTable('crawler_sources')
        .set({ running_since: sql<Date>`now() - make_interval(mins => ${minutes})` })
        .where('id', '=', id)
        .execute();
    await claimedMinutesAgo(5);
    expect(await dueSources(database.db)).not.toContain(id);
    expect(await runSource(database.db, id, { limits, outbound })).toBeNull();
    await claimedMinutesAgo(16);
    expect(await dueSources(database.db)).toContain(id);
    expect(await runSource(database.db, id, { limits, outbound })).toMatchObject({ status: 'ok' });
  });
});
