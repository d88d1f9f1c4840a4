/**
 * Scouting (docs/scouting.md): a company finds a candidate who opted in, sends an
 * offer for one of its jobs (the message lands in the candidate's chat, in their language), the
 * candidate accepts on /staff/scout and appears in the company's applicants; someone who did not
 * opt in is never found, and what a candidate did not share cannot be filtered on; another
 * company neither sees nor acts on the offers; a role without 380001 is refused; the monthly quota
 * and the expiry hold; accepting twice, even at once, makes one application.
 */
import * as cheerio from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { companyOf, openJob, userId, visaId } from '../helpers/demo-data.ts';
import { dataOf, firstCode, loginByPassword } from '../helpers/graphql.ts';
import { candidateLogin, formRequest, getPage, postForm } from '../helpers/pages.ts';
import { pressButton, sessionOf } from '../helpers/buttons.ts';
import { dateTimeText } from '../../shared/format.ts';

let t: TestApp;
const db = () => t.database.db;
const partTimeJob = (companyId: string, nth = 0, anyVisa = false) => openJob(t, companyId, { nth, anyVisa });
const candidateToken = (email: string) => loginByPassword(t.url, email, inject('demoPassword'));

const SEND = 'mutation ($c: ID!, $j: ID!, $s: ID, $m: String!) { sendScoutOffer(candidateId: $c, jobId: $j, shiftId: $s, message: $m) { id conversationId } }';
const ANSWER = 'mutation ($id: ID!, $a: Boolean!) { answerScoutOffer(id: $id, accept: $a) { status applicationId } }';
const SEARCH = 'query ($q: String, $f: ScoutCandidateFilter) { scoutCandidates(size: 100, q: $q, filter: $f) { total rows { id initials nationality visaType attendance } } }';

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('a company scouts a candidate who accepts and appears in the pipeline', () => {
  it('search → offer with a message → the candidate reads it in the chat → accepts on /staff/scout → an applicant of the company', async () => {
    const admin = await t.tokenOf('company_admin');
    const sakura = await companyOf(t, 'company@demo.test');
    const ana = await userId(t, 'scout3@demo.test');
    const job = await partTimeJob(sakura, 1);

    // The search shows her initials and what she shared, never her name.
    const search = await getPage(t, '/v3/admin/scout/search', admin);
    expect(search.status).toBe(200);
    expect(search.html).toContain('A. L.');
    // Her nationality, stored as a code ('BR'), named in the reader's language.
    expect(search.html).toContain('<td data-col="nationality">ブラジル</td>');
    expect((await getPage(t, '/v3/admin/scout/search', admin, 'en')).html).toContain('Brazil');
    expect(search.html).not.toContain('Ana Lima');
    expect(search.html).not.toContain('scout3@demo.test');

    // Her "Scout" link opens the offer form with the company's open jobs.
    const form = await getPage(t, `/v3/admin/scout/search?scout=${ana}`, admin);
    expect(form.status).toBe(200);
    expect(form.html).toContain('name="message"');
    expect(form.html).toContain(job.id);
    const sent = await postForm(t, `/v3/admin/scout/search?scout=${ana}`, admin, {
      _action: 'offer',
      candidateId: ana,
      job: job.id,
      message: 'ぜひ一緒に働きましょう。 We would love to have you on the team.',
    });
    expect(sent.status).toBe(303);
    expect(sent.location).toContain('sent=');

    const offer = await db().selectFrom('scout_offers').selectAll().where('candidate_id', '=', ana).where('job_id', '=', job.id).executeTakeFirstOrThrow();
    expect(offer.status).toBe('pending');
    expect(offer.expires_at.getTime() - offer.created_at.getTime()).toBe(7 * 86_400_000);
    // The conversation about the job opened, with the offer in her language (English) and the company's words.
    const messages = await db().selectFrom('messages').select('content').where('conversation_id', '=', offer.conversation_id!).execute();
    expect(messages.map((m) => m.content).join('\n')).toContain('You received a scout offer from Sakura Staffing');
    expect(messages.map((m) => m.content).join('\n')).toContain('We would love to have you on the team.');

    // Pending for the company, still without her name.
    const pending = await getPage(t, '/v3/admin/scout/pending', admin);
    expect(pending.html).toContain('A. L.');
    expect(pending.html).not.toContain('Ana Lima');

    // She sees it on /staff/scout and accepts.
    const { token } = await candidateLogin(t, 'scout3@demo.test');
    const page = await fetch(`${t.url}/staff/scout`, { headers: { cookie: `candidate_token=${token}`, 'accept-language': 'en' } });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('We would love to have you on the team.');
    expect(html).toContain('Accept and apply');
    const accepted = await fetch(`${t.url}/staff/scout`, formRequest({ _action: 'accept', id: offer.id }, { origin: t.url, cookie: `candidate_token=${token}` }));
    expect(accepted.status).toBe(303);
    expect(accepted.headers.get('location')).toContain('done=accepted');

    // An application like any other: in the company's pipeline, linked from the offer.
    const app = await db().selectFrom('applications').selectAll().where('candidate_id', '=', ana).where('job_id', '=', job.id).executeTakeFirstOrThrow();
    expect(app.company_id).toBe(sakura);
    const after = await db().selectFrom('scout_offers').selectAll().where('id', '=', offer.id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ status: 'accepted', application_id: app.id });
    const conv = await db().selectFrom('conversations').select('application_id').where('id', '=', offer.conversation_id!).executeTakeFirstOrThrow();
    expect(conv.application_id).toBe(app.id);
    const applicants = await getPage(t, '/admin/candidate', admin);
    expect(applicants.html).toContain('Ana Lima');
    // The full profile is now the company's: the answered list names her and links her record.
    const confirm = await getPage(t, '/v3/admin/scout/confirm', admin);
    expect(confirm.html).toContain('Ana Lima');
    expect(confirm.html).toContain(`/admin/candidate/${app.id}`);
    // Its state filter offers the answered and closed states only: an offer awaiting an answer is never on it.
    const states = cheerio
      .load(confirm.html)('select[name="f_state"] option')
      .toArray()
      .map((o) => o.attribs.value);
    expect(states).toEqual(['', 'accepted', 'declined', 'expired', 'withdrawn']);
  });

  it('accepting twice, even at the same moment, makes one application', async () => {
    const sakura = await companyOf(t, 'company@demo.test');
    const lan = await userId(t, 'scout1@demo.test');
    const job = await partTimeJob(sakura, 2);
    const sent = dataOf(await t.gql(SEND, { c: lan, j: job.id, m: 'Please join us.' }, { as: 'company_admin' })).sendScoutOffer;
    const token = await candidateToken('scout1@demo.test');
    const answers = await Promise.all([1, 2, 3].map(() => t.gql(ANSWER, { id: sent.id, a: true }, token)));
    const ids = answers.map((a) => dataOf(a).answerScoutOffer.applicationId as string | null).filter(Boolean);
    const apps = await db().selectFrom('applications').select('id').where('candidate_id', '=', lan).where('job_id', '=', job.id).execute();
    expect(apps).toHaveLength(1);
    expect(new Set(ids)).toEqual(new Set([apps[0]!.id]));
    // Later, again: the same application, nothing new; declining an accepted offer is refused.
    const again = dataOf(await t.gql(ANSWER, { id: sent.id, a: true }, token)).answerScoutOffer;
    expect(again).toEqual({ status: 'accepted', applicationId: apps[0]!.id });
    expect(firstCode(await t.gql(ANSWER, { id: sent.id, a: false }, token))).toBe('CONFLICT');
    expect(await db().selectFrom('applications').select('id').where('candidate_id', '=', lan).where('job_id', '=', job.id).execute()).toHaveLength(1);
  });
});

