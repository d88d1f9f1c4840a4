/**
 * The job screens of the back office over real HTTP: a company admin publishes a daily
 * job on /v3/admin/jobs/add and adds a week of shifts at once on its record page, and the job is
 * on the public board with its shifts; a bad plan is explained in Japanese and English; client
 * users see and add jobs of their own client only; the second company sees none of the first's;
 * duplicate and close are record actions written to the history; /admin/jobs/list holds the
 * regular and part-time jobs only.
 */
import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { pagesAs } from '../helpers/pages.ts';
import { appForFile, DEMO } from '../helpers/app.ts';
import { clientOf, companyOf, tokyoDay, userId, visaId } from '../helpers/demo-data.ts';
import { dailyJobForm } from '../helpers/job-pages.ts';
import { dateYearText } from '../../shared/format.ts';

const t = appForFile();

const { get, post } = pagesAs(t);
/** Form posts in English (the lang cookie). */
const { post: postEn } = pagesAs(t, 'en');

const db = () => t.database.db;
const jobByTitle = async (title: string) => db().selectFrom('jobs').selectAll().where('title_ja', '=', title).executeTakeFirstOrThrow();

/** Monday to Friday of next week (Japan). */
function nextWeek(): { monday: string; friday: string; days: string[] } {
  const todayDow = new Date(`${tokyoDay(0)}T00:00:00Z`).getUTCDay();
  const toMonday = (8 - todayDow) % 7 || 7;
  const days = [0, 1, 2, 3, 4].map((i) => tokyoDay(toMonday + i));
  return { monday: days[0]!, friday: days[4]!, days };
}

const jobForm = (clientId: string, title: string, extra: Record<string, string | string[]> = {}) => dailyJobForm(t, clientId, title, extra);

/** Mon–Fri of next week × two slots. */
function weekPlan(extra: Record<string, string | string[]> = {}, { monday, friday } = nextWeek()): Record<string, string | string[]> {
  return {
    _action: 'section:addShifts',
    plan_from: monday,
    plan_to: friday,
    plan_weekdays: ['1', '2', '3', '4', '5'],
    plan_slot1_start: '09:00',
    plan_slot1_end: '13:00',
    plan_slot2_start: '14:00',
    plan_slot2_end: '18:00',
    plan_slot3_start: '',
    plan_slot3_end: '',
    plan_capacity: '3',
    plan_break: '30',
    plan_wage: '',
    ...extra,
  };
}

const TITLE = 'ビッグサイト展示会スタッフ';
let jobId = '';

