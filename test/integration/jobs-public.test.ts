import { sql } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { appForFile, DEMO, loginToken } from '../helpers/app.ts';
import { companyOf, userId, visaId } from '../helpers/demo-data.ts';
import { loginByPassword } from '../helpers/graphql.ts';
import { candidateLogin, cookieOf, formRequest } from '../helpers/pages.ts';
import { pressButton } from '../helpers/buttons.ts';
import { wroteTable } from '../../server/db/notified-cache.ts';
import { msg } from '../../shared/messages.ts';
import { todayInJapan } from '../../shared/time.ts';
import { dateText } from '../../shared/format.ts';

const t = appForFile();

const db = () => t.database.db;
const get = (path: string, headers: Record<string, string> = {}) => fetch(`${t.url}${path}`, { redirect: 'manual', headers });
const post = (path: string, body: Record<string, string | string[]>, headers: Record<string, string> = {}) => fetch(`${t.url}${path}`, formRequest(body, { origin: t.url, ...headers }));
/** A candidate's session cookie, logged in through /staff/login. */
const candidateSession = async (email = 'candidate@demo.test', password?: string) => (await candidateLogin(t, email, { ...(password ? { password } : {}), next: '/daily' })).token;

async function aDailyJob(skip = 0) {
  return db()
    .selectFrom('jobs')
    .innerJoin('job_daily_shifts as s', 's.job_id', 'jobs.id')
    .select(['jobs.id', 'jobs.title_ja', 'jobs.title_en', 's.id as shiftId', 's.capacity'])
    .where('jobs.kind', '=', 'daily')
    .where('jobs.status', '=', 'open')
    .where(sql<boolean>`cardinality(jobs.visa_type_ids) = 0`)
    .where('s.date', '>', new Date().toISOString().slice(0, 10))
    .orderBy('s.date')
    .orderBy('s.id')
    .offset(skip)
    .executeTakeFirstOrThrow();
}

