/**
 * /admin/superadmin/crawler over HTTP: a superadmin adds a source for a job site on loopback, runs
 * it from the record page and reads the history; the drafts are on the company's part-time list;
 * an admin (no 210001 by default) and a company never reach the page or the history.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateTimeText } from '../../shared/format.ts';
import { getPage, postForm } from '../helpers/pages.ts';
import { startTestApp, type DemoLogin, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let site: http.Server;
let siteUrl = '';
const tokens = new Map<DemoLogin, string>();
const tokenOf = async (who: DemoLogin) => tokens.get(who) ?? tokens.set(who, await t.login(who)).get(who)!;

beforeAll(async () => {
  // The job site is on loopback: the allow-list (OUTBOUND_ALLOW) lets the import reach it.
  t = await startTestApp({ OUTBOUND_ALLOW: '127.0.0.1' });
  site = http.createServer((req, res) => {
    if (req.url === '/robots.txt') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<ul><li class="job"><a class="t" href="/j/1">イベント設営スタッフ</a><b>日給12,000円</b></li><li class="job"><a class="t" href="/j/2">配送助手</a><b>時給1,250円</b></li></ul>');
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/list`;
});
afterAll(async () => {
  site?.closeAllConnections();
  await new Promise((r) => site?.close(r));
  await t?.close();
});

const PATH = '/admin/superadmin/crawler';

describe(`GET and POST ${PATH}`, () => {
  it('lets a superadmin add a source, run it now and read what it imported', async () => {
    const token = await tokenOf('superadmin');
    const form = await getPage(t, `${PATH}?new=1`, token);
    expect(form.status).toBe(200);
    const company = await t.database.db.selectFrom('companies').select('id').where('name', 'like', 'さくら%').executeTakeFirstOrThrow();
    const client = await t.database.db.selectFrom('clients').select('id').where('company_id', '=', company.id).orderBy('name').executeTakeFirstOrThrow();
    const created = await postForm(t, `${PATH}?new=1`, token, {
      _action: 'save',
      name: 'Loopback jobs',
      url: siteUrl,
      format: 'html',
      job_kind: 'other',
      company_id: company.id,
      client_id: client.id,
      item_selector: 'li.job',
      map_title: 'a.t',
      map_url: 'a.t',
      map_wage: 'b',
      schedule_minutes: '1440',
    });
    expect(created.status, created.html.slice(0, 300)).toBe(303);
    const record = created.location!;
    expect(record).toMatch(/^\/admin\/superadmin\/crawler\?id=/);
    const page = await getPage(t, record, token);
    expect(page.html).toContain('まだ取り込んでいません。');
    expect(page.html).toContain('今すぐ取り込む');

    const run = await postForm(t, record.split('&')[0]!, token, { _action: 'run:run' });
    expect(run.status).toBe(303);
    const after = await getPage(t, run.location!, token);
    expect(after.html).toContain('取り込みが終わりました。');
    expect(after.html).toMatch(/<span class="badge badge-success">完了<\/span><\/td><td class="num" data-col="found">2<\/td><td class="num" data-col="imported">2<\/td>/);
    // The sources list says how the last run went in the reader's language.
    // When it ran is written as the pages write an instant, never as 2026-11-30 11:47.
    const { started_at } = await t.database.db.selectFrom('crawler_runs').select('started_at').orderBy('started_at', 'desc').executeTakeFirstOrThrow();
    expect((await getPage(t, PATH, token, 'ja')).html).toContain(`完了 · 新規2件 / 更新0件 / 変更なし0件 · ${dateTimeText(started_at, 'ja')}`);
    expect((await getPage(t, PATH, token, 'en')).html).toContain(`Done · 2 new / 0 updated / 0 skipped · ${dateTimeText(started_at, 'en')}`);

    // The drafts are the company's, on its part-time list.
    const list = await getPage(t, '/admin/jobs/list?q=' + encodeURIComponent('配送助手'), await tokenOf('company_admin'));
    expect(list.html).toContain('配送助手');
    const job = await t.database.db.selectFrom('jobs').select(['status', 'wage', 'company_id']).where('title_ja', '=', 'イベント設営スタッフ').executeTakeFirstOrThrow();
    expect(job).toEqual({ status: 'draft', wage: 12000, company_id: company.id });
  });

  it("a failed run's notice opens that source's page, where the run and its reason are", async () => {
    const token = await tokenOf('superadmin');
    const company = await t.database.db.selectFrom('companies').select('id').where('name', 'like', 'さくら%').executeTakeFirstOrThrow();
    const name = 'Unreachable jobs';
    const created = await postForm(t, `${PATH}?new=1`, token, {
      _action: 'save',
      name,
      // Nothing listens on port 1: robots.txt cannot be read, so the run fails.
      url: 'http://127.0.0.1:1/list',
      format: 'html',
      job_kind: 'other',
      company_id: company.id,
      client_id: (await t.database.db.selectFrom('clients').select('id').where('company_id', '=', company.id).orderBy('name').executeTakeFirstOrThrow()).id,
      item_selector: 'li.job',
      map_title: 'a.t',
      map_url: 'a.t',
      schedule_minutes: '1440',
    });
    expect(created.status, /field-error[^>]*>([^<]*)/.exec(created.html)?.[1]).toBe(303);
    const record = created.location!.split('&')[0]!;
    expect((await postForm(t, record, token, { _action: 'run:run' })).status).toBe(303);
    const bell = await t.gql('{ notifications(type: 1, current: 1, size: 50) { data { title body link } } }', {}, token);
    const notice = (bell.data.notifications.data as { title: string; body: string; link: string }[]).find((n) => n.title.includes(name));
    expect(notice?.link).toBe(record);
    // The run's reason, in the reader's language: robots.txt could not be read, so nothing is allowed.
    const reason = { ja: 'robots.txt が http://127.0.0.1:1/list の取得を許可していません', en: 'robots.txt does not allow http://127.0.0.1:1/list' };
    expect(notice?.body).toBe(reason.ja);
    const opened = await getPage(t, notice!.link, token);
    expect(opened.status).toBe(200);
    expect(opened.html).toContain(reason.ja);
    expect(opened.html).not.toContain(reason.en);
    const english = await getPage(t, notice!.link, token, 'en');
    expect(english.html).toContain(reason.en);
    expect(english.html).not.toContain(reason.ja);
    const bellEn = await t.gql('{ notifications(type: 1, current: 1, size: 50) { data { title body } } }', {}, { token, headers: { cookie: 'lang=en' } });
    expect((bellEn.data.notifications.data as { title: string; body: string }[]).find((n) => n.title.includes(name))?.body).toBe(reason.en);
  });

  it('still shows a run logged before problems were kept by key, as it was written', async () => {
    const token = await tokenOf('superadmin');
    const source = await t.database.db.selectFrom('crawler_sources').select('id').where('name', '=', 'Unreachable jobs').executeTakeFirstOrThrow();
    const older = 'https://old.example/list: no answer within 10000 ms';
    await t.database.db
      .insertInto('crawler_runs')
      .values({ source_id: source.id, started_at: new Date(Date.now() - 86_400_000), finished_at: new Date(Date.now() - 86_400_000), status: 'failed', errors: JSON.stringify([older]) })
      .execute();
    for (const lang of ['ja', 'en'] as const) {
      const page = await getPage(t, `${PATH}?id=${source.id}`, token, lang);
      expect(page.html, lang).toContain(older);
    }
  });

  it('keeps the page and the history from an admin without the code and from a company', async () => {
    for (const who of ['admin', 'company_admin', 'company2'] as const) {
      const res = await getPage(t, PATH, await tokenOf(who));
      expect(res.status === 302 || res.status === 404, `${who}: ${res.status}`).toBe(true);
      const source = await t.database.db.selectFrom('crawler_sources').select('id').executeTakeFirstOrThrow();
      const r = await fetch(`${t.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${await tokenOf(who)}` },
        body: JSON.stringify({ query: 'query ($id: ID!) { crawlerRuns(sourceId: $id) { id } }', variables: { id: source.id } }),
      });
      expect((await r.json()).errors?.[0]?.extensions?.code, who).toBe('FORBIDDEN');
    }
  });
});
