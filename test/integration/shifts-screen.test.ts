/**
 * /admin/shift (130001): the tenant's daily-job shifts with seats and what attendance recorded, as
 * a list and a week calendar; a client user sees its own jobs' shifts only, another company none.
 */
import { describe, expect, it } from 'vitest';
import { appForFile } from '../helpers/app.ts';
import { getPage } from '../helpers/pages.ts';
import { clientOf, companyOf, dailyApplication } from '../helpers/demo-data.ts';
import { withoutCodes } from '../helpers/roles.ts';
import * as cheerio from 'cheerio';

const t = appForFile();

const db = () => t.database.db;
const LIST = 'query($filter: ShiftFilter) { shifts(size: 200, filter: $filter) { total rows { id jobTitle clientName capacity filled present noShows startsAt } } }';
type Row = { id: string; jobTitle: string; clientName: string; capacity: number; filled: number; present: number; noShows: number; startsAt: string };

describe('the shifts page', () => {
  it('lists the company’s shifts with seats and attendance, and shows a week on its days', async () => {
    const company = await companyOf(t, 'company@demo.test');
    const maria = await dailyApplication(t, 'candidate2@demo.test', company);
    await db()
      .insertInto('attendance')
      .values({ application_id: maria.id, company_id: company, shift_id: maria.shift_id, status: 'present', clock_in: new Date(), recorded_by: null, recorded_by_name: 'test' })
      .execute();
    const rows = ((await t.gql(LIST, { filter: { when: maria.date } }, { as: 'company_admin' })).data.shifts as { rows: Row[] }).rows;
    const hers = rows.find((r) => r.id === maria.shift_id)!;
    const absent = await db().selectFrom('attendance').select('id').where('shift_id', '=', maria.shift_id).where('status', 'in', ['absent', 'no_show']).execute();
    expect(hers).toMatchObject({ present: 1, noShows: absent.length });
    expect(hers.filled).toBeGreaterThanOrEqual(1);

    const token = await t.tokenOf('company_admin');
    const list = await getPage(t, '/admin/shift', token);
    expect(list.status).toBe(200);
    expect(list.html).toContain('data-col="filled"');
    const week = await getPage(t, `/admin/shift?view=week&week=${maria.date}`, token);
    expect(week.status).toBe(200);
    expect(week.html).toContain(`${hers.filled} / ${hers.capacity}`);
  });

  it('gives a client user its own jobs’ shifts, another company none of these, and refuses a role without the code', async () => {
    const mine = ((await t.gql(LIST, {}, { as: 'company_admin' })).data.shifts as { rows: Row[] }).rows;
    const client = ((await t.gql(LIST, {}, { as: 'client_staff' })).data.shifts as { rows: Row[] }).rows;
    const clientId = await clientOf(t, 'clientstaff@demo.test');
    const own = await db().selectFrom('job_daily_shifts as s').innerJoin('jobs as j', 'j.id', 's.job_id').select('s.id').where('j.client_id', '=', clientId).execute();
    expect(client.length).toBeGreaterThan(0);
    expect(client.every((r) => own.some((o) => o.id === r.id))).toBe(true);
    const theirs = ((await t.gql(LIST, {}, { as: 'company2' })).data.shifts as { rows: Row[] }).rows;
    expect(theirs.some((r) => mine.some((m) => m.id === r.id))).toBe(false);
    // company_staff without 130001 (narrowed here) is refused.
    await withoutCodes(t, ['130001'], 'company_staff', async () => {
      expect((await t.gql(LIST, {}, { as: 'company_staff' })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    });
  });

  it('offers in its job filter only the daily jobs, the only ones with shifts: a client’s part-time jobs are not offered to find nothing', async () => {
    const clientId = await clientOf(t, 'client@demo.test');
    const jobs = await db().selectFrom('jobs').select(['id', 'kind']).where('client_id', '=', clientId).execute();
    expect(jobs.some((j) => j.kind === 'other')).toBe(true);
    for (const who of ['client_admin', 'company_staff'] as const) {
      const page = cheerio.load((await getPage(t, '/admin/shift', await t.tokenOf(who), 'en')).html);
      const offered = page('select[name="f_job"] option')
        .map((_, o) => page(o).attr('value'))
        .get()
        .filter(Boolean);
      expect(offered.length, who).toBeGreaterThan(0);
      const kinds = await db().selectFrom('jobs').select('kind').where('id', 'in', offered).execute();
      expect(
        kinds.every((k) => k.kind === 'daily'),
        who,
      ).toBe(true);
    }
    // The applicants' lists, which hold both kinds, still offer both.
    const applicants = cheerio.load((await getPage(t, '/admin/candidate', await t.tokenOf('company_staff'), 'en')).html);
    const both = applicants('select[name="f_job"] option')
      .map((_, o) => applicants(o).attr('value'))
      .get()
      .filter(Boolean);
    expect(new Set((await db().selectFrom('jobs').select('kind').where('id', 'in', both).execute()).map((k) => k.kind))).toEqual(new Set(['daily', 'other']));
  });
});
