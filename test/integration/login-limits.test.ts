/**
 * Failed logins are limited three ways (server/modules/auth/service.ts LOGIN_LIMITS): one password
 * tried on many accounts from one address ("password spraying") pauses that address, and one
 * account tried from many addresses pauses that account, each with a clear message and a
 * Retry-After header; people elsewhere are not affected. A browser that has logged in to an
 * account before (its signed known-device cookie) is not held by its address's pause, so a sprayer
 * behind a shared address does not lock out the people who work there. Addresses come from
 * X-Forwarded-For (TRUST_PROXY=1), as behind a load balancer.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { LOGIN_LIMITS } from '../../server/modules/auth/service.ts';
import { TokenService } from '../../server/auth/tokens.ts';
import { appForFile, DEMO, startTwoApps, TEST_JWT_SECRET, type TestApp } from '../helpers/app.ts';
import { redisOrSkip, TEST_REDIS_URL } from '../helpers/redis.ts';

const redis = await redisOrSkip();

const t = appForFile({ TRUST_PROXY: '1' });

const login = (email: string, password: string, ip: string, cookie = '', path = '/login', app: TestApp = t) =>
  fetch(`${app.url}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip, cookie: `lang=en${cookie ? `; ${cookie}` : ''}` },
    body: new URLSearchParams({ email, password }),
  });

/** The known-device cookie a successful login set, as the browser would send it back. */
const deviceCookieOf = (res: Response) => {
  const set = res.headers.getSetCookie().find((c) => c.startsWith('known_device='));
  expect(set, 'a known-device cookie').toBeDefined();
  expect(set).toMatch(/HttpOnly/i);
  expect(set).toMatch(/SameSite=Lax/i);
  return set!.split(';')[0]!;
};

