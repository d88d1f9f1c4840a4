/**
 * Sessions that end kindly (docs/access.md): the sliding session with its hard limit, a form posted
 * after the session ended kept and offered again on the same page after signing in, signing in
 * landing where the person was (a same-site `next` only), and revocation still immediate.
 */
import * as cheerio from 'cheerio';
import { SignJWT } from 'jose';
import { createSecretKey } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { sql } from 'kysely';
import { appForFile, DEMO, TEST_JWT_SECRET } from '../helpers/app.ts';
import { userId } from '../helpers/demo-data.ts';
import { candidateLogin, cookieOf, formRequest, getPage, text } from '../helpers/pages.ts';

const t = appForFile();

const IDLE = 2 * 3600;
const MAX = 12 * 3600;
const now = () => Math.floor(Date.now() / 1000);
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string; sv: number; role: string; iat: number; exp: number; at: number; aud: string };

/** A token as the API would have signed it at another time (the test knows the secret). */
async function tokenAt(from: string, times: { iat: number; exp: number; at: number }): Promise<string> {
  const c = claimsOf(from);
  return new SignJWT({ role: c.role, sv: c.sv, at: times.at })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(c.sub)
    .setAudience(c.aud)
    .setIssuer('tsunagu')
    .setIssuedAt(times.iat)
    .setExpirationTime(times.exp)
    .sign(createSecretKey(Buffer.from(TEST_JWT_SECRET, 'utf8')));
}

describe('the sliding session', () => {
  it('a new token lasts the idle time (2 h by default) and carries the sign-in time', async () => {
    const c = claimsOf(await t.login('company_staff'));
    expect(c.exp - c.iat).toBe(IDLE);
    expect(c.at).toBe(c.iat);
  });

  it('renews the cookie of an active person past half the token’s life, keeping the sign-in time', async () => {
    const fresh = await t.login('company_staff');
    const at = now() - 3 * 3600;
    const old = await tokenAt(fresh, { iat: now() - 6000, exp: now() + 1200, at });
    const page = await getPage(t, '/admin/jobs/list', old);
    expect(page.status).toBe(200);
    const renewed = cookieOf(page, 'token');
    expect(renewed, 'a renewed token cookie').toBeTruthy();
    const c = claimsOf(renewed!);
    expect(c.at).toBe(at);
    expect(c.exp).toBeGreaterThanOrEqual(now() + IDLE - 5);
    expect((await getPage(t, '/admin/jobs/list', renewed)).status).toBe(200);
    // A token early in its life is left alone (no new cookie on every request).
    expect((await getPage(t, '/admin/jobs/list', fresh)).cookies.some((x) => x.startsWith('token='))).toBe(false);
  });

  it('never renews past the hard limit (12 h after signing in), and refuses a token older than it', async () => {
    const fresh = await t.login('company_staff');
    const at = now() - MAX + 600;
    const late = await tokenAt(fresh, { iat: now() - 6000, exp: now() + 600, at });
    const page = await getPage(t, '/admin/jobs/list', late);
    expect(page.status).toBe(200);
    const renewed = cookieOf(page, 'token');
    expect(renewed).toBeTruthy();
    expect(claimsOf(renewed!).exp).toBe(at + MAX);
    // Signed in 13 hours ago: over, even with a token whose own expiry is still ahead.
    const over = await tokenAt(fresh, { iat: now() - 60, exp: now() + 600, at: now() - 13 * 3600 });
    expect((await getPage(t, '/admin/jobs/list', over)).status).toBe(303);
  });

  it('revocation stays immediate: a renewed token is refused after logout', async () => {
    const fresh = await t.login('client_staff');
    const old = await tokenAt(fresh, { iat: now() - 6000, exp: now() + 1200, at: now() - 6000 });
    const page = await getPage(t, '/v3/admin/jobs/list', old);
    const renewed = cookieOf(page, 'token');
    expect(renewed).toBeTruthy();
    const out = await fetch(`${t.url}/logout`, formRequest({}, { origin: t.url, cookie: `token=${renewed}` }));
    expect(out.status).toBe(303);
    expect((await getPage(t, '/v3/admin/jobs/list', renewed)).location).toMatch(/^\/errors\/error401/);
  });
});

