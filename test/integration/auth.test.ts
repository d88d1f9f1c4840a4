import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { appForFile, DEMO, startTwoApps, TEST_JWT_SECRET, type TestApp } from '../helpers/app.ts';
import { pressButton } from '../helpers/buttons.ts';
import { formRequest, text } from '../helpers/pages.ts';
import { redisOrSkip, TEST_REDIS_URL } from '../helpers/redis.ts';

/** The two-process case needs a Redis (REDIS_URL or the machine's own): see redisOrSkip. */
const redis = await redisOrSkip();

const t = appForFile();

async function get(path: string, token?: string, headers: Record<string, string> = {}) {
  return fetch(`${t.url}${path}`, { redirect: 'manual', headers: { ...(token ? { cookie: `token=${token}` } : {}), ...headers } });
}

describe('POST /login', () => {
  it('sets an httpOnly, SameSite=Lax token cookie and redirects to /admin', async () => {
    const res = await fetch(`${t.url}/login`, formRequest({ email: DEMO.company_admin, password: inject('demoPassword') }));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/admin');
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('token='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it('accepts the e-mail in any case', async () => {
    const res = await fetch(`${t.url}/login`, formRequest({ email: 'Company@Demo.TEST', password: inject('demoPassword') }));
    expect(res.status).toBe(303);
  });

  it('re-renders the form with a Japanese message and the typed e-mail on a wrong password', async () => {
    const res = await fetch(`${t.url}/login`, formRequest({ email: DEMO.admin, password: 'wrong-password' }));
    expect(res.status).toBe(401);
    const html = await res.text();
    expect(html).toContain('メールアドレスまたはパスワードが正しくありません。');
    expect(html).toContain(`value="${DEMO.admin}"`);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('token=') && !c.startsWith('token=;'))).toBe(false);
  });

  it('says it in English when the browser asks for English', async () => {
    const res = await fetch(`${t.url}/login`, formRequest({ email: 'nobody@demo.test', password: 'x' }, { 'accept-language': 'en-US,en;q=0.9' }));
    expect(await res.text()).toContain('The email address or password is incorrect.');
  });

  it('explains a malformed e-mail beside the form', async () => {
    const res = await fetch(`${t.url}/login`, formRequest({ email: 'not-an-email', password: 'x' }, { cookie: 'lang=en' }));
    expect(res.status).toBe(422);
    expect(await res.text()).toContain('Enter a valid email address.');
  });

  it('rate-limits repeated failures for the same account and address, even with the right password', async () => {
    const email = DEMO.client_staff;
    for (let i = 0; i < 10; i++) {
      const r = await fetch(`${t.url}/login`, formRequest({ email, password: `wrong-${i}` }));
      expect(r.status).toBe(401);
    }
    const blocked = await fetch(`${t.url}/login`, formRequest({ email, password: inject('demoPassword') }, { cookie: 'lang=en' }));
    expect(blocked.status).toBe(429);
    expect(await blocked.text()).toMatch(/Too many failed attempts\. Try again in \d+ minutes?\./);
  });

  redis.describe('with several processes (REDIS_URL)', () => {
    let apps: Awaited<ReturnType<typeof startTwoApps>>;
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      apps = await startTwoApps({ REDIS_URL: TEST_REDIS_URL });
      ({ a, b } = apps);
    });
    afterAll(() => apps?.close());

    it('counts failed logins across processes: ten in all, not ten per process', async () => {
      const email = DEMO.client_admin;
      for (let i = 0; i < 10; i++) {
        const r = await fetch(`${(i % 2 ? a : b).url}/login`, formRequest({ email, password: `wrong-${i}` }));
        expect(r.status).toBe(401);
      }
      for (const app of [a, b]) expect((await fetch(`${app.url}/login`, formRequest({ email, password: inject('demoPassword') }))).status).toBe(429);
      // Another account (or address) is not affected.
      expect((await fetch(`${a.url}/login`, formRequest({ email: DEMO.client_staff, password: inject('demoPassword') }))).status).toBe(303);
    });
  });

  it('refuses a login form posted from another site', async () => {
    const res = await fetch(`${t.url}/login`, formRequest({ email: DEMO.admin, password: inject('demoPassword') }, { origin: 'https://evil.example' }));
    expect(res.status).toBe(403);
  });
});

