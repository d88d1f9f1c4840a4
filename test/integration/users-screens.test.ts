/**
 * The user screens: /admin/users/admin (170002), /admin/users/company (170005) and
 * /admin/users/client (170008) over real HTTP, with real logins and a real SMTP server.
 * Invite, tenancy, role ceilings, deactivation, duplicate e-mails, the reset button, the audit log.
 */
import { describe, expect, it } from 'vitest';
import { DEMO } from '../helpers/app.ts';
import { cookieOf, getPage, postForm } from '../helpers/pages.ts';
import { appAndMailForFile, type CapturedMail, resetLinkIn } from '../helpers/smtp.ts';

const { t, smtp } = appAndMailForFile();

const get = (path: string, token?: string) => getPage(t, path, token);
const post = (path: string, token: string | undefined, fields: Record<string, string | string[]>) => postForm(t, path, token, fields);

const infoToken = async (token: string) => (await fetch(`${t.url}/Account/InfoToken`, { headers: { authorization: `jwt ${token}` } })).status;

const userByEmail = (email: string) => t.database.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();

async function mailTo(address: string): Promise<CapturedMail> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const m = smtp.mails.find((x) => x.to.includes(address));
    if (m) return m;
    if (Date.now() > deadline) throw new Error(`no mail to ${address}`);
    await smtp.waitFor(smtp.mails.length + 1).catch(() => undefined);
  }
}

/** The editable fields of a user record, as its form holds them (checkbox only when checked). */
function userForm(u: { name: string; email: string; role: string; lang: string; active: boolean }, change: Partial<Record<'name' | 'email' | 'role' | 'lang' | 'active', string | null>> = {}) {
  const fields: Record<string, string> = { _action: 'save', name: u.name, email: u.email, role: u.role, lang: u.lang, ...(u.active ? { active: 'on' } : {}) };
  for (const [k, v] of Object.entries(change)) {
    if (v === null) delete fields[k];
    else fields[k] = v;
  }
  return fields;
}