/** The fields the page's "save" form sends, with the first text field set to `marker`. */
async function saveForm(path: string, token: string, marker: string): Promise<{ fields: [string, string][]; field: string }> {
  const page = await getPage(t, path, token);
  expect(page.status).toBe(200);
  const $ = cheerio.load(page.html);
  const form = $('form[method="post"]')
    .filter((_, f) => $(f).find('button[name="_action"][value="save"]').length > 0)
    .first();
  const fields: [string, string][] = [];
  let field = '';
  form.find('input[name], textarea[name], select[name]').each((_, el) => {
    const e = $(el);
    const name = e.attr('name')!;
    const type = e.attr('type') ?? '';
    if (['checkbox', 'radio', 'submit', 'file'].includes(type)) return;
    let value = e.is('select') ? (e.find('option[selected]').attr('value') ?? e.find('option').first().attr('value') ?? '') : e.is('textarea') ? e.text() : (e.attr('value') ?? '');
    if (!field && (type === 'text' || type === '') && e.is('input')) {
      field = name;
      value = marker;
    }
    fields.push([name, value]);
  });
  fields.push(['_action', 'save']);
  expect(field, 'a text field').not.toBe('');
  return { fields, field };
}

describe('a form posted after the session ended', () => {
  it('is kept, the login page says why, and signing in again returns to the page with what was typed', async () => {
    const fresh = await t.login('company_admin');
    const marker = `書きかけ-${Date.now()}`;
    const { fields } = await saveForm('/admin/jobs/add', fresh, marker);
    const expired = await tokenAt(fresh, { iat: now() - IDLE - 60, exp: now() - 60, at: now() - IDLE - 60 });
    const body = new URLSearchParams(fields);
    const post = await fetch(`${t.url}/admin/jobs/add`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: t.url, 'content-type': 'application/x-www-form-urlencoded', cookie: `token=${expired}` },
      body,
    });
    expect(post.status).toBe(303);
    expect(post.headers.get('location')).toBe('/login?ended=1&next=%2Fadmin%2Fjobs%2Fadd');
    const kept = cookieOf(post, 'kept_form');
    expect(kept).toBeTruthy();

    const login = await fetch(`${t.url}${post.headers.get('location')}`, { headers: { cookie: `kept_form=${kept}` } });
    const loginHtml = text(await login.text());
    expect(loginHtml).toContain('セッションが切れました');
    expect(loginHtml).toContain('name="next" value="/admin/jobs/add"');

    const signIn = await fetch(`${t.url}/login`, formRequest({ email: DEMO.company_admin, password: inject('demoPassword'), next: '/admin/jobs/add' }, { origin: t.url, cookie: `kept_form=${kept}` }));
    expect(signIn.status).toBe(303);
    expect(signIn.headers.get('location')).toBe('/admin/jobs/add');
    const token = cookieOf(signIn, 'token')!;

    // Another person signing in on the same browser never sees it (and it is dropped).
    const other = await t.tokenOf('company2');
    const theirs = await fetch(`${t.url}/admin/jobs/add`, { redirect: 'manual', headers: { cookie: `token=${other}; kept_form=${kept}` } });
    expect(text(await theirs.text())).not.toContain(marker);

    const back = await fetch(`${t.url}/admin/jobs/add`, { redirect: 'manual', headers: { cookie: `token=${token}; kept_form=${kept}` } });
    expect(back.status).toBe(200);
    const html = text(await back.text());
    expect(html).toContain(marker);
    expect(html).toContain('入力した内容を戻しました');
    // Spent: offered once.
    expect(back.headers.getSetCookie().some((c) => /^kept_form=;/.test(c))).toBe(true);
  });

  it('never keeps a password field', async () => {
    const fresh = await t.login('company_admin');
    const expired = await tokenAt(fresh, { iat: now() - IDLE - 60, exp: now() - 60, at: now() - IDLE - 60 });
    const post = await fetch(`${t.url}/admin/jobs/add`, formRequest({ _action: 'save', title: 'x', password: 'hunter2' }, { origin: t.url, cookie: `token=${expired}` }));
    const kept = cookieOf(post, 'kept_form')!;
    expect(Buffer.from(kept, 'base64url').toString('utf8')).not.toContain('hunter2');
  });

  it('a candidate’s post after their session ended goes to their own login, and back', async () => {
    const { token } = await candidateLogin(t, 'candidate@demo.test');
    const expired = await tokenAt(token, { iat: now() - IDLE - 60, exp: now() - 60, at: now() - IDLE - 60 });
    const post = await fetch(`${t.url}/staff/pay`, formRequest({ _action: 'quickpay', amount: '3000' }, { origin: t.url, cookie: `candidate_token=${expired}` }));
    expect(post.status).toBe(303);
    expect(post.headers.get('location')).toBe('/staff/login?ended=1&next=%2Fstaff%2Fpay');
    const again = await candidateLogin(t, 'candidate@demo.test', { next: '/staff/pay' });
    expect(again.location).toBe('/staff/pay');
  });

  it('a candidate whose session ended while applying from a job’s page is told so at sign-in, and finds the message typed there again', async () => {
    // A part-time job open to every residence status that she has not applied to.
    const me = await userId(t, 'candidate3@demo.test');
    const job = await t.database.db
      .selectFrom('jobs as j')
      .select('j.id')
      .where('j.kind', '=', 'other')
      .where('j.status', '=', 'open')
      .where(sql<boolean>`cardinality(j.visa_type_ids) = 0`)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('applications as a').select('a.id').whereRef('a.job_id', '=', 'j.id').where('a.candidate_id', '=', me))))
      .executeTakeFirstOrThrow();
    const page = `/part-time/${job.id}`;
    const { token } = await candidateLogin(t, 'candidate3@demo.test');
    const expired = await tokenAt(token, { iat: now() - IDLE - 60, exp: now() - 60, at: now() - IDLE - 60 });
    const post = await fetch(`${t.url}${page}`, formRequest({ _action: 'apply', message: 'I can start next Monday.' }, { origin: t.url, cookie: `candidate_token=${expired}` }));
    expect(post.status).toBe(303);
    expect(post.headers.get('location')).toBe(`/staff/login?ended=1&next=${encodeURIComponent(page)}`);
    const kept = cookieOf(post, 'kept_form')!;
    const login = await fetch(`${t.url}${post.headers.get('location')}`, { headers: { cookie: `kept_form=${kept}`, 'accept-language': 'en' } });
    expect(text(await login.text())).toContain('Your session has ended');
    const again = await candidateLogin(t, 'candidate3@demo.test', { next: page });
    expect(again.location).toBe(page);
    const back = cheerio.load(await (await fetch(`${t.url}${page}`, { headers: { cookie: `candidate_token=${again.token}; kept_form=${kept}`, 'accept-language': 'en' } })).text());
    expect(back('textarea[name=message]').text()).toBe('I can start next Monday.');
    // Nothing was sent while signed out: the person checks it and applies.
    expect(back('form.apply-form button').length).toBe(1);
  });
});

