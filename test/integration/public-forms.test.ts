import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { routeByPath } from '../../server/access/routes.ts';
import { DEMO } from '../helpers/app.ts';
import { pressButton } from '../helpers/buttons.ts';
import { rowCount } from '../helpers/demo-data.ts';
import { dataOf, gql } from '../helpers/graphql.ts';
import { formRequest, getPage } from '../helpers/pages.ts';
import { appAndMailForFile, expectNoMailSince, resetLinkIn } from '../helpers/smtp.ts';

const { t, smtp } = appAndMailForFile();

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${t.url}${path}`, { redirect: 'manual', headers });
const post = (path: string, body: Record<string, string>, headers: Record<string, string> = {}) => fetch(`${t.url}${path}`, formRequest(body, headers));

/** Posts a form that must be refused and drawn again with its errors (422): the page's HTML. */
async function refused(path: string, body: Record<string, string>, headers: Record<string, string> = {}): Promise<string> {
  const res = await post(path, body, headers);
  expect(res.status).toBe(422);
  return res.text();
}

/** The text of `<p class="field-error" id="{name}-error">`, or undefined when the field has no error. */
function fieldError(html: string, name: string): string | undefined {
  const m = new RegExp(`<p class="field-error" id="${name}-error">([^<]*)</p>`).exec(html);
  return m?.[1];
}

const countMessages = (kind: 'contact' | 'trial') => rowCount(t, 'contact_messages', { kind });

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Asks /forget-password for a reset of `email`'s password: the token of the link it mails. */
async function mailedResetToken(email: string): Promise<string> {
  const before = smtp.mails.length;
  expect((await post('/forget-password', { _action: 'send', email })).status).toBe(303);
  return resetLinkIn((await smtp.waitFor(before + 1))[before]!).token;
}

describe('public pages: language, head and title', () => {
  const ROUTES = ['/', '/staff', '/download', '/about', '/faq', '/policy', '/terms', '/staff/contact', '/v3/trial', '/forget-password', '/daily', '/part-time', '/login'];

  for (const path of ROUTES) {
    it(`${path} answers 200 in Japanese by default, English on request, and the lang cookie wins`, async () => {
      const cases: [Record<string, string>, 'ja' | 'en'][] = [
        [{}, 'ja'],
        [{ 'accept-language': 'en' }, 'en'],
        [{ 'accept-language': 'en-US,en;q=0.9' }, 'en'],
        [{ 'accept-language': 'en', cookie: 'lang=ja' }, 'ja'],
      ];
      for (const [headers, lang] of cases) {
        const res = await get(path, headers);
        expect(res.status, `${path} ${JSON.stringify(headers)}`).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/^text\/html/);
        const html = await res.text();
        expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
        expect(html, `${path} ${JSON.stringify(headers)}`).toMatch(new RegExp(`<html[^>]* lang="${lang}"`));
        expect(html).toMatch(/<meta name="theme-color" content="#154D9E"\/?>/);
        const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1];
        expect(description).toContain('We connect foreign staffs with employment opportunities');
        // The route row's title, in the page's language: a screen names none of its own.
        const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
        expect(title).toBe(`${routeByPath(path)!.title[lang]} | Tsunagu`);
      }
    });
  }
});

describe('GET /lang/:lang', () => {
  it('sets the lang cookie and goes back to the page the visitor came from', async () => {
    const res = await get('/lang/en?back=/faq');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/faq');
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('lang='));
    expect(cookie).toMatch(/^lang=en;/);
    const page = await get('/faq', { cookie: 'lang=en', 'accept-language': 'ja' });
    expect(await page.text()).toMatch(/<html[^>]* lang="en"/);
  });

  it("makes a signed-in person's choice their account's language, which their mail follows", async () => {
    const token = await t.tokenOf('company_admin');
    const myLang = async () => (dataOf(await gql(t.url, 'query { me { lang } }', {}, { token })).me as { lang: string }).lang;
    /** Presses the header's language switch of the back office's /admin page, read in `lang`. */
    const pressSwitch = async (lang: 'ja' | 'en') => {
      const page = await getPage(t, '/admin/jobs/list', token, lang);
      const href = /<a class="lang-switch" href="([^"]+)"/.exec(page.html)![1]!.replace(/&amp;/g, '&');
      const res = await get(href, { cookie: `token=${token}; lang=${lang}` });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/admin/jobs/list');
    };
    expect(await myLang()).toBe('ja');
    await pressSwitch('ja');
    expect(await myLang()).toBe('en');
    await pressSwitch('en');
    expect(await myLang()).toBe('ja');

    // The API takes only a language it writes in.
    const bad = await gql(t.url, 'mutation { setMyLanguage(lang: "fr") }', {}, { token });
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(await myLang()).toBe('ja');
  });

  it('ignores an unknown language but still redirects', async () => {
    const res = await get('/lang/fr?back=/about');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/about');
    expect(res.headers.getSetCookie().some((c) => c.startsWith('lang='))).toBe(false);
  });

  for (const back of ['//evil.example', 'https://evil.example', '//evil.example/faq', 'javascript:alert(1)']) {
    it(`does not redirect off-site for back=${back}`, async () => {
      const res = await get(`/lang/ja?back=${encodeURIComponent(back)}`);
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/');
    });
  }

  // A backslash after the leading slash would pass a bare `startsWith('/') && !startsWith('//')`
  // check, and browsers (WHATWG URL) read `/\evil.example` as `//evil.example`.
  it('does not redirect off-site for back=/\\evil.example (backslash is a slash to browsers)', async () => {
    const res = await get(`/lang/ja?back=${encodeURIComponent('/\\evil.example')}`);
    expect(res.status).toBe(303);
    const target = new URL(res.headers.get('location')!, t.url);
    expect(target.host).toBe(new URL(t.url).host);
  });
});

