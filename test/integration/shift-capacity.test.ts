/**
 * Changing a shift's seats on a daily job's page (/v3/admin/jobs/[id]): pressed through the row's
 * own form, audited, never below the people already on it nor on a past shift, and refused to
 * another company and to a role without the page's code.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../helpers/app.ts';
import { pressButton, sessionOf } from '../helpers/buttons.ts';
import { companyOf, newShiftOf } from '../helpers/demo-data.ts';
import { ASSIGN_SHIFT, dataOf, firstCode } from '../helpers/graphql.ts';
import { getPage, text } from '../helpers/pages.ts';
import { dateYearText } from '../../shared/format.ts';
import { addDays, todayInJapan } from '../../shared/time.ts';
import { withoutCodes } from '../helpers/roles.ts';
import { routeByPath } from '../../server/access/routes.ts';

const t = appForFile();
const db = () => t.database.db;
const SET = 'mutation($id: ID!, $c: Int!) { setJobShiftCapacity(id: $id, capacity: $c) }';
let companyId: string;

beforeAll(async () => {
  companyId = await companyOf(t, 'company@demo.test');
});

const capacityOf = async (id: string) => (await db().selectFrom('job_daily_shifts').select('capacity').where('id', '=', id).executeTakeFirstOrThrow()).capacity;
/** Presses the capacity form of a row of the job's page with `capacity` typed in it (the row of `shiftId`). */
const press = async (jobId: string, shiftId: string, capacity: string, lang?: 'en') =>
  pressButton(t, await sessionOf(t, 'company_admin', lang), `/v3/admin/jobs/${jobId}`, 'section:setCapacity', { _capacity: capacity, _shiftId: shiftId });

describe("a daily job's shift list", () => {
  it('names each day as a person reads it, in the page’s language, not as the stored 2026-12-01', async () => {
    const { jobId } = await newShiftOf(t, companyId, 'Warehouse picking (daily pay)', { day: 5, start: '06:05', end: '07:00', capacity: 2 });
    const day = addDays(todayInJapan(), 5);
    const token = await t.tokenOf('company_admin');
    for (const lang of ['ja', 'en'] as const) {
      const page = await getPage(t, `/v3/admin/jobs/${jobId}`, token, lang);
      const row = page.html.split('<tr').find((r) => r.includes('06:05–07:00'));
      expect(row).toContain(dateYearText(day, lang));
      expect(row).not.toContain(day);
    }
  });
});

describe("a shift's capacity", () => {
  it('is changed from the row of the job page, with a notice and an entry in the history', async () => {
    const { shiftId, jobId } = await newShiftOf(t, companyId, 'Warehouse picking (daily pay)', { day: 1, start: '06:01', end: '07:00', capacity: 2 });
    const res = await press(jobId, shiftId, '5');
    expect(res.status).toBe(303);
    expect(res.location).toContain('capacitySet=1');
    expect(await capacityOf(shiftId)).toBe(5);
    const page = await fetch(`${t.url}${res.location!.split('#')[0]}`, { headers: { cookie: (await sessionOf(t, 'company_admin')).cookie! } });
    const html = text(await page.text());
    expect(html).toContain('シフトの募集人数を変更しました。');
    const audit = await db().selectFrom('audit_log').select('changes').where('entity_id', '=', jobId).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit.changes).toEqual({ capacity: { from: expect.stringMatching(/06:01–07:00 ×2$/), to: expect.stringMatching(/06:01–07:00 ×5$/) } });
  });

  it('is never set below the people already on the shift, nor outside 1–1000, and says why in the page’s language', async () => {
    const { shiftId, jobId } = await newShiftOf(t, companyId, 'Warehouse picking (daily pay)', { day: 2, start: '06:02', end: '07:00', capacity: 3 });
    for (const email of ['worker2@demo.test', 'student@demo.test']) dataOf(await t.gql(ASSIGN_SHIFT, { s: shiftId, e: email }, { as: 'company_admin' }));
    const below = await press(jobId, shiftId, '1', 'en');
    expect(below.status).toBe(422);
    expect(text(below.html)).toContain('Already 2 people on this shift: the capacity cannot be lower.');
    const typo = await press(jobId, shiftId, 'abc');
    expect(typo.status).toBe(422);
    expect(text(typo.html)).toContain('募集人数は1〜1000で入力してください。');
    expect(await capacityOf(shiftId)).toBe(3);
    // Down to the people on it is fine.
    expect((await press(jobId, shiftId, '2')).status).toBe(303);
    expect(await capacityOf(shiftId)).toBe(2);
  });

  it('of a past shift is not offered and is refused', async () => {
    const { shiftId } = await newShiftOf(t, companyId, 'Warehouse picking (daily pay)', { day: -2, start: '06:03', end: '07:00', capacity: 2 });
    const res = await t.gql(SET, { id: shiftId, c: 4 }, { as: 'company_admin' });
    expect(res.errors?.[0]?.message).toBe('過ぎたシフトの募集人数は変更できません。');
    expect(await capacityOf(shiftId)).toBe(2);
  });

  it('is refused to another company and to a role without the job page’s code', async () => {
    const { shiftId } = await newShiftOf(t, companyId, 'Warehouse picking (daily pay)', { day: 3, start: '06:04', end: '07:00', capacity: 2 });
    expect(firstCode(await t.gql(SET, { id: shiftId, c: 9 }, { as: 'company2' }))).toBe('NOT_FOUND');
    await withoutCodes(t, [routeByPath('/v3/admin/jobs/[id]')!.code!], 'company_admin', async () => {
      expect(firstCode(await t.gql(SET, { id: shiftId, c: 9 }, { as: 'company_admin' }))).toBe('FORBIDDEN');
    });
    expect(await capacityOf(shiftId)).toBe(2);
  });
});
