/**
 * The bell for every role, in the reader's language (docs/notifications.md): each event is made by
 * pressing the button a person presses, and each reader's bell is read in Japanese and in English
 * (the language cookie the page itself sets), so the same stored notification says the reader's
 * own words.
 */
import { describe, expect, it } from 'vitest';
import { appForFile, DEMO, type DemoLogin } from '../helpers/app.ts';
import { pressButton, sessionOf } from '../helpers/buttons.ts';
import { clientOf, companyOf, userId } from '../helpers/demo-data.ts';
import { candidateLogin, getPage } from '../helpers/pages.ts';
import { askClientToConfirm } from '../../server/modules/workforce/confirm-notice.ts';
import { dateText } from '../../shared/format.ts';

const t = appForFile();
const db = () => t.database.db;

const BELL = 'query ($type: Int!) { notifications(type: $type, current: 1, size: 50) { total data { id title body link is_read } } }';

/** The titles in a bell, read with the page's language cookie (ja or en). */
async function bell(token: string, lang: 'ja' | 'en', type: 1 | 2 = 1): Promise<{ id: string; title: string; body: string; link: string | null }[]> {
  const r = await t.gql(BELL, { type }, { token, headers: { cookie: `lang=${lang}` } });
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  return r.data.notifications.data;
}
const staff = (who: DemoLogin) => t.tokenOf(who);