describe('the search list', () => {
  it('lists what times a candidate can work as words of the reader’s language, joined as that language joins a list', async () => {
    const admin = await t.tokenOf('company_admin');
    const availability = async (lang: 'ja' | 'en') =>
      cheerio
        .load((await getPage(t, '/v3/admin/scout/search?q=' + encodeURIComponent('kitchens'), admin, lang)).html)('main td[data-col=availability]')
        .first()
        .text();
    expect(await availability('ja')).toBe('平日、夕方');
    expect(await availability('en')).toBe('Weekdays, Evenings');
  });
});

describe('the pending offers list', () => {
  it('draws a Withdraw button on each offer and no tick box, as nothing there acts on ticked offers', async () => {
    const $ = cheerio.load((await getPage(t, '/v3/admin/scout/pending', await t.tokenOf('company_admin'), 'en')).html);
    const rows = $('main tbody tr[data-row-id]');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.toArray().map((r) => $(r).find('td.row-actions button').text())).toEqual(rows.toArray().map(() => 'Withdraw'));
    expect($('main input[type=checkbox]').length).toBe(0);
  });
});

describe('declining without the page’s script', () => {
  it('asks on a page of the public site (a phone that ran no script, or pressed before it loaded), declines nothing until yes, and keeps the offer', async () => {
    const sakura = await companyOf(t, 'company@demo.test');
    const ramesh = await userId(t, 'scout2@demo.test');
    const job = await partTimeJob(sakura, 1);
    const sent = dataOf(await t.gql(SEND, { c: ramesh, j: job.id, m: 'Would you join our kitchen team?' }, { as: 'company_admin' })).sendScoutOffer;
    const { token } = await candidateLogin(t, 'scout2@demo.test');
    const cookie = `candidate_token=${token}; lang=en`;
    const status = async () => (await db().selectFrom('scout_offers').select('status').where('id', '=', sent.id).executeTakeFirstOrThrow()).status;

    const page = cheerio.load(await (await fetch(`${t.url}/staff/scout`, { headers: { cookie } })).text());
    const decline = page(`input[name="id"][value="${sent.id}"]`).closest('form').find('button[value="decline"]');
    expect(decline.attr('name')).toBe('_asking');
    expect(decline.attr('data-confirm')).toBe('Decline this offer?');
    const res = await fetch(`${t.url}/staff/scout`, formRequest({ id: sent.id, _asking: 'decline' }, { origin: t.url, cookie }));
    expect(res.status).toBe(200);
    const ask = cheerio.load(await res.text());
    expect(ask('.ask-first p').text()).toBe('Decline this offer?');
    // The public site's page and buttons, not the back office's.
    expect(ask('.admin-header').length).toBe(0);
    expect(ask('.ask-first button[name="_action"]').attr('class')).toBe('button button-primary');
    expect(ask('.ask-first a').attr('href')).toBe('/staff/scout');
    expect(await status()).toBe('pending');

    const fields = ask('.ask-first input[type="hidden"]')
      .toArray()
      .map((el) => [el.attribs.name!, el.attribs.value ?? ''] as [string, string]);
    expect(fields).toEqual([['id', sent.id]]);
    const yes = await fetch(`${t.url}/staff/scout`, formRequest(Object.fromEntries([...fields, ['_action', ask('.ask-first button').attr('value')!]]), { origin: t.url, cookie }));
    expect(yes.status).toBe(303);
    expect(yes.headers.get('location')).toContain('done=declined');
    expect(await status()).toBe('declined');
    // Someone not signed in is sent to sign in, not asked about an offer they cannot see.
    const visitor = await fetch(`${t.url}/staff/scout`, formRequest({ id: sent.id, _asking: 'decline' }, { origin: t.url }));
    expect([302, 303]).toContain(visitor.status);
    expect(visitor.headers.get('location')).toBe(`/staff/login?next=${encodeURIComponent('/staff/scout')}`);
  });
});

