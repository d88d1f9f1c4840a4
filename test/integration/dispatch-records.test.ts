/**
 * The records a dispatching company keeps of a worker, on the worker record and as CSV
 * (docs/workforce.md "The records a dispatching company keeps"): the 派遣元管理台帳 (労働者派遣法
 * 第37条, 施行規則第31条) of each day worked through dispatch, and the facts of the 外国人雇用状況
 * 届出 (労働施策総合推進法第28条, 様式第3号). Jose Reyes was dispatched to Sakura's warehouse (a
 * recorded night shift 22:00–06:00 with an hour's break: 7 h = 420 min, and a complaint handled);
 * Tran Thi Mai is employed directly by the restaurant, so no day of hers is in the ledger.
 * Another company, a client user and a role without 160001 get neither. Complaints are recorded
 * and their handling updated on the record page's own forms, and appear in the ledger and its CSV.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { dataOf, firstCode } from '../helpers/graphql.ts';
import { getPage, postForm, text } from '../helpers/pages.ts';
import { pressButton } from '../helpers/buttons.ts';
import { withoutCodes } from '../helpers/roles.ts';
import { userId } from '../helpers/demo-data.ts';

let t: TestApp;
const db = () => t.database.db;
let tran: string;
let jose: string;

beforeAll(async () => {
  t = await startTestApp();
  tran = await userId(t, 'worker1@demo.test');
  jose = await userId(t, 'worker2@demo.test');
});
afterAll(async () => t?.close());

const RECORD = `query($id: ID!) { workerRecord(id: $id) {
  name
  dispatchLedger { date client place work start end breakMinutes minutes recorded supervisor complaints }
  employmentReport { name status stayUntil birthDate sex nationality permission hiredOn leftOn }
} }`;

describe('the dispatch ledger and the Hello Work report', () => {
  it('lists each day worked through dispatch with its client, place, work, hours, supervisor and complaints; direct employment is not in it', async () => {
    const w = dataOf(await t.gql(RECORD, { id: jose }, { as: 'company_admin' })).workerRecord;
    // The picking night with the recorded complaint (Jose also has a parcel-sorting night into a Sunday).
    const night = w.dispatchLedger.find((r: { start: string; work: string }) => r.start === '22:00' && r.work === '倉庫内ピッキング（日払い）');
    expect(night).toMatchObject({ client: expect.any(String), work: '倉庫内ピッキング（日払い）', end: '06:00', breakMinutes: 60, minutes: 420, recorded: true, supervisor: '物流センター長 山本 浩' });
    expect(night.place).toContain('埼玉県');
    expect(night.complaints).toContain('夜勤明けの休憩室が使えなかった → 派遣先と協議し、休憩室を24時間利用可にした');
    expect(w.employmentReport).toMatchObject({ name: 'Jose Reyes', status: '定住者', nationality: 'フィリピン', hiredOn: w.dispatchLedger[0].date });
    expect(dataOf(await t.gql(RECORD, { id: tran }, { as: 'company_admin' })).workerRecord.dispatchLedger).toEqual([]);
  });

  it('gives both as CSV in the forms’ columns, and shows them on the record page', async () => {
    const token = await t.tokenOf('company_admin');
    const ledger = await getPage(t, `/admin/worker?id=${jose}&ledger=dispatch`, token);
    expect(ledger.status).toBe(200);
    const lines = ledger.html
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('派遣労働者の氏名,派遣先の名称,就業場所,業務の種類,就業日,始業時刻,終業時刻,休憩時間（分）,就業時間（分）,実績／予定,派遣先責任者,苦情の処理状況');
    expect(lines.some((l) => l.startsWith('Jose Reyes,') && l.includes(',22:00,06:00,60,420,実績,物流センター長 山本 浩,'))).toBe(true);
    const report = await getPage(t, `/admin/worker?id=${jose}&ledger=report`, token);
    expect(report.status).toBe(200);
    const [head, row] = report.html
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(head).toBe('外国人の氏名（ローマ字）,氏名（カタカナ）,在留資格,在留期間（満了日）,生年月日,性別,国籍・地域,資格外活動許可の有無,在留カード番号,雇入れ年月日,離職年月日');
    expect(row).toMatch(/^Jose Reyes,,定住者,\d{4}-\d{2}-\d{2},,,フィリピン,無,/);
    // The form is filed in Japanese: 国籍・地域 is the country's Japanese name whoever downloads it.
    const english = await getPage(t, `/admin/worker?id=${jose}&ledger=report`, token, 'en');
    expect(english.html).toContain(',フィリピン,');
    expect(english.html).not.toContain('Philippines');
    const page = await getPage(t, `/admin/worker?id=${jose}`, token);
    expect(page.html).toContain('派遣元管理台帳');
    expect(page.html).toContain('外国人雇用状況の届出');
    expect(page.html).toContain('届出に不足');
  });

  it('another company and a client user get neither; a role without 160001 is refused', async () => {
    expect(dataOf(await t.gql(RECORD, { id: jose }, { as: 'company2' })).workerRecord).toBeNull();
    expect((await getPage(t, `/admin/worker?id=${jose}&ledger=dispatch`, await t.tokenOf('company2'))).status).toBe(404);
    const client = dataOf(await t.gql(RECORD, { id: tran }, { as: 'client_admin' })).workerRecord;
    expect(client).toMatchObject({ dispatchLedger: null, employmentReport: null });
    const clientCsv = await getPage(t, `/admin/worker?id=${tran}&ledger=report`, await t.tokenOf('client_admin'));
    expect(clientCsv.status).toBe(404);
    await withoutCodes(t, ['160001'], 'company_staff', async () => {
      expect(firstCode(await t.gql(RECORD, { id: jose }, { as: 'company_staff' }))).toBe('FORBIDDEN');
      const csv = await getPage(t, `/admin/worker?id=${jose}&ledger=dispatch`, await t.tokenOf('company_staff'));
      // Signed in but denied: their landing page (SPEC §4), never the ledger.
      expect(csv.status).toBe(302);
      expect(csv.html).not.toContain('Jose Reyes');
    });
  });
});

const LEDGER_APPS = `query($id: ID!) { workerRecord(id: $id) { dispatchLedger { applicationId date work } dispatchComplaints { id applicationId receivedOn complaint handling } } }`;
const RECORD_COMPLAINT = `mutation($input: DispatchComplaintInput!) { recordDispatchComplaint(input: $input) }`;
const SET_HANDLING = `mutation($id: ID!, $handling: String!) { setDispatchComplaintHandling(id: $id, handling: $handling) }`;

/** The CSV of Jose's ledger as the company downloads it, one line per day. */
const ledgerLines = async (token: string) =>
  (await getPage(t, `/admin/worker?id=${jose}&ledger=dispatch`, token)).html
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);

