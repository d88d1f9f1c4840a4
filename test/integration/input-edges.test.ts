/**
 * Values at the edges of what the product takes: a page number past any list, a number in the
 * address that is not one, GraphQL variables of the wrong type or out of range, malformed GraphQL.
 * Each is a clean 4xx with a readable message and, for GraphQL, an `extensions.code` on every
 * error (docs/api.md); never a 500 or a stack trace.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let token = '';
beforeAll(async () => {
  t = await startTestApp();
  token = await t.login('company_admin');
});
afterAll(async () => t?.close());

// The public board is for visitors (a back-office session is sent to its landing page).
const page = (path: string) => fetch(`${t.url}${path}`, { redirect: 'manual', headers: path.startsWith('/admin') ? { cookie: `token=${token}` } : {} });
const gql = async (body: unknown) => {
  const res = await fetch(`${t.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { errors?: { message: string; extensions?: { code?: string } }[]; data?: unknown } };
};

describe('numbers in the address', () => {
  it.each([
    ['/admin/jobs/list?page=99999999999999999999', 400],
    ['/admin/jobs/list?page=abc', 400],
    ['/admin/jobs/list?page=-1', 400],
    ['/admin/jobs/list?size=100000', 400],
    ['/daily?page=99999999999999999999', 400],
    ['/admin/jobs/list?page=100000', 200],
  ])('%s answers %i, never 500', async (path, status) => {
    const res = await page(path);
    expect(res.status).toBe(status);
    const html = await res.text();
    if (status === 400) expect(html).toContain('アドレスを読み取れません');
    expect(html).not.toMatch(/at .*\.(ts|js):\d+/);
  });
});

describe('GraphQL errors always carry a code', () => {
  it.each([
    ['a variable of the wrong type', { query: 'query ($id: ID!) { job(id: $id) { id } }', variables: { id: { no: 1 } } }],
    ['an Int variable given letters', { query: 'query ($p: Int) { jobs(page: $p) { total } }', variables: { p: 'abc' } }],
    ['an Int variable past 32 bits', { query: 'query ($p: Int) { jobs(page: $p) { total } }', variables: { p: 99999999999999 } }],
    ['a missing required variable', { query: 'query ($id: ID!) { job(id: $id) { id } }', variables: {} }],
    ['an unknown field', { query: '{ nope }' }],
    ['a syntax error', { query: '{ jobs(' }],
    ['no query at all', { variables: {} }],
  ])('%s', async (_name, body) => {
    const r = await gql(body);
    expect(r.status).toBeLessThan(500);
    expect(r.body.errors?.length).toBeGreaterThan(0);
    for (const e of r.body.errors ?? []) expect(typeof e.extensions?.code, e.message).toBe('string');
  });

  it('answers a body that is not JSON with a coded error', async () => {
    const r = await gql('{"query": ');
    expect(r.status).toBeLessThan(500);
    for (const e of r.body.errors ?? []) expect(typeof e.extensions?.code, e.message).toBe('string');
  });
});
