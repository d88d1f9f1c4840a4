/**
 * The pipeline's one status model (docs/pipeline.md): an application's place is its
 * node in the company's candidate-status tree, a new one starts at the root whatever path made it,
 * and the candidate confirms a shift (kakunin → shukkin) from /staff/applications.
 */
import * as cheerio from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { pressButton, sessionOf } from '../helpers/buttons.ts';
import { candidateLogin, formRequest, getPage, text } from '../helpers/pages.ts';
import { addDays, todayInJapan } from '../../shared/time.ts';
import { timeText } from '../../shared/format.ts';
import { companyOf, statusIds, tokyoDay } from '../helpers/demo-data.ts';
import { prefectureName } from '../../server/modules/jobs/prefectures.ts';

let t: TestApp;
const db = () => t.database.db;
let companyId: string;
let S: Record<'Applied' | 'Offer' | 'Work confirmation' | 'Attendance' | 'Rejected', string>;

beforeAll(async () => {
  t = await startTestApp();
  companyId = await companyOf(t, 'company@demo.test');
  S = await statusIds(t, companyId);
});
afterAll(() => t?.close());

/** A demo candidate's applications to Sakura Staffing. */
async function applicationsOf(email: string) {
  return db()
    .selectFrom('applications as a')
    .innerJoin('users as u', 'u.id', 'a.candidate_id')
    .select(['a.id', 'a.candidate_status_id', 'a.company_id'])
    .where('u.email', '=', email)
    .where('a.company_id', '=', companyId)
    .execute();
}

/** Puts an application at a pipeline status in the database: where a test starts, or back where it was. */
const setStatus = (id: string, status: string) => db().updateTable('applications').set({ candidate_status_id: status }).where('id', '=', id).execute();

/** candidate2@'s first application to Sakura Staffing, put at `status` first. */
async function candidate2At(status: string) {
  const [app] = await applicationsOf('candidate2@demo.test');
  await setStatus(app!.id, status);
  return app!;
}

const post = (path: string, cookie: string, fields: Record<string, string>) => fetch(`${t.url}${path}`, formRequest(fields, { origin: t.url, cookie }));
const get = (path: string, cookie: string, lang = 'en') => fetch(`${t.url}${path}`, { redirect: 'manual', headers: { cookie, 'accept-language': lang } });