describe('complaints on the dispatch ledger (苦情の処理状況)', () => {
  it('staff record a complaint with the record page’s form and set its handling; the section and the CSV show both', async () => {
    const token = await t.tokenOf('company_admin');
    const { dispatchLedger } = dataOf(await t.gql(LEDGER_APPS, { id: jose }, { as: 'company_admin' })).workerRecord;
    // A day without the seeded complaint: the parcel sorting.
    const day = dispatchLedger.find((r: { work: string }) => r.work !== '倉庫内ピッキング（日払い）');
    const path = `/admin/worker?id=${jose}`;
    const pressed = await pressButton(t, { who: 'company_admin', cookie: `token=${token}` }, path, 'complaint', {
      applicationId: day.applicationId,
      receivedOn: day.date,
      complaint: '仕分け場の照明が暗い',
      handling: '',
    });
    expect(pressed.status).toBe(303);
    expect(pressed.location).toBe(`${path}&complaint=recorded#complaints`);
    const page = text((await getPage(t, `${path}&complaint=recorded`, token)).html);
    expect(page).toContain('苦情を記録しました。');
    expect(page).toContain('仕分け場の照明が暗い');
    expect((await ledgerLines(token)).find((l) => l.includes(`,${day.date},`) && l.includes('仕分け場の照明が暗い'))).toBeDefined();

    const complaint = dataOf(await t.gql(LEDGER_APPS, { id: jose }, { as: 'company_admin' })).workerRecord.dispatchComplaints.find(
      (c: { complaint: string }) => c.complaint === '仕分け場の照明が暗い',
    );
    expect(complaint).toMatchObject({ applicationId: day.applicationId, receivedOn: day.date, handling: '' });
    // The handling form of that complaint, as the browser sends it: its textarea and its button.
    const handled = await postForm(t, path, token, { handling: '派遣先に照明の交換を依頼した', _action: `handling:${complaint.id}` });
    expect(handled.status).toBe(303);
    expect(text((await getPage(t, `${path}&complaint=handled`, token)).html)).toContain('処理の状況を保存しました。');
    expect((await ledgerLines(token)).find((l) => l.includes('仕分け場の照明が暗い → 派遣先に照明の交換を依頼した'))).toBeDefined();
  });

  it('a blank complaint and a day after today are refused beside their fields, in both languages', async () => {
    const token = await t.tokenOf('company_admin');
    const { dispatchLedger } = dataOf(await t.gql(LEDGER_APPS, { id: jose }, { as: 'company_admin' })).workerRecord;
    const fill = { applicationId: dispatchLedger[0].applicationId, receivedOn: '2999-01-01', complaint: ' ', handling: '' };
    for (const [lang, future, blank] of [
      ['ja', '受付日に未来の日は入力できません。', '入力してください。'],
      ['en', 'The day received cannot be in the future.', 'This field is required.'],
    ] as const) {
      const r = await pressButton(t, { who: 'company_admin', cookie: `token=${token}; lang=${lang}` }, `/admin/worker?id=${jose}`, 'complaint', fill);
      expect(r.status).toBe(422);
      expect(text(r.html)).toContain(future);
      expect(text(r.html)).toContain(blank);
    }
    const bad = await t.gql(RECORD_COMPLAINT, { input: { applicationId: dispatchLedger[0].applicationId, receivedOn: '2026-02-30', complaint: 'x' } }, { as: 'company_admin' });
    expect(firstCode(bad)).toBe('BAD_USER_INPUT');
  });

  it('another company, a client user, a direct-employment placement and a role without 160001 are refused', async () => {
    const { dispatchLedger, dispatchComplaints } = dataOf(await t.gql(LEDGER_APPS, { id: jose }, { as: 'company_admin' })).workerRecord;
    const input = { applicationId: dispatchLedger[0].applicationId, receivedOn: dispatchLedger[0].date, complaint: '他社からの記録' };
    const seeded = dispatchComplaints[0].id;
    for (const who of ['company2', 'client_admin'] as const) {
      expect(firstCode(await t.gql(RECORD_COMPLAINT, { input }, { as: who }))).toBe('NOT_FOUND');
      expect(firstCode(await t.gql(SET_HANDLING, { id: seeded, handling: '書き換え' }, { as: who }))).toBe('NOT_FOUND');
    }
    // Tran Thi Mai is employed directly by the restaurant: nothing of hers is in a dispatch ledger.
    const direct = await db().selectFrom('applications').select('id').where('candidate_id', '=', tran).where('dispatch', '=', false).executeTakeFirstOrThrow();
    expect(firstCode(await t.gql(RECORD_COMPLAINT, { input: { ...input, applicationId: direct.id } }, { as: 'company_admin' }))).toBe('NOT_FOUND');
    await withoutCodes(t, ['160001'], 'company_staff', async () => {
      expect(firstCode(await t.gql(RECORD_COMPLAINT, { input }, { as: 'company_staff' }))).toBe('FORBIDDEN');
      expect(firstCode(await t.gql(SET_HANDLING, { id: seeded, handling: '書き換え' }, { as: 'company_staff' }))).toBe('FORBIDDEN');
      const posted = await postForm(t, `/admin/worker?id=${jose}`, await t.tokenOf('company_staff'), { ...input, _action: 'complaint' });
      // A form nobody may open cannot be posted.
      expect(posted.status).toBe(403);
    });
    const after = await db().selectFrom('dispatch_complaints').select(['complaint', 'handling']).execute();
    expect(after.some((c) => c.complaint === '他社からの記録' || c.handling === '書き換え')).toBe(false);
  });
});