describe('the candidate’s scouting settings', () => {
  it('a refused save draws the settings as typed, not as saved: the introduction, the boxes and the levels', async () => {
    const { token } = await candidateLogin(t, 'scout1@demo.test');
    const session = { who: 'scout1', cookie: `candidate_token=${token}; lang=en` };
    const intro = `I worked in a kitchen. ${'x'.repeat(500)}`;
    const res = await pressButton(t, session, '/staff/scout', 'save', { intro, shareNationality: null, prefecture: '北海道', level_ja: '4' });
    expect(res.status).toBe(422);
    const $ = cheerio.load(res.html);
    expect($('textarea[name=intro]').text()).toBe(intro);
    expect($('input[name=shareNationality]').attr('checked')).toBeUndefined();
    expect($('select[name=prefecture] option[selected]').attr('value')).toBe('北海道');
    expect($('select[name=level_ja] option[selected]').attr('value')).toBe('4');
    expect(res.html).toContain('Use at most 500 characters.');
    // Nothing was saved: the page drawn afresh shows what was.
    const fresh = cheerio.load(await (await fetch(`${t.url}/staff/scout`, { headers: { cookie: session.cookie } })).text());
    expect(fresh('textarea[name=intro]').text()).not.toBe(intro);
  });
});

describe('a daily job', () => {
  it('is offered with one of its coming shifts; accepting takes the seat like applying', async () => {
    const sakura = await companyOf(t, 'company@demo.test');
    const ana = await userId(t, 'scout3@demo.test');
    const job = await openJob(t, sakura, { kind: 'daily' });
    const desk = dataOf(await t.gql('query ($c: ID) { scoutDesk(candidateId: $c) { candidate { initials } jobs { id kind shifts { id } } } }', { c: ana }, { as: 'company_staff' })).scoutDesk;
    expect(desk.candidate.initials).toBe('A. L.');
    const offered = desk.jobs.find((j: { id: string }) => j.id === job.id);
    const shiftId = offered.shifts[0].id as string;
    expect(firstCode(await t.gql(SEND, { c: ana, j: job.id, m: 'A shift for you' }, { as: 'company_staff' }))).toBe('BAD_USER_INPUT');
    const sent = dataOf(await t.gql(SEND, { c: ana, j: job.id, s: shiftId, m: 'A shift for you' }, { as: 'company_staff' })).sendScoutOffer;
    const before = await db().selectFrom('job_daily_shifts').select('filled').where('id', '=', shiftId).executeTakeFirstOrThrow();
    const answer = dataOf(await t.gql(ANSWER, { id: sent.id, a: true }, await candidateToken('scout3@demo.test'))).answerScoutOffer;
    const app = await db().selectFrom('applications').selectAll().where('id', '=', answer.applicationId).executeTakeFirstOrThrow();
    expect(app).toMatchObject({ job_id: job.id, shift_id: shiftId, candidate_id: ana });
    expect((await db().selectFrom('job_daily_shifts').select('filled').where('id', '=', shiftId).executeTakeFirstOrThrow()).filled).toBe(before.filled + 1);

    // The accepted list names the shift's day and start as each reader writes a time, in Japan's time.
    const shift = await db().selectFrom('job_daily_shifts').select(['date', 'start_time']).where('id', '=', shiftId).executeTakeFirstOrThrow();
    const starts = new Date(`${shift.date}T${shift.start_time}+09:00`);
    const staff = await t.tokenOf('company_staff');
    for (const lang of ['ja', 'en'] as const) {
      const list = await getPage(t, '/v3/admin/scout/confirm', staff, lang);
      expect(list.html, lang).toContain(`<td data-col="shift">${dateTimeText(starts, lang)}</td>`);
    }
  });
});

