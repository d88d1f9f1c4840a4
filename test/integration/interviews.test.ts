/**
 * Interviews: scheduled from the applicant record with the candidate invited by
 * mail (with a calendar file) in their language; listed and shown by week on /admin/interview; a
 * result moves the application along the company's status tree; a client user sees the interviews
 * of its own jobs only, another company none, a role without the code is refused.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import * as cheerio from 'cheerio';
import { candidateLogin, formRequest, getPage, text } from '../helpers/pages.ts';
import { pressButton, sessionOf } from '../helpers/buttons.ts';
import { dateTimeText } from '../../shared/format.ts';
import { addDays, mondayOf, todayInJapan } from '../../shared/time.ts';
import { appAndMailForFile } from '../helpers/smtp.ts';
import { clientOf, companyOf, statusIds } from '../helpers/demo-data.ts';

const { t, smtp } = appAndMailForFile();
let companyId: string;
let S: Record<'Applied' | 'Document check' | 'Interview' | 'Offer' | 'Rejected', string>;

beforeAll(async () => {
  companyId = await companyOf(t, 'company@demo.test');
  S = await statusIds(t, companyId);
});

const db = () => t.database.db;
const LIST = 'query($filter: InterviewFilter) { interviews(size: 50, filter: $filter) { total rows { id candidateName status startsAt } } }';
const ACT = 'mutation($ids: [ID!]!, $action: String!) { interviewAction(ids: $ids, action: $action) }';

/** Maria Santos's (candidate2) application to Sakura, set at a status. */
async function maria(status: string) {
  const app = await db()
    .selectFrom('applications as a')
    .innerJoin('users as u', 'u.id', 'a.candidate_id')
    .select(['a.id', 'a.client_id'])
    .where('u.email', '=', 'candidate2@demo.test')
    .where('a.company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  await db().updateTable('applications').set({ candidate_status_id: status }).where('id', '=', app.id).execute();
  return app;
}

const post = async (path: string, fields: Record<string, string>) =>
  fetch(`${t.url}${path}`, formRequest(fields, { origin: t.url, cookie: `token=${await t.tokenOf('company_admin')}`, 'accept-language': 'en' }));

describe('the candidate’s own applications page', () => {
  it('shows the interview the company scheduled: when in Japan time, how long, where and the link; once cancelled, no longer', async () => {
    const app = await maria(S.Interview);
    const day = addDays(todayInJapan(), 4);
    const made = await pressButton(t, await sessionOf(t, 'company_admin', 'en'), `/admin/candidate/${app.id}`, 'interview', {
      date: day,
      time: '15:00',
      minutes: '30',
      place: 'Shinjuku office',
      onlineUrl: 'https://meet.example/xyz',
    });
    expect(made.status).toBe(303);
    const { token } = await candidateLogin(t, 'candidate2@demo.test');
    const mine = async () => cheerio.load(await (await fetch(`${t.url}/staff/applications`, { headers: { cookie: `candidate_token=${token}; lang=en` } })).text());
    const $ = await mine();
    const card = $('article.job-card').filter((_, el) => $(el).find('a[href="https://meet.example/xyz"]').length > 0);
    expect(card).toHaveLength(1);
    const when = dateTimeText(new Date(`${day}T15:00:00+09:00`).toISOString(), 'en');
    expect(card.find('dd').text()).toContain(`${when} (30 min) · Shinjuku office · Join online`);

    const id = (await db().selectFrom('interviews').select('id').where('application_id', '=', app.id).where('online_url', '=', 'https://meet.example/xyz').executeTakeFirstOrThrow()).id;
    expect((await t.gql(ACT, { ids: [id], action: 'cancelled' }, { as: 'company_admin' })).errors).toBeUndefined();
    expect((await mine())('a[href="https://meet.example/xyz"]')).toHaveLength(0);
  });
});

describe('scheduling from the applicant record', () => {
  it('schedules, invites the candidate by mail with a calendar file in their language, and shows it on the record', async () => {
    const app = await maria(S.Interview);
    const day = addDays(todayInJapan(), 3);
    const before = smtp.mails.length;
    const res = await post(`/admin/candidate/${app.id}`, { _action: 'interview', date: day, time: '14:30', minutes: '45', place: '', onlineUrl: 'https://meet.example/abc', interviewers: 'Suzuki' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/admin/candidate/${app.id}?interview=1#interviews`);
    const row = await db().selectFrom('interviews').selectAll().where('application_id', '=', app.id).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect(row.starts_at.toISOString()).toBe(new Date(`${day}T14:30:00+09:00`).toISOString());
    expect(row).toMatchObject({ minutes: 45, online_url: 'https://meet.example/abc', status: 'scheduled' });

    await smtp.waitFor(before + 1);
    const mail = smtp.mails.slice(before).find((m) => m.to.includes('candidate2@demo.test'))!;
    expect(mail.subject).toBe('[Sakura Staffing Co., Ltd.] Your interview is scheduled');
    expect(mail.text).toContain('https://meet.example/abc');
    expect(mail.text).toContain('(45 min)');
    const ics = mail.attachments.find((a) => a.filename === 'interview.ics')!;
    expect(ics.contentType).toMatch(/^text\/calendar/);
    expect(ics.content).toContain(`DTSTART:${day.replaceAll('-', '')}T053000Z`);
    expect(ics.content).toContain(`DTEND:${day.replaceAll('-', '')}T061500Z`);

    const page = text(await (await fetch(`${t.url}/admin/candidate/${app.id}?interview=1`, { headers: { cookie: `token=${await t.tokenOf('company_admin')}`, 'accept-language': 'en' } })).text());
    expect(page).toContain('Interview scheduled; the applicant has been invited.');
    expect(page).toContain('https://meet.example/abc');
  });

  it('says the time and length in the candidate’s language: a Japanese reader’s invitation reads 1時間30分, not “min”', async () => {
    const app = await maria(S.Interview);
    await db().updateTable('users').set({ lang: 'ja' }).where('email', '=', 'candidate2@demo.test').execute();
    try {
      const day = addDays(todayInJapan(), 5);
      const before = smtp.mails.length;
      const res = await post(`/admin/candidate/${app.id}`, { _action: 'interview', date: day, time: '10:00', minutes: '90', place: '新宿オフィス', onlineUrl: '', interviewers: '' });
      expect(res.status).toBe(303);
      await smtp.waitFor(before + 1);
      const mail = smtp.mails.slice(before).find((m) => m.to.includes('candidate2@demo.test'))!;
      expect(mail.text).toContain('(1時間30分)');
      expect(mail.text).not.toContain('min)');
    } finally {
      await db().updateTable('users').set({ lang: 'en' }).where('email', '=', 'candidate2@demo.test').execute();
      await maria(S.Applied);
    }
  });

  it('records the result on the record itself, with the buttons the interviews list gives the row', async () => {
    const app = await maria(S.Interview);
    const r = await t.gql(
      'mutation($a: ID!, $i: InterviewInput!) { scheduleInterview(applicationId: $a, input: $i) }',
      { a: app.id, i: { date: addDays(todayInJapan(), 3), time: '13:00', minutes: 30, place: 'Shinjuku office' } },
      { as: 'company_admin' },
    );
    const id = r.data.scheduleInterview as string;
    const path = `/admin/candidate/${app.id}`;
    const token = await t.tokenOf('company_admin');
    const $ = cheerio.load((await getPage(t, path, token, 'en')).html);
    const buttons = $(`button[value$=":${id}"]`);
    expect(buttons.map((_, b) => $(b).text()).get()).toEqual(['Pass', 'Fail', 'Hold', 'Cancel']);
    // What cannot be taken back asks first, as on the list.
    expect(
      buttons
        .filter((_, b) => $(b).attr('data-confirm') !== undefined)
        .map((_, b) => $(b).text())
        .get(),
    ).toEqual(['Fail', 'Cancel']);

    const res = await pressButton(t, await sessionOf(t, 'company_admin', 'en'), path, `result:pass:${id}`);
    expect(res.status).toBe(303);
    expect(res.location).toBe(`${path}?interviewed=pass#interviews`);
    const after = await getPage(t, res.location!.replace(/#.*/, ''), token, 'en');
    expect(after.html).toContain('Marked as passed; the applicant moved to the next status.');
    expect((await db().selectFrom('applications').select('candidate_status_id').where('id', '=', app.id).executeTakeFirstOrThrow()).candidate_status_id).toBe(S.Offer);
    // A decided interview offers nothing more.
    expect(cheerio.load(after.html)(`button[value$=":${id}"]`)).toHaveLength(0);
    await maria(S.Applied);
  });

  it('explains what is missing, beside the field, in the user’s language, and keeps what was typed', async () => {
    const app = await maria(S.Interview);
    const count = async () => (await db().selectFrom('interviews').select('id').where('application_id', '=', app.id).execute()).length;
    const n = await count();
    const res = await post(`/admin/candidate/${app.id}`, { _action: 'interview', date: addDays(todayInJapan(), 2), time: '10:00', minutes: '30', place: '', onlineUrl: '', interviewers: 'Tanaka' });
    expect(res.status).toBe(422);
    const html = text(await res.text());
    expect(html).toContain('Enter a place or an online link.');
    expect(html).toContain('value="Tanaka"');
    const past = await post(`/admin/candidate/${app.id}`, {
      _action: 'interview',
      date: addDays(todayInJapan(), -2),
      time: '10:00',
      minutes: '30',
      place: 'Shinjuku office',
      onlineUrl: '',
      interviewers: '',
    });
    expect(past.status).toBe(422);
    expect(text(await past.text())).toContain('An interview cannot be in the past.');
    const http = await post(`/admin/candidate/${app.id}`, {
      _action: 'interview',
      date: addDays(todayInJapan(), 2),
      time: '10:00',
      minutes: '30',
      place: '',
      onlineUrl: 'http://plain.example',
      interviewers: '',
    });
    expect(text(await http.text())).toContain('An online link starts with https://.');
    expect(await count()).toBe(n);
  });
});

describe('/admin/interview', () => {
  it('lists the tenant’s interviews, and shows them by week on their day', async () => {
    const app = await maria(S.Interview);
    const day = addDays(todayInJapan(), 8);
    const r = await t.gql(
      'mutation($a: ID!, $i: InterviewInput!) { scheduleInterview(applicationId: $a, input: $i) }',
      { a: app.id, i: { date: day, time: '09:00', minutes: 30, place: 'Shinjuku office' } },
      { as: 'company_admin' },
    );
    expect(r.errors).toBeUndefined();
    const token = await t.tokenOf('company_admin');
    const list = await getPage(t, '/admin/interview', token);
    expect(list.status).toBe(200);
    expect(list.html).toContain('Maria Santos');
    expect(list.html).toContain(`href="/admin/candidate/${app.id}"`);
    const week = await getPage(t, `/admin/interview?view=week&week=${day}`, token);
    expect(week.status).toBe(200);
    expect(week.html).toContain('week-calendar');
    // The day's column holds it; the week before does not.
    expect(week.html).toMatch(
      new RegExp(`<time dateTime="${new Date(`${day}T09:00:00+09:00`).toISOString().replace(/\./g, '\\.')}">09:00</time> <a href="/admin/candidate/${app.id}">Maria Santos</a>`),
    );
    const before = await getPage(t, `/admin/interview?view=week&week=${addDays(mondayOf(day), -7)}`, token);
    expect(before.html).not.toContain(new Date(`${day}T09:00:00+09:00`).toISOString());
    // The week has no rows to tick, so no buttons for the ticked rows: the list has them.
    expect(list.html).toContain('value="bulk:pass"');
    expect(week.html).not.toContain('value="bulk:');
    expect(week.html).not.toContain('bulk-bar');
  });

  it('moves the application on a result: pass goes forward, fail closes it, and a finished interview stays finished', async () => {
    const app = await maria(S.Interview);
    const schedule = async () =>
      (
        await t.gql(
          'mutation($a: ID!, $i: InterviewInput!) { scheduleInterview(applicationId: $a, input: $i) }',
          { a: app.id, i: { date: addDays(todayInJapan(), 1), time: '11:00', minutes: 30, place: 'Office' } },
          { as: 'company_admin' },
        )
      ).data.scheduleInterview as string;
    const statusNow = async () => (await db().selectFrom('applications').select('candidate_status_id').where('id', '=', app.id).executeTakeFirstOrThrow()).candidate_status_id;
    const first = await schedule();
    expect((await t.gql(ACT, { ids: [first], action: 'pass' }, { as: 'company_admin' })).data.interviewAction).toBe('合格にしました。応募者を次のステータスへ移しました。');
    expect(await statusNow()).toBe(S.Offer);
    const audit = await db().selectFrom('audit_log').select('changes').where('entity', '=', 'application').where('entity_id', '=', app.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit.changes).toMatchObject({ status: { from: S.Interview, to: S.Offer }, interview: 'pass' });
    // Passed is final.
    expect((await t.gql(ACT, { ids: [first], action: 'fail' }, { as: 'company_admin' })).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');

    await maria(S.Interview);
    const second = await schedule();
    await t.gql(ACT, { ids: [second], action: 'fail' }, { as: 'company_admin' });
    expect(await statusNow()).toBe(S.Rejected);
    await maria(S.Applied);
  });

  it('Cancel on the list tells the candidate, as the invitation did: a chat note and a mail that withdraws the calendar entry; a past one tells nobody', async () => {
    const app = await maria(S.Interview);
    const day = addDays(todayInJapan(), 5);
    const schedule = async (date: string) =>
      (
        await t.gql(
          'mutation($a: ID!, $i: InterviewInput!) { scheduleInterview(applicationId: $a, input: $i) }',
          { a: app.id, i: { date, time: '16:00', minutes: 30, place: 'Ueno office' } },
          { as: 'company_admin' },
        )
      ).data.scheduleInterview as string;
    const id = await schedule(day);
    await smtp.waitFor(smtp.mails.length);
    const invitation = smtp.mails.findLast((m) => m.to.includes('candidate2@demo.test'))!;
    const before = smtp.mails.length;
    const conversation = await db().selectFrom('conversations').select('id').where('application_id', '=', app.id).executeTakeFirstOrThrow();
    const notes = async () =>
      (await db().selectFrom('messages').select('content').where('conversation_id', '=', conversation.id).execute()).map((m) => m.content).filter((n) => n.includes('is cancelled'));
    const earlier = (await notes()).length;

    const res = await pressButton(t, await sessionOf(t, 'company_admin', 'en'), '/admin/interview', `row:${id}:cancelled`);
    expect(res.status).toBe(303);
    await smtp.waitFor(before + 1);
    const mail = smtp.mails.slice(before).find((m) => m.to.includes('candidate2@demo.test'))!;
    expect(mail.subject).toBe('[Sakura Staffing Co., Ltd.] Your interview is cancelled');
    expect(mail.text).toContain(dateTimeText(new Date(`${day}T16:00:00+09:00`), 'en'));
    const ics = mail.attachments.find((a) => a.filename === 'interview.ics')!;
    expect(ics.content).toContain('METHOD:CANCEL');
    expect(ics.content).toContain('STATUS:CANCELLED');
    // The entry the invitation put in the calendar: the same event.
    const uid = (c: string) => /UID:(\S+)/.exec(c)?.[1];
    expect(uid(ics.content)).toBe(uid(invitation.attachments.find((a) => a.filename === 'interview.ics')!.content));
    const told = await notes();
    expect(told).toHaveLength(earlier + 1);
    expect(told.at(-1)).toContain(dateTimeText(new Date(`${day}T16:00:00+09:00`), 'en'));

    // One that has begun is a record tidied up: the candidate hears nothing of it.
    const past = await schedule(addDays(todayInJapan(), 1));
    await db()
      .updateTable('interviews')
      .set({ starts_at: new Date(Date.now() - 3_600_000) })
      .where('id', '=', past)
      .execute();
    const quiet = smtp.mails.length;
    expect((await pressButton(t, await sessionOf(t, 'company_admin', 'en'), '/admin/interview', `row:${past}:cancelled`)).status).toBe(303);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.mails.slice(quiet).filter((m) => m.subject.includes('cancelled'))).toEqual([]);
    expect(await notes()).toHaveLength(earlier + 1);
    await maria(S.Applied);
  });

  it('shows a result with one badge, the same on the list, the applicant record and the sheet', async () => {
    const app = await maria(S.Interview);
    const id = (
      await t.gql(
        'mutation($a: ID!, $i: InterviewInput!) { scheduleInterview(applicationId: $a, input: $i) }',
        { a: app.id, i: { date: addDays(todayInJapan(), 2), time: '15:00', minutes: 30, place: 'Office' } },
        { as: 'company_admin' },
      )
    ).data.scheduleInterview as string;
    const token = `${await t.tokenOf('company_admin')}; lang=en`;
    const staff = { who: 'company_admin', cookie: `token=${token}` };
    expect((await pressButton(t, staff, '/admin/interview', `row:${id}:fail`)).status).toBe(303);
    const badgeOf = async (path: string, where: string) => {
      const $ = cheerio.load((await getPage(t, path, token)).html);
      const badge = $(where).filter((_, el) => $(el).text() === 'Not passed');
      return badge.length ? badge.first().attr('class') : undefined;
    };
    expect(await badgeOf(`/admin/interview?sort=startsAt&dir=desc`, `tr[data-row-id="${id}"] .badge`)).toBe('badge badge-neutral');
    expect(await badgeOf(`/admin/candidate/${app.id}`, '.record-interviews .badge')).toBe('badge badge-neutral');
    expect(await badgeOf(`/admin/candidate/${app.id}/sheet`, '.record-interviews .badge')).toBe('badge badge-neutral');
    // Its length reads in the reader's language on both pages.
    for (const path of [`/admin/candidate/${app.id}`, `/admin/candidate/${app.id}/sheet`]) {
      const item = async (k: string) => {
        const $ = cheerio.load((await getPage(t, path, k)).html);
        return $('.record-interviews li')
          .filter((_, li) => $(li).text().includes('15:00'))
          .text();
      };
      const [en, ja] = await Promise.all([item(token), item(`${await t.tokenOf('company_admin')}; lang=ja`)]);
      expect(en).toContain('(30 min)');
      expect(ja).toContain('(30分)');
    }
    await maria(S.Applied);
  });

  it('gives a client user the interviews of its own jobs, another company none, and refuses a role without the code', async () => {
    const app = await maria(S.Interview);
    await t.gql(
      'mutation($a: ID!, $i: InterviewInput!) { scheduleInterview(applicationId: $a, input: $i) }',
      { a: app.id, i: { date: addDays(todayInJapan(), 4), time: '15:00', minutes: 30, place: 'Office' } },
      { as: 'company_admin' },
    );
    const mine = (await t.gql(LIST, {}, { as: 'company_admin' })).data.interviews as { rows: { id: string; candidateName: string }[] };
    expect(mine.rows.length).toBeGreaterThan(0);
    const client = await clientOf(t, 'client@demo.test');
    const theirs = (await t.gql(LIST, {}, { as: 'client_admin' })).data.interviews as { rows: { id: string }[] };
    const ownIds = (await db().selectFrom('interviews as i').innerJoin('applications as a', 'a.id', 'i.application_id').select('i.id').where('a.client_id', '=', client).execute()).map((r) => r.id);
    expect(theirs.rows.map((r) => r.id).sort()).toEqual(ownIds.sort());
    expect(((await t.gql(LIST, {}, { as: 'company2' })).data.interviews as { total: number }).total).toBe(0);
    expect((await t.gql(LIST, {}, { as: 'client_staff' })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    // Another company can neither schedule for Sakura's application nor record a result.
    const foreign = await t.gql(
      'mutation($a: ID!, $i: InterviewInput!) { scheduleInterview(applicationId: $a, input: $i) }',
      { a: app.id, i: { date: addDays(todayInJapan(), 4), time: '15:00', minutes: 30, place: 'X' } },
      { as: 'company2' },
    );
    expect(foreign.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await t.gql(ACT, { ids: [mine.rows[0]!.id], action: 'cancelled' }, { as: 'company2' })).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    await maria(S.Applied);
  });
});
