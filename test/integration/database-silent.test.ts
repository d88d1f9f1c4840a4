/**
 * A database that stops answering without closing anything — its connections stay open, new ones
 * are accepted, and not a byte comes back (a hung server, a network that drops packets) — under the
 * production server (`npm start`'s bundle) with DB_STATEMENT_TIMEOUT_MS=2000: every request answers
 * the 503 page (no stack) within that limit, connections opened to the silent server included
 * (DB_CONNECT_TIMEOUT_MS is longer and is capped by it), /healthz says the database is unreachable
 * at once, and once the database answers again everything works without a restart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, loginToken } from '../helpers/app.ts';
import { processGround, type ProcessGround, type ServerProcess } from '../helpers/server-process.ts';
import { proxiedDatabase, type TcpProxy } from '../helpers/tcp-proxy.ts';
import { eventually } from '../helpers/wait.ts';

const STATEMENT_MS = 2_000;
/** What a request may take past the limit on a busy test machine: the answer's own way back. */
const SLACK_MS = 700;

let ground: ProcessGround;
let proxy: TcpProxy;
let server: ServerProcess;
let token = '';

beforeAll(async () => {
  ground = await processGround('silent');
  let url: string;
  ({ proxy, url } = await proxiedDatabase(ground.database));
  server = await ground.start({ databaseUrl: url, env: { DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_MS), DB_CONNECT_TIMEOUT_MS: '10000', NODE_ENV: undefined } });
  token = await loginToken(server.url, DEMO.company_admin);
}, 60_000);
afterAll(async () => {
  await server?.kill();
  await proxy?.close();
  await ground?.remove();
});

const timed = async (path: string, init: RequestInit = {}) => {
  const start = Date.now();
  const res = await fetch(`${server.url}${path}`, { redirect: 'manual', ...init });
  const body = await res.text();
  return { status: res.status, body, ms: Date.now() - start };
};
const page = (path: string) => timed(path, { headers: { cookie: `token=${token}` } });
const graphql = (query: string) => timed('/graphql', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ query }) });
const health = async () => {
  const r = await timed('/healthz');
  return { ...r, json: JSON.parse(r.body) as { status: string; database?: string; since?: string } };
};

describe('a database that accepts and never answers', () => {
  it('answers normally while it answers, and /healthz names no trouble', async () => {
    expect((await page('/admin/jobs/list')).status).toBe(200);
    expect((await health()).json).toEqual({ status: 'ok' });
  });

  it('answers every request 503 within the statement limit, the same again on connections opened to the silent server', async () => {
    proxy.silence();
    // Twice: the first round times out on the pool's open connections (which are then dropped),
    // the second opens new ones to the server that says nothing.
    for (let round = 0; round < 2; round++) {
      const answers = await Promise.all([page('/admin/jobs/list'), page('/admin/jobs/list'), timed('/daily'), graphql('{ publicJobs(kind: "daily") { total } }')]);
      for (const a of answers) {
        // GraphQL answers a resolver's failure in its body (docs/operations.md), the pages with their status.
        if (a !== answers[3]) expect(a.status, a.body.slice(0, 200)).toBe(503);
        expect(a.ms).toBeLessThan(STATEMENT_MS + SLACK_MS);
        expect(a.body).not.toMatch(/at .*\.(ts|js):\d+|Query read timeout|timeout exceeded/);
      }
      expect(answers[0]!.body).toContain('ただいま利用できません');
      expect(JSON.parse(answers[3]!.body).errors[0].extensions.code).toBe('UNAVAILABLE');
    }
  });

  it('says so on /healthz at once, without asking the database', async () => {
    const h = await health();
    expect(h.status).toBe(200);
    expect(h.json).toMatchObject({ status: 'ok', database: 'unreachable' });
    expect(Date.parse(h.json.since!)).toBeLessThan(Date.now());
    expect(h.ms).toBeLessThan(500);
  });

  it('works again once the database answers, without a restart', async () => {
    await proxy.restore();
    await eventually(async () => expect((await page('/admin/jobs/list')).status).toBe(200), 15_000);
    await eventually(async () => expect((await health()).json).toEqual({ status: 'ok' }), 5_000);
  });
});