describe('POST /staff/contact', () => {
  it('refuses an empty form with a Japanese message beside each required field', async () => {
    const before = await countMessages('contact');
    const html = await refused('/staff/contact', { _action: 'send' });
    expect(fieldError(html, 'name')).toBe('入力してください。');
    expect(fieldError(html, 'email')).toBe('入力してください。');
    expect(fieldError(html, 'topic')).toBe('選択してください。');
    expect(fieldError(html, 'message')).toBe('入力してください。');
    expect(fieldError(html, 'phone')).toBeUndefined();
    expect(html).toContain('入力内容を確認してください。');
    expect(html).toMatch(/<html[^>]* lang="ja"/);
    expect(await countMessages('contact')).toBe(before);
  });

  it('keeps what the visitor typed (escaped) when the form is re-rendered', async () => {
    const html = await refused('/staff/contact', { _action: 'send', name: 'Taro <b>Yamada</b>', email: 'not-an-email', phone: '090-1234-5678', topic: 'visa', message: '在留資格 "について" & more' });
    expect(fieldError(html, 'email')).toBe('正しいメールアドレスを入力してください。');
    expect(fieldError(html, 'name')).toBeUndefined();
    expect(html).toContain('value="Taro &lt;b&gt;Yamada&lt;/b&gt;"');
    expect(html).not.toContain('<b>Yamada</b>');
    expect(html).toContain('value="not-an-email"');
    expect(html).toContain('value="090-1234-5678"');
    expect(html).toMatch(/<option value="visa" selected="">/);
    expect(html).toMatch(/<textarea[^>]*name="message"[^>]*>\s*在留資格 &quot;について&quot; &amp; more<\/textarea>/);
  });

  it('explains the errors in English with the lang=en cookie', async () => {
    const html = await refused('/staff/contact', { _action: 'send', phone: 'call me' }, { cookie: 'lang=en' });
    expect(html).toMatch(/<html[^>]* lang="en"/);
    expect(fieldError(html, 'name')).toBe('This field is required.');
    expect(fieldError(html, 'email')).toBe('This field is required.');
    expect(fieldError(html, 'topic')).toBe('Please choose one.');
    expect(fieldError(html, 'message')).toBe('This field is required.');
    expect(fieldError(html, 'phone')).toBe('Enter a phone number with digits and hyphens.');
    expect(html).toContain('Please check the form.');
  });

  it('refuses a message over 4000 characters', async () => {
    const before = await countMessages('contact');
    const body = { _action: 'send', name: '山田 太郎', email: 'taro@example.com', topic: 'work', message: 'あ'.repeat(4001) };
    expect(fieldError(await refused('/staff/contact', body), 'message')).toBe('4000文字以内で入力してください。');
    expect(fieldError(await refused('/staff/contact', body, { cookie: 'lang=en' }), 'message')).toBe('Use at most 4000 characters.');
    expect(await countMessages('contact')).toBe(before);
  });

  it('stores a valid message and redirects to the thank-you panel', async () => {
    const res = await post(
      '/staff/contact',
      { _action: 'send', name: '  Maria Santos ', email: 'maria@example.com', phone: '', topic: 'pay', message: 'When is payday?' },
      { 'accept-language': 'en' },
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/staff/contact?sent=1');
    const row = await t.database.db.selectFrom('contact_messages').selectAll().where('email', '=', 'maria@example.com').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'contact', name: 'Maria Santos', phone: null, topic: 'pay', message: 'When is payday?', lang: 'en', company_name: null });

    const thanks = await get('/staff/contact?sent=1');
    expect(thanks.status).toBe(200);
    const html = await thanks.text();
    expect(html).toContain('お問い合わせありがとうございます。');
    expect(html).not.toContain('action="/staff/contact"');
    const plain = await get('/staff/contact');
    const plainHtml = await plain.text();
    expect(plainHtml).not.toContain('お問い合わせありがとうございます。');
    expect(plainHtml).toContain('action="/staff/contact"');
  });

  it('refuses a form posted from another site and stores nothing', async () => {
    const before = await countMessages('contact');
    const valid = { _action: 'send', name: 'Eve', email: 'eve@example.com', topic: 'other', message: 'cross-site' };
    const crossSite: Record<string, string>[] = [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }];
    for (const headers of crossSite) {
      const res = await post('/staff/contact', valid, headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
    }
    expect(await countMessages('contact')).toBe(before);
    // A same-origin post (as the browser sends it from our own page) is accepted.
    const ok = await post('/staff/contact', valid, { origin: t.url, 'sec-fetch-site': 'same-origin' });
    expect(ok.status).toBe(303);
    expect(await countMessages('contact')).toBe(before + 1);
  });
});