describe('one status model', () => {
  it('starts a new application at the root of the company’s tree, whatever path inserts it', async () => {
    const job = await db().selectFrom('jobs').select(['id', 'client_id']).where('company_id', '=', companyId).where('kind', '=', 'other').executeTakeFirstOrThrow();
    const person = await db()
      .insertInto('users')
      .values({ email: `p-${Date.now()}@example.test`, name: 'New Person', role: 'candidate', password_hash: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const app = await db()
      .insertInto('applications')
      .values({ job_id: job.id, candidate_id: person.id, company_id: companyId, client_id: job.client_id })
      .returning('candidate_status_id')
      .executeTakeFirstOrThrow();
    expect(app.candidate_status_id).toBe(S.Applied);
  });

  it('keeps a status that applications are in: deleting it is refused with a reason, in the user’s language', async () => {
    await expect(db().deleteFrom('candidate_statuses').where('id', '=', S.Applied).execute()).rejects.toThrow(/foreign key/);
    const r = await t.gql('mutation($id: ID!) { deleteCandidateStatus(id: $id) }', { id: S.Applied }, { as: 'company_admin' });
    expect(r.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(r.errors?.[0]?.extensions?.fields).toEqual({ _: expect.stringContaining('使用中のため削除できません') });
    expect(await db().selectFrom('candidate_statuses').select('id').where('id', '=', S.Applied).executeTakeFirst()).toBeDefined();
  });
});

describe('kakunin from the candidate’s phone', () => {
  it('shows the confirm button only on an application waiting for it, and confirming moves it to shukkin with a notice', async () => {
    const [app] = await applicationsOf('candidate2@demo.test');
    expect(app).toBeDefined();
    const { token } = await candidateLogin(t, 'candidate2@demo.test');
    const cookie = `candidate_token=${token}`;
    const before = await (await get('/staff/applications', cookie)).text();
    expect(before).not.toContain(`name="application" value="${app!.id}"`);

    await setStatus(app!.id, S['Work confirmation']);
    const waiting = text(await (await get('/staff/applications', cookie)).text());
    expect(waiting).toContain(`name="application" value="${app!.id}"`);
    expect(waiting).toContain('Confirm I will come');
    expect(waiting).toContain('Work confirmation');
    expect(text(await (await get('/staff/applications', cookie, 'ja')).text())).toContain('出勤を確認する');

    const res = await post('/staff/applications', cookie, { _action: 'confirm', application: app!.id });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/staff/applications?confirmed=1');
    const after = text(await (await get('/staff/applications?confirmed=1', cookie)).text());
    expect(after).toContain('your attendance is confirmed');
    expect(after).not.toContain(`name="application" value="${app!.id}"`);
    expect((await db().selectFrom('applications').select('candidate_status_id').where('id', '=', app!.id).executeTakeFirstOrThrow()).candidate_status_id).toBe(S.Attendance);

    // Who moved it: the candidate, in the application's history.
    const audit = await db()
      .selectFrom('audit_log')
      .select(['actor_name', 'changes'])
      .where('entity', '=', 'application')
      .where('entity_id', '=', app!.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.changes).toMatchObject({ status: { from: S['Work confirmation'], to: S.Attendance }, confirmedBy: 'candidate' });
    // The company's staff are told (the bell), and no one else.
    const told = await db()
      .selectFrom('notifications as n')
      .innerJoin('users as u', 'u.id', 'n.user_id')
      .select(['u.email', 'u.company_id'])
      .where('n.link', '=', '/admin/candidate/shukkin')
      .execute();
    expect(told.map((n) => n.email)).toContain('company@demo.test');
    expect(told.every((n) => n.company_id === companyId)).toBe(true);

    // Twice: it is no longer waiting, and the page says so.
    const again = await post('/staff/applications', cookie, { _action: 'confirm', application: app!.id });
    expect(again.status).toBe(409);
    expect(text(await again.text())).toContain('いま確認を待っていません');
  });

  it('refuses another candidate’s application and a staff session (the API checks who is asking)', async () => {
    const app = await candidate2At(S['Work confirmation']);
    const other = await db().selectFrom('users').select('email').where('role', '=', 'candidate').where('email', '<>', 'candidate2@demo.test').executeTakeFirstOrThrow();
    const { token } = await candidateLogin(t, other.email);
    const r = await t.gql('mutation($id: ID!) { confirmApplication(id: $id) }', { id: app.id }, token);
    expect(r.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const staff = await t.gql('mutation($id: ID!) { confirmApplication(id: $id) }', { id: app.id }, { as: 'company_admin' });
    expect(staff.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await db().selectFrom('applications').select('candidate_status_id').where('id', '=', app.id).executeTakeFirstOrThrow()).candidate_status_id).toBe(S['Work confirmation']);
  });
});

describe('a placed shift in the candidate’s calendar', () => {
  it('is offered as a calendar file in the candidate’s language and Japan time, once placed and until it has passed', async () => {
    const app = await candidate2At(S.Applied);
    const { shift_id } = await db().selectFrom('applications').select('shift_id').where('id', '=', app.id).executeTakeFirstOrThrow();
    const was = await db().selectFrom('job_daily_shifts').select(['date', 'start_time', 'end_time']).where('id', '=', shift_id!).executeTakeFirstOrThrow();
    const job = await db()
      .selectFrom('applications as a')
      .innerJoin('jobs as j', 'j.id', 'a.job_id')
      .select(['j.title_ja', 'j.title_en', 'j.prefecture'])
      .where('a.id', '=', app.id)
      .executeTakeFirstOrThrow();
    const day = tokyoDay(3);
    // A night shift: 22:00 in Japan (UTC+9) is 13:00 UTC; 06:00 the next morning is 21:00 UTC the same day.
    await db().updateTable('job_daily_shifts').set({ date: day, start_time: '22:00', end_time: '06:00' }).where('id', '=', shift_id!).execute();
    try {
      const { token } = await candidateLogin(t, 'candidate2@demo.test');
      const cookie = `candidate_token=${token}`;
      const href = `/staff/applications?calendar=${app.id}`;
      // Only applied: not in the calendar yet.
      expect(await (await get('/staff/applications', cookie)).text()).not.toContain(href);
      expect((await get(href, cookie)).status).toBe(404);

      await setStatus(app.id, S['Work confirmation']);
      for (const [lang, label, title, note] of [
        ['en', 'Add to calendar', `${job.title_en} · Sakura Staffing Co.\\, Ltd.`, 'DESCRIPTION:Sakura Staffing Co.\\, Ltd.\\nConfirm the shift and record arriving and leaving here: http'],
        ['ja', 'カレンダーに追加', `${job.title_ja} · さくら人材サービス株式会社`, 'DESCRIPTION:さくら人材サービス株式会社\\n就業の確認と出勤・退勤の記録はこちらから: http'],
      ] as const) {
        const $ = cheerio.load(await (await get('/staff/applications', cookie, lang)).text());
        const link = $(`a[href="${href}"]`);
        expect(link.text(), lang).toBe(label);
        const res = await get(link.attr('href')!, cookie, lang);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
        expect(res.headers.get('content-disposition')).toBe(`attachment; filename="shift-${day}.ics"`);
        // Long lines are folded (RFC 5545 3.1): read them unfolded.
        const ics = (await res.text()).replace(/\r\n[ \t]/g, '');
        const compact = day.replaceAll('-', '');
        expect(ics).toContain(`DTSTART:${compact}T130000Z`);
        expect(ics).toContain(`DTEND:${compact}T210000Z`);
        expect(ics).toContain(`UID:shift-${app.id}@tsunagu`);
        expect(ics).toContain(`SUMMARY:${title}`);
        expect(ics.split('\r\n').find((l) => l.startsWith('LOCATION:'))).toContain(prefectureName(job.prefecture, lang));
        expect(ics).toContain(note);
      }
      // Another candidate gets nothing of it.
      const other = await candidateLogin(t, 'candidate@demo.test');
      expect((await get(href, `candidate_token=${other.token}`)).status).toBe(404);
      // Once the day has passed it leaves the calendar.
      await db()
        .updateTable('job_daily_shifts')
        .set({ date: tokyoDay(-1) })
        .where('id', '=', shift_id!)
        .execute();
      expect(await (await get('/staff/applications', cookie)).text()).not.toContain(href);
      expect((await get(href, cookie)).status).toBe(404);
    } finally {
      await db().updateTable('job_daily_shifts').set(was).where('id', '=', shift_id!).execute();
      await setStatus(app.id, S.Applied);
    }
  });
});

describe('shukkin: attendance recorded on the list', () => {
  const ACT = 'mutation($ids: [ID!]!, $action: String!) { applicantAction(ids: $ids, action: $action) }';

  /** Candidate 2 on the attendance list with her shift on `day` (Japan; at a start no demo shift of the job has) for `run`, put back after it. */
  async function onShiftDay(day: string, run: (app: { id: string }) => Promise<void>) {
    const app = await candidate2At(S.Attendance);
    const { shift_id } = await db().selectFrom('applications').select('shift_id').where('id', '=', app.id).executeTakeFirstOrThrow();
    const was = await db().selectFrom('job_daily_shifts').select(['date', 'start_time']).where('id', '=', shift_id!).executeTakeFirstOrThrow();
    await db().updateTable('job_daily_shifts').set({ date: day, start_time: '13:07' }).where('id', '=', shift_id!).execute();
    try {
      await run(app);
    } finally {
      await db().updateTable('job_daily_shifts').set(was).where('id', '=', shift_id!).execute();
    }
  }

  it('refuses a clock-in before the shift’s day and a no-show before its start, saying so by name; nothing is recorded', () =>
    onShiftDay(tokyoDay(3), async (app) => {
      const token = await t.tokenOf('company_admin');
      for (const [action, said] of [
        ['clockIn', 'Maria Santos: A clock-in cannot be recorded before the day of the shift.'],
        ['noShow', 'Maria Santos: A no-show cannot be recorded before the shift starts.'],
      ] as const) {
        const res = await fetch(`${t.url}/admin/candidate/shukkin`, formRequest({ _action: `row:${app.id}:${action}` }, { origin: t.url, cookie: `token=${token}; lang=en` }));
        expect(res.status).toBe(422);
        expect(text(await res.text())).toContain(said);
      }
      expect(await db().selectFrom('attendance').select('id').where('application_id', '=', app.id).execute()).toEqual([]);
    }));

  it('records clock-in and clock-out with who recorded them, from the row buttons (post/redirect/get)', () =>
    onShiftDay(todayInJapan(), async (app) => {
      const token = await t.tokenOf('company_admin');
      const page = await fetch(`${t.url}/admin/candidate/shukkin`, { headers: { cookie: `token=${token}` } });
      const html = await page.text();
      expect(html).toContain(`value="row:${app.id}:clockIn"`);
      expect(html).toContain('出勤時刻');
      // The candidate list has no attendance buttons or columns.
      expect(await (await fetch(`${t.url}/admin/candidate`, { headers: { cookie: `token=${token}` } })).text()).not.toContain(':clockIn"');

      const res = await fetch(`${t.url}/admin/candidate/shukkin`, formRequest({ _action: `row:${app.id}:clockIn` }, { origin: t.url, cookie: `token=${token}` }));
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/admin/candidate/shukkin?done=clockIn');
      expect(text(await (await fetch(`${t.url}${res.headers.get('location')}`, { headers: { cookie: `token=${token}` } })).text())).toContain('出勤を記録しました。');
      const rec = await db().selectFrom('attendance').selectAll().where('application_id', '=', app.id).executeTakeFirstOrThrow();
      expect(['present', 'late']).toContain(rec.status);
      expect(rec.clock_in).toBeInstanceOf(Date);
      expect(rec.recorded_by_name).toBe((await db().selectFrom('users').select('name').where('email', '=', 'company@demo.test').executeTakeFirstOrThrow()).name);

      expect((await t.gql(ACT, { ids: [app.id], action: 'clockOut' }, { as: 'company_admin' })).data.applicantAction).toBe('退勤を記録しました。');
      const out = await db().selectFrom('attendance').selectAll().where('application_id', '=', app.id).executeTakeFirstOrThrow();
      expect(out.clock_out!.getTime()).toBeGreaterThan(out.clock_in!.getTime());
      // A second clock-in keeps the first time.
      await t.gql(ACT, { ids: [app.id], action: 'clockIn' }, { as: 'company_admin' });
      expect((await db().selectFrom('attendance').select('clock_in').where('application_id', '=', app.id).executeTakeFirstOrThrow()).clock_in).toEqual(rec.clock_in);
    }));

  it('refuses another company, a client user, and rows that are not on the attendance list', async () => {
    const app = await candidate2At(S.Attendance);
    expect((await t.gql(ACT, { ids: [app.id], action: 'noShow' }, { as: 'company2' })).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await t.gql(ACT, { ids: [app.id], action: 'noShow' }, { as: 'client_staff' })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    await setStatus(app.id, S.Applied);
    const off = await t.gql(ACT, { ids: [app.id], action: 'noShow' }, { as: 'company_admin' });
    expect(off.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect((await db().selectFrom('attendance').select('status').where('application_id', '=', app.id).executeTakeFirst())?.status).not.toBe('no_show');
  });
});

describe('the applicant record', () => {
  const RECORD = 'query($id: ID!) { applicantRecord(id: $id) { id candidateName status { value } moves { value } statusPath { en } history { to } } }';

  it('shows the person, the job, the status path with its moves, and moves from a button (post/redirect/get)', async () => {
    const app = await candidate2At(S.Applied);
    const token = await t.tokenOf('company_admin');
    const page = await fetch(`${t.url}/admin/candidate/${app.id}`, { headers: { cookie: `token=${token}`, 'accept-language': 'en' } });
    expect(page.status).toBe(200);
    const html = text(await page.text());
    expect(html).toContain('Maria Santos');
    expect(html).toContain('Residence status');
    // A close asks first: the button sends `_asking` until the person says yes (client/boot.ts).
    expect(html).toMatch(new RegExp(`<button type="submit" value="move:${S.Rejected}"[^>]*name="_asking"[^>]*>Rejected</button>`));
    // The list links each name to its record.
    expect(await (await fetch(`${t.url}/admin/candidate`, { headers: { cookie: `token=${token}` } })).text()).toContain(`href="/admin/candidate/${app.id}"`);

    const res = await fetch(`${t.url}/admin/candidate/${app.id}`, formRequest({ _action: `move:${S.Rejected}` }, { origin: t.url, cookie: `token=${token}` }));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/admin/candidate/${app.id}?moved=${S.Rejected}`);
    const after = await t.gql(RECORD, { id: app.id }, { as: 'company_admin' });
    const rec = after.data.applicantRecord as { status: { value: string }; moves: { value: string }[]; statusPath: { en: string }[]; history: { to: string | null }[] };
    expect(rec.status.value).toBe(S.Rejected);
    expect(rec.statusPath.map((s) => s.en)).toEqual(['Applied', 'Rejected']);
    expect(rec.moves.map((m) => m.value)).toEqual([S.Applied]);
    expect(rec.history[0]!.to).toBe('不採用');
    await setStatus(app.id, S.Applied);
  });

  it('leads from the conversation it shows to the inbox, where the candidate’s question is answered', async () => {
    const [app] = await applicationsOf('candidate2@demo.test');
    const { conversation_id } = await db().selectFrom('conversations').select('id as conversation_id').where('application_id', '=', app!.id).executeTakeFirstOrThrow();
    const token = await t.tokenOf('company_staff');
    const record = cheerio.load((await getPage(t, `/admin/candidate/${app!.id}`, token, 'en')).html);
    const link = record('#applicant-chat').closest('section').find('a');
    expect(link.text()).toBe('Reply in the inbox');
    expect(link.attr('href')).toBe(`/admin/inbox?c=${conversation_id}`);
    const inbox = await getPage(t, link.attr('href')!, token, 'en');
    expect(inbox.status).toBe(200);
    expect(cheerio.load(inbox.html)('textarea').length).toBeGreaterThan(0);
  });

  it('asks before a close, which tells the candidate by chat and mail: on the record, a list row and the bulk move; a step forward asks nothing', async () => {
    const app = await candidate2At(S.Offer);
    const forward = S['Work confirmation'];
    const token = await t.tokenOf('company_admin');
    const asked = {
      ja: '「不採用」に移すと、応募者にチャットとメールで知らせます。送った知らせは取り消せません。移しますか？',
      en: 'Moving to “Rejected” tells the candidate by chat and mail, which cannot be taken back. Move?',
    };
    for (const lang of ['ja', 'en'] as const) {
      const record = cheerio.load((await getPage(t, `/admin/candidate/${app.id}`, token, lang)).html);
      expect(record(`button[value="move:${S.Rejected}"]`).attr('data-confirm')).toBe(asked[lang]);
      expect(record(`button[value="move:${forward}"]`).length).toBe(1);
      expect(record(`button[value="move:${forward}"]`).attr('data-confirm')).toBeUndefined();

      const list = cheerio.load((await getPage(t, '/admin/candidate?size=100', token, lang)).html);
      // The row's own buttons: Rejected asks, the step forward does not.
      expect(list(`button[value="moveRow:${app.id}:${S.Rejected}"]`).attr('data-confirm')).toBe(asked[lang]);
      expect(list(`button[value="moveRow:${app.id}:${forward}"]`).length).toBe(1);
      expect(list(`button[value="moveRow:${app.id}:${forward}"]`).attr('data-confirm')).toBeUndefined();
      // The bulk bar asks the question of the state chosen in its select.
      expect(list(`select[name="to"] option[value="${S.Rejected}"]`).attr('data-confirm')).toBe(asked[lang]);
      expect(list(`select[name="to"] option[value="${forward}"]`).attr('data-confirm')).toBeUndefined();
      expect(list('button[value="move"]').attr('data-confirm-choice')).toBe('to');
    }
    await setStatus(app.id, S.Applied);
  });

  it('offers the bulk move’s statuses in the pipeline’s order, as the status filter lists them: Applied, Document check, Interview… then the closing ones', async () => {
    const token = await t.tokenOf('company_admin');
    for (const lang of ['en', 'ja'] as const) {
      const list = cheerio.load((await getPage(t, '/admin/candidate', token, lang)).html);
      const offered = list('select[name="to"] option')
        .toArray()
        .map((o) => list(o).text())
        .filter((x) => x !== '—');
      const inFilter = list('select[name="f_status"] option')
        .toArray()
        .map((o) => list(o).text());
      expect(offered.length).toBeGreaterThan(2);
      expect(offered).toEqual(inFilter.filter((x) => offered.includes(x)));
    }
    expect(
      cheerio
        .load((await getPage(t, '/admin/candidate', token, 'en')).html)('select[name="to"] option')
        .toArray()
        .map((o) => cheerio.load(o).text())
        .slice(1, 4),
    ).toEqual(['Applied', 'Document check', 'Interview']);
  });

  it('asks on a page of its own when the browser did not (no script, or pressed before it loaded), moves nothing until the person says yes, and lets a step forward through', async () => {
    const app = await candidate2At(S.Offer);
    const forward = S['Work confirmation'];
    const token = await t.tokenOf('company_admin');
    const statusNow = async () => ((await t.gql(RECORD, { id: app.id }, { as: 'company_admin' })).data.applicantRecord as { status: { value: string } }).status.value;
    const recordUrl = `/admin/candidate/${app.id}`;
    // The record's close button as a browser without the script sends it.
    const record = cheerio.load((await getPage(t, recordUrl, token, 'en')).html);
    const pressed = record(`button[value="move:${S.Rejected}"]`);
    expect(pressed.attr('name')).toBe('_asking');
    const res = await fetch(`${t.url}${recordUrl}`, formRequest({ _asking: `move:${S.Rejected}` }, { origin: t.url, cookie: `token=${token}; lang=en` }));
    expect(res.status).toBe(200);
    const ask = cheerio.load(await res.text());
    expect(ask('title').text()).toContain('Please confirm');
    expect(ask('.ask-first p').text()).toBe('Moving to “Rejected” tells the candidate by chat and mail, which cannot be taken back. Move?');
    expect(ask('.ask-first a').attr('href')).toBe(recordUrl);
    expect(ask('.ask-first a').text()).toBe('No, go back');
    expect(await statusNow()).toBe(S.Offer);
    // Yes: the page's own form, as drawn.
    const form = ask('.ask-first form');
    expect(form.attr('action')).toBe(recordUrl);
    const yes = form.find('button[name="_action"]');
    expect(yes.text()).toBe('Yes, go ahead');
    const fields = form
      .find('input[type="hidden"]')
      .toArray()
      .map((el) => [el.attribs.name!, el.attribs.value ?? ''] as [string, string]);
    const done = await fetch(`${t.url}${form.attr('action')}`, formRequest(Object.fromEntries([...fields, ['_action', yes.attr('value')!]]), { origin: t.url, cookie: `token=${token}` }));
    expect(done.status).toBe(303);
    expect(await statusNow()).toBe(S.Rejected);

    // The bulk bar: the chosen state decides. A step forward runs at once; a close asks, in Japanese here, keeping the ticked rows.
    await setStatus(app.id, S.Offer);
    const bulk = (to: string) => fetch(`${t.url}/admin/candidate?size=100`, formRequest({ ids: app.id, to, _asking: 'move' }, { origin: t.url, cookie: `token=${token}; lang=ja` }));
    const closing = await bulk(S.Rejected);
    expect(closing.status).toBe(200);
    const asked = cheerio.load(await closing.text());
    expect(asked('.ask-first p').text()).toBe('「不採用」に移すと、応募者にチャットとメールで知らせます。送った知らせは取り消せません。移しますか？');
    expect(asked('.ask-first input[name="ids"]').attr('value')).toBe(app.id);
    expect(asked('.ask-first input[name="to"]').attr('value')).toBe(S.Rejected);
    expect(await statusNow()).toBe(S.Offer);
    const stepped = await bulk(forward);
    expect(stepped.status).toBe(303);
    expect(await statusNow()).toBe(forward);
    await setStatus(app.id, S.Applied);
  });

  it('lists the documents the company’s staff registry holds for the person, and another company’s registry never', async () => {
    const [app] = await applicationsOf('candidate2@demo.test');
    const company2 = await companyOf(t, 'company2@demo.test');
    const values = (company: string) => ({
      company_id: company,
      name: 'Maria Santos',
      name_kana: null,
      email: 'Candidate2@demo.test',
      phone: null,
      nationality: 'PH',
      birth_date: null,
      gender: null,
      visa_type_id: null,
      visa_expiry: null,
      read_skill: null,
      address: null,
    });
    const [mine, theirs] = await Promise.all([companyId, company2].map(async (c) => (await db().insertInto('staff').values(values(c)).returning('id').executeTakeFirstOrThrow()).id));
    await db()
      .insertInto('staff_documents')
      .values([
        { staff_id: mine!, kind: 'residence_card', number: 'AB12345678CD', expires_on: '2027-03-31', note: null },
        { staff_id: theirs!, kind: 'passport', number: 'P-SECRET', expires_on: null, note: null },
      ])
      .execute();
    const r = await t.gql('query($id: ID!) { applicantRecord(id: $id) { documents { kind number staffId } } }', { id: app!.id }, { as: 'company_admin' });
    expect(r.data.applicantRecord.documents).toEqual([{ kind: 'residence_card', number: 'AB12345678CD', staffId: mine }]);
    const page = text(await (await fetch(`${t.url}/admin/candidate/${app!.id}`, { headers: { cookie: `token=${await t.tokenOf('company_admin')}`, 'accept-language': 'en' } })).text());
    expect(page).toContain('Residence card · AB12345678CD');
    expect(page).not.toContain('P-SECRET');
    // Linked to the registry entry for whoever may open the registry (150001: the platform here).
    const platform = text(await (await fetch(`${t.url}/admin/candidate/${app!.id}`, { headers: { cookie: `token=${await t.tokenOf('superadmin')}`, 'accept-language': 'en' } })).text());
    expect(platform).toContain(`href="/admin/staff?id=${mine}">Residence card</a>`);
  });

  it('is headed by the person’s name, gives dates with their year and languages by name, in the reader’s language', async () => {
    const [app] = await applicationsOf('candidate2@demo.test');
    const token = await t.tokenOf('company_admin');
    const { visa_expiry: expiry } = await db()
      .selectFrom('candidate_profiles as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select('p.visa_expiry')
      .where('u.email', '=', 'candidate2@demo.test')
      .executeTakeFirstOrThrow();
    const year = expiry!.slice(0, 4);
    const en = text(await (await get(`/admin/candidate/${app!.id}`, `token=${token}`)).text());
    expect(en).toMatch(/<h1>Maria Santos<\/h1>/);
    expect(en).toContain('<dd>Tagalog, English, Japanese</dd>');
    expect(en).not.toMatch(/<dd>tl, en, ja<\/dd>/);
    expect(en).toMatch(new RegExp(`<dt>Card expiry</dt><dd>[^<]*${year}`));
    const ja = text(await (await get(`/admin/candidate/${app!.id}`, `token=${token}`, 'ja')).text());
    expect(ja).toMatch(/<h1>Maria Santos<\/h1>/);
    expect(ja).toContain('<dd>タガログ語、英語、日本語</dd>');
    expect(ja).toMatch(new RegExp(`<dt>在留期限</dt><dd>${year}年`));
  });

  it('warns when one of the person’s interviews overlaps one of their shifts (in Japan time), and not before', async () => {
    const [app] = await applicationsOf('candidate2@demo.test');
    const { shift_id: shiftId } = await db().selectFrom('applications').select('shift_id').where('id', '=', app!.id).executeTakeFirstOrThrow();
    const original = await db().selectFrom('job_daily_shifts').select(['date', 'start_time', 'end_time']).where('id', '=', shiftId!).executeTakeFirstOrThrow();
    const day = addDays(todayInJapan(), 3);
    const session = { who: 'company_admin', cookie: `token=${await t.tokenOf('company_admin')}` };
    const record = `/admin/candidate/${app!.id}`;
    await setStatus(app!.id, S.Applied);
    try {
      // (An hour no seeded slot uses, so the move keeps the job's slots unique.)
      await db().updateTable('job_daily_shifts').set({ date: day, start_time: '05:55', end_time: '09:55' }).where('id', '=', shiftId!).execute();
      // Right before the shift: ends as it starts, no overlap.
      const before = await pressButton(t, session, record, 'interview', { date: day, time: '05:25', minutes: '30', place: 'Office' });
      expect(before.status).toBe(303);
      expect(text(await (await get(record, session.cookie)).text())).not.toContain('overlaps their shift');

      const during = await pressButton(t, session, record, 'interview', { date: day, time: '09:30', minutes: '60', place: 'Office' });
      expect(during.status).toBe(303);
      const en = text(await (await get(record, session.cookie)).text());
      const warning = /<div class="record-warning" role="alert">(.*?)<\/div>/.exec(en)?.[1] ?? '';
      expect(warning).toContain('The interview at');
      expect(warning).toContain('(60 min) overlaps their shift on');
      expect(warning).toContain(`${day.slice(0, 4)} 05:55–09:55`);
      expect(warning.match(/overlaps/g)).toHaveLength(1);
      const ja = text(await (await get(record, session.cookie, 'ja')).text());
      expect(ja).toMatch(/からの面接（60分）が、[^<]*05:55–09:55のシフト（[^<]+）と重なっています。/);
    } finally {
      await db().updateTable('job_daily_shifts').set(original).where('id', '=', shiftId!).execute();
      await db().deleteFrom('interviews').where('application_id', '=', app!.id).execute();
    }
  });

  it('is nobody else’s: another company gets nothing, a client user is turned away, an unknown id is not found', async () => {
    const [app] = await applicationsOf('candidate2@demo.test');
    expect((await t.gql(RECORD, { id: app!.id }, { as: 'company2' })).data.applicantRecord).toBeNull();
    expect((await t.gql(RECORD, { id: app!.id }, { as: 'client_staff' })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await fetch(`${t.url}/admin/candidate/${app!.id}`, { redirect: 'manual', headers: { cookie: `token=${await t.tokenOf('company2')}` } })).status).toBe(404);
    expect((await fetch(`${t.url}/admin/candidate/00000000-0000-0000-0000-000000000000`, { redirect: 'manual', headers: { cookie: `token=${await t.tokenOf('company_admin')}` } })).status).toBe(404);
  });
});

describe('shukkin from the candidate’s phone', () => {
  it('records clock-in and clock-out on the day of the shift, as the candidate, and nothing on another day', async () => {
    const [app] = await applicationsOf('candidate2@demo.test');
    const shift = await db().selectFrom('applications').select('shift_id').where('id', '=', app!.id).executeTakeFirstOrThrow();
    const original = await db().selectFrom('job_daily_shifts').select(['date', 'start_time']).where('id', '=', shift.shift_id!).executeTakeFirstOrThrow();
    await setStatus(app!.id, S.Attendance);
    await db().deleteFrom('attendance').where('application_id', '=', app!.id).execute();
    const { token } = await candidateLogin(t, 'candidate2@demo.test');
    const cookie = `candidate_token=${token}`;
    const CLOCK = 'mutation($id: ID!, $e: String!) { clockMyShift(id: $id, event: $e) }';
    try {
      // Another day: no button, and the API says why.
      // (An hour no seeded slot uses, so the move keeps the job's slots unique.)
      await db()
        .updateTable('job_daily_shifts')
        .set({ date: addDays(todayInJapan(), 2), start_time: '05:55' })
        .where('id', '=', shift.shift_id!)
        .execute();
      expect(await (await get('/staff/applications', cookie)).text()).not.toContain('name="event"');
      expect((await t.gql(CLOCK, { id: app!.id, e: 'clockIn' }, token)).errors?.[0]?.extensions?.code).toBe('CONFLICT');

      await db().updateTable('job_daily_shifts').set({ date: todayInJapan(), start_time: '05:55' }).where('id', '=', shift.shift_id!).execute();
      expect(text(await (await get('/staff/applications', cookie)).text())).toContain('Clock in');
      const res = await post('/staff/applications', cookie, { _action: 'clock', application: app!.id, event: 'clockIn' });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/staff/applications?clocked=clockIn');
      expect(text(await (await get('/staff/applications?clocked=clockIn', cookie)).text())).toContain('Clock-in recorded.');
      const rec = await db().selectFrom('attendance').selectAll().where('application_id', '=', app!.id).executeTakeFirstOrThrow();
      expect(rec.recorded_by_name).toBe('Maria Santos');
      expect(rec.clock_in).toBeInstanceOf(Date);
      // Twice is refused; clock-out is next.
      expect((await t.gql(CLOCK, { id: app!.id, e: 'clockIn' }, token)).errors?.[0]?.extensions?.code).toBe('CONFLICT');
      expect((await t.gql(CLOCK, { id: app!.id, e: 'clockOut' }, token)).data?.clockMyShift).toBe(true);
      expect((await db().selectFrom('attendance').select('clock_out').where('application_id', '=', app!.id).executeTakeFirstOrThrow()).clock_out).toBeInstanceOf(Date);
      // Not someone else's.
      const other = await candidateLogin(t, 'candidate3@demo.test');
      expect((await t.gql(CLOCK, { id: app!.id, e: 'clockOut' }, other.token)).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    } finally {
      await db().updateTable('job_daily_shifts').set({ date: original.date, start_time: original.start_time }).where('id', '=', shift.shift_id!).execute();
      await setStatus(app!.id, S.Applied);
    }
  });
});

/**
 * Runs `check` signed in as Maria Santos (candidate2) with her first application on the attendance
 * list, nothing recorded, and its shift moved to `at`; then puts the shift, the attendance and the
 * status back.
 */
async function onMariasShift(
  at: { date: string; start_time: string; end_time: string; break_minutes?: number },
  check: (m: { id: string; shiftId: string; companyId: string; token: string; session: { who: string; cookie: string } }) => Promise<void>,
): Promise<void> {
  const [app] = await applicationsOf('candidate2@demo.test');
  const shift = await db().selectFrom('applications').select(['shift_id', 'company_id']).where('id', '=', app!.id).executeTakeFirstOrThrow();
  const original = await db().selectFrom('job_daily_shifts').select(['date', 'start_time', 'end_time', 'break_minutes']).where('id', '=', shift.shift_id!).executeTakeFirstOrThrow();
  await setStatus(app!.id, S.Attendance);
  await db().deleteFrom('attendance').where('application_id', '=', app!.id).execute();
  const { token } = await candidateLogin(t, 'candidate2@demo.test');
  try {
    await db().updateTable('job_daily_shifts').set(at).where('id', '=', shift.shift_id!).execute();
    await check({ id: app!.id, shiftId: shift.shift_id!, companyId: shift.company_id, token, session: { who: 'candidate2', cookie: `candidate_token=${token}; lang=en` } });
  } finally {
    await db().deleteFrom('attendance').where('application_id', '=', app!.id).execute();
    await db().updateTable('job_daily_shifts').set(original).where('id', '=', shift.shift_id!).execute();
    await setStatus(app!.id, S.Applied);
  }
}

describe('the recorded shift, where the worker and staff read it', () => {
  /** The value a page's facts give `term` (a `dt` and its `dd`), or null when the page leaves it out. */
  const fact = (html: string, term: string) => {
    const $ = cheerio.load(html);
    const dt = $('dt').filter((_, el) => $(el).text() === term);
    return dt.length ? dt.next('dd').text() : null;
  };

  it('shows the worker their clock-in, then clock-out and break, in Japan time and both languages; staff read the same on the applicant record', async () => {
    // Today, an hour no seeded slot uses (the job's slots stay unique), with a 45-minute break.
    await onMariasShift({ date: todayInJapan(), start_time: '00:05', end_time: '23:50', break_minutes: 45 }, async ({ id, token, session }) => {
      const page = async (lang: 'ja' | 'en') => (await get('/staff/applications', `candidate_token=${token}; lang=${lang}`, lang)).text();
      const recorded = async () => db().selectFrom('attendance').select(['status', 'clock_in', 'clock_out']).where('application_id', '=', id).executeTakeFirstOrThrow();
      // Late, unless the test runs in the shift's first five minutes.
      const STATE = { present: { en: 'Present', ja: '出勤' }, late: { en: 'Late', ja: '遅刻' } } as Record<string, { en: string; ja: string }>;
      expect(fact(await page('en'), 'Recorded')).toBeNull();

      expect((await pressButton(t, session, '/staff/applications', 'clock')).location).toBe('/staff/applications?clocked=clockIn');
      const { clock_in, status } = await recorded();
      const state = STATE[status]!;
      expect(fact(await page('en'), 'Recorded')).toBe(`${state.en} · clock-in ${timeText(clock_in!, 'en')}`);

      expect((await pressButton(t, session, '/staff/applications', 'clock')).location).toBe('/staff/applications?clocked=clockOut');
      const { clock_out } = await recorded();
      const times = { in: timeText(clock_in!, 'en'), out: timeText(clock_out!, 'en') };
      expect(fact(await page('en'), 'Recorded')).toBe(`${state.en} · clock-in ${times.in} · clock-out ${times.out} · break 45 min`);
      expect(fact(await page('ja'), '勤怠の記録')).toBe(`${state.ja} · 出勤時刻 ${times.in} · 退勤時刻 ${times.out} · 休憩 45分`);

      const staff = await t.tokenOf('company_admin');
      expect(fact((await getPage(t, `/admin/candidate/${id}`, staff, 'en')).html, 'Attendance')).toBe(
        `${state.en} · clock-in ${times.in} · clock-out ${times.out} · break 45 min · recorded by Maria Santos`,
      );
    });
  });
});

describe('a press that cannot record', () => {
  it('says what is already recorded, and when, to the worker in a second tab and to staff on the list; a clock-out before the clock-in says to clock in first; nothing changes', async () => {
    const staff = await sessionOf(t, 'company_admin', 'en');
    // Today, an hour no seeded slot uses (the job's slots stay unique).
    await onMariasShift({ date: todayInJapan(), start_time: '00:05', end_time: '23:50' }, async ({ id, session: worker }) => {
      const row = (action: string) => pressButton(t, staff, '/admin/candidate/shukkin', `row:${id}:${action}`);
      const recorded = async () => db().selectFrom('attendance').selectAll().where('application_id', '=', id).executeTakeFirstOrThrow();
      // A clock-out before any clock-in: from a form that says clock out, and from the list's row.
      expect(text((await pressButton(t, worker, '/staff/applications', 'clock', { event: 'clockOut' })).html)).toContain('Clock in first: a clock-out is recorded after the clock-in.');
      expect(text((await row('clockOut')).html)).toContain('Maria Santos: Clock-out needs a clock-in first.');

      expect((await pressButton(t, worker, '/staff/applications', 'clock')).location).toBe('/staff/applications?clocked=clockIn');
      const clockedIn = await recorded();
      const inAt = timeText(clockedIn.clock_in!, 'en');
      // A second tab still drawing Clock in; staff pressing the row's Clock in after the worker did.
      expect(text((await pressButton(t, worker, '/staff/applications', 'clock', { event: 'clockIn' })).html)).toContain(`Your clock-in is already recorded, at ${inAt}.`);
      const again = await row('clockIn');
      expect(again.status).toBe(422);
      expect(text(again.html)).toContain(`Maria Santos: Clock-in already recorded at ${inAt} (unchanged).`);
      expect(await recorded()).toEqual(clockedIn);

      expect((await pressButton(t, worker, '/staff/applications', 'clock')).location).toBe('/staff/applications?clocked=clockOut');
      const clockedOut = await recorded();
      const outAt = timeText(clockedOut.clock_out!, 'en');
      const stale = await post('/staff/applications', worker.cookie, { _action: 'clock', application: id, event: 'clockOut' });
      expect(text(await stale.text())).toContain(`Your clock-out is already recorded, at ${outAt}.`);
      expect(text((await row('clockOut')).html)).toContain(`Maria Santos: Clock-out already recorded at ${outAt} (unchanged).`);
      expect(await recorded()).toEqual(clockedOut);
    });
  });
});

describe('a night shift from the candidate’s phone', () => {
  it('is clocked out the next morning: the shift ends on the day after it starts, and the button is there', async () => {
    const yesterday = addDays(todayInJapan(), -1);
    // Yesterday 23:55 to this morning 07:50, clocked in last night: the clock-out is today.
    // (An hour no seeded slot uses, so the move keeps the job's slots unique.)
    await onMariasShift({ date: yesterday, start_time: '23:55', end_time: '07:50' }, async ({ id, shiftId, companyId, session }) => {
      await db()
        .insertInto('attendance')
        .values({
          application_id: id,
          company_id: companyId,
          shift_id: shiftId,
          status: 'present',
          clock_in: new Date(`${yesterday}T23:55:00+09:00`),
          recorded_by_name: 'Maria Santos',
        })
        .execute();
      const res = await pressButton(t, session, '/staff/applications', 'clock');
      expect(res.status).toBe(303);
      expect(res.location).toBe('/staff/applications?clocked=clockOut');
      expect((await db().selectFrom('attendance').select('clock_out').where('application_id', '=', id).executeTakeFirstOrThrow()).clock_out).toBeInstanceOf(Date);
      // A day shift of yesterday left open is not clocked out today.
      await db().updateTable('job_daily_shifts').set({ start_time: '05:55', end_time: '09:55' }).where('id', '=', shiftId).execute();
      await db().updateTable('attendance').set({ clock_out: null }).where('application_id', '=', id).execute();
      expect(await (await get('/staff/applications', session.cookie)).text()).not.toContain('name="event"');
    });
  });
});

describe('the SPEC §3 list payload', () => {
  const LIST =
    'query($l: String!) { candidateList(list: $l, size: 50) { count row_count kakunin_size value { id candidate_name candidate_status_id is_read message_count roots { status_id translate { language_key name } } } } }';

  it('gives value and count with the status path as roots, and kakunin_size on kakunins', async () => {
    const r = await t.gql(LIST, { l: 'kakunins' }, { as: 'company_admin' });
    const page = r.data.candidateList as {
      count: number;
      kakunin_size: number | null;
      row_count: number | null;
      value: { candidate_name: string; candidate_status_id: string; roots: { status_id: string; translate: { language_key: string; name: string }[] }[] }[];
    };
    const siti = page.value.find((v) => v.candidate_name === 'Siti Rahma')!;
    expect(siti.candidate_status_id).toBe(S['Work confirmation']);
    expect(siti.roots.map((x) => x.translate.find((tr) => tr.language_key === 'en')!.name)).toEqual(['Applied', 'Document check', 'Interview', 'Offer', 'Work confirmation']);
    expect(page.kakunin_size).toBe(page.count);
    expect(page.row_count).toBeNull();
    const candidates = (await t.gql(LIST, { l: 'candidates' }, { as: 'company_admin' })).data.candidateList as { row_count: number; count: number };
    expect(candidates.row_count).toBe(candidates.count);
  });

  it('shows another company none of it, and refuses a list without its code or an unknown list', async () => {
    const theirs = (await t.gql(LIST, { l: 'kakunins' }, { as: 'company2' })).data.candidateList as { value: { candidate_name: string }[] };
    expect(theirs.value.some((v) => v.candidate_name === 'Siti Rahma')).toBe(false);
    expect((await t.gql(LIST, { l: 'kakunins' }, { as: 'client_staff' })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await t.gql(LIST, { l: 'everyone' }, { as: 'company_admin' })).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});
