/**
 * The rest of /admin/shift (docs/workforce.md "The shifts page"): swapping two
 * people between two shifts through the working-limit check (both or neither), the minutes left of
 * each worker with an hour limit in the week shown, and who may do it.
 */
import * as cheerio from 'cheerio';
import { dateTimeText } from '../../shared/format.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../helpers/app.ts';
import { ASSIGN_SHIFT, dataOf, firstCode } from '../helpers/graphql.ts';
import { candidateLogin, getPage, postForm, text } from '../helpers/pages.ts';
import { addDays, mondayOf, todayInJapan } from '../../shared/time.ts';
import { clientOf, companyOf, newShiftOf, userId } from '../helpers/demo-data.ts';
import { withoutCodes } from '../helpers/roles.ts';

const t = appForFile();
let companyId: string;
const db = () => t.database.db;
const SWAP = 'mutation($a: ID!, $b: ID!) { swapShifts(a: $a, b: $b) }';
const LEFT = 'query($w: String!) { shiftHoursLeft(week: $w) { personId name status shifts minutesLeft note } }';

beforeAll(async () => {
  companyId = await companyOf(t, 'company@demo.test');
});

/** A new shift on Sakura's warehouse picking, `day` days from today (a few minutes after the hour: the job's own slots start on it). */
let nth = 0;
async function shift(day: number, hourStart: string, end: string): Promise<string> {
  const start = `${hourStart.slice(0, 3)}${String(11 + (nth++ % 40)).padStart(2, '0')}`;
  return (await newShiftOf(t, companyId, 'Warehouse picking (daily pay)', { day, start, end, capacity: 3 })).shiftId;
}
/** The student's application on her demo shift `day` days from today. */
async function studentOn(day: number): Promise<{ id: string; shiftId: string }> {
  const student = await userId(t, 'student@demo.test');
  const r = await db()
    .selectFrom('applications as a')
    .innerJoin('job_daily_shifts as s', 's.id', 'a.shift_id')
    .select(['a.id', 's.id as shiftId'])
    .where('a.candidate_id', '=', student)
    .where('s.date', '=', addDays(todayInJapan(), day))
    .where('s.start_time', '=', '08:00')
    .executeTakeFirstOrThrow();
  return { id: r.id, shiftId: r.shiftId! };
}
const shiftOf = async (applicationId: string) => (await db().selectFrom('applications').select('shift_id').where('id', '=', applicationId).executeTakeFirstOrThrow()).shift_id;

describe('minutes left in the week shown', () => {
  it('the demo student shows 4 hours (240 minutes) left of her 28; unrestricted people are not listed', async () => {
    const week = mondayOf(addDays(todayInJapan(), 1));
    const rows = dataOf(await t.gql(LEFT, { w: week }, { as: 'company_admin' })).shiftHoursLeft as { name: string; minutesLeft: number | null; status: string }[];
    const student = rows.find((r) => r.name === 'Tran Minh Chau');
    expect(student).toMatchObject({ minutesLeft: 240, status: '留学' });
    expect(rows.every((r) => r.status !== '定住者')).toBe(true);
    // On the page, above the calendar, in hours and minutes as people say them.
    const page = await getPage(t, `/admin/shift?view=week&week=${week}`, await t.tokenOf('company_admin'));
    const html = text(page.html);
    expect(html).toContain('今週の残り時間');
    expect(html).toMatch(/Tran Minh Chau<\/td>(?:(?!<\/tr>).)*?data-col="left">4時間<\/td>/s);
    // Another company sees none of Sakura's people.
    const theirs = dataOf(await t.gql(LEFT, { w: week }, { as: 'company2' })).shiftHoursLeft as { name: string }[];
    expect(theirs.some((r) => r.name === 'Tran Minh Chau')).toBe(false);
  });
});