describe('a company admin publishes a daily job with a week of shifts', () => {
  it('creates the job on /v3/admin/jobs/add for one of its clients', async () => {
    const form = await get('/v3/admin/jobs/add', 'company_admin');
    expect(form.status).toBe(200);
    expect(form.html).toContain('<title>日払い求人の登録 | Tsunagu</title>');
    // Its own clients only.
    expect(form.html).toContain('東京フードサービス株式会社');
    expect(form.html).toContain('関東ロジスティクス株式会社');
    expect(form.html).not.toContain('大阪ホテルズ株式会社');

    const clientId = await clientOf(t, DEMO.client_admin);
    const res = await post('/v3/admin/jobs/add', 'company_admin', await jobForm(clientId, TITLE));
    expect(res.status, res.html.slice(0, 400)).toBe(303);
    const job = await jobByTitle(TITLE);
    jobId = job.id;
    expect(res.location).toBe(`/v3/admin/jobs/${job.id}?created=1`);
    expect(job).toMatchObject({ kind: 'daily', status: 'open', client_id: clientId, company_id: await companyOf(t, DEMO.company_admin), wage: 1450, headcount: 6, languages: ['en', 'vi'] });
    expect(job.visa_type_ids).toEqual([Number(await visaId(t, '永住者'))]);

    const page = await get(res.location!, 'company_admin');
    expect(page.status).toBe(200);
    expect(page.html).toContain('登録しました。');
    expect(page.html).toContain('シフトはまだありません。');
    // Shifts come first on a daily job's page, saying the job is not on the public board yet, with a link to its page.
    expect(page.html.indexOf('id="job-shifts"')).toBeLessThan(page.html.indexOf('class="card resource-form"'));
    expect(page.html).toContain('この求人は、今日以降で空きのあるシフトができるまで公開の求人一覧に載りません。');
    expect(page.html).toContain(`href="/daily/${job.id}"`);
    // The history names the client (set once, so not on the form) and the choices in words.
    expect(page.html).toContain('<li>クライアント: 東京フードサービス株式会社</li>');
    expect(page.html).toContain('<li>応募できる在留資格: 永住者</li>');
  });

  it('adds Mon–Fri × 2 slots = 10 shifts in one post, and the same plan again adds none', async () => {
    // Read once: next week turns over at midnight in Japan from Sunday to Monday.
    const week = nextWeek();
    const res = await post(`/v3/admin/jobs/${jobId}`, 'company_admin', weekPlan({}, week));
    expect(res.status, res.html.slice(0, 400)).toBe(303);
    expect(res.location).toBe(`/v3/admin/jobs/${jobId}?shiftsAdded=10&shiftsSkipped=0#job-shifts`);
    const shifts = await db().selectFrom('job_daily_shifts').selectAll().where('job_id', '=', jobId).orderBy('date').orderBy('start_time').execute();
    expect(shifts).toHaveLength(10);
    expect([...new Set(shifts.map((s) => s.date))]).toEqual(week.days);
    expect(shifts.map((s) => s.start_time.slice(0, 5))).toEqual(Array.from({ length: 5 }, () => ['09:00', '14:00']).flat());
    expect(shifts.every((s) => s.capacity === 3 && s.break_minutes === 30 && s.filled === 0 && s.wage === null)).toBe(true);

    const page = await get(res.location!.split('#')[0]!, 'company_admin');
    expect(page.html).toContain('10件のシフトを追加しました。');
    expect(page.html).not.toContain('公開の求人一覧に載りません');
    expect(page.html).toContain(dateYearText(week.monday, 'ja'));
    expect(page.html).toContain('09:00–13:00');
    expect(page.html.match(/<button type="submit" value="section:deleteShift"/g)).toHaveLength(10);
    // The history says so.
    expect(page.html).toMatch(/シフト: — → \+10 \(/);

    const again = await post(`/v3/admin/jobs/${jobId}`, 'company_admin', weekPlan());
    expect(again.location).toBe(`/v3/admin/jobs/${jobId}?shiftsAdded=0&shiftsSkipped=10#job-shifts`);
    expect(await db().selectFrom('job_daily_shifts').select('id').where('job_id', '=', jobId).execute()).toHaveLength(10);
    // A plan overlapping the week adds only the new slots.
    const more = await post(`/v3/admin/jobs/${jobId}`, 'company_admin', weekPlan({ plan_slot3_start: '19:00', plan_slot3_end: '22:00', plan_wage: '1600' }));
    expect(more.location).toBe(`/v3/admin/jobs/${jobId}?shiftsAdded=5&shiftsSkipped=10#job-shifts`);
    const evening = await db().selectFrom('job_daily_shifts').selectAll().where('job_id', '=', jobId).where('start_time', '=', '19:00').execute();
    expect(evening.map((s) => s.wage)).toEqual([1600, 1600, 1600, 1600, 1600]);
  });

  it('is on /daily with its shifts, in Japanese and English', async () => {
    const board = await (await fetch(`${t.url}/daily?size=50&prefecture=${encodeURIComponent('東京都')}`)).text();
    expect(board).toContain(`/daily/${jobId}`);
    const detail = await fetch(`${t.url}/daily/${jobId}`);
    expect(detail.status).toBe(200);
    const html = await detail.text();
    expect(html).toContain(TITLE);
    // Every shift, each with its own pay (the evening slots' is theirs).
    expect(await db().selectFrom('job_daily_shifts').select('id').where('job_id', '=', jobId).execute()).toHaveLength(15);
    for (const slot of ['09:00–13:00', '14:00–18:00', '19:00–22:00']) expect(html.split(`<td>${slot}</td>`).length - 1).toBe(5);
    expect(html.split('<td>¥1,600</td>').length - 1).toBe(5);
    expect(html).toMatch(/<td>\d+月\d+日\(月\)<\/td><td>09:00–13:00<\/td>/);
    const en = await (await fetch(`${t.url}/daily/${jobId}`, { headers: { cookie: 'lang=en' } })).text();
    expect(en).toContain(`${TITLE} (EN)`);
  });

  it('shows the fill rate of upcoming shifts on the v3 list', async () => {
    const list = await get('/v3/admin/jobs/list?size=50', 'company_admin');
    expect(list.status).toBe(200);
    expect(list.html).toContain('充足率（今後のシフト）');
    expect(list.html).toContain('0/45 (0%)');
    // Two seats taken: 2 of 45.
    const first = await db().selectFrom('job_daily_shifts').select('id').where('job_id', '=', jobId).orderBy('date').orderBy('start_time').executeTakeFirstOrThrow();
    await db().updateTable('job_daily_shifts').set({ filled: 2 }).where('id', '=', first.id).execute();
    expect((await get('/v3/admin/jobs/list?size=50', 'company_admin')).html).toContain('2/45 (4%)');
    const page = await get(`/v3/admin/jobs/${jobId}`, 'company_admin');
    expect(page.html).toContain('67%');
    await db().updateTable('job_daily_shifts').set({ filled: 0 }).where('id', '=', first.id).execute();
  });
});

describe('the job lists in English', () => {
  it('show each job’s English title beside its Japanese one, on the part-time and the daily list', async () => {
    const { get: getEn } = pagesAs(t, 'en');
    for (const [path, kind] of [
      ['/admin/jobs/list', 'other'],
      ['/v3/admin/jobs/list', 'daily'],
    ] as const) {
      const job = await db()
        .selectFrom('jobs')
        .select(['title_ja', 'title_en'])
        .where('company_id', '=', await companyOf(t, 'company@demo.test'))
        .where('kind', '=', kind)
        .where('title_en', '!=', '')
        .executeTakeFirstOrThrow();
      const $ = cheerio.load((await getEn(`${path}?size=50`, 'company_admin')).html);
      expect($('thead th').text()).toContain('Title (English)');
      expect(
        $('tbody td')
          .map((_, td) => $(td).text())
          .get(),
      ).toContain(job.title_en);
    }
  });
});

/** The error shown in the form field (`<div class="field…">`) that holds the control named `name`. */
function fieldErrorOf(html: string, name: string): string | undefined {
  const block = html.split(/<(?:div|fieldset) class="field/).find((b) => b.includes(`name="${name}"`));
  return block ? /<p class="field-error"[^>]*>([^<]*)<\/p>/.exec(block)?.[1] : undefined;
}

describe('an empty daily job form', () => {
  it('marks every required field at once, "required" for a blank and "choose one" for a blank choice, and saves nothing', async () => {
    const before = (await db().selectFrom('jobs').select('id').execute()).length;
    const res = await post('/v3/admin/jobs/add', 'company_admin', { _action: 'save', client_id: '', title_ja: '', title_en: '', prefecture: '', wage: '', headcount: '' });
    expect(res.status).toBe(422);
    expect(fieldErrorOf(res.html, 'client_id')).toBe('選択してください。');
    expect(fieldErrorOf(res.html, 'title_ja')).toBe('入力してください。');
    expect(fieldErrorOf(res.html, 'prefecture')).toBe('選択してください。');
    expect(fieldErrorOf(res.html, 'wage')).toBe('入力してください。');
    expect(fieldErrorOf(res.html, 'headcount')).toBe('入力してください。');
    expect((await db().selectFrom('jobs').select('id').execute()).length).toBe(before);
  });
});

describe('a bad plan', () => {
  // One week for the whole test: read twice, it could turn over at midnight in Japan between the post and the check.
  const bad = (week: ReturnType<typeof nextWeek>) =>
    weekPlan({
      plan_from: week.friday,
      plan_to: week.monday,
      plan_weekdays: [],
      plan_slot1_start: '',
      plan_slot1_end: '',
      plan_slot2_start: '',
      plan_slot2_end: '',
      plan_capacity: 'abc',
      plan_break: '30',
    });

  it.each<[lang: string, send: typeof post, messages: string[]]>([
    ['Japanese', post, ['終了日は開始日以降にしてください。', '曜日を1つ以上選んでください。', '時間帯を1つ以上入力してください。', '募集人数は1〜1000で入力してください。']],
    ['English (the lang cookie)', postEn, ['The end date must not be before the start date.', 'Choose at least one weekday.', 'Add at least one time slot.', 'Capacity must be 1 to 1000.']],
  ])('is explained beside each field in %s, keeps what was typed and adds nothing', async (_lang, send, messages) => {
    const before = (await db().selectFrom('job_daily_shifts').select('id').where('job_id', '=', jobId).execute()).length;
    const week = nextWeek();
    const res = await send(`/v3/admin/jobs/${jobId}`, 'company_admin', bad(week));
    expect(res.status).toBe(422);
    for (const message of messages) expect(res.html).toContain(message);
    expect(res.html).toMatch(new RegExp(`name="plan_from"[^>]*value="${week.friday}"`));
    expect(res.html).toMatch(/name="plan_capacity"[^>]*value="abc"/);
    // No weekday stays checked: the defaults are not put back over what was sent.
    expect(res.html).not.toMatch(/name="plan_weekdays" value="\d" checked/);
    expect((await db().selectFrom('job_daily_shifts').select('id').where('job_id', '=', jobId).execute()).length).toBe(before);
  });

  it('refuses a half-filled slot, a start date in the past and a bad break', async () => {
    const res = await post(`/v3/admin/jobs/${jobId}`, 'company_admin', weekPlan({ plan_from: tokyoDay(-3), plan_to: tokyoDay(3), plan_slot1_end: '', plan_break: '-5' }));
    expect(res.status).toBe(422);
    expect(res.html).toContain('開始日は今日以降の日付にしてください。');
    expect(res.html).toContain('時刻は HH:MM で入力してください。');
    expect(res.html).toContain('休憩は0〜240分で入力してください。');
    expect(res.html).toMatch(/name="plan_slot1_start"[^>]*value="09:00"/);
  });
});

describe('deleting a shift', () => {
  it('deletes one nobody applied to, behind a confirmation, and writes the history', async () => {
    const [s] = await db().selectFrom('job_daily_shifts').select(['id', 'date']).where('job_id', '=', jobId).orderBy('date', 'desc').orderBy('start_time', 'desc').limit(1).execute();
    const page = await get(`/v3/admin/jobs/${jobId}`, 'company_admin');
    // The row's button asks first (in the browser, or on the server's page without script: pipeline.test.ts).
    expect(page.html).toMatch(
      new RegExp(
        `<form class="confirm"[^>]*method="post"><input type="hidden" name="_shiftId" value="${s!.id}"/><button type="submit" value="section:deleteShift"[^>]*data-confirm="このシフトを削除しますか？この操作は取り消せません。" name="_asking">削除</button>`,
      ),
    );
    const res = await post(`/v3/admin/jobs/${jobId}`, 'company_admin', { _action: 'section:deleteShift', _shiftId: s!.id });
    expect(res.status).toBe(303);
    expect(res.location).toBe(`/v3/admin/jobs/${jobId}?shiftDeleted=1#job-shifts`);
    expect(await db().selectFrom('job_daily_shifts').select('id').where('id', '=', s!.id).executeTakeFirst()).toBeUndefined();
    const after = await get(`/v3/admin/jobs/${jobId}?shiftDeleted=1`, 'company_admin');
    expect(after.html).toContain('シフトを削除しました。');
    expect(after.html).toMatch(new RegExp(`シフト: ${s!.date} 19:00–22:00 → —`));
  });

  it('refuses a shift with an application', async () => {
    const shift = await db().selectFrom('job_daily_shifts').select('id').where('job_id', '=', jobId).orderBy('date').orderBy('start_time').executeTakeFirstOrThrow();
    const job = await jobByTitle(TITLE);
    await db()
      .insertInto('applications')
      .values({ job_id: jobId, shift_id: shift.id, candidate_id: await userId(t, DEMO.candidate), company_id: job.company_id, client_id: job.client_id })
      .execute();
    const page = await get(`/v3/admin/jobs/${jobId}`, 'company_admin');
    expect(page.html).toContain('応募あり（削除不可）');
    const res = await post(`/v3/admin/jobs/${jobId}`, 'company_admin', { _action: 'section:deleteShift', _shiftId: shift.id });
    expect(res.status).toBe(422);
    expect(res.html).toContain('応募があるシフトは削除できません。');
    expect(await db().selectFrom('job_daily_shifts').select('id').where('id', '=', shift.id).executeTakeFirst()).toBeDefined();
    expect(await db().selectFrom('applications').select('id').where('shift_id', '=', shift.id).execute()).toHaveLength(1);
  });
});

describe('client users', () => {
  it("client@ lists only its own client's daily jobs", async () => {
    const clientId = await clientOf(t, DEMO.client_admin);
    const all = await db().selectFrom('jobs').select(['title_ja', 'client_id']).where('kind', '=', 'daily').execute();
    const mine = all.filter((j) => j.client_id === clientId);
    const others = all.filter((j) => j.client_id !== clientId);
    expect(mine.length).toBeGreaterThanOrEqual(3);
    expect(others.length).toBeGreaterThanOrEqual(3);
    const list = await get('/v3/admin/jobs/list?size=200', 'client_admin');
    expect(list.status).toBe(200);
    for (const j of mine) expect(list.html).toContain(j.title_ja);
    for (const j of others) expect(list.html).not.toContain(j.title_ja);
    // The client column offers its own client only.
    expect(list.html).not.toContain('関東ロジスティクス株式会社');
  });

  it("cannot open another client's job by id", async () => {
    const other = await jobByTitle('倉庫内ピッキング（日払い）');
    expect(other.client_id).not.toBe(await clientOf(t, DEMO.client_admin));
    const page = await get(`/v3/admin/jobs/${other.id}`, 'client_admin');
    expect(page.status).toBe(404);
    expect(page.html).toContain('データが見つかりません');
    expect(page.html).not.toContain('倉庫内ピッキング');
    // Nor add shifts to it.
    const before = (await db().selectFrom('job_daily_shifts').select('id').where('job_id', '=', other.id).execute()).length;
    const res = await post(`/v3/admin/jobs/${other.id}`, 'client_admin', weekPlan());
    expect(res.status).toBe(404);
    expect((await db().selectFrom('job_daily_shifts').select('id').where('job_id', '=', other.id).execute()).length).toBe(before);
  });

  it('cannot create a job for another client, and a job it adds is its own client’s', async () => {
    const otherClient = await db().selectFrom('clients').select('id').where('name', '=', '関東ロジスティクス株式会社').executeTakeFirstOrThrow();
    const refused = await post('/v3/admin/jobs/add', 'client_admin', await jobForm(otherClient.id, 'よその求人'));
    expect(refused.status).toBe(422);
    expect(refused.html).toMatch(/id="client_id-error">選択肢から選んでください。</);
    expect(await db().selectFrom('jobs').select('id').where('title_ja', '=', 'よその求人').executeTakeFirst()).toBeUndefined();

    const form = await get('/v3/admin/jobs/add', 'client_admin');
    // Its one client, chosen already.
    expect(form.html).toMatch(/<option value="[0-9a-f-]{36}" selected="">東京フードサービス株式会社<\/option>/);
    const own = await clientOf(t, DEMO.client_admin);
    const ok = await post('/v3/admin/jobs/add', 'client_admin', await jobForm(own, '自社クライアントの求人', { status: 'draft' }));
    expect(ok.status).toBe(303);
    expect(await jobByTitle('自社クライアントの求人')).toMatchObject({ client_id: own, company_id: await companyOf(t, DEMO.client_admin), kind: 'daily' });
  });

  it('client staff may not add jobs (no fallback: sent to their landing page, SPEC §4) nor post the form', async () => {
    const page = await get('/v3/admin/jobs/add', 'client_staff');
    expect(page.status).toBe(302);
    expect(page.location).toBe('/v3/admin/jobs/list');
    const res = await post('/v3/admin/jobs/add', 'client_staff', await jobForm(await clientOf(t, DEMO.client_staff), 'スタッフの求人'));
    expect(res.status).toBe(403);
    expect(await db().selectFrom('jobs').select('id').where('title_ja', '=', 'スタッフの求人').executeTakeFirst()).toBeUndefined();
    // The list is theirs to read.
    expect((await get('/v3/admin/jobs/list', 'client_staff')).status).toBe(200);
  });
});

describe('the second company', () => {
  it("sees none of Sakura's jobs, on either list or by id", async () => {
    const sakura = await companyOf(t, DEMO.company_admin);
    const theirs = await db().selectFrom('jobs').select(['id', 'title_ja', 'kind']).where('company_id', '=', sakura).execute();
    const mine = await db()
      .selectFrom('jobs')
      .select(['title_ja', 'kind'])
      .where('company_id', '=', await companyOf(t, DEMO.company2))
      .execute();
    expect(mine.length).toBeGreaterThan(0);
    const v3 = await get('/v3/admin/jobs/list?size=200', 'company2');
    const v1 = await get('/admin/jobs/list?size=200', 'company2');
    for (const j of theirs) {
      expect(v3.html).not.toContain(j.title_ja);
      expect(v1.html).not.toContain(j.title_ja);
    }
    for (const j of mine) expect((j.kind === 'daily' ? v3 : v1).html).toContain(j.title_ja);
    const job = theirs.find((j) => j.kind === 'daily')!;
    const page = await get(`/v3/admin/jobs/${job.id}`, 'company2');
    expect(page.status).toBe(404);
    expect(page.html).toContain('データが見つかりません');
    const close = await post(`/v3/admin/jobs/${job.id}`, 'company2', { _action: 'run:close' });
    expect(close.status).toBe(404);
    expect((await db().selectFrom('jobs').select('status').where('id', '=', job.id).executeTakeFirstOrThrow()).status).not.toBe('closed');
  });
});

describe('record actions', () => {
  it('duplicates a job as a draft without shifts, in both histories', async () => {
    const res = await post(`/v3/admin/jobs/${jobId}`, 'company_admin', { _action: 'run:duplicate' });
    expect(res.status).toBe(303);
    expect(res.location).toBe(`/v3/admin/jobs/${jobId}?done=duplicate`);
    const copy = await jobByTitle(`${TITLE}（コピー）`);
    const original = await jobByTitle(TITLE);
    expect(copy).toMatchObject({
      kind: 'daily',
      status: 'draft',
      title_en: `${TITLE} (EN) (copy)`,
      client_id: original.client_id,
      company_id: original.company_id,
      wage: original.wage,
      languages: original.languages,
      visa_type_ids: original.visa_type_ids,
      job_type_id: original.job_type_id,
    });
    expect(await db().selectFrom('job_daily_shifts').select('id').where('job_id', '=', copy.id).execute()).toHaveLength(0);

    const page = await get(res.location!, 'company_admin');
    expect(page.html).toContain('下書きとして複製しました。');
    expect(page.html).toContain(`複製: — → ${TITLE}（コピー） (${copy.id})`);
    const copyPage = await get(`/v3/admin/jobs/${copy.id}`, 'company_admin');
    expect(copyPage.status).toBe(200);
    expect(copyPage.html).toContain('シフトはまだありません。');
    const audit = await db().selectFrom('audit_log').select(['entity', 'entity_id', 'action']).where('entity_id', 'in', [jobId, copy.id]).execute();
    expect(audit).toContainEqual({ entity: 'dailyJob', entity_id: copy.id, action: 'create' });
  });

  it('closes a job: it leaves the public board, takes no more shifts, and the history says who closed it', async () => {
    const res = await post(`/v3/admin/jobs/${jobId}`, 'company_admin', { _action: 'run:close' });
    expect(res.status).toBe(303);
    expect(res.location).toBe(`/v3/admin/jobs/${jobId}?done=close`);
    expect((await jobByTitle(TITLE)).status).toBe('closed');
    const page = await get(res.location!, 'company_admin');
    expect(page.html).toContain('募集を終了しました。');
    expect(page.html).toContain('ステータス: 募集中 → 募集終了');
    expect(page.html).toContain('鈴木 一郎 (Ichiro Suzuki)');
    expect(page.html).toContain('募集終了の求人にはシフトを追加できません。');
    // Closing it again is no longer offered (it could only be refused); duplicating still is.
    expect(page.html).not.toContain('value="run:close"');
    expect(page.html).toContain('value="run:duplicate"');
    expect((await fetch(`${t.url}/daily/${jobId}`)).status).toBe(404);

    const again = await post(`/v3/admin/jobs/${jobId}`, 'company_admin', { _action: 'run:close' });
    expect(again.status).toBe(422);
    expect(again.html).toContain('この求人はすでに募集終了です。');
    const shifts = await post(`/v3/admin/jobs/${jobId}`, 'company_admin', weekPlan({ plan_from: tokyoDay(30), plan_to: tokyoDay(36) }));
    expect(shifts.status).toBe(422);
    expect(shifts.html).toContain('募集終了の求人にはシフトを追加できません。');
  });
});

describe('/admin/jobs/list (regular and part-time jobs)', () => {
  it('shows part-time jobs only, and a daily job is not found on its record route', async () => {
    const sakura = await companyOf(t, DEMO.company_admin);
    const jobs = await db().selectFrom('jobs').select(['id', 'title_ja', 'kind']).where('company_id', '=', sakura).execute();
    const list = await get('/admin/jobs/list?size=200', 'company_admin');
    expect(list.status).toBe(200);
    expect(list.html).toContain('<title>アルバイト求人 | Tsunagu</title>');
    for (const j of jobs) {
      if (j.kind === 'other') expect(list.html).toContain(`href="/admin/jobs/${j.id}"`);
      else expect(list.html).not.toContain(j.title_ja);
    }
    const daily = jobs.find((j) => j.kind === 'daily')!;
    const page = await get(`/admin/jobs/${daily.id}`, 'company_admin');
    expect(page.status).toBe(404);
    expect(page.html).toContain('データが見つかりません');
  });

  it('adds a part-time job through /admin/jobs/add with a publish window, and refuses a window that ends before it starts', async () => {
    const clientId = await clientOf(t, DEMO.client_admin);
    const bad = await post('/admin/jobs/add', 'company_staff', await jobForm(clientId, 'コンビニスタッフ', { publish_from: tokyoDay(10), publish_until: tokyoDay(5) }));
    expect(bad.status).toBe(422);
    expect(bad.html).toContain('公開終了日は公開開始日以降にしてください。');
    const ok = await post('/admin/jobs/add', 'company_staff', await jobForm(clientId, 'コンビニスタッフ', { publish_from: tokyoDay(0), publish_until: tokyoDay(30) }));
    expect(ok.status).toBe(303);
    const job = await jobByTitle('コンビニスタッフ');
    expect(job).toMatchObject({ kind: 'other', publish_from: tokyoDay(0), publish_until: tokyoDay(30) });
    expect(ok.location).toBe(`/admin/jobs/${job.id}?created=1`);
    const page = await get(ok.location!, 'company_staff');
    expect(page.html).toMatch(new RegExp(`name="publish_until"[^>]*value="${tokyoDay(30)}"`));
    // No shifts section on a part-time job.
    expect(page.html).not.toContain('job-shifts');
    expect((await fetch(`${t.url}/part-time/${job.id}`)).status).toBe(200);
  });
});