describe('signing in lands where the person was', () => {
  const signIn = (next: string) => fetch(`${t.url}/login`, formRequest({ email: DEMO.company_staff, password: inject('demoPassword'), next }, { origin: t.url }));

  it('follows a same-site next, and /admin without one', async () => {
    expect((await signIn('/admin/candidate?page=2')).headers.get('location')).toBe('/admin/candidate?page=2');
    expect((await fetch(`${t.url}/login`, formRequest({ email: DEMO.company_staff, password: inject('demoPassword') }, { origin: t.url }))).headers.get('location')).toBe('/admin');
  });

  it.each(['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)'])('refuses the open redirect %s', async (next) => {
    expect((await signIn(next)).headers.get('location')).toBe('/admin');
  });
});

describe('the warning before the session ends', () => {
  it('every back-office page carries the warning island with the session’s end, and “stay signed in” renews it', async () => {
    const fresh = await t.login('company_staff');
    const page = await getPage(t, '/admin/jobs/list', fresh);
    const props = /<script type="application\/json" data-island-props="SessionWarning">([^<]+)<\/script>/.exec(page.html);
    expect(props, 'the SessionWarning island').not.toBeNull();
    const drawn = JSON.parse(props![1]!) as { endsAt: number; loginPath: string };
    expect(drawn.endsAt).toBe(claimsOf(fresh).exp * 1000);
    expect(drawn.loginPath).toBe('/login');

    const old = await tokenAt(fresh, { iat: now() - 3000, exp: now() + 240, at: now() - 3000 });
    const renew = await fetch(`${t.url}/session/renew`, { method: 'POST', headers: { origin: t.url, cookie: `token=${old}` } });
    expect(renew.status).toBe(200);
    const body = (await renew.json()) as { endsAt: number };
    expect(body.endsAt).toBeGreaterThan((now() + IDLE - 5) * 1000);
    expect(cookieOf(renew, 'token')).toBeTruthy();
    // Nobody signed in: nothing to renew.
    expect((await fetch(`${t.url}/session/renew`, { method: 'POST', headers: { origin: t.url } })).status).toBe(401);
  });

  it('a signed-in candidate’s pages carry it too, pointing at the candidate’s login', async () => {
    const { token } = await candidateLogin(t, 'candidate@demo.test');
    const res = await fetch(`${t.url}/staff/applications`, { headers: { cookie: `candidate_token=${token}` } });
    const html = await res.text();
    const props = /data-island-props="SessionWarning">([^<]+)<\/script>/.exec(html);
    expect(props).not.toBeNull();
    expect(JSON.parse(props![1]!)).toMatchObject({ loginPath: '/staff/login', endsAt: claimsOf(token).exp * 1000 });
  });
});