describe('open seats claimed from /staff/shifts', () => {
  const OPEN = 'query($d: String!) { myOpenShifts(date: $d) { shiftId minutesLeft refusal seatsLeft } }';
  const on = (day: number) => ({ d: addDays(todayInJapan(), day) });
  it('a candidate sees open seats with what the working limits say, and takes one from a phone-sized page; the student is told why one does not fit', async () => {
    const free = await shift(9, '07:00', '10:00');
    const { token } = await candidateLogin(t, 'worker2@demo.test');
    const before = dataOf(await t.gql(OPEN, on(9), token)).myOpenShifts as { shiftId: string; minutesLeft: number | null; seatsLeft: number }[];
    expect(before.find((x) => x.shiftId === free)).toMatchObject({ minutesLeft: null, seatsLeft: 3 });
    const cookie = { cookie: `candidate_token=${token}`, 'accept-language': 'en' };
    const page = await fetch(`${t.url}/staff/shifts?date=${on(9).d}`, { headers: cookie });
    expect(page.status).toBe(200);
    const html = text(await page.text());
    expect(html).toContain('Open shifts');
    expect(html).toContain(`value="${free}"`);
    await db().updateTable('job_daily_shifts').set({ client_confirmed_at: new Date() }).where('id', '=', free).execute();
    // Taken from the page of its day, as the page's form posts it.
    const res = await fetch(`${t.url}/staff/shifts?date=${on(9).d}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { ...cookie, origin: t.url, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ _action: 'claim', jobId: (await db().selectFrom('job_daily_shifts').select('job_id').where('id', '=', free).executeTakeFirstOrThrow()).job_id, shiftId: free }),
    });
    expect(res.status).toBe(303);
    // Back on that day's list with the notice, not on today's (where the shift is not).
    expect(res.headers.get('location')).toBe(`/staff/shifts?date=${on(9).d}&claimed=1`);
    // Taken, and the client's confirmation of the old staffing is cleared.
    expect(await db().selectFrom('job_daily_shifts').select(['filled', 'client_confirmed_at']).where('id', '=', free).executeTakeFirstOrThrow()).toEqual({ filled: 1, client_confirmed_at: null });
    expect(
      await db()
        .selectFrom('applications')
        .select('id')
        .where('shift_id', '=', free)
        .where('candidate_id', '=', await userId(t, 'worker2@demo.test'))
        .execute(),
    ).toHaveLength(1);
    const after = dataOf(await t.gql(OPEN, on(9), token)).myOpenShifts as { shiftId: string }[];
    expect(after.some((x) => x.shiftId === free)).toBe(false);
    // A seat left is one seat, in English as in Japanese.
    const last = await newShiftOf(t, companyId, 'Warehouse picking (daily pay)', { day: 9, start: '19:07', end: '21:00', capacity: 1 });
    const lastSeat = (await fetch(`${t.url}/staff/shifts?date=${on(9).d}`, { headers: cookie }).then((r) => r.text())).split('data-shift=').find((card) => card.startsWith(`"${last.shiftId}"`));
    expect(text(lastSeat ?? '')).toContain('1 seat left');
    // The pay says what it is per, as the job's page does, not a bare amount.
    expect(text(lastSeat ?? '')).toContain('Hourly ¥1,300 · 1 seat left');
    expect(text(lastSeat ?? '')).not.toContain('seats left');
    // Where it is, as the job boards say it: the prefecture too, and the station, in English's order.
    expect(text(lastSeat ?? '')).toContain('Sakura Staffing Co., Ltd. · Kawaguchi, Saitama · Kawaguchi Station');
    await db().deleteFrom('job_daily_shifts').where('id', '=', last.shiftId).execute();
    // The student: a five-hour seat in her full week is shown with the reason, a three-hour one with what is left.
    const tooLong = await shift(4, '15:00', '20:00');
    const fits = await shift(4, '15:00', '18:00');
    const student = (await candidateLogin(t, 'student@demo.test')).token;
    const hers = dataOf(await t.gql(OPEN, on(4), student)).myOpenShifts as { shiftId: string; minutesLeft: number | null; refusal: string | null }[];
    expect(hers.find((x) => x.shiftId === tooLong)?.refusal).toContain('1,680');
    expect(hers.find((x) => x.shiftId === fits)?.minutesLeft).toBeGreaterThan(0);
    // Back-office users have no such list.
    expect(['FORBIDDEN', 'UNAUTHENTICATED']).toContain(firstCode(await t.gql(OPEN, on(4), { as: 'company_admin' })));
    await db().deleteFrom('job_daily_shifts').where('id', 'in', [tooLong, fits]).execute();
  });

  /** The card of the job titled `title` on a candidate's page of open seats, as a person reads it. */
  const cardOf = (html: string, title: string) =>
    cheerio
      .load(html)('li.open-shift')
      .toArray()
      .map((card) => cheerio.load(card).text())
      .find((card) => card.includes(title)) ?? '';
  it("the demo's hotel room cleaning and banquet serving are simple work: a worker whose status does not cover it is told so, with no button to take the seat", async () => {
    // Arjun Sharma, the demo's engineer (技術・人文知識・国際業務).
    const { token } = await candidateLogin(t, 'engineer@demo.test');
    const html = await fetch(`${t.url}/staff/shifts?date=${on(1).d}`, { headers: { cookie: `candidate_token=${token}`, 'accept-language': 'en' } }).then((r) => r.text());
    const cleaning = cardOf(html, 'Hotel room cleaning');
    expect(cleaning).toContain('does not cover simple manual work');
    expect(cleaning).not.toContain('Take this shift');
    // Banquet staff, Fridays to Sundays: the next one within the page's days.
    const friday = [...Array(7).keys()].map((d) => d + 1).find((d) => [5, 6, 0].includes(new Date(`${on(d).d}T00:00:00Z`).getUTCDay()))!;
    const banquet = cardOf(
      await fetch(`${t.url}/staff/shifts?date=${on(friday).d}`, { headers: { cookie: `candidate_token=${token}`, 'accept-language': 'en' } }).then((r) => r.text()),
      'Banquet staff',
    );
    expect(banquet).toContain('does not cover simple manual work');
    expect(banquet).not.toContain('Take this shift');
  });

  it('a job in none of the 特定技能 fields is said to be in none, in words, not shown as a dash', async () => {
    const { token } = await candidateLogin(t, 'worker1@demo.test');
    for (const [lang, said] of [
      ['en', "(this job's field: none)"],
      ['ja', '（この仕事の分野：なし）'],
    ] as const) {
      const html = await fetch(`${t.url}/staff/shifts?date=${on(1).d}`, { headers: { cookie: `candidate_token=${token}; lang=${lang}` } }).then((r) => r.text());
      expect(cardOf(html, lang === 'en' ? 'Warehouse picking (daily pay)' : '倉庫内ピッキング（日払い）')).toContain(said);
    }
  });
});

describe('swapping two people', () => {
  it('a swap that breaks the 28-hour window for one person is refused with the reason and changes nothing', async () => {
    const long = await shift(5, '08:00', '19:00'); // 11 hours: 18 + 11 = 29 for the student
    const jose = dataOf(await t.gql(ASSIGN_SHIFT, { s: long, e: 'worker2@demo.test' }, { as: 'company_admin' })).assignShift.applicationId as string;
    const mine = await studentOn(1);
    const answer = await t.gql(SWAP, { a: mine.id, b: jose }, { as: 'company_admin' });
    expect(firstCode(answer)).toBe('FORBIDDEN');
    expect(answer.errors![0]!.extensions?.reason).toBe('weekly_limit');
    expect(answer.errors![0]!.message).toContain('Tran Minh Chau');
    expect(answer.errors![0]!.message).toContain('上限の1,680分（週28時間）を超えます');
    expect(await shiftOf(mine.id)).toBe(mine.shiftId);
    expect(await shiftOf(jose)).toBe(long);
    // The form says it too, in the reader's language.
    const res = await postForm(t, '/admin/shift', await t.tokenOf('company_admin'), { _action: 'swap', a: mine.id, b: jose });
    expect(res.status).toBe(403);
    expect(text(res.html)).toContain('Tran Minh Chau');
    expect(await shiftOf(mine.id)).toBe(mine.shiftId);
  });

  it('a valid swap moves both (their chats follow) and is audited; the student then has her minutes from the new week', async () => {
    // After José's long shift of that day ends (19:00): one person is never on two shifts at once.
    const five = await shift(5, '19:00', '00:00'); // 18 + a little under 5 = under 23 hours
    const jose = dataOf(await t.gql(ASSIGN_SHIFT, { s: five, e: 'worker2@demo.test' }, { as: 'company_admin' })).assignShift.applicationId as string;
    const mine = await studentOn(1);
    // The client had confirmed the staffing of both: it changes, so it confirms again.
    await db()
      .updateTable('job_daily_shifts')
      .set({ client_confirmed_at: new Date(), client_confirmed_by: await userId(t, 'client@demo.test') })
      .where('id', 'in', [five, mine.shiftId])
      .execute();
    const res = await postForm(t, '/admin/shift', await t.tokenOf('company_admin'), { _action: 'swap', a: jose, b: mine.id });
    expect(res.status).toBe(303);
    expect(await shiftOf(mine.id)).toBe(five);
    expect(await shiftOf(jose)).toBe(mine.shiftId);
    // Jose's conversation about the shift follows him (the demo student's seeded shifts have none).
    const chat = await db().selectFrom('conversations').select('shift_id').where('application_id', '=', jose).executeTakeFirstOrThrow();
    expect(chat.shift_id).toBe(mine.shiftId);
    expect(await db().selectFrom('audit_log').select('id').where('entity', '=', 'application').where('entity_id', 'in', [mine.id, jose]).execute()).toHaveLength(2);
    expect(await db().selectFrom('job_daily_shifts').select('id').where('id', 'in', [five, mine.shiftId]).where('client_confirmed_at', 'is not', null).execute()).toEqual([]);
    // Seats: one out, one in.
    expect((await db().selectFrom('job_daily_shifts').select('filled').where('id', '=', five).executeTakeFirstOrThrow()).filled).toBe(1);
    const rows = dataOf(await t.gql(LEFT, { w: mondayOf(addDays(todayInJapan(), 5)) }, { as: 'company_admin' })).shiftHoursLeft as { name: string; minutesLeft: number }[];
    // 18 hours on days 2–4 plus a shift of a little under 5 hours (it starts a few minutes after 19:00).
    const left = rows.find((r) => r.name === 'Tran Minh Chau')!.minutesLeft;
    expect(left).toBeGreaterThan(1680 - 18 * 60 - 5 * 60);
    expect(left).toBeLessThan(1680 - 18 * 60 - 4 * 60);
  });

  it('the swap form as drawn starts on two different people, so pressing Swap without changing it is a real swap, not a refusal', async () => {
    const html = (await getPage(t, '/admin/shift', await t.tokenOf('company_admin'))).html;
    const chosen = (name: 'a' | 'b') => {
      const select = new RegExp(`<select[^>]*name="${name}"[^>]*>([\\s\\S]*?)</select>`).exec(html)![1]!;
      // The option the browser shows: the one marked selected, else the first.
      const option = /<option[^>]*selected=""[^>]*>([^<]*)</.exec(select) ?? /<option[^>]*>([^<]*)</.exec(select);
      return option![1]!.split(' — ')[0];
    };
    expect(chosen('a')).toBeTruthy();
    expect(chosen('b')).toBeTruthy();
    expect(chosen('b')).not.toBe(chosen('a'));
  });

  it('another company, a client user, a candidate and a user without 130001 cannot swap Sakura’s people', async () => {
    const a = await shift(6, '10:00', '12:00');
    const b = await shift(7, '10:00', '12:00');
    const x = dataOf(await t.gql(ASSIGN_SHIFT, { s: a, e: 'worker2@demo.test' }, { as: 'company_admin' })).assignShift.applicationId as string;
    const y = dataOf(await t.gql(ASSIGN_SHIFT, { s: b, e: 'candidate4@demo.test' }, { as: 'company_admin' })).assignShift.applicationId as string;
    expect(firstCode(await t.gql(SWAP, { a: x, b: y }, { as: 'company2' }))).toBe('NOT_FOUND');
    expect(firstCode(await t.gql(SWAP, { a: x, b: y }, { as: 'client_admin' }))).toBe('NOT_FOUND');
    const theirs = dataOf(await t.gql('{ swappablePlacements { applicationId } }', {}, { as: 'company2' })).swappablePlacements as { applicationId: string }[];
    expect(theirs.some((p) => p.applicationId === x)).toBe(false);
    expect(dataOf(await t.gql('{ swappablePlacements { applicationId } }', {}, { as: 'client_admin' })).swappablePlacements).toEqual([]);
    const { token } = await candidateLogin(t, 'worker2@demo.test');
    expect(['FORBIDDEN', 'UNAUTHENTICATED']).toContain(firstCode(await t.gql(SWAP, { a: x, b: y }, token)));
    await withoutCodes(t, ['130001'], 'company_staff', async () => {
      expect(firstCode(await t.gql(SWAP, { a: x, b: y }, { as: 'company_staff' }))).toBe('FORBIDDEN');
      expect(firstCode(await t.gql(LEFT, { w: mondayOf(todayInJapan()) }, { as: 'company_staff' }))).toBe('FORBIDDEN');
    });
    expect(await shiftOf(x)).toBe(a);
    expect(await shiftOf(y)).toBe(b);
    // Company staff with the code may.
    expect(dataOf(await t.gql(SWAP, { a: x, b: y }, { as: 'company_staff' })).swapShifts).toBe(true);
    expect(await shiftOf(x)).toBe(b);
    expect(await userId(t, 'worker2@demo.test')).toBeTruthy();
  });
});

describe('the client confirms its own shifts', () => {
  const CONFIRM = 'mutation($ids: [ID!]!) { shiftAction(ids: $ids, action: "confirm") }';
  it('a client user confirms its own shift (who and when shown to the company); not another client’s; a company user cannot confirm for it', async () => {
    const clientId = await clientOf(t, 'client@demo.test');
    const own = await db()
      .selectFrom('job_daily_shifts as s')
      .innerJoin('jobs as j', 'j.id', 's.job_id')
      .select('s.id')
      .where('j.client_id', '=', clientId)
      .where('s.date', '>=', todayInJapan())
      .orderBy('s.date')
      .executeTakeFirstOrThrow();
    const other = await db().selectFrom('job_daily_shifts as s').innerJoin('jobs as j', 'j.id', 's.job_id').select('s.id').where('j.client_id', '!=', clientId).executeTakeFirstOrThrow();
    // The company sees the list, not the button, and cannot confirm on the client's behalf.
    const companyToken = await t.tokenOf('company_admin');
    expect(text((await getPage(t, '/admin/shift', companyToken)).html)).not.toContain('人員を確認');
    expect(firstCode(await t.gql(CONFIRM, { ids: [own.id] }, { as: 'company_admin' }))).toBe('FORBIDDEN');
    // Another client's shift: not in its list, and "gone" when named.
    const list = dataOf(await t.gql('{ shifts(size: 200) { rows { id confirmed } } }', {}, { as: 'client_admin' })).shifts.rows as { id: string; confirmed: string }[];
    expect(list.some((r) => r.id === other.id)).toBe(false);
    expect(list.find((r) => r.id === own.id)?.confirmed).toBe('open');
    expect(firstCode(await t.gql(CONFIRM, { ids: [other.id] }, { as: 'client_admin' }))).toBe('NOT_FOUND');
    // Its own, from the page's bulk action.
    const clientToken = await t.tokenOf('client_admin');
    expect(text((await getPage(t, '/admin/shift', clientToken)).html)).toContain('人員を確認');
    const res = await postForm(t, '/admin/shift', clientToken, { _action: 'bulk:confirm', ids: [own.id] });
    expect(res.status).toBe(303);
    const row = await db().selectFrom('job_daily_shifts').select(['client_confirmed_at', 'client_confirmed_by']).where('id', '=', own.id).executeTakeFirstOrThrow();
    expect(row.client_confirmed_by).toBe(await userId(t, 'client@demo.test'));
    expect(row.client_confirmed_at).toBeTruthy();
    expect((await db().selectFrom('job_daily_shifts').select('client_confirmed_at').where('id', '=', other.id).executeTakeFirstOrThrow()).client_confirmed_at).toBeNull();
    // The company sees the badge and who confirmed.
    const seen = dataOf(await t.gql('{ shifts(size: 200, filter: { confirmed: "confirmed" }) { rows { id confirmed confirmedBy } } }', {}, { as: 'company_admin' })).shifts.rows as {
      id: string;
      confirmed: string;
      confirmedBy: string;
    }[];
    const client = (await db().selectFrom('users').select('name').where('email', '=', 'client@demo.test').executeTakeFirstOrThrow()).name;
    expect(seen.find((r) => r.id === own.id)).toMatchObject({ confirmed: 'confirmed', confirmedBy: expect.stringContaining(client) });
    // The list says who and when as it says every time, in the reader's language, not as the database writes it.
    for (const lang of ['ja', 'en'] as const) {
      const page = await getPage(t, '/admin/shift?confirmed=confirmed', companyToken, lang);
      const cells = page.html
        .split('<tr')
        .find((r) => r.includes(`data-row-id="${own.id}"`))
        ?.replace(/<[^>]+>/g, ' ');
      expect(cells).toContain(client);
      expect(cells).toContain(dateTimeText(row.client_confirmed_at!, lang));
      expect(cells).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    }
  });
});