describe('who can be found', () => {
  it('a candidate who did not opt in is never found nor offered; one who switches off disappears', async () => {
    const nguyen = await userId(t, 'candidate@demo.test');
    const all = dataOf(await t.gql(SEARCH, {}, { as: 'company_admin' })).scoutCandidates;
    expect(all.rows.map((r: { id: string }) => r.id)).not.toContain(nguyen);
    expect(all.total).toBeGreaterThanOrEqual(3);
    const byNationality = dataOf(await t.gql(SEARCH, { q: 'Vietnam' }, { as: 'company_admin' })).scoutCandidates;
    expect(byNationality.rows.map((r: { id: string }) => r.id)).not.toContain(nguyen);
    // The nationality filter is a country: it finds the Vietnamese candidate who shares it, never Nguyen.
    const vietnamese = dataOf(await t.gql(SEARCH, { f: { nationality: 'VN' } }, { as: 'company_admin' })).scoutCandidates;
    expect(vietnamese.rows.map((r: { id: string }) => r.id)).toContain(await userId(t, 'scout1@demo.test'));
    expect(vietnamese.rows.map((r: { id: string }) => r.id)).not.toContain(nguyen);
    expect(vietnamese.rows.every((r: { nationality: string }) => r.nationality === 'VN')).toBe(true);
    // The search box finds a country by its name in either language, as a person types it (the
    // list keeps the code): Lan (VN) by "vietnam" and by ベトナム, neither Ana (BR) nor Nguyen.
    for (const words of ['vietnam', 'ベトナム']) {
      const page = await getPage(t, `/v3/admin/scout/search?q=${encodeURIComponent(words)}`, await t.tokenOf('company_admin'));
      expect(page.html).toContain('<td data-col="nationality">ベトナム</td>');
      expect(page.html).not.toContain('<td data-col="nationality">ブラジル</td>');
      const found = dataOf(await t.gql(SEARCH, { q: words }, { as: 'company_admin' })).scoutCandidates;
      expect(found.rows.map((r: { id: string }) => r.id)).toContain(await userId(t, 'scout1@demo.test'));
      expect(found.rows.map((r: { id: string }) => r.id)).not.toContain(nguyen);
      expect(found.rows.every((r: { nationality: string }) => r.nationality === 'VN')).toBe(true);
    }
    const job = await partTimeJob(await companyOf(t, 'company@demo.test'));
    expect(firstCode(await t.gql(SEND, { c: nguyen, j: job.id, m: 'Hello' }, { as: 'company_admin' }))).toBe('NOT_FOUND');

    // Ramesh switches scouting off on his page: gone from the search, and cannot be offered.
    const ramesh = await userId(t, 'scout2@demo.test');
    expect(all.rows.map((r: { id: string }) => r.id)).toContain(ramesh);
    const { token } = await candidateLogin(t, 'scout2@demo.test');
    const saved = await fetch(
      `${t.url}/staff/scout`,
      formRequest(
        { _action: 'save', shareNationality: 'on', shareLanguages: 'on', prefecture: '神奈川県', availability: ['weekend', 'night'], level_ja: '2', intro: '' },
        { origin: t.url, cookie: `candidate_token=${token}` },
      ),
    );
    expect(saved.status).toBe(303);
    const off = dataOf(await t.gql(SEARCH, {}, { as: 'company_admin' })).scoutCandidates;
    expect(off.rows.map((r: { id: string }) => r.id)).not.toContain(ramesh);
    expect(firstCode(await t.gql(SEND, { c: ramesh, j: job.id, m: 'Hello' }, { as: 'company_admin' }))).toBe('NOT_FOUND');
    // On again.
    await fetch(
      `${t.url}/staff/scout`,
      formRequest(
        { _action: 'save', enabled: 'on', shareNationality: 'on', shareLanguages: 'on', prefecture: '神奈川県', availability: ['weekend', 'night'], level_ja: '2', level_en: '3', intro: '' },
        { origin: t.url, cookie: `candidate_token=${token}` },
      ),
    );
    expect(dataOf(await t.gql(SEARCH, {}, { as: 'company_admin' })).scoutCandidates.rows.map((r: { id: string }) => r.id)).toContain(ramesh);
  });

  it('filters by language and level, area, residence status, and never on what a candidate did not share', async () => {
    const ids = async (f: Record<string, string>) => (dataOf(await t.gql(SEARCH, { f }, { as: 'company_admin' })).scoutCandidates.rows as { id: string }[]).map((r) => r.id);
    const [lan, ramesh, ana] = await Promise.all(['scout1@demo.test', 'scout2@demo.test', 'scout3@demo.test'].map((e) => userId(t, e)));
    // Japanese: Lan 3, Ramesh 2, Ana 4.
    expect(await ids({ language: 'ja:3' })).toEqual(expect.arrayContaining([lan, ana]));
    expect(await ids({ language: 'ja:3' })).not.toContain(ramesh);
    expect(await ids({ language: 'ja:4' })).toEqual([ana]);
    expect(await ids({ language: 'pt:1' })).toEqual([ana]);
    expect(await ids({ area: '神奈川県' })).toEqual([ramesh]);
    expect(await ids({ availability: 'night' })).toEqual([ramesh]);
    // Ramesh (a student, card within 90 days) shares no residence status: no residence filter finds him.
    expect(await ids({ visa: await visaId(t, '留学') })).not.toContain(ramesh);
    expect(await ids({ cardValid: '365' })).toEqual(expect.arrayContaining([lan, ana]));
    const row = (dataOf(await t.gql(SEARCH, {}, { as: 'company_admin' })).scoutCandidates.rows as { id: string; visaType: string | null }[]).find((r) => r.id === ramesh);
    expect(row?.visaType).toBeNull();
  });
});

