/**
 * Every way into work asks one gate (server/modules/workforce/may-work.ts), driven here as staff and
 * candidates use it. The moves are not written out by hand: every move the company's status tree
 * declares into a confirmation (kakunin) or attendance (shukkin) status is tried, on the applicant
 * lists (one row and in bulk), through moveApplication (the candidate's confirmation, an
 * interview's pass) and the chat window's status change; then clock-in, a part-time hire without a
 * schedule, a withdrawn student moved back into work, a 17-year-old on a late shift, and recorded
 * clock-in/out times counted (a clock-out that crosses a limit is recorded and raised to staff).
 * server/modules/workforce/working-paths.test.ts fails when a write into work appears elsewhere.
 *
 * The refusals are the law's: no work on a residence card staff have not verified (入管法 第19条,
 * 不法就労助長罪 第73条の2, as docs/workforce.md reads it), 28 hours in 7 days under the permission
 * (入管法施行規則 第19条第5項), no night work under 18 (労働基準法 第61条).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { ASSIGN_SHIFT, dataOf, firstCode, MOVE_APPLICANT } from '../helpers/graphql.ts';
import { candidateLogin } from '../helpers/pages.ts';
import { addDays, todayInJapan } from '../../shared/time.ts';
import { companyTree, moveApplication } from '../../server/modules/pipeline/statuses.ts';
import { statusMoves, type StatusMove } from '../../server/modules/templates/status-tree.ts';
import { WORKING_LISTS } from '../../server/modules/workforce/may-work.ts';
import { applyStatusChange } from '../../server/chat/store.ts';
import type { DB } from '../../server/db/connect.ts';
import { companyOf, userId } from '../helpers/demo-data.ts';

let t: TestApp;
let companyId: string;
let person: string;
let intoWork: StatusMove[];
const db = () => t.database.db;

const verify = (card_verified: boolean) => db().updateTable('candidate_profiles').set({ card_verified }).where('user_id', '=', person).execute();
const statusOf = async (id: string) => (await db().selectFrom('applications').select('candidate_status_id').where('id', '=', id).executeTakeFirstOrThrow()).candidate_status_id;

beforeAll(async () => {
  t = await startTestApp();
  companyId = await companyOf(t, 'company@demo.test');
  // Siti Rahma (永住者): a person whose only obstacle is the card, switched per test.
  person = await userId(t, 'candidate4@demo.test');
  intoWork = statusMoves(await companyTree(db(), companyId)).filter((m) => WORKING_LISTS.includes(m.list));
});
afterAll(async () => t?.close());

let nth = 0;
/** A new shift on Sakura's warehouse picking `day` days ahead, its minutes varied so no two collide. */
async function newShift(day: number, start: string, end: string, breakMinutes = 0): Promise<{ shiftId: string; jobId: string; clientId: string }> {
  const job = await db().selectFrom('jobs').select(['id', 'client_id']).where('company_id', '=', companyId).where('title_en', '=', 'Warehouse picking (daily pay)').executeTakeFirstOrThrow();
  const s = await db()
    .insertInto('job_daily_shifts')
    .values({
      job_id: job.id,
      date: addDays(todayInJapan(), day),
      start_time: `${start.slice(0, 3)}${String(1 + (nth++ % 59)).padStart(2, '0')}`,
      end_time: end,
      break_minutes: breakMinutes,
      capacity: 3,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { shiftId: s.id, jobId: job.id, clientId: job.client_id };
}
/** An application of `candidateId` in status `status` (set up as if it had got there earlier). */
async function application(candidateId: string, status: string, shift: { shiftId: string | null; jobId: string; clientId: string }): Promise<string> {
  return (
    await db()
      .insertInto('applications')
      .values({ job_id: shift.jobId, shift_id: shift.shiftId, candidate_id: candidateId, company_id: companyId, client_id: shift.clientId, message: '', candidate_status_id: status })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

describe('every move into a working status', () => {
  it('the tree declares some (the enumeration is not empty)', () => {
    expect(intoWork.length).toBeGreaterThan(0);
    expect(new Set(intoWork.map((m) => m.list))).toEqual(new Set(WORKING_LISTS));
  });

  it('on the applicant lists: refused with the reason and the sentence while the card is unverified, made once it is', async () => {
    await verify(false);
    for (const m of intoWork) {
      const app = await application(person, m.from, await newShift(4, '09:00', '12:00'));
      const r = dataOf(await t.gql(MOVE_APPLICANT, { ids: [app], to: m.to }, { as: 'company_admin' })).moveApplicant;
      expect(r, `${m.from} → ${m.to} (${m.kind}, ${m.list})`).toEqual({
        moved: [],
        refused: [{ id: app, reason: 'card_unverified', message: expect.stringContaining('在留カードの確認が済んでいません') }],
      });
      expect(await statusOf(app)).toBe(m.from);
    }
    await verify(true);
    // One day each: a person placed twice at the same time would be refused as an overlap.
    for (const [i, m] of intoWork.entries()) {
      const app = await application(person, m.from, await newShift(20 + i, '13:00', '15:00'));
      expect(dataOf(await t.gql(MOVE_APPLICANT, { ids: [app], to: m.to }, { as: 'company_admin' })).moveApplicant.moved).toEqual([app]);
      expect(await statusOf(app)).toBe(m.to);
    }
  });

  it('in bulk: each row is asked, the ones that may work move and the others stay', async () => {
    const m = intoWork[0]!;
    const ok = await application(await userId(t, 'worker2@demo.test'), m.from, await newShift(6, '09:00', '12:00'));
    await verify(false);
    const refused = await application(person, m.from, await newShift(6, '13:00', '15:00'));
    const r = dataOf(await t.gql(MOVE_APPLICANT, { ids: [ok, refused], to: m.to }, { as: 'company_admin', headers: { 'accept-language': 'en' } })).moveApplicant;
    expect(r.moved).toEqual([ok]);
    expect(r.refused).toEqual([{ id: refused, reason: 'card_unverified', message: expect.stringContaining('The residence card has not been checked yet') }]);
    await verify(true);
  });

  it('through moveApplication (the candidate’s confirmation, an interview’s pass) and the chat window', async () => {
    await verify(false);
    for (const m of intoWork) {
      const shift = await newShift(7, '09:00', '11:00');
      const app = await application(person, m.from, shift);
      const r = await db()
        .transaction()
        .execute((trx) => moveApplication(trx as unknown as DB, { applicationId: app, companyId, from: m.from, to: m.to, actor: { id: null, name: 'test' } }));
      expect(r).toMatchObject({ moved: false, refusal: { reason: 'card_unverified' } });
      const conv = await db()
        .insertInto('conversations')
        .values({ company_id: companyId, candidate_id: person, job_id: shift.jobId, shift_id: shift.shiftId, application_id: app, type: 1, last_message_at: new Date() })
        .returning('id')
        .executeTakeFirstOrThrow();
      const chat = await applyStatusChange(db() as never, { id: conv.id, company_id: companyId, application_id: app } as never, { id: person, name: 'staff' }, { candidate_status_id: m.to }, m.from);
      expect(chat).toMatchObject({ reason: 'card_unverified' });
      expect(await statusOf(app)).toBe(m.from);
    }
    await verify(true);
  });

  it('the candidate confirming from the kakunin list is refused with the reason code', async () => {
    const m = intoWork.find((x) => x.list === 'shukkin' && x.kind === 'forward')!;
    const app = await application(person, m.from, await newShift(8, '09:00', '11:00'));
    await verify(false);
    const { token } = await candidateLogin(t, 'candidate4@demo.test');
    const answer = await t.gql('mutation($id: ID!) { confirmApplication(id: $id) }', { id: app }, token);
    expect(firstCode(answer)).toBe('FORBIDDEN');
    expect(answer.errors![0]!.extensions!.reason).toBe('card_unverified');
    expect(await statusOf(app)).toBe(m.from);
    await verify(true);
  });
});

describe('clock-in', () => {
  it('is refused, by the candidate and from the attendance list, when the person may not work; nothing is recorded', async () => {
    const shukkin = intoWork.find((m) => m.list === 'shukkin')!.to;
    const app = await application(person, shukkin, await newShift(0, '00:00', '23:00'));
    await verify(false);
    const { token } = await candidateLogin(t, 'candidate4@demo.test');
    const mine = await t.gql('mutation($id: ID!) { clockMyShift(id: $id, event: "clockIn") }', { id: app }, token);
    expect(firstCode(mine)).toBe('FORBIDDEN');
    const staff = await t.gql('mutation($ids: [ID!]!) { applicantAction(ids: $ids, action: "clockIn") }', { ids: [app] }, { as: 'company_admin' });
    expect(firstCode(staff)).toBe('BAD_USER_INPUT');
    expect(staff.errors![0]!.message).toContain('Siti Rahma: 在留カードの確認が済んでいません');
    expect(await db().selectFrom('attendance').select('id').where('application_id', '=', app).execute()).toEqual([]);
    await verify(true);
    expect(dataOf(await t.gql('mutation($id: ID!) { clockMyShift(id: $id, event: "clockIn") }', { id: app }, token)).clockMyShift).toBe(true);
  });
});

describe('a part-time hire without a schedule', () => {
  it('checks the card and the status on the day it is made', async () => {
    const m = intoWork.find((x) => x.kind === 'forward')!;
    // A dependent without the permission (入管法第19条第2項): no work at all.
    const aung = await userId(t, 'candidate3@demo.test');
    const job = await db()
      .selectFrom('jobs as j')
      .select(['j.id', 'j.client_id'])
      .where('j.company_id', '=', companyId)
      .where('j.kind', '=', 'other')
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('applications as a').select('a.id').whereRef('a.job_id', '=', 'j.id').where('a.candidate_id', '=', aung))))
      .executeTakeFirstOrThrow();
    const app = await application(aung, m.from, { shiftId: null, jobId: job.id, clientId: job.client_id });
    const r = dataOf(await t.gql(MOVE_APPLICANT, { ids: [app], to: m.to }, { as: 'company_admin' })).moveApplicant;
    expect(r.refused).toEqual([{ id: app, reason: 'no_permission', message: '在留資格「家族滞在」で働くには資格外活動許可が必要です。' }]);
  });
});

describe('a withdrawn student moved back into work', () => {
  it('is refused past her 28 hours, with the minutes that were left', async () => {
    // The demo student has four six-hour shifts from tomorrow (08:00–14:00); five more hours in
    // that week, after one of them, are over.
    const student = await userId(t, 'student@demo.test');
    const m = intoWork[0]!;
    const app = await application(student, m.from, await newShift(3, '15:00', '20:00'));
    const r = dataOf(await t.gql(MOVE_APPLICANT, { ids: [app], to: m.to }, { as: 'company_admin' })).moveApplicant;
    expect(r.refused).toEqual([{ id: app, reason: 'weekly_limit', message: expect.stringContaining('このシフトの前の残りは240分です') }]);
    // Not placed: out of her week again for the tests below.
    await db().deleteFrom('applications').where('id', '=', app).execute();
  });
});

describe('recorded times count toward the limits (入管法施行規則 第19条第5項: the hours worked)', () => {
  const shukkin = () => intoWork.find((m) => m.list === 'shukkin')!.to;
  /** A timestamp for a wall-clock time in Japan. */
  const jst = (date: string, time: string) => new Date(`${date}T${time}:00+09:00`);

  it('a clock-out after the scheduled end counts its real length for the next placement', async () => {
    // 24 of her 28 hours are taken from tomorrow (4 × 360). One more scheduled hour on day 5,
    // clocked 09:0x to 13:00: 240 minutes were worked, not 60 — the week is full.
    const student = await userId(t, 'student@demo.test');
    const s1 = await newShift(5, '09:00', '10:00');
    const app = await application(student, shukkin(), s1);
    const day5 = addDays(todayInJapan(), 5);
    const staffId = await userId(t, 'company@demo.test');
    await db()
      .insertInto('attendance')
      .values({
        application_id: app,
        company_id: companyId,
        shift_id: s1.shiftId,
        status: 'present',
        clock_in: jst(day5, '09:00'),
        clock_out: jst(day5, '13:00'),
        break_minutes: 0,
        recorded_by: staffId,
        recorded_by_name: 'test',
      })
      .execute();
    const next = await newShift(6, '09:00', '10:00');
    const answer = await t.gql(ASSIGN_SHIFT, { s: next.shiftId, e: 'student@demo.test' }, { as: 'company_admin' });
    expect(answer.errors?.[0]?.extensions?.reason).toBe('weekly_limit');
    expect(answer.errors![0]!.message).toContain('このシフトの前の残りは0分です');
    // Had the schedule counted (60 minutes), 180 would have been left and the hour would fit.
    await db()
      .updateTable('attendance')
      .set({ clock_out: jst(day5, '10:00') })
      .where('application_id', '=', app)
      .execute();
    expect(dataOf(await t.gql(ASSIGN_SHIFT, { s: next.shiftId, e: 'student@demo.test' }, { as: 'company_admin' })).assignShift.applicationId).toBeTruthy();
    await db().deleteFrom('applications').where('id', 'in', [app]).execute();
    await db().deleteFrom('applications').where('shift_id', '=', next.shiftId).execute();
  });

  it('a clock-out that crosses the 28 hours is recorded and raised to staff at once', async () => {
    const student = await userId(t, 'student@demo.test');
    const today = await newShift(0, '00:00', '01:00');
    const app = await application(student, shukkin(), today);
    // Clocked in five hours ago: 300 minutes on top of her 1,440 this week.
    await db()
      .insertInto('attendance')
      .values({ application_id: app, company_id: companyId, shift_id: today.shiftId, status: 'present', clock_in: new Date(Date.now() - 5 * 3_600_000), recorded_by: null, recorded_by_name: 'test' })
      .execute();
    expect(dataOf(await t.gql('mutation($ids: [ID!]!) { applicantAction(ids: $ids, action: "clockOut") }', { ids: [app] }, { as: 'company_admin' })).applicantAction).toBeTruthy();
    expect((await db().selectFrom('attendance').select('clock_out').where('application_id', '=', app).executeTakeFirstOrThrow()).clock_out).not.toBeNull();
    const raised = await db().selectFrom('notifications').select(['title', 'body', 'link']).where('link', '=', `/admin/candidate/${app}`).execute();
    expect(raised.length).toBeGreaterThan(0);
    expect(raised[0]!.title).toBe('勤務時間が法定の上限を超えました');
    expect(raised[0]!.body).toContain('上限の1,680分（週28時間）を超えます');
  });
});

describe('a 17-year-old (労働基準法第61条)', () => {
  it('is refused a shift that reaches past 22:00, and placed on one that ends at 22:00', async () => {
    const born = `${Number(todayInJapan().slice(0, 4)) - 17}-01-01`;
    await db().insertInto('staff').values({ company_id: companyId, name: 'SITI RAHMA', birth_date: born, person_user_id: person }).execute();
    const late = await newShift(9, '18:00', '23:00');
    const answer = await t.gql(ASSIGN_SHIFT, { s: late.shiftId, e: 'candidate4@demo.test' }, { as: 'company_admin', headers: { 'accept-language': 'en' } });
    expect(firstCode(answer)).toBe('FORBIDDEN');
    expect(answer.errors![0]!.extensions!.reason).toBe('age');
    expect(answer.errors![0]!.message).toContain('under 18, no shift may reach into the hours from 22:00 to 05:00 (Labour Standards Act, Article 61)');
    const early = await newShift(10, '17:00', '22:00');
    expect(dataOf(await t.gql(ASSIGN_SHIFT, { s: early.shiftId, e: 'candidate4@demo.test' }, { as: 'company_admin' })).assignShift.applicationId).toBeTruthy();
  });
});