describe('failed logins across accounts and addresses', () => {
  it('pauses an address that tries one password on many accounts, with Retry-After, and only that address', async () => {
    const sprayer = '203.0.113.7';
    for (let i = 0; i < LOGIN_LIMITS.perAddress; i++) expect((await login(`victim${i}@example.test`, 'Summer2026!', sprayer)).status).toBe(401);
    const blocked = await login(DEMO.company_staff, inject('demoPassword'), sprayer);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await blocked.text()).toMatch(/Too many failed attempts\. Try again in \d+ minutes?\./);
    // Someone else, elsewhere, logs in as usual.
    expect((await login(DEMO.company_staff, inject('demoPassword'), '198.51.100.20')).status).toBe(303);
  });

  it('pauses an account tried from many addresses, even with the right password, and no other account', async () => {
    const email = DEMO.client_staff;
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i++) expect((await login(email, `guess-${i}`, `192.0.2.${i + 1}`)).status).toBe(401);
    const blocked = await login(email, inject('demoPassword'), '198.51.100.99');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Other accounts are not paused.
    expect((await login(DEMO.client_admin, inject('demoPassword'), '198.51.100.99')).status).toBe(303);
  });

  it('lets browsers that logged in here before through while a sprayer behind the same address is cut at the same try', async () => {
    const office = '203.0.113.80';
    // Two people at the office logged in earlier, one to the back office, one as a candidate.
    const staff = await login(DEMO.company_admin, inject('demoPassword'), office);
    expect(staff.status).toBe(303);
    const staffDevice = deviceCookieOf(staff);
    const candidate = await login(DEMO.candidate, inject('demoPassword'), office, '', '/staff/login');
    expect(candidate.status).toBe(303);
    const candidateDevice = deviceCookieOf(candidate);

    // A sprayer behind the same address is cut at the same try as without anyone else there.
    for (let i = 0; i < LOGIN_LIMITS.perAddress; i++) expect((await login(`office${i}@example.test`, 'Winter2026!', office)).status).toBe(401);
    const cut = await login('office-next@example.test', 'Winter2026!', office);
    expect(cut.status).toBe(429);
    expect(Number(cut.headers.get('retry-after'))).toBeGreaterThan(0);
    // Someone behind that address without the cookie waits too, and is told for how long.
    const stranger = await login(DEMO.admin, inject('demoPassword'), office);
    expect(stranger.status).toBe(429);
    expect(await stranger.text()).toMatch(/Try again in \d+ minutes?\./);

    // The people who logged in there before still can, on both login pages, and a mistyped
    // password is a plain wrong password for them, not the address's pause.
    expect((await login(DEMO.company_admin, 'typo', office, staffDevice)).status).toBe(401);
    expect((await login(DEMO.company_admin, inject('demoPassword'), office, staffDevice)).status).toBe(303);
    expect((await login(DEMO.candidate, inject('demoPassword'), office, candidateDevice, '/staff/login')).status).toBe(303);

    // The cookie vouches only for the accounts that logged in with it: the sprayer who owns one
    // account cannot spray the others with its cookie, nor with a forged one.
    expect((await login('office-other@example.test', 'Winter2026!', office, staffDevice)).status).toBe(429);
    expect((await login(DEMO.admin, inject('demoPassword'), office, 'known_device=forged.token.value')).status).toBe(429);
  });

  it('still limits a known device per account and address', async () => {
    const home = '198.51.100.140';
    const first = await login(DEMO.company2, inject('demoPassword'), home);
    expect(first.status).toBe(303);
    const device = deviceCookieOf(first);
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndAddress; i++) expect((await login(DEMO.company2, `guess-${i}`, home, device)).status).not.toBe(303);
    const blocked = await login(DEMO.company2, inject('demoPassword'), home, device);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('names the accounts in the known-device cookie by a keyed hash: its reader cannot test guessed e-mails against it', async () => {
    const res = await login(DEMO.client_admin, inject('demoPassword'), '198.51.100.140');
    expect(res.status).toBe(303);
    const token = decodeURIComponent(deviceCookieOf(res).split('=')[1]!);
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { acc: string[] };
    expect(payload.acc).toHaveLength(1);
    const account = payload.acc[0]!;
    const email = DEMO.client_admin.toLowerCase();
    // Whoever holds the cookie can compute every unkeyed digest of a guessed address; none matches.
    for (const text of [email, `login-device|${email}`]) {
      for (const algorithm of ['sha256', 'sha1', 'md5', 'sha512']) {
        for (const encoding of ['hex', 'base64', 'base64url'] as const) expect(account).not.toBe(createHash(algorithm).update(text).digest(encoding));
      }
    }
    expect(account).not.toContain(email);
    // The same address under another session secret is another name, so the key is what makes it.
    const other = new TokenService('another-secret-of-at-least-32-characters!!');
    expect(other.deviceAccount(email)).not.toBe(account);
    expect(new TokenService(TEST_JWT_SECRET).deviceAccount(email)).toBe(account);
  });

  redis.describe('with several processes (REDIS_URL)', () => {
    let apps: Awaited<ReturnType<typeof startTwoApps>>;
    beforeAll(async () => {
      apps = await startTwoApps({ REDIS_URL: TEST_REDIS_URL, TRUST_PROXY: '1' });
    });
    afterAll(() => apps?.close());

    it('pauses a sprayed address in every process, except for a browser another process knows', async () => {
      const { a, b } = apps;
      const office = '203.0.113.90';
      const first = await login(DEMO.client_admin, inject('demoPassword'), office, '', '/login', a);
      expect(first.status).toBe(303);
      const device = deviceCookieOf(first);
      // The spray alternates between the processes: the count is one, and so is the cut.
      for (let i = 0; i < LOGIN_LIMITS.perAddress; i++) expect((await login(`multi${i}@example.test`, 'Winter2026!', office, '', '/login', i % 2 ? a : b)).status).toBe(401);
      for (const app of [a, b]) expect((await login('multi-next@example.test', 'Winter2026!', office, '', '/login', app)).status).toBe(429);
      // The cookie one process set is honoured by the other.
      expect((await login(DEMO.client_admin, inject('demoPassword'), office, device, '/login', b)).status).toBe(303);
    });
  });
});