describe('a candidate who signs in on the back-office login', () => {
  const visitor = { who: 'visitor' };
  const signIn = (path: string) => pressButton(t, visitor, path, 'login', { email: DEMO.candidate, password: inject('demoPassword') });
  const cookieFrom = (html: { setCookie: string[] }, name: string) => html.setCookie.find((c) => c.startsWith(`${name}=`) && !c.startsWith(`${name}=;`));

  it('lands on their own applications, signed in as a candidate, with no back-office session', async () => {
    const res = await fetch(`${t.url}/login`, formRequest({ email: DEMO.candidate, password: inject('demoPassword') }, { origin: t.url }));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/staff/applications');
    const set = { setCookie: res.headers.getSetCookie() };
    expect(cookieFrom(set, 'token')).toBeUndefined();
    const candidateCookie = cookieFrom(set, 'candidate_token')!;
    expect(candidateCookie).toMatch(/HttpOnly/i);
    // Their own page opens with that cookie and greets them by name.
    const page = await fetch(`${t.url}/staff/applications`, { redirect: 'manual', headers: { cookie: candidateCookie.split(';')[0]!, 'accept-language': 'en' } });
    expect(page.status).toBe(200);
    expect(text(await page.text())).toContain('Nguyen Van An');
  });

  it('pressing the drawn button does the same, and goes on to the page they asked for (a same-site one)', async () => {
    expect(await signIn('/login')).toMatchObject({ status: 303, location: '/staff/applications' });
    expect(await signIn(`/login?next=${encodeURIComponent('/staff/points')}`)).toMatchObject({ status: 303, location: '/staff/points' });
    // Never off the site, and never to a back-office page their session cannot open.
    expect(await signIn(`/login?next=${encodeURIComponent('//evil.example/x')}`)).toMatchObject({ status: 303, location: '/staff/applications' });
    expect(await signIn(`/login?next=${encodeURIComponent('/admin/candidate')}`)).toMatchObject({ status: 303, location: '/staff/applications' });
  });

  it('keeps staff on the back office: the same form still sends them to /admin, whatever `next` says', async () => {
    const res = await pressButton(t, visitor, `/login?next=${encodeURIComponent('/staff/points')}`, 'login', { email: DEMO.company_admin, password: inject('demoPassword') });
    expect(res).toMatchObject({ status: 303, location: '/admin' });
  });

  it('keeps the asked-for page through a failed attempt', async () => {
    const res = await pressButton(t, visitor, `/login?next=${encodeURIComponent('/staff/points')}`, 'login', { email: DEMO.candidate, password: 'wrong-password' });
    expect(res.status).toBe(401);
    expect(res.html).toContain('name="next" value="/staff/points"');
  });
});