describe('notifications for every role, in the reader’s language', () => {
  it('the demo bells tell each reader only of what its tenant may see', async () => {
    const said = async (who: DemoLogin) => JSON.stringify([...(await bell(await staff(who), 'en', 1)), ...(await bell(await staff(who), 'en', 2))]);
    const sakura = await said('company_admin');
    // Siti Rahma's application to the café and her interview, Maria Santos's card, the kitchen shift at Tokyo Food Service.
    for (const text of ['Café staff', 'Siti Rahma', 'Maria Santos', 'Tokyo Food Service']) expect(sakura).toContain(text);
    // Sakura's client reads of the shift at its own place, not of Sakura's applicants or registry.
    for (const who of ['client_admin', 'client_staff'] as const) {
      const client = await said(who);
      expect(client, who).toContain('Tokyo Food Service');
      for (const text of ['Café staff', 'Siti Rahma', 'Maria Santos']) expect(client, who).not.toContain(text);
    }
    // Another company reads of its own, nothing of Sakura's.
    const minato = await said('company2');
    expect(minato).toContain('Aung Kyaw Min');
    for (const text of ['Café staff', 'Siti Rahma', 'Maria Santos', 'Tokyo Food Service']) expect(minato).not.toContain(text);
  });

  it('a candidate applying tells the company’s staff and the client’s users, each in their language', async () => {
    const { token } = await candidateLogin(t, DEMO.candidate);
    const me = await userId(t, DEMO.candidate);
    const job = await db()
      .selectFrom('jobs as j')
      .select(['j.id', 'j.title_ja', 'j.title_en'])
      .where('j.client_id', '=', await clientOf(t, DEMO.client_admin))
      .where('j.kind', '=', 'other')
      .where('j.status', '=', 'open')
      .where((eb) => eb.not(eb.exists(eb.selectFrom('applications as a').select('a.id').whereRef('a.job_id', '=', 'j.id').where('a.candidate_id', '=', me))))
      .executeTakeFirstOrThrow();
    const r = await pressButton(t, { who: 'candidate', cookie: `candidate_token=${token}` }, `/part-time/${job.id}`, 'apply', { message: 'よろしくお願いします' });
    expect(r.status, r.html.slice(0, 300)).toBeLessThan(400);

    const clientEn = await bell(await staff('client_admin'), 'en');
    expect(clientEn.map((n) => n.title)).toContain(`A new applicant for your job: ${job.title_en}`);
    // Each client user's notice opens a page that user may open, showing the applicant (not a redirect to the landing page).
    const name = (await db().selectFrom('users').select('name').where('id', '=', me).executeTakeFirstOrThrow()).name;
    for (const who of ['client_admin', 'client_staff'] as const) {
      const notice = (await bell(await staff(who), 'en')).find((n) => n.title === `A new applicant for your job: ${job.title_en}`);
      expect(notice?.link, who).toBeTruthy();
      const opened = await getPage(t, notice!.link!, await staff(who), 'en');
      expect(opened.status, `${who} opens ${notice!.link}`).toBe(200);
      expect(opened.html).toContain(name);
    }
    const clientJa = await bell(await staff('client_admin'), 'ja');
    expect(clientJa.map((n) => n.title)).toContain(`求人に応募がありました: ${job.title_ja}`);
    // Never a "日本語 / English" pair.
    expect(clientEn.every((n) => !n.title.includes(' / '))).toBe(true);

    const companyEn = await bell(await staff('company_admin'), 'en');
    const mine = companyEn.find((n) => n.title === `New application: ${job.title_en}`);
    expect(mine?.link).toMatch(/^\/admin\/candidate\/[0-9a-f-]{36}$/);
    // Another company's staff hear nothing of it.
    expect((await bell(await staff('company2'), 'en')).some((n) => n.title.includes(job.title_en))).toBe(false);
  });

  it('a status change reaches the candidate’s own bell, drawn on their pages', async () => {
    const app = await db()
      .selectFrom('applications as a')
      .innerJoin('users as u', 'u.id', 'a.candidate_id')
      .innerJoin('jobs as j', 'j.id', 'a.job_id')
      .select(['a.id', 'u.email', 'j.title_en'])
      .where('a.company_id', '=', await companyOf(t, DEMO.company_admin))
      .where('u.email', '=', 'candidate4@demo.test')
      .orderBy('a.created_at', 'desc')
      .executeTakeFirstOrThrow();
    const record = `/admin/candidate/${app.id}`;
    const page = await getPage(t, record, await staff('company_admin'));
    const move = /value="(move:[^"]+)"/.exec(page.html)?.[1];
    expect(move, 'the record offers a move').toBeDefined();
    const r = await pressButton(t, await sessionOf(t, 'company_admin'), record, move!);
    expect(r.status).toBeLessThan(400);

    const { token } = await candidateLogin(t, app.email);
    const en = await bell(token, 'en');
    const said = en.find((n) => n.title.startsWith(`Your application changed: ${app.title_en} — `));
    expect(said?.link).toBe('/staff/applications');
    expect((await bell(token, 'ja')).some((n) => n.title.startsWith('応募の状況が変わりました: '))).toBe(true);
    // The bell is on the candidate's own pages.
    const mypage = await fetch(`${t.url}/staff/applications`, { headers: { cookie: `candidate_token=${token}` } });
    expect(await mypage.text()).toContain('data-island="NotificationBell"');
  });

  it('approving a pay run tells the worker, with the amount', async () => {
    const run = await db()
      .selectFrom('pay_runs as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select(['r.id', 'r.net', 'u.email'])
      .where('r.company_id', '=', await companyOf(t, DEMO.company_admin))
      .where('r.status', '=', 'draft')
      .executeTakeFirstOrThrow();
    const r = await pressButton(t, await sessionOf(t, 'company_admin'), '/admin/salary/monthly', `row:${run.id}:approve`);
    expect(r.status).toBeLessThan(400);
    const { token } = await candidateLogin(t, run.email);
    const amount = `¥${Number(run.net).toLocaleString('en-US')}`;
    expect((await bell(token, 'en')).map((n) => n.title)).toContain(`Your pay was approved: ${amount}`);
    expect((await bell(token, 'ja')).map((n) => n.title)).toContain(`給与が承認されました: ${amount}`);
  });

  it('issuing an invoice tells the client’s users, and only them', async () => {
    const inv = await db()
      .selectFrom('invoices as i')
      .select(['i.id', 'i.number'])
      .where('i.company_id', '=', await companyOf(t, DEMO.company_admin))
      .where('i.client_id', '=', await clientOf(t, DEMO.client_admin))
      .where('i.status', '=', 'draft')
      .executeTakeFirst();
    if (!inv) throw new Error('the demo data has no draft invoice for the demo client');
    const r = await pressButton(t, await sessionOf(t, 'company_admin'), '/admin/billing', `row:${inv.id}:issue`);
    expect(r.status).toBeLessThan(400);
    expect((await bell(await staff('client_admin'), 'en')).map((n) => n.title)).toContain(`Invoice issued: ${inv.number}`);
    // Client staff may not open the billing page, so no notice leads them there.
    expect((await bell(await staff('client_staff'), 'en')).some((n) => n.title.includes(inv.number))).toBe(false);
    expect((await bell(await staff('company2'), 'en')).some((n) => n.title.includes(inv.number))).toBe(false);
  });

  it('staffing to confirm tells the client the shift’s day as each reader writes it', async () => {
    const shift = await db()
      .selectFrom('job_daily_shifts as s')
      .innerJoin('jobs as j', 'j.id', 's.job_id')
      .select(['s.id', 's.date', 's.start_time', 'j.title_ja', 'j.title_en'])
      .where('j.client_id', '=', await clientOf(t, DEMO.client_admin))
      .orderBy('s.date', 'desc')
      .executeTakeFirstOrThrow();
    // What a placement or a swap on the client's shift sends (assignShift, swapShifts).
    await askClientToConfirm(db(), t.services.bus, [shift.id]);
    const at = shift.start_time.slice(0, 5);
    expect((await bell(await staff('client_admin'), 'en')).map((n) => n.title)).toContain(`Staffing to confirm: ${shift.title_en} ${dateText(shift.date, 'en')} ${at}`);
    expect((await bell(await staff('client_admin'), 'ja')).map((n) => n.title)).toContain(`人員の確認をお願いします: ${shift.title_ja} ${dateText(shift.date, 'ja')} ${at}`);
  });

  it('a new company signing up tells the platform’s admins who may open the companies page', async () => {
    const name = `Notify Test ${Date.now()} 株式会社`;
    const r = await pressButton(t, { who: 'visitor' }, '/v3/trial', 'send', {
      company_name: name,
      contact_name: '佐藤 花子',
      email: `notify-${Date.now()}@example.co.jp`,
      phone: '03-1234-5678',
      message: '20名ほど',
    });
    expect(r.status).toBeLessThan(400);
    const platform = await bell(await staff('superadmin'), 'en');
    const said = platform.find((n) => n.title === `A new company signed up: ${name}`);
    expect(said?.link).toMatch(/^\/v3\/admin\/company\/[0-9a-f-]{36}$/);
    // A company's staff are not the platform.
    expect((await bell(await staff('company_admin'), 'en')).some((n) => n.title.includes(name))).toBe(false);
  });

  it('each person reads and marks only their own notifications; a visitor reads none', async () => {
    // candidate4 heard of a status change above.
    const { token } = await candidateLogin(t, 'candidate4@demo.test');
    const own = await bell(token, 'en');
    expect(own.length).toBeGreaterThan(0);
    const others = await bell(await staff('client_admin'), 'en');
    const mark = 'mutation ($id: ID!) { markNotificationRead(id: $id) }';
    expect((await t.gql(mark, { id: others[0]!.id }, token)).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await t.gql(mark, { id: own[0]!.id }, token)).data?.markNotificationRead).toBe(true);
    expect((await t.gql(BELL, { type: 1 })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
