/**
 * The database goes away under a running app (all its connections cut and new ones refused,
 * through a TCP proxy on loopback) and comes back: the process lives on, /readyz says 503 within
 * a second, pages answer the 503 page and GraphQL a coded UNAVAILABLE error in a few seconds; once
 * the database is back, everything works again without a restart, the role-map listener included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { proxiedDatabase, type TcpProxy } from '../helpers/tcp-proxy.ts';
import { eventually, within } from '../helpers/wait.ts';

let database: TestDatabase;
let proxy: TcpProxy;
let t: TestApp;
let token = '';

beforeAll(async () => {
  database = await createTestDatabase();
  let url: string;
  ({ proxy, url } = await proxiedDatabase(database));
  t = await startTestApp({}, { database: { ...database, url } });
  token = await t.login('company_admin');
});
afterAll(async () => {
  await t?.close();
  await proxy?.close();
  await database?.drop();
});

const timed = async <T>(f: () => Promise<T>) => {
  const start = Date.now();
  const value = await f();
  return { value, ms: Date.now() - start };
};
const get = (path: string, cookie = '') => fetch(`${t.url}${path}`, { redirect: 'manual', headers: cookie ? { cookie } : {} });
const gql = (query: string) =>
  fetch(`${t.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ query }) }).then((r) => r.json());

describe('the database going away and coming back', () => {
  it('answers normally while it is there', async () => {
    expect((await get('/readyz')).status).toBe(200);
    expect((await get('/daily')).status).toBe(200);
    expect((await get('/admin/jobs/list', `token=${token}`)).status).toBe(200);
  });

  it('answers 503 quickly while it is gone, and the process lives on', async () => {
    // A connection checked out in the middle of a transaction when the database goes: its error
    // must not be an unhandled 'error' event (that ended the process).
    const inTransaction = await t.database.pool.connect();
    await inTransaction.query('begin');
    // Its connection ending says the cut has reached it (no error listener here: that is the app's).
    const ended = new Promise<void>((resolve) => inTransaction.once('end', () => resolve()));
    await proxy.cut();
    await within(ended, 'the checked-out connection ends with the cut', 10_000);
    await expect(inTransaction.query('select 1')).rejects.toThrow();
    inTransaction.release(true);

    const ready = await timed(() => get('/readyz'));
    expect(ready.value.status).toBe(503);
    expect(ready.ms).toBeLessThan(1_500);

    const page = await timed(() => get('/daily'));
    expect(page.value.status).toBe(503);
    expect(await page.value.text()).toContain('ただいま利用できません');
    expect(page.ms).toBeLessThan(6_000);

    const admin = await get('/admin/jobs/list', `token=${token}`);
    expect(admin.status).toBe(503);

    const r = await gql('{ publicJobs(kind: "daily") { total } }');
    expect(r.errors?.[0]?.extensions?.code).toBe('UNAVAILABLE');
    expect(JSON.stringify(r)).not.toMatch(/ECONNREFUSED|at .*\.ts/);
  });

  it('works again once it is back, without a restart', async () => {
    await proxy.restore();
    await eventually(async () => expect((await get('/readyz')).status).toBe(200), 10_000);
    expect((await get('/daily')).status).toBe(200);
    expect((await get('/admin/jobs/list', `token=${token}`)).status).toBe(200);
    expect((await gql('{ publicJobs(kind: "daily") { total } }')).data.publicJobs.total).toBeGreaterThan(0);
    // The role maps follow changes again: the listener reconnected.
    await eventually(async () => expect((t.services.roleMaps as unknown as { listener: unknown }).listener).not.toBeNull(), 10_000);
  });
});
