/**
 * One person, one place at a time, and no new person on a shift that has started: the gate
 * (server/modules/workforce/may-work.ts, checkWorkLimits' overlap rule) refuses a second shift
 * whose time overlaps one the person already holds — at any job of any company — on every way
 * into work: a candidate applying, staff placing on /admin/shift, a list move, a swap; and a
 * shift that has started is not offered on /admin/shift nor taken there.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../helpers/app.ts';
import { companyOf, userId } from '../helpers/demo-data.ts';
import { ASSIGN_SHIFT, dataOf, firstCode, MOVE_APPLICANT } from '../helpers/graphql.ts';
import { candidateLogin, getPage, postForm, text } from '../helpers/pages.ts';
import { addDays, todayInJapan } from '../../shared/time.ts';
import { statusMoves } from '../../server/modules/templates/status-tree.ts';
import { companyTree } from '../../server/modules/pipeline/statuses.ts';
import { WORKING_LISTS } from '../../server/modules/workforce/may-work.ts';

const t = appForFile();
let sakura: string;
let person: string;
const db = () => t.database.db;
const APPLY = 'mutation($j: ID!, $s: ID) { applyToJob(jobId: $j, shiftId: $s) { applicationId } }';
const SWAP = 'mutation($a: ID!, $b: ID!) { swapShifts(a: $a, b: $b) }';

/** A new shift on a daily job of `companyId`, `day` days from today (`day` may be 0). */
async function newShift(companyId: string, day: number, start: string, end: string) {
  // At Sakura its warehouse picking (every demo person's status accepted); elsewhere a daily job, the same one each time.
  const job = await db()
    .selectFrom('jobs')
    .select(['id', 'client_id'])
    .where('company_id', '=', companyId)
    .where('kind', '=', 'daily')
    .where('status', '=', 'open')
    .$if(companyId === sakura, (q) => q.where('title_en', '=', 'Warehouse picking (daily pay)'))
    .orderBy('created_at')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const s = await db()
    .insertInto('job_daily_shifts')
    .values({ job_id: job.id, date: addDays(todayInJapan(), day), start_time: start, end_time: end, break_minutes: 0, capacity: 5 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { shiftId: s.id, jobId: job.id, clientId: job.client_id, companyId };
}
/** An application of `candidateId` on a shift, set up as if made earlier (in `status`, else the tree's default). */
async function placed(candidateId: string, shift: { shiftId: string; jobId: string; clientId: string; companyId: string }, status?: string) {
  return (
    await db()
      .insertInto('applications')
      .values({
        job_id: shift.jobId,
        shift_id: shift.shiftId,
        candidate_id: candidateId,
        company_id: shift.companyId,
        client_id: shift.clientId,
        message: '',
        ...(status ? { candidate_status_id: status } : {}),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

beforeAll(async () => {
  sakura = await companyOf(t, 'company@demo.test');
  // Siti Rahma (特定技能1号, card verified): no hour limit, so only the overlap can refuse her.
  person = await userId(t, 'candidate4@demo.test');
});

describe('two shifts at the same time', () => {
  it('staff cannot place a person on a shift that overlaps one she holds at another company; back to back is fine', async () => {
    // At the other company, day 17 (after the demo's fortnight of shifts, so only these two can meet), 09:00–13:07 (minutes off the hour: the demo's own slots start on it).
    await placed(person, await newShift(await companyOf(t, 'company2@demo.test'), 17, '09:00', '13:07'));
    const clash = await newShift(sakura, 17, '12:30', '16:00');
    const answer = await t.gql(ASSIGN_SHIFT, { s: clash.shiftId, e: 'candidate4@demo.test' }, { as: 'company_admin', headers: { 'accept-language': 'en' } });
    expect(firstCode(answer)).toBe('FORBIDDEN');
    expect(answer.errors![0]!.extensions!.reason).toBe('overlap');
    expect(answer.errors![0]!.message).toMatch(/^This shift overlaps another shift on \w{3} \d+ \w{3}, 09:00–13:07: one person cannot work two shifts at the same time\.$/);
    // The form says it in Japanese, and nothing was written.
    const res = await postForm(t, '/admin/shift', await t.tokenOf('company_admin'), { _action: 'assign', shiftId: clash.shiftId, person: person });
    expect(res.status).toBe(403);
    expect(text(res.html)).toContain('09:00〜13:07の別のシフトと時間が重なっています');
    expect(await db().selectFrom('applications').select('id').where('shift_id', '=', clash.shiftId).execute()).toEqual([]);
    const after = await newShift(sakura, 17, '13:07', '16:00');
    expect(dataOf(await t.gql(ASSIGN_SHIFT, { s: after.shiftId, e: 'candidate4@demo.test' }, { as: 'company_admin' })).assignShift.applicationId).toBeTruthy();
  });

  it('a candidate cannot apply to a shift that overlaps one of hers', async () => {
    await placed(person, await newShift(sakura, 13, '10:00', '18:00'));
    const clash = await newShift(sakura, 13, '17:00', '21:00');
    const { token } = await candidateLogin(t, 'candidate4@demo.test');
    const answer = await t.gql(APPLY, { j: clash.jobId, s: clash.shiftId }, token);
    expect(firstCode(answer)).toBe('FORBIDDEN');
    expect(answer.errors![0]!.extensions!.reason).toBe('overlap');
    expect(answer.errors![0]!.message).toMatch(/^\d+月\d+日\(.\) \d\d:\d\d〜\d\d:\d\dの別のシフトと時間が重なっています。同じ時間に2つのシフトには入れません。$/);
    expect(await db().selectFrom('applications').select('id').where('shift_id', '=', clash.shiftId).execute()).toEqual([]);
  });

  it('a move into work on the lists is refused when the application’s shift overlaps another of hers', async () => {
    const m = statusMoves(await companyTree(db(), sakura)).find((x) => WORKING_LISTS.includes(x.list))!;
    await placed(person, await newShift(sakura, 14, '22:00', '06:00'));
    const app = await placed(person, await newShift(sakura, 15, '05:00', '09:00'), m.from);
    const r = dataOf(await t.gql(MOVE_APPLICANT, { ids: [app], to: m.to }, { as: 'company_admin' })).moveApplicant;
    expect(r.moved).toEqual([]);
    expect(r.refused).toEqual([{ id: app, reason: 'overlap', message: expect.stringContaining('22:00〜06:00（翌日）の別のシフトと時間が重なっています') }]);
  });

  it('a swap that would put a person on a shift overlapping another of hers is refused, and nothing moves', async () => {
    const worker2 = await userId(t, 'worker2@demo.test');
    const mine = await placed(person, await newShift(sakura, 16, '09:05', '12:00'));
    // Siti also holds 16:00–20:00 that day; José's shift is 15:00–18:00.
    await placed(person, await newShift(sakura, 16, '16:00', '20:00'));
    const jose = await placed(worker2, await newShift(sakura, 16, '15:00', '18:00'));
    const answer = await t.gql(SWAP, { a: mine, b: jose }, { as: 'company_admin', headers: { 'accept-language': 'en' } });
    expect(firstCode(answer)).toBe('FORBIDDEN');
    expect(answer.errors![0]!.extensions!.reason).toBe('overlap');
    expect(answer.errors![0]!.message).toContain('Siti Rahma: This shift overlaps another shift on');
  });
});

describe('a shift that has started', () => {
  it('is not offered on /admin/shift, and a placement on it is refused', async () => {
    // Today from 00:00: it has started whenever the test runs. One tomorrow is offered.
    const started = await newShift(sakura, 0, '00:00', '23:59');
    const later = await newShift(sakura, 1, '23:00', '23:59');
    const offered = dataOf(await t.gql('{ assignableShifts { id } }', {}, { as: 'company_admin' })).assignableShifts as { id: string }[];
    expect(offered.some((s) => s.id === started.shiftId)).toBe(false);
    expect(offered.some((s) => s.id === later.shiftId)).toBe(true);
    const page = await getPage(t, '/admin/shift', await t.tokenOf('company_admin'));
    expect(page.html).not.toContain(`value="${started.shiftId}"`);
    const answer = await t.gql(ASSIGN_SHIFT, { s: started.shiftId, e: 'worker2@demo.test' }, { as: 'company_admin', headers: { 'accept-language': 'en' } });
    expect(answer.errors![0]!.message).toBe('This job (shift) is no longer open.');
    expect(await db().selectFrom('applications').select('id').where('shift_id', '=', started.shiftId).execute()).toEqual([]);
  });

  it('cannot be swapped into or out of, and its people are not offered for a swap', async () => {
    const started = await newShift(sakura, 0, '00:01', '23:59');
    const onIt = await placed(await userId(t, 'worker2@demo.test'), started);
    const other = await placed(await userId(t, 'worker1@demo.test'), await newShift(sakura, 2, '09:03', '10:00'));
    const offered = dataOf(await t.gql('{ swappablePlacements { applicationId } }', {}, { as: 'company_admin' })).swappablePlacements as { applicationId: string }[];
    expect(offered.some((p) => p.applicationId === onIt)).toBe(false);
    const answer = await t.gql(SWAP, { a: onIt, b: other }, { as: 'company_admin', headers: { 'accept-language': 'en' } });
    expect(firstCode(answer)).toBe('CONFLICT');
    expect(answer.errors![0]!.message).toBe('A shift that has started or ended cannot be swapped.');
  });
});

describe('the person is chosen by name on /admin/shift', () => {
  const PEOPLE = 'query($q: String!) { shiftPeople(search: $q) { id name email } }';
  it('a name search offers the people who came to the company, the form places the one chosen, and there is no e-mail to type', async () => {
    const student = await userId(t, 'student@demo.test');
    const found = dataOf(await t.gql(PEOPLE, { q: 'tran minh' }, { as: 'company_admin' })).shiftPeople as { id: string; name: string }[];
    expect(found).toEqual([{ id: student, name: 'Tran Minh Chau', email: 'student@demo.test' }]);
    const token = await t.tokenOf('company_admin');
    const page = await getPage(t, '/admin/shift?who=Tran%20Minh', token);
    expect(page.html).not.toMatch(/name="email"/);
    expect(page.html).toMatch(/<select[^>]*name="person"/);
    expect(page.html).toContain(`<option value="${student}">Tran Minh Chau (student@demo.test)</option>`);
    // Nobody matches: said, and no button to press.
    const none = text((await getPage(t, '/admin/shift?who=Zzzz', token)).html);
    expect(none).toContain('「Zzzz」に一致する人はいません');
    // Placed from the form with the chosen person (a shift after her demo ones end at 14:00).
    const s = await newShift(sakura, 11, '15:00', '17:00');
    const res = await postForm(t, '/admin/shift?who=Tran%20Minh', token, { _action: 'assign', shiftId: s.shiftId, person: student });
    expect(res.status, text(res.html).match(/role="alert"[^<]*>([^<]*)/)?.[1]).toBe(303);
    expect(await db().selectFrom('applications').select('candidate_id').where('shift_id', '=', s.shiftId).execute()).toEqual([{ candidate_id: student }]);
    // No person chosen: a field error in the reader's language, not a 500.
    const empty = await postForm(t, '/admin/shift', token, { _action: 'assign', shiftId: s.shiftId, person: '' });
    expect(empty.status).toBe(422);
    expect(text(empty.html)).toContain('割り当てる人を選んでください');
  });

  it('another company finds none of Sakura’s people, a client user finds nobody, and a search of 101 characters is a field error', async () => {
    expect(dataOf(await t.gql(PEOPLE, { q: 'Tran Minh' }, { as: 'company2' })).shiftPeople).toEqual([]);
    expect(dataOf(await t.gql(PEOPLE, { q: 'Tran' }, { as: 'client_admin' })).shiftPeople).toEqual([]);
    const long = await t.gql(PEOPLE, { q: 'x'.repeat(101) }, { as: 'company_admin', headers: { 'accept-language': 'en' } });
    expect(firstCode(long)).toBe('BAD_USER_INPUT');
    expect(long.errors![0]!.extensions!.fields).toEqual({ search: 'Enter 1 to 100 characters of the name to search for.' });
    // Nor may another company place a Sakura person by id on its own shift.
    const theirs = await newShift(await companyOf(t, 'company2@demo.test'), 11, '09:00', '10:00');
    const answer = await t.gql(
      'mutation($s: ID!, $p: ID) { assignShift(shiftId: $s, personId: $p) { applicationId } }',
      { s: theirs.shiftId, p: await userId(t, 'student@demo.test') },
      { as: 'company2' },
    );
    expect(firstCode(answer)).toBe('BAD_USER_INPUT');
  });
});

describe('a scout offer for a shift that has started', () => {
  it('is refused when sent, and the shift is not among those a company may offer', async () => {
    const scouted = (await db().selectFrom('scout_profiles').select('user_id').where('enabled', '=', true).executeTakeFirstOrThrow()).user_id;
    const started = await newShift(sakura, 0, '00:02', '23:59');
    const send = await t.gql(
      'mutation ($c: ID!, $j: ID!, $s: ID, $m: String!) { sendScoutOffer(candidateId: $c, jobId: $j, shiftId: $s, message: $m) { id } }',
      { c: scouted, j: started.jobId, s: started.shiftId, m: 'A shift for you' },
      { as: 'company_admin', headers: { 'accept-language': 'en' } },
    );
    expect(send.errors?.length).toBe(1);
    expect(await db().selectFrom('scout_offers').select('id').where('shift_id', '=', started.shiftId).execute()).toEqual([]);
    const { offerableJobs } = await import('../../server/modules/scouting/offers.ts');
    const shifts = (await offerableJobs(db(), { kind: 'company', companyId: sakura } as never)).flatMap((j) => j.shifts.map((s) => s.id));
    expect(shifts).not.toContain(started.shiftId);
  });
});