describe('POST /v3/trial', () => {
  it('refuses an empty form with a Japanese message beside each required field', async () => {
    const before = await countMessages('trial');
    const html = await refused('/v3/trial', { _action: 'send' });
    for (const name of ['company_name', 'contact_name', 'email', 'phone']) expect(fieldError(html, name), name).toBe('入力してください。');
    expect(fieldError(html, 'message')).toBeUndefined();
    expect(await countMessages('trial')).toBe(before);
  });

  it('explains a bad phone number and keeps the typed values', async () => {
    const html = await refused('/v3/trial', { _action: 'send', company_name: '株式会社テスト & Co', contact_name: '佐藤 花子', email: 'hanako@example.co.jp', phone: 'abc', message: '20名ほど' });
    expect(fieldError(html, 'phone')).toBe('電話番号は数字とハイフンで入力してください。');
    expect(fieldError(html, 'company_name')).toBeUndefined();
    expect(html).toContain('value="株式会社テスト &amp; Co"');
    expect(html).toContain('value="佐藤 花子"');
    expect(html).toContain('value="hanako@example.co.jp"');
    expect(html).toContain('value="abc"');
    expect(html).toMatch(/<textarea[^>]*name="message"[^>]*>\s*20名ほど<\/textarea>/);
  });

  it('explains the errors in English with the lang=en cookie', async () => {
    const html = await refused('/v3/trial', { _action: 'send', phone: '12' }, { cookie: 'lang=en' });
    for (const name of ['company_name', 'contact_name', 'email']) expect(fieldError(html, name), name).toBe('This field is required.');
    expect(fieldError(html, 'phone')).toBe('Enter a phone number with digits and hyphens.');
  });

  it('stores a valid application with kind "trial" and shows the thank-you panel', async () => {
    const res = await post('/v3/trial', { _action: 'send', company_name: 'Nihon Staffing KK', contact_name: 'Ken Ito', email: 'ken@nihon-staffing.example', phone: '03-1234-5678' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/v3/trial?sent=1');
    const row = await t.database.db.selectFrom('contact_messages').selectAll().where('email', '=', 'ken@nihon-staffing.example').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'trial', name: 'Ken Ito', company_name: 'Nihon Staffing KK', phone: '03-1234-5678', topic: null, message: '', lang: 'ja' });
    const html = await (await get('/v3/trial?sent=1')).text();
    expect(html).toContain('お申し込みありがとうございます');
    expect(html).not.toContain('action="/v3/trial"');
  });

  it('refuses an application posted from another site', async () => {
    const before = await countMessages('trial');
    const res = await post(
      '/v3/trial',
      { _action: 'send', company_name: 'Evil', contact_name: 'Eve', email: 'eve@example.com', phone: '03-0000-0000' },
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    );
    expect(res.status).toBe(403);
    expect(await countMessages('trial')).toBe(before);
  });
});