describe('GET /Account/InfoToken', () => {
  it('returns the user record with its role for "Authorization: jwt {token}"', async () => {
    const token = await t.login('client_admin');
    const res = await fetch(`${t.url}/Account/InfoToken`, { headers: { authorization: `jwt ${token}` } });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ email: DEMO.client_admin, role: 'client_admin' });
    expect(body).not.toHaveProperty('password_hash');
  });

  it('answers 401 for a missing, forged or expired token', async () => {
    expect((await fetch(`${t.url}/Account/InfoToken`)).status).toBe(401);
    const forged = await new SignJWT({ role: 'superadmin', sv: 1 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('00000000-0000-0000-0000-000000000000')
      .setAudience('admin')
      .setIssuer('tsunagu')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('some-other-secret-some-other-secret-000'));
    expect((await fetch(`${t.url}/Account/InfoToken`, { headers: { authorization: `jwt ${forged}` } })).status).toBe(401);

    const user = await t.database.db.selectFrom('users').select(['id', 'session_version']).where('email', '=', DEMO.admin).executeTakeFirstOrThrow();
    const expired = await new SignJWT({ role: 'admin', sv: user.session_version })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setAudience('admin')
      .setIssuer('tsunagu')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    expect((await fetch(`${t.url}/Account/InfoToken`, { headers: { authorization: `jwt ${expired}` } })).status).toBe(401);
  });

  it('answers 401 once the user has logged out (the token is revoked everywhere)', async () => {
    const token = await t.login('company_staff');
    expect((await fetch(`${t.url}/Account/InfoToken`, { headers: { authorization: `jwt ${token}` } })).status).toBe(200);
    const out = await fetch(`${t.url}/logout`, { method: 'POST', redirect: 'manual', headers: { cookie: `token=${token}` } });
    expect(out.status).toBe(303);
    expect(out.headers.getSetCookie().some((c) => /^token=;/.test(c))).toBe(true);
    expect((await fetch(`${t.url}/Account/InfoToken`, { headers: { authorization: `jwt ${token}` } })).status).toBe(401);
    expect((await t.gql('{ me { email } }', {}, token)).data.me).toBeNull();
  });

  it('answers 401 for a deactivated user', async () => {
    const token = await t.login('company2');
    await t.database.db.updateTable('users').set({ active: false }).where('email', '=', DEMO.company2).execute();
    expect((await fetch(`${t.url}/Account/InfoToken`, { headers: { authorization: `jwt ${token}` } })).status).toBe(401);
    await t.database.db.updateTable('users').set({ active: true }).where('email', '=', DEMO.company2).execute();
  });
});

describe('GET /Web/Admin/Role/Management/Actions', () => {
  it('returns the action-role map keyed by code to a signed-in user, and 401 otherwise', async () => {
    await t.database.db.insertInto('action_roles').values({ code: 120001, role: 'client_staff' }).execute();
    t.services.roleMaps.invalidate();
    const token = await t.login('admin');
    const res = await fetch(`${t.url}/Web/Admin/Role/Management/Actions`, { headers: { authorization: `jwt ${token}` } });
    expect(res.status).toBe(200);
    const actions = (await res.json()) as Record<string, string[]>;
    // The grant written to action_roles, merged with what the seed grants through the page roles.
    expect(actions['120001']).toEqual(['admin', 'client_staff', 'company_admin', 'company_staff', 'superadmin']);
    // The seed's grants: saving the role maps (280001) is the superadmin's only, the job option values the platform's.
    expect(actions['280001']).toEqual(['superadmin']);
    expect(actions['200014']).toEqual(['admin', 'superadmin']);
    expect(Object.keys(actions).length).toBeGreaterThan(30);
    expect((await fetch(`${t.url}/Web/Admin/Role/Management/Actions`)).status).toBe(401);
  });
});

describe('session and the error pages (SPEC §8)', () => {
  it('sends a bad token to /errors/error401 and clears it; the error page then renders with 401', async () => {
    const res = await get('/admin/jobs/list', 'garbage.token.value');
    expect(res.status).toBe(303);
    // The 401 page carries the page the person was on, and its sign-in link brings them back there.
    expect(res.headers.get('location')).toBe('/errors/error401?next=%2Fadmin%2Fjobs%2Flist');
    expect(res.headers.getSetCookie().some((c) => /^token=;/.test(c))).toBe(true);
    const page = await get(res.headers.get('location')!, 'garbage.token.value');
    expect(page.status).toBe(401);
    const html = await page.text();
    expect(html).toContain('ログインが必要です');
    expect(html).toContain('href="/login?next=%2Fadmin%2Fjobs%2Flist"');
    // Never a link off the site.
    expect(await (await get('/errors/error401?next=%2F%2Fevil.example%2Fx', 'garbage.token.value')).text()).not.toContain('evil.example');
  });

  it('goes to /errors/_error when the account check itself fails, without a loop', async () => {
    const token = await t.login('admin');
    const original = t.services.auth.resolve.bind(t.services.auth);
    t.services.auth.resolve = async () => {
      throw new Error('database down');
    };
    try {
      const res = await get('/admin/jobs/list', token);
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/errors/_error');
      const page = await get('/errors/_error', token);
      expect(page.status).toBe(500);
      const html = await page.text();
      expect(html).toContain('エラーが発生しました');
      expect(html).not.toContain('database down');
    } finally {
      t.services.auth.resolve = original;
    }
  });
});