describe('tenants and permissions', () => {
  it('another company sees none of Sakura’s offers and cannot act on them', async () => {
    const offer = await db()
      .selectFrom('scout_offers')
      .selectAll()
      .where('company_id', '=', await companyOf(t, 'company@demo.test'))
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    const theirs = dataOf(await t.gql('{ scoutOffers(size: 100) { total rows { id } } }', {}, { as: 'company2' })).scoutOffers;
    expect(theirs.rows.map((r: { id: string }) => r.id)).not.toContain(offer.id);
    const page = await getPage(t, '/v3/admin/scout/pending', await t.tokenOf('company2'));
    expect(page.status).toBe(200);
    expect(page.html).not.toContain(offer.id);
    // Withdrawing it as Minato changes nothing.
    await t.gql('mutation ($ids: [ID!]!) { scoutOfferAction(ids: $ids, action: "withdraw") }', { ids: [offer.id] }, { as: 'company2' });
    expect((await db().selectFrom('scout_offers').select('status').where('id', '=', offer.id).executeTakeFirstOrThrow()).status).toBe('pending');
    // Nor can it offer Sakura's job.
    const job = await partTimeJob(await companyOf(t, 'company@demo.test'));
    expect(firstCode(await t.gql(SEND, { c: offer.candidate_id, j: job.id, m: 'Hello' }, { as: 'company2' }))).toBe('NOT_FOUND');
    // Sakura itself may withdraw it.
    dataOf(await t.gql('mutation ($ids: [ID!]!) { scoutOfferAction(ids: $ids, action: "withdraw") }', { ids: [offer.id] }, { as: 'company_admin' }));
    expect((await db().selectFrom('scout_offers').select('status').where('id', '=', offer.id).executeTakeFirstOrThrow()).status).toBe('withdrawn');
  });

  it('a user without 380001 is refused by the API and the pages', async () => {
    for (const q of ['{ scoutDesk { jobs { id } } }', '{ scoutCandidates { total } }', '{ scoutOffers { total } }']) {
      expect(firstCode(await t.gql(q, {}, { as: 'client_admin' })), q).toBe('FORBIDDEN');
    }
    const job = await partTimeJob(await companyOf(t, 'company@demo.test'));
    expect(firstCode(await t.gql(SEND, { c: await userId(t, 'scout1@demo.test'), j: job.id, m: 'Hello' }, { as: 'client_admin' }))).toBe('FORBIDDEN');
    for (const path of ['/v3/admin/scout/search', '/v3/admin/scout/pending', '/v3/admin/scout/confirm']) {
      expect((await getPage(t, path, await t.tokenOf('client_admin'))).status, path).not.toBe(200);
    }
    // A candidate may not send offers; a back-office user may not answer them.
    expect(firstCode(await t.gql(SEND, { c: await userId(t, 'scout1@demo.test'), j: job.id, m: 'Hello' }, await candidateToken('scout1@demo.test')))).toBe('UNAUTHENTICATED');
  });
});