describe('invite (POST /admin/users/admin?new=1)', () => {
  it('creates the user, mails a password-set link in the user’s language, and the link lets the user log in', async () => {
    const email = 'new.admin@demo.test';
    const res = await post('/admin/users/admin?new=1', await t.tokenOf('superadmin'), { _action: 'save', name: '木村 拓也 (Takuya Kimura)', email, role: 'admin', lang: 'en', active: 'on' });
    expect(res.status, res.html.slice(0, 500)).toBe(303);
    const row = await userByEmail(email);
    expect(row).toMatchObject({ role: 'admin', company_id: null, client_id: null, active: true, lang: 'en' });
    expect(res.location).toBe(`/admin/users/admin?id=${row!.id}&created=1`);

    const mail = await mailTo(email);
    expect(mail.subject).toBe('[Tsunagu] You are invited to the back office');
    expect(mail.text).toContain('山田 太郎');
    const { link, token } = resetLinkIn(mail);
    expect(link.startsWith(`${t.url}/reset-password?token=`)).toBe(true);

    // Nobody knows the password the user was created with.
    const before = await post('/login', undefined, { email, password: '' });
    expect(before.status).not.toBe(303);

    expect((await get(link.slice(t.url.length))).status).toBe(200);
    const set = await post('/reset-password', undefined, { _action: 'reset', token, password: 'a-brand-new-password', password_confirm: 'a-brand-new-password' });
    expect(set.status).toBe(303);
    expect(set.location).toBe('/login?reset=1');
    const login = await post('/login', undefined, { email: email.toUpperCase(), password: 'a-brand-new-password' });
    expect(login.status).toBe(303);
    expect(login.location).toBe('/admin');
    expect(await infoToken(cookieOf(login, 'token')!)).toBe(200);
  });

  it('shows the new record with its audit entry, and never the password hash or session version', async () => {
    const row = (await userByEmail('new.admin@demo.test'))!;
    const page = await get(`/admin/users/admin?id=${row.id}&created=1`, await t.tokenOf('superadmin'));
    expect(page.status).toBe(200);
    expect(page.html).toContain('登録しました。');
    expect(page.html).toContain('変更履歴');
    expect(page.html).toMatch(/<strong>作成<\/strong> · 山田 太郎/);
    expect(page.html).toContain('パスワード再設定メールを送る');
    expect(page.html).not.toContain('scrypt$');
    expect(page.html).not.toContain('session_version');

    const types = await t.gql(
      '{ a: __type(name: "AdminUser") { fields { name } } c: __type(name: "CompanyUser") { fields { name } } i: __type(name: "AdminUserInput") { inputFields { name } } }',
      {},
      await t.tokenOf('superadmin'),
    );
    const names = [...types.data.a.fields, ...types.data.c.fields, ...types.data.i.inputFields].map((f: { name: string }) => f.name);
    expect(names).toContain('email');
    expect(names).not.toContain('password_hash');
    expect(names).not.toContain('session_version');
    const audit = await t.database.db.selectFrom('audit_log').select('changes').where('entity', '=', 'adminUser').where('entity_id', '=', row.id).executeTakeFirstOrThrow();
    expect(Object.keys(audit.changes)).not.toContain('password_hash');
  });

  it('a company admin invites a colleague into its own company, whatever company the post names', async () => {
    const other = (await userByEmail(DEMO.company2))!.company_id!;
    const mine = (await userByEmail(DEMO.company_admin))!.company_id!;
    const res = await post('/admin/users/company?new=1', await t.tokenOf('company_admin'), {
      _action: 'save',
      name: '小林 直子',
      email: 'naoko.kobayashi@demo.test',
      role: 'company_staff',
      lang: 'ja',
      active: 'on',
      company_id: other,
    });
    expect(res.status, res.html.slice(0, 300)).toBe(303);
    expect(await userByEmail('naoko.kobayashi@demo.test')).toMatchObject({ company_id: mine, client_id: null, role: 'company_staff' });
    const mail = await mailTo('naoko.kobayashi@demo.test');
    expect(mail.subject).toBe('【Tsunagu】管理画面へのご招待');
  });

  it('a client admin invites a user of its own client; the client is chosen for it', async () => {
    const me = (await userByEmail(DEMO.client_admin))!;
    const form = await get('/admin/users/client?new=1', await t.tokenOf('client_admin'));
    expect(form.status).toBe(200);
    expect(form.html).toMatch(new RegExp(`<option value="${me.client_id}" selected`));
    const res = await post('/admin/users/client?new=1', await t.tokenOf('client_admin'), {
      _action: 'save',
      name: '中村 優',
      email: 'yu.nakamura@demo.test',
      role: 'client_staff',
      lang: 'ja',
      active: 'on',
      client_id: me.client_id!,
    });
    expect(res.status, res.html.slice(0, 300)).toBe(303);
    expect(await userByEmail('yu.nakamura@demo.test')).toMatchObject({ company_id: me.company_id, client_id: me.client_id, role: 'client_staff' });
  });
});

