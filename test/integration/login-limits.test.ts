/**
 * Failed logins are limited three ways (server/modules/auth/service.ts LOGIN_LIMITS): one password
 * tried on many accounts from one address ("password spraying") pauses that address, and one
 * account tried from many addresses pauses that account, each with a clear message and a
 * Retry-After header; people elsewhere are not affected. Addresses come from X-Forwarded-For
 * (TRUST_PROXY=1), as behind a load balancer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { LOGIN_LIMITS } from '../../server/modules/auth/service.ts';
import { DEMO, startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: '1' });
});
afterAll(async () => t?.close());

const login = (email: string, password: string, ip: string) =>
  fetch(`${t.url}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip, cookie: 'lang=en' },
    body: new URLSearchParams({ email, password }),
  });

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
});
