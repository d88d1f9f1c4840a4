/**
 * The trial signup at /v3/trial over real HTTP with a real SMTP capture: the
 * company (status 'trial'), its first company admin, its own templates and the request row are
 * made in one go; the invitation mail lets the new admin set a password (which proves the
 * address) and log in, landing on an empty jobs list with the copied templates. An address that
 * already has an account is refused beside the e-mail field, and nothing is created.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../helpers/app.ts';
import { rowCount } from '../helpers/demo-data.ts';
import { appAndMailForFile, expectNoMailSince, resetLinkIn } from '../helpers/smtp.ts';

const { t, smtp } = appAndMailForFile();

const text = (html: string) => html.replace(/<!-- -->/g, '');
async function post(path: string, body: Record<string, string>, headers: Record<string, string> = {}) {
  const res = await fetch(`${t.url}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: t.url, ...headers },
    body: new URLSearchParams(body),
  });
  return { status: res.status, location: res.headers.get('location'), cookies: res.headers.getSetCookie(), html: text(await res.text()) };
}
async function get(path: string, token?: string) {
  const res = await fetch(`${t.url}${path}`, { redirect: 'manual', headers: token ? { cookie: `token=${token}` } : {} });
  return { status: res.status, location: res.headers.get('location'), html: text(await res.text()) };
}
function fieldError(html: string, name: string): string | undefined {
  return new RegExp(`<p class="field-error" id="${name}-error">([^<]*)</p>`).exec(html)?.[1];
}

const db = () => t.database.db;
const count = (table: 'companies' | 'users' | 'contact_messages') => rowCount(t, table);

const SIGNUP = {
  _action: 'send',
  company_name: 'ひかり人材株式会社',
  contact_name: '中村 優',
  email: 'Yu.Nakamura@hikari-staffing.example',
  phone: '03-5555-0101',
  message: '外国人スタッフ30名ほどを管理しています。',
};
const PASSWORD = 'hikari-trial-2026!';

describe('a trial signup', () => {
  let companyId = '';
  let link = '';
  let token = '';

  it('creates the company, its first admin, its templates and the request, and shows the thank-you panel', async () => {
    const mailsBefore = smtp.mails.length;
    const res = await post('/v3/trial', SIGNUP);
    expect(res.status, res.html.slice(0, 300)).toBe(303);
    expect(res.location).toBe('/v3/trial?sent=1');

    const company = await db().selectFrom('companies').selectAll().where('name', '=', SIGNUP.company_name).executeTakeFirstOrThrow();
    companyId = company.id;
    expect(company).toMatchObject({ status: 'trial', email: SIGNUP.email, phone: SIGNUP.phone });
    const user = await db().selectFrom('users').selectAll().where(sql`lower(email)`, '=', SIGNUP.email.toLowerCase()).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ name: SIGNUP.contact_name, role: 'company_admin', company_id: company.id, client_id: null, active: true, lang: 'ja' });
    // Its own copy of the platform's templates.
    for (const table of ['job_statuses', 'candidate_statuses', 'chatbot_messages', 'app_settings', 'document_templates'] as const) {
      const defaults = await db().selectFrom(table).select('id').where('company_id', 'is', null).execute();
      const own = await db().selectFrom(table).select('id').where('company_id', '=', company.id).execute();
      const expected =
        table === 'document_templates'
          ? (await db().selectFrom(table).select('id').where('company_id', 'is', null).where('kind', 'in', ['mail', 'contract', 'billing']).execute()).length
          : defaults.length;
      expect(own.length, table).toBe(expected);
      expect(own.length, table).toBeGreaterThan(0);
    }
    // The request is still recorded for the platform.
    const request = await db().selectFrom('contact_messages').selectAll().where('email', '=', SIGNUP.email).executeTakeFirstOrThrow();
    expect(request).toMatchObject({ kind: 'trial', name: SIGNUP.contact_name, company_name: SIGNUP.company_name, message: SIGNUP.message });

    const page = await get('/v3/trial?sent=1');
    expect(page.html).toContain('お申し込みありがとうございます');
    expect(page.html).toContain('メールボックスをご確認ください');
    expect(page.html).not.toContain('action="/v3/trial"');

    // The invitation: a link to set a password, in Japanese.
    const mails = await smtp.waitFor(mailsBefore + 1);
    const mail = mails[mailsBefore]!;
    expect(mail.to.toLowerCase()).toContain(SIGNUP.email.toLowerCase());
    expect(mail.subject).toContain('無料トライアル');
    expect(mail.text).toContain(`${SIGNUP.contact_name} 様`);
    expect(mail.text).toContain(SIGNUP.company_name);
    ({ link, token } = resetLinkIn(mail));
    expect(link.startsWith(`${t.url}/reset-password?token=`)).toBe(true);
  });

  it('cannot log in before the password is set (nobody knows the first one)', async () => {
    const res = await post('/login', { email: SIGNUP.email, password: PASSWORD });
    expect(res.status).toBe(401);
  });

  it('lets the new admin set a password through the mail, log in and land on an empty jobs list', async () => {
    expect((await fetch(link, { redirect: 'manual' })).status).toBe(200);
    const set = await post('/reset-password', { _action: 'reset', token, password: PASSWORD, password_confirm: PASSWORD });
    expect(set.status).toBe(303);
    expect(set.location).toBe('/login?reset=1');
    // The link is used up.
    expect((await fetch(link, { redirect: 'manual' })).status).toBe(410);

    const login = await post('/login', { email: SIGNUP.email.toLowerCase(), password: PASSWORD });
    expect(login.status).toBe(303);
    expect(login.location).toBe('/admin');
    const session = login.cookies
      .find((c) => c.startsWith('token='))!
      .slice('token='.length)
      .split(';')[0]!;

    const landing = await get('/admin', session);
    expect(landing).toMatchObject({ status: 302, location: '/admin/jobs/list' });
    const jobs = await get('/admin/jobs/list', session);
    expect(jobs.status).toBe(200);
    expect(jobs.html).toContain('<title>アルバイト求人 | Tsunagu</title>');
    expect(jobs.html).toContain('まだ登録がありません。');
    expect(jobs.html).toContain(SIGNUP.contact_name);
    const daily = await get('/v3/admin/jobs/list', session);
    expect(daily.status).toBe(200);
    expect(daily.html).toContain('まだ登録がありません。');

    // Its own copy of the job statuses, none of another company's.
    const statuses = await get('/admin/templates/jobstatus?size=100', session);
    expect(statuses.status).toBe(200);
    const own = await db().selectFrom('job_statuses').select(['id', 'name_ja']).where('company_id', '=', companyId).execute();
    for (const s of own) expect(statuses.html).toContain(`id=${s.id}`);
    const others = await db().selectFrom('job_statuses').select('id').where('company_id', '!=', companyId).execute();
    expect(others.length).toBeGreaterThan(0);
    for (const s of others) expect(statuses.html).not.toContain(s.id);

    // It can add its first client and job right away.
    expect((await get('/admin/clients/add', session)).status).toBe(200);
  });

  it('refuses a second trial with the same e-mail (whatever its case) beside the field, and creates nothing', async () => {
    const [companies, users, requests] = [await count('companies'), await count('users'), await count('contact_messages')];
    const mailsBefore = smtp.mails.length;
    const again = { ...SIGNUP, company_name: 'ひかり人材（二重登録）', email: SIGNUP.email.toUpperCase() };
    const res = await post('/v3/trial', again);
    expect(res.status).toBe(422);
    expect(fieldError(res.html, 'email')).toBe('このメールアドレスはすでに登録されています。ログインするか、パスワードをお忘れの場合は再設定してください。');
    expect(fieldError(res.html, 'company_name')).toBeUndefined();
    // What was typed is kept.
    expect(res.html).toContain('value="ひかり人材（二重登録）"');
    expect(res.html).toContain(`value="${again.email}"`);
    expect([await count('companies'), await count('users'), await count('contact_messages')]).toEqual([companies, users, requests]);

    // An address of an existing back-office user is refused too, in English with the lang cookie.
    const en = await post('/v3/trial', { ...SIGNUP, company_name: 'Another Co.', email: DEMO.company_admin }, { cookie: 'lang=en' });
    expect(en.status).toBe(422);
    expect(fieldError(en.html, 'email')).toBe('This email address is already registered. Log in, or reset your password if you forgot it.');
    expect([await count('companies'), await count('users'), await count('contact_messages')]).toEqual([companies, users, requests]);
    await expectNoMailSince(smtp, mailsBefore, t, DEMO.company_staff);
  });

  it('signs up in English: the admin, the mail and the screens are in English', async () => {
    const mailsBefore = smtp.mails.length;
    const res = await post(
      '/v3/trial',
      { _action: 'send', company_name: 'Sunrise Staffing KK', contact_name: 'Alex Kim', email: 'alex@sunrise-staffing.example', phone: '06-1234-5678' },
      { cookie: 'lang=en' },
    );
    expect(res.status).toBe(303);
    expect((await db().selectFrom('users').select('lang').where('email', '=', 'alex@sunrise-staffing.example').executeTakeFirstOrThrow()).lang).toBe('en');
    const mail = (await smtp.waitFor(mailsBefore + 1))[mailsBefore]!;
    expect(mail.subject).toBe('[Tsunagu] Your free trial: set your password');
    expect(mail.text).toContain('Hello Alex Kim,');
    expect(mail.text).toMatch(/\/reset-password\?token=/);
    const page = await (await fetch(`${t.url}/v3/trial?sent=1`, { headers: { cookie: 'lang=en' } })).text();
    expect(page).toContain('please check your mailbox');
  });
});