describe('tenancy', () => {
  it('company@ lists its own company’s users only', async () => {
    const page = await get('/admin/users/company', await t.tokenOf('company_admin'));
    expect(page.status).toBe(200);
    expect(page.html).toContain('companystaff@demo.test');
    expect(page.html).not.toContain(DEMO.company2);
    // Client users of its company are on the client screen.
    const clients = await get('/admin/users/client', await t.tokenOf('company_admin'));
    expect(clients.html).toContain(DEMO.client_staff);
  });

  it('company@ cannot see or edit company2@ by putting its id in the URL', async () => {
    const victim = (await userByEmail(DEMO.company2))!;
    const token = await t.tokenOf('company_admin');
    const page = await get(`/admin/users/company?id=${victim.id}`, token);
    expect(page.status).toBe(404);
    expect(page.html).not.toContain(DEMO.company2);
    const res = await post(`/admin/users/company?id=${victim.id}`, token, { _action: 'save', name: '乗っ取り', email: 'hijack@demo.test', role: 'company_admin', lang: 'ja' });
    expect(res.status).toBe(404);
    expect(await userByEmail(DEMO.company2)).toEqual(victim);
    // Nor through the API, nor with the reset button.
    const api = await t.gql('mutation ($id: ID!) { updateCompanyUser(id: $id, input: { active: false }) { id } }', { id: victim.id }, token);
    expect(api.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const reset = await post(`/admin/users/company?id=${victim.id}`, token, { _action: 'run:sendPasswordReset' });
    expect(reset.status).toBe(404);
    expect(await userByEmail(DEMO.company2)).toEqual(victim);
  });
});

describe('role ceilings', () => {
  it('company@ cannot create a superadmin, neither on its own screen nor through the API', async () => {
    const token = await t.tokenOf('company_admin');
    const res = await post('/admin/users/company?new=1', token, { _action: 'save', name: '偽 管理者', email: 'fake.super@demo.test', role: 'superadmin', lang: 'ja', active: 'on' });
    expect(res.status).toBe(422);
    expect(res.html).toContain('選択肢から選んでください。');
    const api = await t.gql('mutation { createAdminUser(input: { name: "x", email: "fake.super2@demo.test", role: "superadmin", lang: "ja", active: true }) { id } }', {}, token);
    expect(api.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(await userByEmail('fake.super@demo.test')).toBeUndefined();
    expect(await userByEmail('fake.super2@demo.test')).toBeUndefined();
  });

  it('an admin cannot grant superadmin, nor change a superadmin', async () => {
    const token = await t.tokenOf('admin');
    const res = await post('/admin/users/admin?new=1', token, { _action: 'save', name: '昇格 テスト', email: 'promote@demo.test', role: 'superadmin', lang: 'ja', active: 'on' });
    expect(res.status).toBe(422);
    expect(res.html).toContain('この権限を付与することはできません。');
    expect(await userByEmail('promote@demo.test')).toBeUndefined();
    const boss = (await userByEmail(DEMO.superadmin))!;
    const edit = await post(`/admin/users/admin?id=${boss.id}`, token, userForm(boss, { active: null }));
    expect(edit.status).toBe(422);
    expect(edit.html).toContain('このユーザーを編集する権限がありません。');
    expect((await userByEmail(DEMO.superadmin))!.active).toBe(true);
  });

  it('nobody deactivates themselves', async () => {
    const me = (await userByEmail(DEMO.company_admin))!;
    const res = await post(`/admin/users/company?id=${me.id}`, await t.tokenOf('company_admin'), userForm(me, { active: null }));
    expect(res.status).toBe(422);
    expect(res.html).toContain('自分自身を無効にすることはできません。');
    expect((await userByEmail(DEMO.company_admin))!.active).toBe(true);
  });
});

describe('deactivate', () => {
  it('unchecking "active" logs the user out on every device at once, and keeps those tokens dead', async () => {
    const staff = (await userByEmail(DEMO.company_staff))!;
    const phone = await t.login('company_staff');
    const laptop = await t.login('company_staff');
    expect(await infoToken(phone)).toBe(200);
    const admin = await t.tokenOf('company_admin');
    const res = await post(`/admin/users/company?id=${staff.id}`, admin, userForm(staff, { active: null }));
    expect(res.status, res.html.slice(0, 300)).toBe(303);
    expect(await infoToken(phone)).toBe(401);
    expect(await infoToken(laptop)).toBe(401);
    expect((await get('/admin/jobs/list', laptop)).location).toBe('/errors/error401?next=%2Fadmin%2Fjobs%2Flist');
    expect((await post('/login', undefined, { email: DEMO.company_staff, password: 'demo-password-for-tests' })).status).toBe(401);

    // Active again: a fresh login works, the old tokens stay void.
    const back = await post(`/admin/users/company?id=${staff.id}`, admin, userForm({ ...staff, active: false }, { active: 'on' }));
    expect(back.status).toBe(303);
    expect(await infoToken(phone)).toBe(401);
    expect(await infoToken(await t.login('company_staff'))).toBe(200);

    const page = await get(`/admin/users/company?id=${staff.id}`, admin);
    expect(page.html).toMatch(/有効: はい → いいえ/);
    expect(page.html).toMatch(/有効: いいえ → はい/);
  });
});

describe('duplicate e-mail', () => {
  it('is a field error beside the e-mail, whatever its case, on create and on update', async () => {
    const token = await t.tokenOf('company_admin');
    const count = async () =>
      (
        await t.database.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = await count();
    const res = await post('/admin/users/company?new=1', token, { _action: 'save', name: '重複 太郎', email: 'Company2@Demo.Test', role: 'company_staff', lang: 'ja', active: 'on' });
    expect(res.status).toBe(422);
    expect(res.html).toMatch(/<p class="field-error" id="email-error">この値はすでに登録されています。<\/p>/);
    expect(res.html).toContain('value="Company2@Demo.Test"');
    expect(await count()).toBe(before);

    const staff = (await userByEmail(DEMO.company_staff))!;
    const upd = await post(`/admin/users/company?id=${staff.id}`, token, userForm(staff, { email: DEMO.client_admin.toUpperCase() }));
    expect(upd.status).toBe(422);
    expect(upd.html).toContain('この値はすでに登録されています。');
    expect((await userByEmail(DEMO.company_staff))!.email).toBe(DEMO.company_staff);

    const api = await t.gql('mutation { createCompanyUser(input: { name: "x", email: "ADMIN@demo.test", role: "company_staff", lang: "ja", active: true }) { id } }', {}, token);
    expect(api.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { email: 'この値はすでに登録されています。' } });
  });
});

describe('reset password button', () => {
  it('mails the user a reset link and says so on the record page', async () => {
    const staff = (await userByEmail(DEMO.client_staff))!;
    const token = await t.tokenOf('company_admin');
    const sent = smtp.mails.length;
    const res = await post(`/admin/users/client?id=${staff.id}`, token, { _action: 'run:sendPasswordReset' });
    expect(res.status).toBe(303);
    expect(res.location).toBe(`/admin/users/client?id=${staff.id}&done=sendPasswordReset`);
    await smtp.waitFor(sent + 1);
    const mail = smtp.mails.slice(sent).find((m) => m.to.includes(DEMO.client_staff))!;
    expect(mail.subject).toBe('【Tsunagu】パスワード再設定のご案内');
    expect(resetLinkIn(mail).link.startsWith(`${t.url}/reset-password?token=`)).toBe(true);
    const page = await get(res.location!, token);
    expect(page.html).toContain('パスワード再設定のメールを送信しました。');
  });

  it('refuses an inactive user with a message on the page', async () => {
    const superadmin = await t.tokenOf('superadmin');
    const created = await t.gql('mutation { createAdminUser(input: { name: "休止 中", email: "dormant@demo.test", role: "admin", lang: "ja", active: false }) { id } }', {}, superadmin);
    const id = created.data.createAdminUser.id as string;
    const res = await post(`/admin/users/admin?id=${id}`, superadmin, { _action: 'run:sendPasswordReset' });
    expect(res.status).toBe(422);
    expect(res.html).toContain('無効なユーザーには送信できません。');
    expect(smtp.mails.some((m) => m.to.includes('dormant@demo.test'))).toBe(false);
  });
});

describe('screens', () => {
  it('each screen lists only its roles', async () => {
    const token = await t.tokenOf('superadmin');
    const admins = await get('/admin/users/admin', token);
    expect(admins.html).toContain(DEMO.admin);
    expect(admins.html).not.toContain(DEMO.company_admin);
    const company = await get('/admin/users/company', token);
    expect(company.html).toContain(DEMO.company2);
    expect(company.html).not.toContain(DEMO.client_admin);
    expect(company.html).not.toContain('candidate@demo.test');
    const byRole = await get('/admin/users/company?f_role=company_staff', token);
    expect(byRole.html).toContain(DEMO.company_staff);
    expect(byRole.html).not.toContain(DEMO.company2);
  });

  it('an admin user record opened on the company screen is not found', async () => {
    const boss = (await userByEmail(DEMO.superadmin))!;
    expect((await get(`/admin/users/company?id=${boss.id}`, await t.tokenOf('superadmin'))).status).toBe(404);
  });
});