describe('forgotten password, end to end with the mail', () => {
  const email = DEMO.company_admin;
  const oldPassword = inject('demoPassword');
  const newPassword = 'a-brand-new-password-42';
  let link = '';
  let token = '';
  let oldToken = '';

  it('explains a malformed address beside the field', async () => {
    const html = await refused('/forget-password', { _action: 'send', email: 'nope' });
    expect(fieldError(html, 'email')).toBe('正しいメールアドレスを入力してください。');
    expect(html).toContain('value="nope"');
  });

  it('mails a Japanese reset link pointing at this server', async () => {
    oldToken = await t.login('company_admin');
    expect((await fetch(`${t.url}/Account/InfoToken`, { headers: { authorization: `jwt ${oldToken}` } })).status).toBe(200);

    const before = smtp.mails.length;
    const res = await post('/forget-password', { _action: 'send', email });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/forget-password?sent=1');
    const mails = await smtp.waitFor(before + 1);
    expect(mails).toHaveLength(before + 1);
    const mail = mails[before]!;
    expect(mail.to).toContain(email);
    expect(mail.subject).toBe('【Tsunagu】パスワード再設定のご案内');
    expect(mail.text).toContain('パスワード再設定のリクエストを受け付けました。');
    ({ link, token } = resetLinkIn(mail));
    expect(link.startsWith(`${t.url}/reset-password?token=`)).toBe(true);
    // Only the hash of the token is stored.
    const stored = await t.database.db.selectFrom('password_resets').select('token_hash').where('token_hash', '=', sha256(token)).executeTakeFirst();
    expect(stored).toBeDefined();
    expect(await t.database.db.selectFrom('password_resets').select('token_hash').where('token_hash', '=', token).executeTakeFirst()).toBeUndefined();

    const page = await get('/forget-password?sent=1');
    expect(await page.text()).toContain('メールを確認してください');
  });

  it('opens the link on a form that posts the token back', async () => {
    const res = await fetch(link, { redirect: 'manual' });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('action="/reset-password"');
    expect(html).toContain(`name="token" value="${token}"`);
    expect(html).toContain('name="password_confirm"');
    expect(html).not.toContain('このリンクは無効か、有効期限が切れています。');
  });

  it('refuses a confirmation that does not match', async () => {
    const html = await refused('/reset-password', { _action: 'reset', token, password: newPassword, password_confirm: `${newPassword}x` });
    expect(fieldError(html, 'password_confirm')).toBe('パスワードが一致しません。');
    expect(html).toContain(`name="token" value="${token}"`);
    // The passwords are never sent back.
    expect(html).not.toContain(newPassword);
  });

  it('refuses a password shorter than 8 characters', async () => {
    const html = await refused('/reset-password', { _action: 'reset', token, password: 'abcde', password_confirm: 'abcde' });
    expect(fieldError(html, 'password')).toBe('8文字以上で入力してください。');
    const en = await refused('/reset-password', { _action: 'reset', token, password: 'abcde', password_confirm: 'abcde' }, { cookie: 'lang=en' });
    expect(fieldError(en, 'password')).toBe('Use at least 8 characters.');
    // The failed attempts did not use the token up.
    expect((await fetch(link, { redirect: 'manual' })).status).toBe(200);
  });

  it('sets the new password and sends the person to log in with a notice', async () => {
    const res = await post('/reset-password', { _action: 'reset', token, password: newPassword, password_confirm: newPassword }, { cookie: `token=${oldToken}` });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/login?reset=1');
    expect(res.headers.getSetCookie().some((c) => /^token=;/.test(c))).toBe(true);

    const login = await get('/login?reset=1');
    expect(login.status).toBe(200);
    expect(await login.text()).toContain('パスワードを変更しました。新しいパスワードでログインしてください。');
    const loginEn = await get('/login?reset=1', { cookie: 'lang=en' });
    expect(await loginEn.text()).toContain('Your password has been changed. Log in with your new password.');
    expect(await (await get('/login')).text()).not.toContain('パスワードを変更しました。');
  });

  it('logs in with the new password only', async () => {
    const ok = await post('/login', { email, password: newPassword });
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/admin');
    const old = await post('/login', { email, password: oldPassword });
    expect(old.status).toBe(401);
  });

  it('revokes the sessions that existed before the reset', async () => {
    const res = await fetch(`${t.url}/Account/InfoToken`, { headers: { authorization: `jwt ${oldToken}` } });
    expect(res.status).toBe(401);
  });

  it('does not accept the same link twice', async () => {
    const page = await fetch(link, { redirect: 'manual' });
    const html = await page.text();
    expect(html).toContain('このリンクは無効か、有効期限が切れています。');
    expect(html).not.toContain('action="/reset-password"');
    expect(page.status).toBe(410);

    const again = await post('/reset-password', { _action: 'reset', token, password: 'yet-another-password', password_confirm: 'yet-another-password' });
    expect(again.status).toBe(410);
    expect(await again.text()).toContain('このリンクは無効か、有効期限が切れています。');
    expect((await post('/login', { email, password: newPassword })).status).toBe(303);
  });

  it('answers an unknown address exactly like a known one and sends no mail', async () => {
    const before = smtp.mails.length;
    const res = await post('/forget-password', { _action: 'send', email: 'nobody-here@demo.test' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/forget-password?sent=1');
    await expectNoMailSince(smtp, before, t, DEMO.company_staff);
  });

  it('mails in English when the page is in English', async () => {
    const before = smtp.mails.length;
    const res = await post('/forget-password', { _action: 'send', email: DEMO.client_admin }, { cookie: 'lang=en' });
    expect(res.status).toBe(303);
    const mail = (await smtp.waitFor(before + 1))[before]!;
    expect(mail.subject).toBe('[Tsunagu] Reset your password');
    expect(mail.text).toContain(`${t.url}/reset-password?token=`);
  });

  it('shows the invalid page for an unknown token and for a token past expires_at', async () => {
    const unknown = await get('/reset-password?token=not-a-real-token');
    expect(await unknown.text()).toContain('このリンクは無効か、有効期限が切れています。');
    const none = await get('/reset-password');
    expect(await none.text()).toContain('このリンクは無効か、有効期限が切れています。');

    const expiredToken = await mailedResetToken(DEMO.admin);
    expect((await get(`/reset-password?token=${encodeURIComponent(expiredToken)}`)).status).toBe(200);

    await t.database.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where('token_hash', '=', sha256(expiredToken))
      .execute();
    const page = await get(`/reset-password?token=${encodeURIComponent(expiredToken)}`);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain('このリンクは無効か、有効期限が切れています。');
    const submit = await post('/reset-password', { _action: 'reset', token: expiredToken, password: 'expired-but-long-enough', password_confirm: 'expired-but-long-enough' });
    expect(submit.status).toBe(410);
    expect((await post('/login', { email: DEMO.admin, password: oldPassword })).status).toBe(303);
  });
});

describe('a candidate’s way in: the download page and the password reset end on the candidate’s own login', () => {
  const visitor = { who: 'visitor' };
  const newPassword = 'a-candidate-password-77';
  /** Sets `email`'s password to newPassword on the page its reset mail links to: the answer. */
  const resetByMail = async (email: string) =>
    pressButton(t, visitor, `/reset-password?token=${encodeURIComponent(await mailedResetToken(email))}`, 'reset', { password: newPassword, password_confirm: newPassword });

  it('/download sends a worker to the candidate login, where they sign in and land on their own pages', async () => {
    const page = await get('/download', { 'accept-language': 'en' });
    const html = await page.text();
    const href = /<a class="button button-primary" href="([^"]+)">Log in<\/a>/.exec(html)?.[1];
    expect(href).toBe('/staff/login');
    const signedIn = await pressButton(t, visitor, href!, 'login', { email: 'candidate3@demo.test', password: inject('demoPassword') });
    expect(signedIn).toMatchObject({ status: 303, location: '/staff/applications' });
  });

  it('after a reset, a candidate is sent to the candidate login with the notice, and the new password signs them in there', async () => {
    const res = await resetByMail(DEMO.candidate);
    expect(res).toMatchObject({ status: 303, location: '/staff/login?reset=1' });

    const login = await get('/staff/login?reset=1', { 'accept-language': 'en' });
    expect(login.status).toBe(200);
    expect(await login.text()).toContain('Your password has been changed. Log in with your new password.');
    const signedIn = await pressButton(t, visitor, '/staff/login?reset=1', 'login', { email: DEMO.candidate, password: newPassword });
    expect(signedIn).toMatchObject({ status: 303, location: '/staff/applications' });
  });

  it('“forgot your password” from the candidate login leads back to the candidate login, before and after sending', async () => {
    const login = await get('/staff/login', { 'accept-language': 'en' });
    const href = /<a href="([^"]+)">Forgot your password\?<\/a>/.exec(await login.text())?.[1];
    expect(href).toBe('/forget-password?from=staff');
    const form = await get(href!, { 'accept-language': 'en' });
    expect(await form.text()).toContain('<a href="/staff/login">Back to log in</a>');

    const sent = await pressButton(t, visitor, href!, 'send', { email: DEMO.candidate });
    expect(sent).toMatchObject({ status: 303, location: '/forget-password?sent=1&from=staff' });
    const page = await (await get(sent.location!, { 'accept-language': 'en' })).text();
    expect(page).toContain('Check your email');
    expect(page).toContain('<a href="/staff/login">Back to log in</a>');
    expect(page).not.toContain('<a href="/login">Back to log in</a>');
  });

  it('staff are still sent to the back-office login after theirs', async () => {
    const res = await resetByMail(DEMO.company_staff);
    expect(res).toMatchObject({ status: 303, location: '/login?reset=1' });
  });
});

