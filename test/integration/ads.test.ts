/**
 * Ads (docs/ads.md): a superadmin manages them at /admin/superadmin/ads; the
 * boards show the current ones for their placement and the visitor's language, marked as ads;
 * impressions and clicks are counted in memory and written in one statement per flush; a click
 * redirects only to the ad's own target; a page view runs no query for ads (every statement the
 * pool runs during a view is recorded); a company account never reaches the screen or the API.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInJapan } from '../../server/time.ts';
import { statementLog, type StatementLog } from '../../scripts/statement-log.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { pressButton, sessionOf } from '../helpers/buttons.ts';
import { getPage, postForm } from '../helpers/pages.ts';
import { eventually } from '../helpers/wait.ts';

let t: TestApp;
let site: http.Server;
let siteUrl = '';
/** The statements the app's pool runs (the db's own log, seen from the client side). */
let log: StatementLog;

beforeAll(async () => {
  // Counts are written when the test flushes, not by the 5 s timer in the middle of a measurement.
  // The image site is on loopback: the allow-list (OUTBOUND_ALLOW) lets the app fetch from it.
  t = await startTestApp({ ADS_FLUSH_SECONDS: '0', OUTBOUND_ALLOW: '127.0.0.1' });
  const png = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  site = http.createServer((req, res) => {
    if (req.url === '/banner.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    res.writeHead(200, { 'content-type': 'text/html' }).end('<p>not an image</p>');
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  log = statementLog(t.database.pool);
});
afterAll(async () => {
  site?.closeAllConnections();
  await new Promise((r) => site?.close(r));
  await t?.close();
});

const PATH = '/admin/superadmin/ads';
const today = todayInJapan();
const db = () => t.database.db;
const board = async (path: string, lang: 'ja' | 'en' = 'ja') => {
  const res = await fetch(`${t.url}${path}`, { headers: { cookie: `lang=${lang}` } });
  expect(res.status, path).toBe(200);
  expect(res.headers.getSetCookie(), 'a board sets no cookie').toEqual([]);
  return (await res.text()).replace(/<!-- -->/g, '');
};
const counts = async (id: string) => (await db().selectFrom('ad_counts').select(['impressions', 'clicks']).where('ad_id', '=', id).executeTakeFirst()) ?? { impressions: 0, clicks: 0 };

async function banner(values: { title_ja: string; title_en: string; lang?: 'both' | 'ja' | 'en'; starts_on?: string; ends_on?: string; active?: boolean; placements?: string[] }) {
  const row = await db()
    .insertInto('ads')
    .values({
      name: values.title_en,
      kind: 'banner',
      link_url: 'https://example.test/landing',
      placements: ['daily'],
      lang: 'both',
      starts_on: addDays(today, -1),
      ends_on: addDays(today, 1),
      ...values,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('the screen', () => {
  it('lets a superadmin create a banner whose image is copied to this site, and lists impressions and clicks', async () => {
    const token = await t.tokenOf('superadmin');
    const list = await getPage(t, PATH, token);
    expect(list.status).toBe(200);
    for (const label of ['表示回数', 'クリック数', '日本語教室バナー', 'おすすめ: 宴会スタッフ']) expect(list.html).toContain(label);

    const form = { _action: 'save', name: 'x', kind: 'banner', lang: 'both', placements: 'daily', starts_on: today, ends_on: addDays(today, -1), active: 'on' };
    const script = await postForm(t, `${PATH}?new=1`, token, { ...form, link_url: 'javascript:alert(1)' });
    expect(script.status).toBe(422);
    expect(script.html).toContain('http:// か https:// で始まるURL');
    const bad = await postForm(t, `${PATH}?new=1`, token, { ...form, link_url: '//evil.test/', image_url: `${siteUrl}/page.html` });
    expect(bad.status).toBe(422);
    expect(bad.html).toContain('http:// か https:// で始まるURL');
    const wrong = await postForm(t, `${PATH}?new=1`, token, { ...form, link_url: '/faq', image_url: `${siteUrl}/page.html` });
    expect(wrong.status).toBe(422);
    for (const m of ['このURLは画像ではありません。', '終了日は開始日以降にしてください。', 'バナーの見出しを日本語か英語で入力してください。']) expect(wrong.html).toContain(m);
    // An image inside the network (a metadata service, loopback by another spelling) is never fetched.
    for (const image_url of ['http://169.254.169.254/latest/meta-data/x.png', `${siteUrl.replace('127.0.0.1', 'localhost.')}/banner.png`]) {
      const inside = await postForm(t, `${PATH}?new=1`, token, { ...form, link_url: '/faq', ends_on: today, title_ja: '見出し', image_url });
      expect(inside.status, image_url).toBe(422);
      expect(inside.html, image_url).toContain('画像を取り込めませんでした。URLを確かめてください。');
    }
    const noJob = await postForm(t, `${PATH}?new=1`, token, { ...form, kind: 'featured', ends_on: today });
    expect(noJob.html).toContain('おすすめする求人を選んでください。');

    const created = await postForm(t, `${PATH}?new=1`, token, {
      _action: 'save',
      name: 'Spring campaign',
      kind: 'banner',
      title_ja: '春の登録キャンペーン',
      title_en: 'Spring sign-up campaign',
      body_ja: '今だけ',
      body_en: 'Now only',
      link_url: 'https://example.test/spring',
      image_url: `${siteUrl}/banner.png`,
      lang: 'both',
      placements: ['part_time'],
      starts_on: today,
      ends_on: addDays(today, 30),
      active: 'on',
    });
    expect(created.status, created.html.slice(0, 400)).toBe(303);
    const ad = await db().selectFrom('ads').select(['id', 'image_type']).where('name', '=', 'Spring campaign').executeTakeFirstOrThrow();
    expect(ad.image_type).toBe('image/webp');

    // The board shows one banner a view, taking turns with the demo one.
    let html = '';
    await eventually(async () => {
      html = (await Promise.all([board('/part-time'), board('/part-time')])).join('');
      expect(html).toContain('春の登録キャンペーン');
    });
    const src = html.match(new RegExp(`<img class="ad-banner-image" src="(/ads/image/${ad.id}\\?v=[^"]+)"`))?.[1]?.replace(/&amp;/g, '&');
    expect(src).toBeTruthy();
    const img = await fetch(`${t.url}${src}`);
    expect(img.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await img.arrayBuffer())).metadata()).width).toBe(1200);
  });

  it('refuses an ad that shows nowhere, beside "Where it shows", in Japanese and English', async () => {
    const form = { _action: 'save', name: 'Nowhere', kind: 'banner', title_ja: '見出し', link_url: '/faq', lang: 'both', starts_on: today, ends_on: addDays(today, 7), active: 'on' };
    for (const [lang, said] of [
      ['ja', '表示する場所を1つ以上選んでください。'],
      ['en', 'Choose at least one place where it shows.'],
    ] as const) {
      const refused = await pressButton(t, await sessionOf(t, 'superadmin', lang), `${PATH}?new=1`, 'save', form);
      expect(refused.status).toBe(422);
      expect(refused.html).toContain(said);
    }
    expect(await db().selectFrom('ads').select('id').where('name', '=', 'Nowhere').executeTakeFirst()).toBeUndefined();
    const saved = await pressButton(t, await sessionOf(t, 'superadmin'), `${PATH}?new=1`, 'save', { ...form, placements: 'daily' });
    expect(saved.status, saved.html.slice(0, 300)).toBe(303);
  });

  it('lists an ad never seen with 0 impressions and 0 clicks, and a large count grouped', async () => {
    await banner({ title_ja: '新しい広告', title_en: 'Unseen ad', starts_on: addDays(today, 10), ends_on: addDays(today, 20) });
    const seen = await banner({ title_ja: 'よく見られた広告', title_en: 'Popular ad', starts_on: addDays(today, 10), ends_on: addDays(today, 20) });
    await db().insertInto('ad_counts').values({ ad_id: seen, impressions: 12_345, clicks: 1_002 }).execute();
    const cells = async (name: string) => {
      const list = await getPage(t, `${PATH}?q=${encodeURIComponent(name)}`, await t.tokenOf('superadmin'), 'en');
      return list.html.match(/<td[^>]*data-col="impressions"[^>]*>([^<]*)<\/td><td[^>]*data-col="clicks"[^>]*>([^<]*)<\/td>/)?.slice(1);
    };
    expect(await cells('Unseen ad')).toEqual(['0', '0']);
    expect(await cells('Popular ad')).toEqual(['12,345', '1,002']);
  });

  it('keeps the screen and the API from a user without 220001', async () => {
    for (const who of ['company_admin', 'company2', 'admin'] as const) {
      const res = await getPage(t, PATH, await t.tokenOf(who));
      expect(res.status === 302 || res.status === 404, `${who}: ${res.status}`).toBe(true);
      const list = await t.gql('query { ads { rows { id } total } }', {}, { as: who });
      expect(list.errors?.[0]?.extensions?.code, who).toBe('FORBIDDEN');
      const create = await t.gql(
        'mutation ($input: AdInput!) { createAd(input: $input) { id } }',
        { input: { name: 'x', kind: 'banner', title_ja: 'x', link_url: 'https://example.test/', lang: 'both', placements: ['daily'], starts_on: today, ends_on: today, active: true } },
        { as: who },
      );
      expect(create.errors?.[0]?.extensions?.code, who).toBe('FORBIDDEN');
    }
    expect(await db().selectFrom('ads').select('id').where('name', '=', 'x').execute()).toEqual([]);
  });
});

describe('the boards', () => {
  it('show a current ad on its board in the visitor language, marked as an ad, and nothing outside its period', async () => {
    const now = await banner({ title_ja: '今週のお知らせ', title_en: 'This week only' });
    await banner({ title_ja: '来週の広告', title_en: 'Next week ad', starts_on: addDays(today, 7), ends_on: addDays(today, 14) });
    await banner({ title_ja: '先週の広告', title_en: 'Last week ad', starts_on: addDays(today, -14), ends_on: addDays(today, -1) });
    await banner({ title_ja: '止めた広告', title_en: 'Paused ad', active: false });
    await banner({ title_ja: '英語だけの広告', title_en: 'English-only ad', lang: 'en' });
    // One banner a view, taking turns: enough views show each current one.
    const seen = async (lang: 'ja' | 'en') => (await Promise.all(Array.from({ length: 6 }, () => board('/daily', lang)))).join('\n');
    await eventually(async () => expect(await seen('ja')).toContain('今週のお知らせ'));
    const ja = await seen('ja');
    expect(ja).toContain('<span class="ad-label">広告</span>');
    for (const gone of ['来週の広告', '先週の広告', '止めた広告', '英語だけの広告', 'English-only ad']) expect(ja).not.toContain(gone);
    const en = await seen('en');
    expect(en).toContain('This week only');
    expect(en).toContain('English-only ad');
    expect(en).toContain('<span class="ad-label">Sponsored</span>');
    for (const gone of ['Next week ad', 'Last week ad', 'Paused ad']) expect(en).not.toContain(gone);
    // Not on a board it was not placed on.
    expect(await board('/part-time')).not.toContain('今週のお知らせ');
    expect(ja).toContain(`href="/ads/click/${now}" rel="sponsored nofollow"`);
  });

  it('shows the featured job on the daily board and on daily job pages, in the flow of the page', async () => {
    const featured = await db().selectFrom('ads').innerJoin('jobs', 'jobs.id', 'ads.job_id').select(['ads.id', 'jobs.id as job_id']).where('ads.kind', '=', 'featured').executeTakeFirstOrThrow();
    const html = await board('/daily', 'en');
    expect(html).toMatch(
      new RegExp(
        `<article class="ad-card" aria-labelledby="ad-${featured.id}"><span class="ad-label">Sponsored</span><h3 id="ad-${featured.id}"><a class="ad-link" href="/ads/click/${featured.id}" rel="sponsored nofollow">Banquet staff</a>`,
      ),
    );
    // Not on a search, whose results it may not match, nor on its own job page.
    expect(await board('/daily?q=x', 'en')).not.toContain('Banquet staff');
    expect(await board(`/daily/${featured.job_id}`, 'en')).not.toContain(`/ads/click/${featured.id}`);
    const other = await db().selectFrom('jobs').select('id').where('kind', '=', 'daily').where('status', '=', 'open').where('id', '<>', featured.job_id).executeTakeFirstOrThrow();
    expect(await board(`/daily/${other.id}`, 'ja')).toContain(`<a class="ad-link" href="/ads/click/${featured.id}" rel="sponsored nofollow">宴会スタッフ</a>`);
  });
});

describe('counting', () => {
  it('counts impressions and clicks in memory and writes them with one statement per flush', async () => {
    await t.services.ads.flush();
    const id = await banner({ title_ja: '数える広告', title_en: 'Counted ad', placements: ['part_time_job'] });
    const job = await db().selectFrom('jobs').select('id').where('kind', '=', 'other').where('status', '=', 'open').executeTakeFirstOrThrow();
    await eventually(async () => expect(await board(`/part-time/${job.id}`)).toContain('数える広告'));
    const before = (await counts(id)).impressions;
    await t.services.ads.flush();
    const flushed = Number((await counts(id)).impressions);
    for (let i = 0; i < 5; i++) await board(`/part-time/${job.id}`);
    // A HEAD shows nobody the ad: not counted.
    expect((await fetch(`${t.url}/part-time/${job.id}`, { method: 'HEAD' })).status).toBe(200);
    expect(Number((await counts(id)).impressions), 'not written before the flush').toBe(flushed);

    const click = await fetch(`${t.url}/ads/click/${id}`, { redirect: 'manual' });
    expect(click.status).toBe(302);
    expect(click.headers.get('location')).toBe('https://example.test/landing');
    expect(click.headers.getSetCookie()).toEqual([]);

    const statements = await log.during(() => t.services.ads.flush());
    expect(statements.filter((s) => /ad_counts/.test(s))).toHaveLength(1);
    expect(Number((await counts(id)).impressions)).toBe(flushed + 5);
    expect(Number((await counts(id)).clicks)).toBe(1);
    expect(Number(before)).toBeLessThanOrEqual(flushed);

    const list = await getPage(t, `${PATH}?q=${encodeURIComponent('Counted ad')}`, await t.tokenOf('superadmin'));
    expect(list.html).toMatch(new RegExp(`<td[^>]*data-col="impressions"[^>]*>${flushed + 5}</td><td[^>]*data-col="clicks"[^>]*>1</td>`));
  });

  it('redirects a click only to the ad own target', async () => {
    const featured = await db().selectFrom('ads').select(['id', 'job_id']).where('kind', '=', 'featured').executeTakeFirstOrThrow();
    const go = (path: string) => fetch(`${t.url}${path}`, { redirect: 'manual' });
    const f = await go(`/ads/click/${featured.id}?to=https://evil.test/&url=//evil.test`);
    expect(f.status).toBe(302);
    expect(f.headers.get('location')).toBe(`/daily/${featured.job_id}`);
    for (const path of ['/ads/click/00000000-0000-0000-0000-000000000000', '/ads/click/not-an-id', '/ads/click/https%3A%2F%2Fevil.test']) {
      const r = await go(path);
      expect(r.status, path).toBe(404);
      expect(r.headers.get('location')).toBeNull();
    }
  });
});

describe('the hot path', () => {
  it('runs no query for ads on a page view once the ads are cached', async () => {
    // A job page that has an ad to show: not the featured job itself (its own page leaves its ad out).
    const job = await db()
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', 'daily')
      .where('status', '=', 'open')
      .where((eb) => eb.not(eb.exists(eb.selectFrom('ads').select('ads.id').whereRef('ads.job_id', '=', 'jobs.id'))))
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const pages = ['/daily', `/daily/${job.id}`, '/part-time', '/daily?q=x'];
    for (const p of pages) await board(p);
    const loads = t.services.ads.loads;
    const statements = await log.during(async () => {
      for (const p of pages) expect(await board(p)).toContain('ad-label');
      // A search never made before is not in the board cache: its queries show the pool was watched.
      await board(`/daily?q=${Date.now()}`);
    });
    expect(statements.length, 'the pool was watched').toBeGreaterThan(0);
    expect(statements.filter((s) => /\bads\b|ad_counts/.test(s))).toEqual([]);
    expect(t.services.ads.loads).toBe(loads);
  });

  it('drops the cached ads in every process when an ad changes', async () => {
    const other = await startTestApp({ ADS_FLUSH_SECONDS: '0' }, { database: t.database });
    try {
      const id = await banner({ title_ja: '変わる前', title_en: 'Before', placements: ['daily_job'] });
      const job = await db().selectFrom('jobs').select('id').where('kind', '=', 'daily').where('status', '=', 'open').executeTakeFirstOrThrow();
      const view = async (app: TestApp) => (await (await fetch(`${app.url}/daily/${job.id}`)).text()).replace(/<!-- -->/g, '');
      await eventually(async () => expect(await view(other)).toContain('変わる前'));
      const updated = await t.gql('mutation ($id: ID!, $input: AdInput!) { updateAd(id: $id, input: $input) { id } }', { id, input: { title_ja: '変わった後' } }, { as: 'superadmin' });
      expect(updated.errors).toBeUndefined();
      await eventually(async () => expect(await view(other)).toContain('変わった後'));
    } finally {
      await other.close();
    }
  });
});