describe('the public boards', () => {
  it('an anonymous board revalidates by its ETag; a page drawn for a signed-in candidate or staff member is never stored, by any cache', async () => {
    const first = await get('/daily');
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    // As a browser revalidates (fetch would add "cache-control: no-cache", which asks for the page anew).
    expect((await get('/daily', { 'if-none-match': etag!, 'cache-control': 'max-age=0' })).status).toBe(304);

    const token = await candidateSession();
    const mine = await get('/daily', { cookie: `candidate_token=${token}` });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    expect(mine.headers.get('etag')).toBeNull();
    // The whole page arrives, with its length (no ETag is not a cut-short body).
    const html = await mine.text();
    expect(Number(mine.headers.get('content-length'))).toBe(Buffer.byteLength(html));
    expect(html).toMatch(/<\/html>$/);

    const staff = await get('/admin/jobs/list', { cookie: `token=${await t.tokenOf('company_admin')}` });
    expect(staff.status).toBe(200);
    expect(staff.headers.get('cache-control')).toBe('private, no-store');
    expect(staff.headers.get('etag')).toBeNull();
  });

  it('lists at least five open daily and five part-time jobs of the demo companies, never drafts or closed ones', async () => {
    for (const [path, kind] of [
      ['/daily', 'daily'],
      ['/part-time', 'other'],
    ] as const) {
      const html = await (await get(path)).text();
      const ids = [...html.matchAll(new RegExp(`href="${path}/([0-9a-f-]{36})"`, 'g'))].map((m) => m[1]);
      expect(ids.length).toBeGreaterThanOrEqual(5);
      const rows = await db()
        .selectFrom('jobs')
        .select(['id', 'status', 'kind'])
        .where('id', 'in', ids as string[])
        .execute();
      expect(rows.every((r) => r.status === 'open' && r.kind === kind)).toBe(true);
    }
    expect(await (await get('/part-time')).text()).not.toContain('年末イベント設営');
    expect(await (await get('/daily')).text()).not.toContain('棚卸し作業');
  });

  it('speaks English when asked, titles and pay included', async () => {
    const html = await (await get('/daily', { 'accept-language': 'en' })).text();
    expect(html).toContain('Warehouse picking (daily pay)');
    expect(html).toMatch(/Hourly ¥1,300/);
    expect(html).not.toContain('倉庫内ピッキング');
  });

  it('names places in English on English pages, and marks a place that has only its Japanese name', async () => {
    const en = await (await get('/part-time?q=Monzen', { 'accept-language': 'en' })).text();
    // The smaller place first, as an English address says it.
    expect(en).toContain('Koto, Tokyo · Monzen-nakacho Station');
    expect(en).not.toContain('門前仲町駅');
    const job = await db().selectFrom('jobs').select('id').where('station', '=', '門前仲町駅').executeTakeFirstOrThrow();
    const detail = await (await get(`/part-time/${job.id}`, { 'accept-language': 'en' })).text();
    expect(detail).toContain('Monzen-nakacho Station');
    // A job with no English names yet: the Japanese ones, said to be Japanese (only in English).
    await db().updateTable('jobs').set({ city_en: '', station_en: '' }).where('id', '=', job.id).execute();
    const fallback = await (await get('/part-time?q=門前仲町', { 'accept-language': 'en' })).text();
    expect(fallback).toContain('江東区, Tokyo · 門前仲町駅 (name in Japanese)');
    const ja = await (await get('/part-time?q=門前仲町', { 'accept-language': 'ja' })).text();
    expect(ja).toContain('東京都 江東区 門前仲町駅');
    expect(ja).not.toContain('日本語表記');
  });

  it('filters by prefecture, minimum pay, job type and keyword, and sorts by pay', async () => {
    const tokyo = await (await get(`/part-time?prefecture=${encodeURIComponent('東京都')}`)).text();
    expect(tokyo).toContain('カフェスタッフ');
    expect(tokyo).not.toContain('ホテルフロント');
    // A month's pay is compared by what it comes to an hour over the statutory month of 173.8 hours:
    // 240,000 × 84 ÷ 14,600 = 1,380.8 → 1,381 yen; 230,000 → 1,323 yen; the café pays 1,300 an hour.
    const rich = await (await get('/part-time?minWage=1381')).text();
    expect(rich).toContain('ホテルフロント');
    expect(rich).toContain('月給 ¥240,000（時給換算 ¥1,381）');
    expect(rich).not.toContain('介護スタッフ');
    expect(rich).not.toContain('カフェスタッフ');
    expect(await (await get('/part-time?minWage=1382')).text()).not.toContain('ホテルフロント');
    const byWage = await (await get('/daily?sort=wage')).text();
    expect(byWage.indexOf('仕分け作業')).toBeLessThan(byWage.indexOf('ホテル客室清掃'));
    // A day rate is compared by what it comes to an hour over its next open shift: 05:00–10:00 less
    // a 60-minute break is 240 minutes, 9,800 × 60 ÷ 240 = 2,450 yen (not 9,800 against hourly wages).
    const dayRate = await (await get('/daily?minWage=2450', { 'accept-language': 'en' })).text();
    expect(dayRate).toContain('Parcel sorting');
    expect(dayRate).toContain('Daily ¥9,800 (¥2,450 an hour)');
    expect(await (await get('/daily?minWage=2451')).text()).not.toContain('仕分け作業');
    const keyword = await (await get(`/daily?q=${encodeURIComponent('宴会')}`)).text();
    expect(keyword).toContain('宴会スタッフ');
    expect(keyword).not.toContain('ホテル客室清掃');
    const empty = await (await get('/daily?minWage=999999')).text();
    // A search that finds nothing says so, not that no job is open.
    expect(empty).toContain('条件に合う仕事はありません。');
    expect(empty).not.toContain('現在、募集中の日払いの仕事はありません。');
  });

  it('sends a page past the last one (an old link) to the last page of the same search, never a count with no job', async () => {
    const past = await get(`/daily?prefecture=${encodeURIComponent('東京都')}&sort=wage&page=99`);
    expect(past.status).toBe(302);
    expect(past.headers.get('location')).toBe(`/daily?prefecture=${encodeURIComponent('東京都')}&sort=wage&page=1`);
    const landed = await (await get(past.headers.get('location')!)).text();
    expect(landed).toContain('キッチン補助');
    // A search with nothing at all: page 1 says so.
    expect((await get('/part-time?minWage=999999&page=3')).headers.get('location')).toBe('/part-time?minWage=999999&page=1');
  });

  it('filters by visa type: jobs open to every status, or listing that one', async () => {
    const student = await visaId(t, '留学');
    const html = await (await get(`/part-time?visa=${student}`)).text();
    expect(html).toContain('カフェスタッフ');
    expect(html).not.toContain('フォークリフト');
  });

  it('shows a job with its open shifts, schema.org JobPosting data and its own preview text', async () => {
    const job = await aDailyJob();
    const res = await get(`/daily/${job.id}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(job.title_ja);
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!);
    expect(ld).toMatchObject({ '@type': 'JobPosting', title: job.title_ja, employmentType: 'TEMPORARY', baseSalary: { currency: 'JPY' } });
    // Without PUBLIC_URL, the address the request came in on (test/integration/site-url.test.ts: with it).
    expect(ld.url).toBe(`${t.url}/daily/${job.id}`);
    expect(html).toMatch(/<meta property="og:description" content="[^"]+¥/);
    // Not signed in: each shift's apply button leads to the candidate login and back.
    expect(html).toContain(`/staff/login?next=${encodeURIComponent(`/daily/${job.id}`)}`);
    expect(html).toContain('応募する');
    expect((await get(`/part-time/${job.id}`)).status).toBe(404);
    expect((await get('/daily/00000000-0000-0000-0000-000000000000')).status).toBe(404);
  });
});

describe('registering, logging in and applying as a candidate', () => {
  it('registers a foreign staff member, with field errors in the page language and nothing typed lost', async () => {
    const visa = await visaId(t, '特定技能1号');
    const bad = await post(
      '/staff/register',
      { _action: 'register', name: 'Tran Thi Hoa', email: 'not-an-email', password: 'short', nationality: '', visa_type_id: visa, visa_expiry: '2020-01-01', languages: ['vi', 'en'] },
      { cookie: 'lang=en' },
    );
    expect(bad.status).toBe(422);
    const html = await bad.text();
    expect(html).toContain('Enter a valid email address.');
    expect(html).toContain('Use at least 8 characters.');
    expect(html).toContain('This residence permit has expired.');
    expect(html).toContain('value="Tran Thi Hoa"');
    expect(html).toMatch(/checked="" value="vi"/);

    const ok = await post('/staff/register', {
      _action: 'register',
      name: 'Tran Thi Hoa',
      email: 'hoa@example.test',
      password: 'correct horse',
      phone: '080-1234-5678',
      nationality: 'VN',
      visa_type_id: visa,
      visa_expiry: '2030-04-01',
      languages: ['vi', 'en'],
    });
    // Signed in at once (the candidate's own cookie) and sent on to their applications, which say
    // they are registered and what comes next.
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/staff/applications?registered=1');
    expect(cookieOf(ok, 'candidate_token')).toBeTruthy();
    const landed = await (await get(ok.headers.get('location')!, { cookie: `candidate_token=${cookieOf(ok, 'candidate_token')}` })).text();
    expect(landed).toContain('登録が完了しました。仕事を探して応募してください。最初のシフトの前に、「在留カード」のページからカードの写真を送ってください。');
    expect(await (await get('/staff/applications', { cookie: `candidate_token=${cookieOf(ok, 'candidate_token')}` })).text()).not.toContain('登録が完了しました');
    const again = await post('/staff/register', {
      _action: 'register',
      name: 'X',
      email: 'HOA@example.test',
      password: 'correct horse',
      nationality: 'VN',
      visa_type_id: visa,
      visa_expiry: '2030-04-01',
    });
    expect(again.status).toBe(422);
    expect(await again.text()).toContain('このメールアドレスはすでに登録されています。');
    const session = await candidateSession('hoa@example.test', 'correct horse');
    expect(session).toBeTruthy();
  });

  it("asks nationality as a country, named in the reader's language, keeps it through an error, and refuses a value that is not a country in both languages", async () => {
    const typed = { name: 'Le Van Nam', password: 'correct horse', visa_type_id: await visaId(t, '永住者'), visa_expiry: '2031-04-01' };
    for (const [lang, vietnam, nepal] of [
      ['ja', 'ベトナム', 'ネパール'],
      ['en', 'Vietnam', 'Nepal'],
    ] as const) {
      const visitor = { who: 'visitor', cookie: `lang=${lang}` };
      const form = await (await get('/staff/register', { cookie: `lang=${lang}` })).text();
      expect(form, lang).toMatch(/<select[^>]*name="nationality"/);
      expect(form, lang).not.toMatch(/<input[^>]*name="nationality"/);
      expect(form, lang).toContain(`<option value="VN">${vietnam}</option>`);
      expect(form, lang).toContain(`<option value="NP">${nepal}</option>`);
      // A value the select does not offer (an old free text, a made-up code) is refused beside the field, in the page's language.
      for (const nationality of ['Atlantis', 'XX']) {
        const refused = await pressButton(t, visitor, '/staff/register', 'register', { ...typed, email: `nam.${lang}@example.test`, nationality });
        expect(refused.status, `${lang} ${nationality}`).toBe(422);
        expect(refused.html).toMatch(new RegExp(`id="nationality-error"[^>]*>${msg(lang, 'candidate.nationalityUnknown')}<`));
        expect(refused.html).toContain('value="Le Van Nam"');
      }
      // The country chosen stays chosen when something else is refused.
      const kept = await pressButton(t, visitor, '/staff/register', 'register', { ...typed, email: 'not-an-email', nationality: 'VN' });
      expect(kept.status).toBe(422);
      expect(kept.html).toContain(`<option value="VN" selected="">${vietnam}</option>`);
      expect(kept.html).not.toContain('id="nationality-error"');
    }
    const ok = await pressButton(t, { who: 'visitor', cookie: 'lang=en' }, '/staff/register', 'register', { ...typed, email: 'nam@example.test', nationality: 'VN' });
    expect(ok.status).toBe(303);
    const stored = await db()
      .selectFrom('candidate_profiles as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select('p.nationality')
      .where('u.email', '=', 'nam@example.test')
      .executeTakeFirstOrThrow();
    expect(stored.nationality).toBe('VN');
  });

  it('a new candidate applies before their residence card is checked; the job page and registration say the check comes before the first shift', async () => {
    const job = await aDailyJob(3);
    for (const [lang, text, link] of [
      ['ja', '最初のシフトの前に、在留カードの確認が必要です', '在留カードをアップロードする'],
      ['en', 'Your residence card must be checked before your first shift', 'Upload your residence card'],
    ] as const) {
      for (const path of [`/daily/${job.id}`, '/staff/register']) {
        const html = await (await get(path, { cookie: `lang=${lang}` })).text();
        expect(html, `${path} (${lang})`).toContain(text);
        expect(html, `${path} (${lang})`).toContain(`<a href="/staff/card">${link}</a>`);
      }
    }
    const visa = await visaId(t, '永住者');
    // Registering from the job's page (its login link's `next`) comes back to the job, which says so.
    const reg = await post('/staff/register', {
      _action: 'register',
      next: `/daily/${job.id}`,
      name: 'Maria Santos',
      email: 'maria.new@example.test',
      password: 'correct horse',
      nationality: 'PH',
      visa_type_id: visa,
      visa_expiry: '2031-04-01',
    });
    expect(reg.status).toBe(303);
    const token = cookieOf(reg, 'candidate_token')!;
    expect(reg.headers.get('location')).toBe(`/daily/${job.id}?registered=1`);
    expect(await (await get(reg.headers.get('location')!, { cookie: `candidate_token=${token}; lang=en` })).text()).toContain('You are registered and signed in: you can apply now.');
    expect(
      (
        await db()
          .selectFrom('candidate_profiles as p')
          .innerJoin('users as u', 'u.id', 'p.user_id')
          .select('p.card_verified')
          .where('u.email', '=', 'maria.new@example.test')
          .executeTakeFirstOrThrow()
      ).card_verified,
    ).toBe(false);
    const res = await post(`/daily/${job.id}`, { _action: 'apply', shift_id: job.shiftId }, { cookie: `candidate_token=${token}; lang=en` });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/daily/${job.id}?applied=1`);
    const page = await (await get(res.headers.get('location')!, { cookie: `candidate_token=${token}; lang=en` })).text();
    expect(page).toContain('You have applied.');
    expect(page).toContain('Your residence card must be checked before your first shift');
  });

  it('applies to a shift once, and the application reaches the company with a conversation and a notification', async () => {
    const job = await aDailyJob();
    const token = await candidateSession();
    // The demo data may hold others on the same shift, depending on the day: the seat taken is counted from here.
    const before = (await db().selectFrom('job_daily_shifts').select('filled').where('id', '=', job.shiftId).executeTakeFirstOrThrow()).filled;
    // Post, redirect, get: the job page says it, and a refresh never applies twice.
    const res = await post(`/daily/${job.id}`, { _action: 'apply', shift_id: job.shiftId }, { cookie: `candidate_token=${token}` });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/daily/${job.id}?applied=1`);
    expect(await (await get(res.headers.get('location')!, { cookie: `candidate_token=${token}` })).text()).toContain('応募しました。');
    const twice = await post(`/daily/${job.id}`, { _action: 'apply', shift_id: job.shiftId }, { cookie: `candidate_token=${token}` });
    expect(twice.status).toBe(409);
    expect(await twice.text()).toContain('すでに応募しています');

    // The application just made (the demo data may hold others on the same shift, depending on the day).
    const app = await db().selectFrom('applications').selectAll().where('job_id', '=', job.id).where('shift_id', '=', job.shiftId).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    const conv = await db().selectFrom('conversations').selectAll().where('application_id', '=', app.id).executeTakeFirstOrThrow();
    expect(conv).toMatchObject({ shift_id: job.shiftId, job_id: job.id, type: 1, company_id: app.company_id });
    const shift = await db().selectFrom('job_daily_shifts').select('filled').where('id', '=', job.shiftId).executeTakeFirstOrThrow();
    expect(shift.filled).toBe(before + 1);

    // The company that owns the job sees it in its candidate list; the other company does not.
    const owner = await db().selectFrom('users').select('email').where('company_id', '=', app.company_id).where('role', '=', 'company_admin').executeTakeFirstOrThrow();
    const other = owner.email === 'company@demo.test' ? 'company2' : 'company_admin';
    const ownerToken = await t.login(owner.email === 'company@demo.test' ? 'company_admin' : 'company2');
    const list = await (await get('/admin/candidate', { cookie: `token=${ownerToken}` })).text();
    expect(list).toContain('Nguyen Van An');
    expect(list).toContain(job.title_ja);
    const otherList = await (await get('/admin/candidate', { cookie: `token=${await t.login(other)}` })).text();
    expect(otherList).not.toContain(job.title_ja);
    const notes = await t.gql('{ notifications(type: 1, size: 5) { data { title } } }', {}, ownerToken);
    expect(notes.data.notifications.data[0].title).toContain(job.title_ja);

    const mine = await (await get('/staff/applications', { cookie: `candidate_token=${token}` })).text();
    expect(mine).toContain(job.title_ja);
  });

  it('what a candidate writes to the company when applying opens the application’s chat, where staff read and answer it', async () => {
    const company = await companyOf(t, DEMO.company_admin);
    const job = await db()
      .selectFrom('jobs')
      .select(['id', 'title_ja'])
      .where('kind', '=', 'other')
      .where('status', '=', 'open')
      .where('company_id', '=', company)
      .where(sql<boolean>`cardinality(visa_type_ids) = 0`)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const candidate = { who: 'candidate', cookie: `candidate_token=${await candidateSession()}` };
    const note = '来週の月曜日から働けます。Can start next Monday.';
    const res = await pressButton(t, candidate, `/part-time/${job.id}`, 'apply', { message: note });
    expect(res.status).toBe(303);

    const app = await db()
      .selectFrom('applications')
      .select('id')
      .where('job_id', '=', job.id)
      .where('candidate_id', '=', await userId(t, DEMO.candidate))
      .executeTakeFirstOrThrow();
    const conv = await db().selectFrom('conversations').select('id').where('application_id', '=', app.id).executeTakeFirstOrThrow();
    const sent = await db().selectFrom('messages').select(['sender_role', 'content']).where('conversation_id', '=', conv.id).execute();
    expect(sent).toEqual([{ sender_role: 'candidate', content: note }]);
    // The company's staff read it on the applicant record, among the conversation's messages.
    const record = await (await get(`/admin/candidate/${app.id}`, { cookie: `token=${await t.tokenOf('company_admin')}` })).text();
    expect(record).toContain(note);
  });

  it('never gives the last seat twice: many candidates applying at once fill the shift exactly', async () => {
    const job = await aDailyJob();
    const shift = await db()
      .insertInto('job_daily_shifts')
      .values({ job_id: job.id, date: '2099-12-31', start_time: '08:00', end_time: '12:00', capacity: 3 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const visa = await visaId(t, '永住者');
    const tokens = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const email = `race${i}@example.test`;
        const r = await t.gql('mutation ($input: CandidateRegistrationInput!) { registerCandidate(input: $input) }', {
          input: { name: `Racer ${i}`, email, password: 'racing-pass', nationality: 'BR', visa_type_id: Number(visa), visa_expiry: '2100-01-01' },
        });
        expect(r.errors).toBeUndefined();
        // Staff checked their residence cards: only then may anyone take a shift (docs/workforce.md).
        await db()
          .updateTable('candidate_profiles')
          .set({ card_verified: true })
          .where('user_id', '=', r.data!.registerCandidate as string)
          .execute();
        return loginByPassword(t.url, email, 'racing-pass');
      }),
    );
    const results = await Promise.all(tokens.map((tok) => t.gql('mutation ($j: ID!, $s: ID) { applyToJob(jobId: $j, shiftId: $s) { applicationId } }', { j: job.id, s: shift.id }, tok)));
    const won = results.filter((r) => r.data?.applyToJob);
    const full = results.filter((r) => r.errors?.[0]?.extensions?.reason === 'full');
    expect(won).toHaveLength(3);
    expect(full).toHaveLength(9);
    const after = await db().selectFrom('job_daily_shifts').select(['filled', 'capacity']).where('id', '=', shift.id).executeTakeFirstOrThrow();
    expect(after).toEqual({ filled: 3, capacity: 3 });
    const apps = await db().selectFrom('applications').select('id').where('shift_id', '=', shift.id).execute();
    expect(apps).toHaveLength(3);
  });

  it('refuses a job the candidate’s residence status does not allow, and a closed job', async () => {
    const restricted =
      (await db().selectFrom('jobs').select('id').where('title_ja', '=', 'フォークリフト').executeTakeFirst()) ??
      (await db().selectFrom('jobs').select('id').where('title_ja', 'like', '物流センター%').executeTakeFirstOrThrow());
    // Maria Santos (demo) is a student (留学): the forklift job does not take that status.
    expect(
      (
        await db()
          .selectFrom('candidate_profiles as p')
          .innerJoin('users as u', 'u.id', 'p.user_id')
          .innerJoin('visa_types as v', 'v.id', 'p.visa_type_id')
          .select('v.ja')
          .where('u.email', '=', 'candidate2@demo.test')
          .executeTakeFirstOrThrow()
      ).ja,
    ).toBe('留学');
    const token = await candidateSession('candidate2@demo.test');
    const res = await post(`/part-time/${restricted.id}`, { _action: 'apply', message: 'よろしくお願いします' }, { cookie: `candidate_token=${token}`, 'accept-language': 'en' });
    // A rule of the work, not a page they may not open: 409 with the reason.
    expect(res.status).toBe(409);
    expect(await res.text()).toContain('Your residence status does not allow this job.');
    const closed = await db().selectFrom('jobs').select('id').where('status', '=', 'closed').executeTakeFirstOrThrow();
    const r = await t.gql('mutation ($j: ID!) { applyToJob(jobId: $j) { applicationId } }', { j: closed.id }, await loginToken(t.url, 'candidate2@demo.test'));
    expect(r.errors?.[0]?.extensions?.reason).toBe('closed');
  });

  it('takes nobody new on a shift that has started today', async () => {
    const job = await aDailyJob();
    // Today in Japan from 00:00: whatever the hour now, it has started.
    const shift = await db()
      .insertInto('job_daily_shifts')
      .values({ job_id: job.id, date: todayInJapan(), start_time: '00:00', end_time: '23:59', break_minutes: 60, capacity: 3 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const r = await t.gql('mutation ($j: ID!, $s: ID) { applyToJob(jobId: $j, shiftId: $s) { applicationId } }', { j: job.id, s: shift.id }, await loginToken(t.url, 'candidate@demo.test'));
    expect(r.errors?.[0]?.extensions?.reason).toBe('closed');
    expect(await db().selectFrom('applications').select('id').where('shift_id', '=', shift.id).execute()).toEqual([]);
    // Nor does the job's page offer it: no apply button that could only be refused.
    wroteTable(db(), 'job_daily_shifts');
    const page = await (await get(`/daily/${job.id}`, { cookie: `candidate_token=${await candidateSession()}` })).text();
    expect(page).toContain('class="shift-table"');
    expect(page).not.toContain(`value="${shift.id}"`);
    // Nor does the board's card give today as its next date once today's open shifts have all started
    // (the job's other shifts today are full); it gives the next open date after today.
    const today = todayInJapan();
    await db().updateTable('job_daily_shifts').set({ filled: sql`capacity` }).where('job_id', '=', job.id).where('date', '=', today).where('id', '!=', shift.id).execute();
    wroteTable(db(), 'job_daily_shifts');
    const next = await db()
      .selectFrom('job_daily_shifts')
      .select((eb) => eb.fn.min('date').as('date'))
      .where('job_id', '=', job.id)
      .whereRef('filled', '<', 'capacity')
      .where('date', '>', today)
      .executeTakeFirstOrThrow();
    const board = await (await get(`/daily?q=${encodeURIComponent(job.title_ja!)}`)).text();
    const card = board.slice(board.indexOf(`/daily/${job.id}`) - 600, board.indexOf(`/daily/${job.id}`) + 600);
    expect(card).toContain(dateText(next.date!, 'ja'));
    expect(card).not.toContain(dateText(today, 'ja'));
  });

  it('sends a visitor who is not signed in to the candidate login, and back to the job after it', async () => {
    const job = await aDailyJob();
    const res = await post(`/daily/${job.id}`, { _action: 'apply', shift_id: job.shiftId });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/staff/login?next=${encodeURIComponent(`/daily/${job.id}`)}`);
    const login = await post('/staff/login', { email: 'candidate3@demo.test', password: inject('demoPassword'), next: `/daily/${job.id}` });
    expect(login.headers.get('location')).toBe(`/daily/${job.id}`);
    // A back-office account cannot sign in as a candidate.
    const staff = await post('/staff/login', { email: 'company@demo.test', password: inject('demoPassword'), next: '/daily' });
    expect(staff.status).toBe(401);
    expect(cookieOf(staff, 'candidate_token')).toBeUndefined();
  });

  it('logs a candidate out for real: the old token stops working', async () => {
    const token = await candidateSession('candidate3@demo.test');
    const out = await post('/staff/logout', {}, { cookie: `candidate_token=${token}` });
    expect(out.status).toBe(303);
    const me = await t.gql('{ me { email } }', {}, token);
    expect(me.data.me).toBeNull();
  });

  it('keeps a signed-in candidate on the public site (the back-office redirect is not for candidates)', async () => {
    const token = await candidateSession();
    const res = await get('/daily', { cookie: `candidate_token=${token}` });
    expect(res.status).toBe(200);
    expect((await get('/admin/candidate', { cookie: `candidate_token=${token}` })).status).toBe(302);
  });
});
