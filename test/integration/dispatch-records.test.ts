/**
 * The records a dispatching company keeps of a worker, on the worker record and as CSV
 * (docs/workforce.md "The records a dispatching company keeps"): the 派遣元管理台帳 (労働者派遣法
 * 第37条, 施行規則第31条) of each day worked through dispatch, and the facts of the 外国人雇用状況
 * 届出 (労働施策総合推進法第28条, 様式第3号). Jose Reyes was dispatched to Sakura's warehouse (a
 * recorded night shift 22:00–06:00 with an hour's break: 7 h = 420 min, and a complaint handled);
 * Tran Thi Mai is employed directly by the restaurant, so no day of hers is in the ledger.
 * Another company, a client user and a role without 160001 get neither.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { dataOf, firstCode } from '../helpers/graphql.ts';
import { getPage } from '../helpers/pages.ts';
import { withoutCodes } from '../helpers/roles.ts';

let t: TestApp;
const db = () => t.database.db;
let tran: string;
let jose: string;

beforeAll(async () => {
  t = await startTestApp();
  const id = async (email: string) => (await db().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  tran = await id('worker1@demo.test');
  jose = await id('worker2@demo.test');
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
    expect(w.employmentReport).toMatchObject({ name: 'Jose Reyes', status: '定住者', nationality: 'Philippines', hiredOn: w.dispatchLedger[0].date });
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
    expect(row).toMatch(/^Jose Reyes,,定住者,\d{4}-\d{2}-\d{2},,,Philippines,無,/);
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
