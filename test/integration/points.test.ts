/**
 * Points and campaigns: worked shifts earn a company's points; platform
 * campaigns (first shift, n-th shift, referral) award once per person and rule even when the event
 * arrives twice or twice at once; balances never go below zero under concurrent spends; unused
 * points expire soonest-first; the ledger is append-only; the candidate sees balances, history and
 * an invite link on /staff/points; another company and a role without the code see none of it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import * as cheerio from 'cheerio';
import { appForFile } from '../helpers/app.ts';
import { dataOf, firstCode } from '../helpers/graphql.ts';
import { candidateLogin, getPage, postForm } from '../helpers/pages.ts';
import { awardForWorkedShifts } from '../../server/modules/points/awards.ts';
import { expireAll, postPoints } from '../../server/modules/points/ledger.ts';
import { recordAttendance } from '../../server/modules/pipeline/attendance.ts';
import { addDays, todayInJapan } from '../../shared/time.ts';
import { companyOf, userId } from '../helpers/demo-data.ts';

const t = appForFile();
let companyId: string;
const db = () => t.database.db;

beforeAll(async () => (companyId = await companyOf(t, 'company@demo.test')));

const entriesOf = async (id: string) => db().selectFrom('point_entries').selectAll().where('candidate_id', '=', id).orderBy('created_at').execute();
const balanceOf = async (id: string, company: string | null) =>
  (
    await db()
      .selectFrom('point_balances')
      .select('balance')
      .where('candidate_id', '=', id)
      .where(company ? (eb) => eb('company_id', '=', company) : (eb) => eb('company_id', 'is', null))
      .executeTakeFirst()
  )?.balance ?? 0;
const candidatePage = async (path: string, token: string) => {
  const res = await fetch(`${t.url}${path}`, { redirect: 'manual', headers: { cookie: `candidate_token=${token}` } });
  return { status: res.status, html: await res.text() };
};

/** A worked shift for a person on one of the company's demo jobs, clocked in and out as the shukkin list does. */
let slot = 0;
async function workShift(candidateId: string, date: string): Promise<string> {
  // One shift per job, day and start, and one person is never on two at once (the working-limit
  // gate refuses the clock-in of an overlapping one): each call its own half hour.
  const hour = String(5 + slot++).padStart(2, '0');
  const start = `${hour}:30`;
  const job = await db().selectFrom('jobs').select(['id', 'client_id']).where('company_id', '=', companyId).where('title_en', '=', 'Warehouse picking (daily pay)').executeTakeFirstOrThrow();
  const shift = await db()
    .insertInto('job_daily_shifts')
    .values({ job_id: job.id, date, start_time: start, end_time: `${hour}:59`, break_minutes: 0, capacity: 5 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const app = await db()
    .insertInto('applications')
    .values({ job_id: job.id, shift_id: shift.id, candidate_id: candidateId, company_id: companyId, client_id: job.client_id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const staff = { id: await userId(t, 'company@demo.test'), name: 'Sakura staff' };
  await recordAttendance(db(), staff, [app.id], 'clockIn');
  await recordAttendance(db(), staff, [app.id], 'clockOut');
  return app.id;
}

describe('the demo points', () => {
  it('the week’s shifts earned Sakura’s points, the first-shift campaign once each, and Jose’s referral of Bikash', async () => {
    const mai = await entriesOf(await userId(t, 'worker1@demo.test'));
    expect(mai.filter((e) => e.kind === 'shift').every((e) => e.delta === 10 && e.company_id === companyId)).toBe(true);
    expect(mai.filter((e) => e.kind === 'campaign')).toHaveLength(1);
    const jose = await entriesOf(await userId(t, 'worker2@demo.test'));
    // His own first shift (500) and his friend Bikash's first shift (300).
    expect(
      jose
        .filter((e) => e.kind === 'campaign')
        .map((e) => e.delta)
        .sort(),
    ).toEqual([300, 500]);
  });

  it('the candidate sees balances per wallet, the history and an invite link on /staff/points', async () => {
    const { token } = await candidateLogin(t, 'worker1@demo.test');
    const mai = await userId(t, 'worker1@demo.test');
    const page = await candidatePage('/staff/points', token);
    expect(page.status).toBe(200);
    expect(page.html).toContain(`>${await balanceOf(mai, companyId)} pt<`);
    expect(page.html).toContain(`>${await balanceOf(mai, null)} pt<`);
    expect(page.html).toContain('Welcome gift');
    expect(page.html).toMatch(/\/staff\/register\?ref=[A-Z0-9]{8}/);
    // Signed out: to the login, and back here after it.
    expect((await candidatePage('/staff/points', 'nope')).status).toBe(302);
  });
});

describe('campaigns award once per person and rule', () => {
  it('a referred friend registers through the link; their first shift awards them and their friend once, even delivered twice and twice at once', async () => {
    const { token } = await candidateLogin(t, 'worker1@demo.test');
    const code = dataOf(await t.gql('{ myPoints { referralCode } }', {}, token)).myPoints.referralCode as string;
    const reg = await fetch(`${t.url}/staff/register?ref=${code}`);
    expect(await reg.text()).toContain(`name="ref" value="${code}"`);
    // A permanent resident: free to do any work, so the dispatch rules for 特定技能 (docs/workforce.md) do not bind here.
    const permanent = await db().selectFrom('visa_types').select('id').where('ja', '=', '永住者').executeTakeFirstOrThrow();
    const posted = await postForm(t, '/staff/register', undefined, {
      _action: 'register',
      name: 'Nguyen Van An',
      email: 'an.referred@example.test',
      password: 'a-long-password',
      nationality: 'VN',
      visa_type_id: String(permanent.id),
      visa_expiry: addDays(todayInJapan(), 400),
      ref: code,
    });
    expect(posted.status).toBe(303);
    const an = await userId(t, 'an.referred@example.test');
    const mai = await userId(t, 'worker1@demo.test');
    expect(await db().selectFrom('referrals').select('referrer_id').where('friend_id', '=', an).executeTakeFirst()).toEqual({ referrer_id: mai });

    const maiBefore = await balanceOf(mai, null);
    // Staff verify the new person's residence card first: clock-in asks the working limits, and
    // nobody starts work on a card nobody checked (docs/workforce.md "One gate for every way into work").
    await db().updateTable('candidate_profiles').set({ card_verified: true }).where('user_id', '=', an).execute();
    const app = await workShift(an, todayInJapan());
    // The same event again, and twice at once (two processes handling one delivery).
    await awardForWorkedShifts(db(), [app]);
    await Promise.all([awardForWorkedShifts(db(), [app]), awardForWorkedShifts(db(), [app])]);
    const mine = await entriesOf(an);
    expect(mine.filter((e) => e.kind === 'shift')).toHaveLength(1);
    expect(mine.filter((e) => e.kind === 'campaign').map((e) => e.delta)).toEqual([500]);
    expect(await balanceOf(an, null)).toBe(500);
    expect(await balanceOf(an, companyId)).toBe(10);
    expect((await balanceOf(mai, null)) - maiBefore).toBe(300);
  });

  it('a campaign made on its page awards the n-th shift once; only a superadmin may open or write it', async () => {
    const made = await t.gql(
      'mutation($input: CampaignInput!) { createCampaign(input: $input) { id } }',
      {
        input: {
          name_ja: '2回目ボーナス',
          name_en: 'Second shift bonus',
          rule: 'nth_attendance',
          nth: 2,
          points: 200,
          starts_on: addDays(todayInJapan(), -1),
          ends_on: addDays(todayInJapan(), 10),
          active: true,
        },
      },
      { as: 'superadmin' },
    );
    const campaignId = dataOf(made).createCampaign.id as string;
    // A rule and n that do not go together: said on the field.
    const bad = await t.gql(
      'mutation($input: CampaignInput!) { createCampaign(input: $input) { id } }',
      { input: { name_ja: 'x', name_en: 'x', rule: 'first_attendance', nth: 3, points: 1, starts_on: '2026-01-02', ends_on: '2026-01-01', active: true } },
      { as: 'superadmin' },
    );
    expect(firstCode(bad)).toBe('BAD_USER_INPUT');
    expect(JSON.stringify(bad.errors)).toMatch(/空にしてください/);
    expect(JSON.stringify(bad.errors)).toMatch(/開始日以降/);

    const person = await userId(t, 'candidate4@demo.test');
    const first = await workShift(person, todayInJapan());
    expect((await entriesOf(person)).filter((e) => e.campaign_id === campaignId)).toHaveLength(0);
    const second = await workShift(person, todayInJapan());
    await awardForWorkedShifts(db(), [first, second]);
    expect((await entriesOf(person)).filter((e) => e.campaign_id === campaignId).map((e) => e.delta)).toEqual([200]);

    const page = await getPage(t, '/admin/superadmin/campaign', await t.tokenOf('superadmin'));
    expect(page.status).toBe(200);
    expect(page.html).toContain('Second shift bonus');
    expect((await getPage(t, '/admin/superadmin/campaign', await t.tokenOf('company_admin'))).status).toBe(302);
    expect(firstCode(await t.gql('{ campaigns(size: 5) { total } }', {}, { as: 'company_admin' }))).toBe('FORBIDDEN');
  });
});

describe('the ledger', () => {
  it('concurrent spends never take a balance below zero: of five spends of 30 from 100, three pass', async () => {
    const person = await userId(t, 'candidate3@demo.test');
    const staff = { id: null, name: 'test' };
    await postPoints(db(), staff, { candidateId: person, companyId, delta: 100, kind: 'manual', reason: 'start', expiresOn: addDays(todayInJapan(), 30) });
    const results = await Promise.all(Array.from({ length: 5 }, () => postPoints(db(), staff, { candidateId: person, companyId, delta: -30, kind: 'spend', reason: 'race' })));
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.reason === 'insufficient' && r.balance === 10)).toBe(true);
    expect(await balanceOf(person, companyId)).toBe(10);
    // Each spend saw the one before it: every balance on the way down appears once.
    const after = (await entriesOf(person)).filter((e) => e.company_id === companyId).map((e) => e.balance_after);
    expect(after.sort((a, b) => b - a)).toEqual([100, 70, 40, 10]);
  });

  it('unused points expire, soonest first, once; spent points are not expired again', async () => {
    const person = await userId(t, 'candidate2@demo.test');
    const staff = { id: null, name: 'test' };
    const today = todayInJapan();
    await postPoints(db(), staff, { candidateId: person, companyId, delta: 100, kind: 'manual', reason: 'old', expiresOn: addDays(today, 5) });
    await postPoints(db(), staff, { candidateId: person, companyId, delta: 50, kind: 'manual', reason: 'new', expiresOn: addDays(today, 60) });
    await postPoints(db(), staff, { candidateId: person, companyId, delta: -30, kind: 'spend', reason: 'used' });
    // Six days on: 70 of the first 100 were never used.
    expect(await expireAll(db(), addDays(today, 6))).toBeGreaterThanOrEqual(1);
    expect(await balanceOf(person, companyId)).toBe(50);
    await expireAll(db(), addDays(today, 6));
    const expired = (await entriesOf(person)).filter((e) => e.kind === 'expire');
    expect(expired.map((e) => e.delta)).toEqual([-70]);
  });

  it('is append-only: the database refuses to change or delete an entry', async () => {
    const e = await db().selectFrom('point_entries').select('id').executeTakeFirstOrThrow();
    await expect(db().updateTable('point_entries').set({ delta: 1_000_000 }).where('id', '=', e.id).execute()).rejects.toThrow(/append-only/);
    await expect(db().deleteFrom('point_entries').where('id', '=', e.id).execute()).rejects.toThrow(/append-only/);
  });
});

describe('the points page', () => {
  it('the company adds and takes points by hand with a reason; too many is refused with the balance; the list and CSV show it', async () => {
    const token = await t.tokenOf('company_admin');
    const page = await getPage(t, '/v3/admin/point', token);
    expect(page.status).toBe(200);
    expect(page.html).toContain('Tran Thi Mai');
    const added = await postForm(t, '/v3/admin/point', token, { _action: 'adjust', email: 'worker2@demo.test', direction: 'add', points: '40', reason: 'Perfect attendance in November' });
    expect(added.status).toBe(303);
    const jose = await userId(t, 'worker2@demo.test');
    const balance = await balanceOf(jose, companyId);
    expect(added.location).toContain(`balance=${balance}`);
    const tooMany = await postForm(t, '/v3/admin/point', token, { _action: 'adjust', email: 'worker2@demo.test', direction: 'spend', points: String(balance + 1), reason: 'Too much' });
    expect(tooMany.status).toBe(422);
    expect(tooMany.html).toContain(`残高 ${balance} pt`);
    expect(await balanceOf(jose, companyId)).toBe(balance);
    const csv = await fetch(`${t.url}/v3/admin/point?format=csv`, { headers: { cookie: `token=${token}` } });
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    expect(await csv.text()).toContain('Perfect attendance in November');
  });

  it('says who made each entry in the reader’s language: an award nobody made reads 自動 / Automatic, never the stored “system”', async () => {
    const token = await t.tokenOf('company_admin');
    for (const [lang, automatic, worked] of [
      ['ja', '自動', '勤務'],
      ['en', 'Automatic', 'Shift worked'],
    ] as const) {
      const $ = cheerio.load((await getPage(t, '/v3/admin/point', token, lang)).html);
      const by = $('main thead th')
        .toArray()
        .findIndex((th) => $(th).text().trim() === (lang === 'ja' ? '記録者' : 'By'));
      expect(by).toBeGreaterThan(-1);
      const rows = $('main tbody tr')
        .toArray()
        .map((tr) =>
          $(tr)
            .find('td')
            .toArray()
            .map((td) => $(td).text().trim()),
        );
      const awards = rows.filter((cells) => cells.includes(worked));
      expect(awards.length).toBeGreaterThan(0);
      for (const cells of awards) expect(cells[by]).toBe(automatic);
      // A hand entry keeps the name of the person who made it.
      expect(rows.some((cells) => cells[by] === '鈴木 一郎 (Ichiro Suzuki)')).toBe(true);
      expect(rows.flat()).not.toContain('system');
    }
  });

  it('an e-mail nobody registered with is refused beside the field, in words that suit who sent it, and the form keeps what was typed', async () => {
    const form = { _action: 'adjust', email: 'nobody@example.com', direction: 'add', points: '10', reason: 'Welcome back' };
    // The platform reaches every candidate: it is told only that nobody has the e-mail.
    const platform = await postForm(t, '/v3/admin/point', await t.tokenOf('admin'), form, 'en');
    expect(platform.status).toBe(422);
    expect(platform.html).toContain('No candidate has registered with this e-mail.');
    expect(platform.html).not.toContain('your company');
    expect(platform.html).toContain('value="Welcome back"');
    // A company reaches only the people who came to it, and is told so.
    const company = await postForm(t, '/v3/admin/point', await t.tokenOf('company_admin'), form, 'en');
    expect(company.status).toBe(422);
    expect(company.html).toContain('only people who applied to your company');
  });

  it('a ledger past 1,000 entries counts "1,000+" without counting every row, and its CSV still has every row', async () => {
    const person = await userId(t, 'candidate4@demo.test');
    await db()
      .insertInto('point_entries')
      .columns(['candidate_id', 'company_id', 'delta', 'balance_after', 'kind', 'reason', 'created_by_name'])
      .expression((eb) =>
        eb
          .selectFrom(sql<{ n: number }>`generate_series(1, 1100)`.as('g'))
          .select([sql`${person}::uuid`.as('c'), sql`${companyId}::uuid`.as('co'), sql`1`.as('d'), sql`g`.as('b'), sql`'manual'`.as('k'), sql`'bulk ' || g`.as('r'), sql`'test'`.as('n')]),
      )
      .execute();
    const list = dataOf(await t.gql('{ pointEntries(size: 20) { total rows { id } } }', {}, { as: 'company_admin' })).pointEntries;
    expect(list.total).toBe(1_001);
    expect(list.rows).toHaveLength(20);
    const page = await getPage(t, '/v3/admin/point', await t.tokenOf('company_admin'));
    expect(page.html).toContain('1,000+件');
    const csv = await (await fetch(`${t.url}/v3/admin/point?format=csv`, { headers: { cookie: `token=${await t.tokenOf('company_admin')}` } })).text();
    expect(csv.split('\n').filter((l) => l.includes('bulk ')).length).toBe(1_100);
  });

  it('another company sees none of Sakura’s ledger and cannot write its people’s points; a role without 390001 is refused', async () => {
    const other = dataOf(await t.gql('{ pointEntries(size: 50) { total } }', {}, { as: 'company2' }));
    expect(other.pointEntries.total).toBe(0);
    const write = await t.gql(
      'mutation($input: PointAdjustInput!) { adjustPoints(input: $input) { balance } }',
      { input: { email: 'worker1@demo.test', direction: 'add', points: 10, reason: 'x' } },
      { as: 'company2' },
    );
    expect(firstCode(write)).toBe('BAD_USER_INPUT');
    expect(await db().selectFrom('point_entries').select('id').where('reason', '=', 'x').executeTakeFirst()).toBeUndefined();
    expect((await getPage(t, '/v3/admin/point', await t.tokenOf('company_staff'))).status).toBe(302);
    expect(firstCode(await t.gql('{ pointEntries(size: 5) { total } }', {}, { as: 'company_staff' }))).toBe('FORBIDDEN');
    expect(
      firstCode(
        await t.gql(
          'mutation($input: PointAdjustInput!) { adjustPoints(input: $input) { balance } }',
          { input: { email: 'worker1@demo.test', direction: 'add', points: 10, reason: 'x' } },
          { as: 'client_admin' },
        ),
      ),
    ).toBe('FORBIDDEN');
  });
});