describe('quota and expiry', () => {
  it('an offer sent without a job or a message says so beside each field, in the page’s language, and sends nothing', async () => {
    const ana = await userId(t, 'scout3@demo.test');
    const session = await sessionOf(t, 'company_admin', 'en');
    const offers = async () => (await db().selectFrom('scout_offers').select('id').where('candidate_id', '=', ana).execute()).length;
    const before = await offers();
    // As the form sends it with nothing chosen or written: the job's first choice is "—".
    const r = await pressButton(t, session, `/v3/admin/scout/search?scout=${ana}`, 'offer', { message: '' });
    expect(r.status).toBe(422);
    const $ = cheerio.load(r.html);
    expect($('#job').closest('.field').find('.field-error').text()).toBe('Please choose one.');
    expect($('#message').closest('.field').find('.field-error').text()).toBe('Write a message (up to 1,000 characters).');
    expect(r.html).not.toContain('was not found');
    expect(await offers()).toBe(before);
  });

  it('the monthly quota refuses the offer past it, with a clear message', async () => {
    const minato = await companyOf(t, 'company2@demo.test');
    await db().updateTable('companies').set({ scout_monthly_quota: 1 }).where('id', '=', minato).execute();
    try {
      const [j1, j2] = [await partTimeJob(minato, 0, true), await partTimeJob(minato, 1, true)];
      dataOf(await t.gql(SEND, { c: await userId(t, 'scout3@demo.test'), j: j1.id, m: 'Hello from Minato' }, { as: 'company2' }));
      const refused = await t.gql(SEND, { c: await userId(t, 'scout1@demo.test'), j: j2.id, m: 'Hello again' }, { as: 'company2', headers: { 'accept-language': 'en' } });
      expect(firstCode(refused)).toBe('CONFLICT');
      expect(refused.errors![0]!.message).toContain('quota (1 offers)');
      const desk = dataOf(await t.gql('{ scoutDesk { quota { used limit } } }', {}, { as: 'company2' })).scoutDesk;
      expect(desk.quota).toEqual({ used: 1, limit: 1 });
      // The same refusal on the screen.
      const page = await postForm(t, `/v3/admin/scout/search?scout=${await userId(t, 'scout1@demo.test')}`, await t.tokenOf('company2'), {
        _action: 'offer',
        candidateId: await userId(t, 'scout1@demo.test'),
        job: j2.id,
        message: 'Hi',
      });
      expect(page.status).toBe(409);
      expect(page.html).toContain('今月のスカウト送信数の上限');
    } finally {
      await db().updateTable('companies').set({ scout_monthly_quota: 50 }).where('id', '=', minato).execute();
    }
  });

  it('an expired offer shows as expired and cannot be accepted; a second pending offer of the same job is refused', async () => {
    const sakura = await companyOf(t, 'company@demo.test');
    const ramesh = await userId(t, 'scout2@demo.test');
    const job = await partTimeJob(sakura, 0);
    const sent = dataOf(await t.gql(SEND, { c: ramesh, j: job.id, m: 'Weekend shifts available.' }, { as: 'company_admin' })).sendScoutOffer;
    expect(firstCode(await t.gql(SEND, { c: ramesh, j: job.id, m: 'Again' }, { as: 'company_admin' }))).toBe('CONFLICT');
    await db()
      .updateTable('scout_offers')
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where('id', '=', sent.id)
      .execute();
    const token = await candidateToken('scout2@demo.test');
    const refused = await t.gql(ANSWER, { id: sent.id, a: true }, token);
    expect(firstCode(refused)).toBe('CONFLICT');
    expect(await db().selectFrom('applications').select('id').where('candidate_id', '=', ramesh).where('job_id', '=', job.id).execute()).toHaveLength(0);
    const mine = dataOf(await t.gql('{ myScout { offers { id state } } }', {}, token)).myScout.offers;
    expect(mine.find((o: { id: string }) => o.id === sent.id).state).toBe('expired');
    const list = dataOf(await t.gql('{ scoutOffers(size: 100, filter: { state: "expired" }) { rows { id state } } }', {}, { as: 'company_admin' })).scoutOffers;
    expect(list.rows).toContainEqual({ id: sent.id, state: 'expired' });
    const { token: cookie } = await candidateLogin(t, 'scout2@demo.test');
    const html = await (await fetch(`${t.url}/staff/scout`, { headers: { cookie: `candidate_token=${cookie}`, 'accept-language': 'en' } })).text();
    expect(html).toContain('Expired');
    // Once expired, the company may offer the job again.
    dataOf(await t.gql(SEND, { c: ramesh, j: job.id, m: 'Still interested?' }, { as: 'company_admin' }));
  });
});