describe('POST /graphql and error answers', () => {
  const gql = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${t.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json', ...headers }, body });

  it('answers BAD_USER_INPUT with a message for each bad field', async () => {
    const res = await gql(JSON.stringify({ query: 'mutation { submitContact(input: {name: "", email: "x", topic: "nope", message: ""}) }' }));
    const body = await res.json();
    expect(body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(Object.keys(body.errors[0].extensions.fields)).toEqual(expect.arrayContaining(['name', 'email', 'topic', 'message']));
    expect(body.errors[0].extensions.fields.email).toBe('正しいメールアドレスを入力してください。');

    const en = await gql(JSON.stringify({ query: 'mutation { submitContact(input: {name: "", email: "x", topic: "nope", message: ""}) }' }), { 'accept-language': 'en' });
    expect((await en.json()).errors[0].extensions.fields.topic).toBe('Choose one of the options.');
  });

  const leaks = (text: string) => {
    expect(text).not.toMatch(/at \//);
    expect(text).not.toContain('node_modules');
    expect(text).not.toMatch(/\.tsx?:\d+/);
  };

  it('never shows a stack trace or internals in an error answer', async () => {
    const answers: [string, Response][] = [
      ['malformed JSON to /graphql', await gql('{"query": ')],
      ['GraphQL syntax error', await gql(JSON.stringify({ query: 'mutation {' }))],
      ['unknown field', await gql(JSON.stringify({ query: '{ secrets }' }))],
      ['query of the wrong type', await gql(JSON.stringify({ query: 42 }))],
      ['GET /graphql without a query', await fetch(`${t.url}/graphql`)],
      ['404 page', await get('/no-such-page')],
      ['404 for another method', await fetch(`${t.url}/no-such-page`, { method: 'DELETE' })],
      ['oversized form body', await post('/staff/contact', { _action: 'send', name: 'x', message: 'y'.repeat(70_000) })],
      ['too many form fields', await post('/staff/contact', Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`f${i}`, 'v'])))],
    ];
    for (const [what, res] of answers) {
      const text = await res.text();
      // GraphQL answers parse and validation errors as 200 with `errors` (application/json).
      if (res.status === 200) expect(JSON.parse(text).errors?.length, what).toBeGreaterThan(0);
      else expect(res.status, what).toBeGreaterThanOrEqual(400);
      leaks(text);
    }
  });

  it('refuses text with a NUL character at the edge, as the caller’s error, keeping what was typed', async () => {
    // PostgreSQL cannot store a NUL in text: the API says so before any resolver runs.
    const bad = { name: 'Null\u0000Byte', email: 'nul@example.com', topic: 'other', message: 'hello' };
    const res = await gql(JSON.stringify({ query: 'mutation($input: ContactInput!) { submitContact(input: $input) }', variables: { input: bad } }));
    const body = await res.json();
    expect(body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(body.errors[0].extensions.fields._).toBe('入力に使えない制御文字（NUL）が含まれています。');
    expect(await refused('/staff/contact', { _action: 'send', ...bad })).toContain('value="nul@example.com"');
  });

  it('hides an unexpected database failure behind a generic message', async () => {
    // A real failure inside the resolver: the table it writes is gone for the length of the test.
    const ok = { name: 'Ana', email: 'gone@example.com', topic: 'other', message: 'hello' };
    await sql`alter table contact_messages rename to contact_messages_away`.execute(t.database.db);
    try {
      const res = await gql(JSON.stringify({ query: 'mutation($input: ContactInput!) { submitContact(input: $input) }', variables: { input: ok } }));
      const body = await res.json();
      expect(body.errors[0].extensions.code).toBe('INTERNAL');
      expect(body.errors[0].message).toBe('Internal server error');
      const raw = JSON.stringify(body);
      leaks(raw);
      expect(raw).not.toMatch(/contact_messages|relation|does not exist/i);

      const page = await post('/staff/contact', { _action: 'send', ...ok });
      expect(page.status).toBe(500);
      const html = await page.text();
      leaks(html);
      expect(html).not.toMatch(/contact_messages|relation|does not exist/i);
      expect(html).toContain('value="gone@example.com"');
    } finally {
      await sql`alter table contact_messages_away rename to contact_messages`.execute(t.database.db);
    }
  });
});
