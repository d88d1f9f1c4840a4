/**
 * The job import against hostile sources, through the app as it runs (its outbound guard, with
 * OUTBOUND_ALLOW naming only 127.0.0.2, where the test's "public" job site listens):
 * - a source pointing inside the network (loopback in any spelling, a metadata address, a
 *   redirect from the allowed site to loopback) is a failed run that says so, and the loopback
 *   server that records every connection sees none; no draft job is made;
 * - a 1.5 MB page of unclosed <div>s is read in a worker thread within its budget: the run fails
 *   with the reason while the server keeps answering /healthz (a probe every 100 ms, none over
 *   200 ms).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrawlError } from '../../server/modules/crawler/fetch.ts';
import { DEFAULT_BUDGET, extractInWorker } from '../../server/modules/crawler/parse.ts';
import { runSource } from '../../server/modules/crawler/run.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { sleep, until } from '../helpers/wait.ts';
import { drawProblem } from '../../shared/texts/index.ts';

let t: TestApp;
/** Inside the network: every connection that reaches it is recorded. */
let internal: http.Server;
let internalPort = 0;
const reached: string[] = [];
/** The job site the allow-list lets through. */
let site: http.Server;
let siteUrl = '';
const HOSTILE = '<!doctype html><html><body>' + '<div>'.repeat(300_000);

beforeAll(async () => {
  t = await startTestApp({ OUTBOUND_ALLOW: '127.0.0.2' });
  internal = http.createServer((req, res) => {
    reached.push(`request ${req.url}`);
    res.writeHead(200, { 'content-type': 'text/html' }).end('<ul><li class="job"><a class="t" href="/secret">社内の秘密</a></li></ul>');
  });
  internal.on('connection', (s) => reached.push(`connection from ${s.remoteAddress}`));
  await new Promise<void>((r) => internal.listen(0, '::', r));
  internalPort = (internal.address() as AddressInfo).port;
  site = http.createServer((req, res) => {
    if (req.url === '/robots.txt') return void res.writeHead(404).end();
    if (req.url === '/hostile') return void res.writeHead(200, { 'content-type': 'text/html' }).end(HOSTILE);
    const to = new URL(req.url!, 'http://x').searchParams.get('to');
    if (to) return void res.writeHead(302, { location: to }).end();
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.2', r));
  siteUrl = `http://127.0.0.2:${(site.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of [internal, site]) {
    s?.closeAllConnections();
    await new Promise((r) => s?.close(r));
  }
  await t?.close();
});

async function source(url: string) {
  const db = t.database.db;
  const company = await db.selectFrom('companies').select('id').where('name', 'like', 'さくら%').executeTakeFirstOrThrow();
  const client = await db.selectFrom('clients').select('id').where('company_id', '=', company.id).orderBy('name').executeTakeFirstOrThrow();
  const row = await db
    .insertInto('crawler_sources')
    .values({ name: url.slice(0, 100), url, company_id: company.id, client_id: client.id, item_selector: 'li.job', map_url: 'a.t', map_title: 'a.t' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const lastRun = (sourceId: string) =>
  t.database.db.selectFrom('crawler_runs').select(['status', 'errors', 'imported']).where('source_id', '=', sourceId).orderBy('started_at', 'desc').executeTakeFirstOrThrow();

describe('the job import and addresses inside the network', () => {
  it('fetches nothing from loopback, metadata or private addresses, in any spelling or through a redirect: each run fails and says why', async () => {
    const at = (u: string) => u.replace('PORT', String(internalPort));
    const targets = [
      at('http://127.0.0.1:PORT/jobs'),
      at('http://2130706433:PORT/jobs'),
      at('http://0x7f.0.0.1:PORT/jobs'),
      at('http://localhost.:PORT/jobs'),
      at('http://[::ffff:127.0.0.1]:PORT/jobs'),
      'http://169.254.169.254/latest/meta-data/',
      'http://100.100.100.200/latest/meta-data/',
      'http://metadata.google.internal./computeMetadata/v1/',
      `${siteUrl}/r?to=${encodeURIComponent(at('http://127.0.0.1:PORT/jobs'))}`,
      `${siteUrl}/r?to=${encodeURIComponent(at('http://2130706433:PORT/jobs'))}`,
    ];
    for (const url of targets) {
      reached.length = 0;
      const id = await source(url);
      const r = await runSource(t.database.db, id, { outbound: t.services.outbound, limits: { timeoutMs: 5_000, maxBytes: 100_000 } });
      expect(r, url).toMatchObject({ status: 'failed', imported: 0 });
      expect(r!.errors.map((e) => drawProblem('en', e)).join(' '), url).toMatch(/refused/);
      expect(reached, url).toEqual([]);
      expect(await lastRun(id)).toMatchObject({ status: 'failed', imported: 0 });
    }
    const secret = await t.database.db.selectFrom('jobs').select('id').where('title_ja', '=', '社内の秘密').execute();
    expect(secret).toEqual([]);
  });
});

describe('a hostile page', () => {
  it('is read off the main thread: the run fails with its reason, and /healthz answers every 100 ms probe within 200 ms', async () => {
    const id = await source(`${siteUrl}/hostile`);
    const times: number[] = [];
    let running = true;
    const probing = (async () => {
      while (running) {
        const started = performance.now();
        const res = await fetch(`${t.url}/healthz`);
        await res.text();
        expect(res.status).toBe(200);
        times.push(performance.now() - started);
        await sleep(100);
      }
    })();
    const run = await runSource(t.database.db, id, { outbound: t.services.outbound, limits: { timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024 } });
    // A few more probes after the run, while its worker is ended.
    const after = times.length + 3;
    await until(() => times.length >= after, 'three more probes after the run', 10_000);
    running = false;
    await probing;

    expect(run).toMatchObject({ status: 'failed', imported: 0 });
    expect(drawProblem('en', run!.errors[0]!)).toMatch(/not read, elements nested deeper than 512 levels/);
    const stored = await lastRun(id);
    expect(stored).toMatchObject({ status: 'failed' });
    expect(stored.errors.map((e) => drawProblem('ja', e))).toEqual([expect.stringMatching(/要素の入れ子が512段より深くなっています/)]);
    expect(times.length).toBeGreaterThanOrEqual(4);
    expect(Math.max(...times), `probe times: ${times.map((x) => x.toFixed(0)).join(', ')} ms`).toBeLessThan(200);
  });

  it('stops reading a page at its time and size budgets, with the reason', async () => {
    const map = { url: 'a', title: 'a', title_en: '', description: '', wage: '', prefecture: '', city: '', station: '' };
    const flat = `<ul>${'<li class="job"><a href="/j">job</a></li>'.repeat(10_000)}</ul>`;
    const job = { format: 'html' as const, text: flat, pageUrl: 'https://jobs.example/list', selector: 'li.job', map };
    await expect(extractInWorker(job, { ...DEFAULT_BUDGET, timeMs: 1 })).rejects.toThrow(/not read, reading it took longer than 1 ms/);
    await expect(extractInWorker(job, { ...DEFAULT_BUDGET, maxBytes: 100_000 })).rejects.toThrow(CrawlError);
    await expect(extractInWorker(job, { ...DEFAULT_BUDGET, maxBytes: 100_000 })).rejects.toThrow(/bytes is more than 100000/);
    // Within budget, the same page is read.
    expect((await extractInWorker(job)).jobs).toHaveLength(10_000);
  });
});
