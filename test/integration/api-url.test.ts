/**
 * A web tier apart from the API (API_URL, DESIGN §2): pages rendered with data fetched over HTTP,
 * the browser's API traffic (HTTP and websockets) proxied, and a dead API giving fast 503/502
 * answers, never a hang, while public pages that need no API keep working.
 */
import { sql } from 'kysely';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, type Client, type FormattedExecutionResult } from 'graphql-ws';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import WebSocket from 'ws';
import { API_TIMEOUT_MS, createHttpClient } from '../../server/api/http-client.ts';
import { loadRoleMaps, saveRoleMaps } from '../../server/modules/roles/role-maps.ts';
import { createWebApp, type App } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { addNotification } from '../../server/modules/notifications/service.ts';
import { DEMO, startTestApp, type TestApp } from '../helpers/app.ts';
import { gql, postGraphql, probeNote, probeText } from '../helpers/graphql.ts';
import { TINY_PNG } from '../helpers/chat.ts';
import { eventually, within } from '../helpers/wait.ts';
import { graphqlWsClient } from '../helpers/graphqlws.ts';
import { userId, visaId } from '../helpers/demo-data.ts';
import { candidateLogin } from '../helpers/pages.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface WebApp extends App {
  url: string;
  server: http.Server;
}

/** A web-only process (no database) on a free port, talking to the API at `apiUrl`. */
async function startWebApp(apiUrl: string): Promise<WebApp> {
  const config = loadConfig({ NODE_ENV: 'test', PORT: '0', LOG_LEVEL: 'silent', API_URL: apiUrl });
  const built = createWebApp({ config, log: pino({ level: 'silent' }), root: ROOT });
  const server = http.createServer(built.app);
  built.attach(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const addr = server.address();
  const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  return {
    ...built,
    url,
    server,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await built.close();
    },
  };
}

let a: TestApp;
let aClosed = false;
let b: WebApp;
beforeAll(async () => {
  a = await startTestApp();
  b = await startWebApp(a.url);
});
afterAll(async () => {
  await b?.close();
  if (!aClosed) await a?.close();
});

const disposers: (() => unknown)[] = [];
afterEach(async () => {
  for (const dispose of disposers.splice(0).reverse()) await dispose();
});

const get = (url: string, token?: string) => fetch(url, { redirect: 'manual', headers: token ? { cookie: `token=${token}` } : {} });

const wsClient = (base: string, token: string): Client => graphqlWsClient(base, token, { dispose: (close) => disposers.push(close) });

function runWs<T>(client: Client, query: string): Promise<FormattedExecutionResult<T, unknown>> {
  return new Promise((resolve, reject) => {
    let result: FormattedExecutionResult<T, unknown> | undefined;
    client.subscribe<T>({ query }, { next: (r) => (result = r), error: reject, complete: () => resolve(result ?? {}) });
  });
}

/** Logs in through B's form (B posts the login mutation to A over HTTP). */
async function loginThroughB(): Promise<string> {
  const res = await fetch(`${b.url}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: DEMO.company_admin, password: inject('demoPassword') }),
  });
  expect(res.status).toBe(303);
  expect(res.headers.get('location')).toBe('/admin');
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('token='));
  expect(cookie).toBeDefined();
  return cookie!.slice('token='.length).split(';')[0]!;
}

describe('the web tier with the API up', () => {
  it('renders the home page', async () => {
    const res = await get(`${b.url}/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<html');
  });

  it('logs in through the form, sends /admin to the landing page, and renders it with the sidebar', async () => {
    const token = await loginThroughB();
    const admin = await get(`${b.url}/admin`, token);
    expect(admin.status).toBe(302);
    expect(admin.headers.get('location')).toBe('/admin/jobs/list');

    const landing = await get(`${b.url}/admin/jobs/list`, token);
    // The jobs list, its rows read from A over HTTP, inside the back-office frame.
    expect(landing.status).toBe(200);
    const html = await landing.text();
    expect(html).toContain('アルバイト求人');
    const nav = /<nav class="sidebar"[^>]*>([\s\S]*?)<\/nav>/.exec(html);
    expect(nav, 'the sidebar').not.toBeNull();
    expect(nav![1]).toContain('href="/admin/jobs/list"');
    // The user and the role maps came over HTTP from A (B has no database).
    const me = await a.database.db.selectFrom('users').select('name').where('email', '=', DEMO.company_admin).executeTakeFirstOrThrow();
    expect(html).toContain(me.name);
    // The company's part-time jobs, from A's database.
    const job = await a.database.db
      .selectFrom('jobs')
      .innerJoin('users', 'users.company_id', 'jobs.company_id')
      .select('jobs.title_ja')
      .where('users.email', '=', DEMO.company_admin)
      .where('jobs.kind', '=', 'other')
      .executeTakeFirstOrThrow();
    expect(html).toContain(job.title_ja);
  });

  it('proxies GET /Account/InfoToken to the API', async () => {
    const token = await a.login('company_admin');
    const res = await fetch(`${b.url}/Account/InfoToken`, { headers: { authorization: `jwt ${token}` } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ email: DEMO.company_admin, role: 'company_admin' });
    expect((await fetch(`${b.url}/Account/InfoToken`)).status).toBe(401);
  });

  it('proxies chat image uploads and downloads to the API (they are kept in its database)', async () => {
    const token = await a.login('company_admin');
    const { rows } = await sql<{ id: string }>`select c.id from conversations c join users u on u.company_id = c.company_id where u.email = ${DEMO.company_admin} limit 1`.execute(a.database.db);
    const conversation = rows[0]!;
    const up = await fetch(`${b.url}/chat/attachments?conversation_id=${conversation.id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
      body: new Uint8Array(TINY_PNG),
    });
    expect(up.status).toBe(201);
    const { id } = (await up.json()) as { id: string };
    const down = await fetch(`${b.url}/chat/attachments/${id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(down.status).toBe(200);
    const stored = await sql<{ bytes: Buffer }>`select bytes from chat_attachments where id = ${id}`.execute(a.database.db);
    expect(Buffer.from(await down.arrayBuffer()).equals(stored.rows[0]!.bytes)).toBe(true);
  });

  it('takes the residence card form on its page and sends it on to the API: a refusal comes back as typed, an upload is kept in its database', async () => {
    const { token } = await candidateLogin(a, 'candidate4@demo.test');
    const visa = await visaId(a, '留学');
    const send = (cardNumber: string) => {
      const form = new FormData();
      for (const side of ['front', 'back']) form.append(side, new File([new Uint8Array(TINY_PNG)], `${side}.png`, { type: 'image/png' }));
      for (const [k, v] of Object.entries({ cardNumber, visaTypeId: visa, expiry: '2030-03-31', permission: '1', _action: 'upload' })) form.append(k, v);
      return fetch(`${b.url}/staff/card`, { method: 'POST', redirect: 'manual', headers: { cookie: `candidate_token=${token}; lang=en`, origin: b.url }, body: form });
    };
    const refused = await send('AB-12');
    expect(refused.status).toBe(422);
    const html = await refused.text();
    expect(html).toMatch(/<input[^>]*name="cardNumber"[^>]*value="AB-12"/);
    expect(html).toContain('A residence card number is 2 letters, 8 digits and 2 letters');
    const saved = await send('ZZ12345678YY');
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe('/staff/card?saved=1');
    const kept = await a.database.db.selectFrom('residence_cards').select('status').where('card_number', '=', 'ZZ12345678YY').executeTakeFirst();
    expect(kept).toEqual({ status: 'pending' });
  });

  it('proxies POST /graphql to the API', async () => {
    const token = await a.login('company_admin');
    expect(await gql(b.url, '{ me { email role } }', {}, { token })).toEqual({ status: 200, data: { me: { email: DEMO.company_admin, role: 'company_admin' } } });
  });

  it("proxies /graphqlws: queries run and a subscription receives an event published on A's bus", async () => {
    const token = await a.login('company_admin');
    const client = wsClient(b.url, token);
    expect((await runWs<{ me: { email: string } }>(client, '{ me { email } }')).data?.me.email).toBe(DEMO.company_admin);

    const adminId = await userId(a, DEMO.company_admin);
    const titles: string[] = [];
    const stop = client.subscribe<{ notificationAdded: { title: string } }>(
      { query: 'subscription { notificationAdded { id title type } }' },
      { next: (r) => r.data && titles.push(probeText(r.data.notificationAdded.title)), error: () => {}, complete: () => {} },
    );
    disposers.push(stop);
    // No acknowledgement of a subscription in graphql-ws: publish until the subscription is live.
    await eventually(async () => {
      if (!titles.includes('via-b')) await addNotification(a.services.db, a.services.bus, adminId, { type: 1, ...probeNote('via-b') });
      // A probe published before the subscription was live is lost: after a while, another.
      await vi.waitFor(() => expect(titles).toContain('via-b'), { timeout: 250, interval: 10 });
    }, 5000);
  });

  it("answers a variable its type refuses with BAD_USER_INPUT beside the variable, in the caller's language, as in-process does", async () => {
    const doc = 'query ($p: Int) { publicJobs(kind: "daily", page: $p) { __typename } }';
    const remote = await b.api.graphql(doc, { p: 2 ** 40 }, { lang: 'en', ip: '' });
    const local = await a.api.graphql(doc, { p: 2 ** 40 }, { lang: 'en', ip: '' });
    expect(remote).toEqual(local);
    expect(remote.errors?.[0]?.extensions).toEqual({ code: 'BAD_USER_INPUT', fields: { p: 'This number is too large or not valid.' } });
    expect((await b.api.graphql(doc, { p: 2 ** 40 }, { lang: 'ja', ip: '' })).errors?.[0]?.extensions?.fields).toEqual({ p: '数値が大きすぎるか、正しくありません。' });
  });

  it('keeps the role maps cached between requests and drops them when they change (the API passes on the NOTIFY)', async () => {
    const token = await a.tokenOf('client_staff');
    const cache = (b.api as ReturnType<typeof createHttpClient>).roleMapCache;
    const staffPage = async (base: string) => (await get(`${base}/admin/users/client`, token)).status;
    expect(await staffPage(b.url)).toBe(302);
    await eventually(() => expect(cache.listening).toBe(true));
    expect(await staffPage(b.url)).toBe(302);
    const original = await loadRoleMaps(a.database.db);
    try {
      // A row written behind everyone's back, with no NOTIFY: the API reads it once told to, B keeps its cached maps.
      await a.database.db.insertInto('action_roles').values({ code: 170008, role: 'client_staff' }).execute();
      a.services.roleMaps.invalidate();
      expect(await staffPage(a.url)).toBe(200);
      expect(await staffPage(b.url)).toBe(302);
      // Saved the ordinary way (NOTIFY on commit): B drops its cache and lets client staff in.
      await saveRoleMaps(a.database.db, await loadRoleMaps(a.database.db));
      await eventually(async () => expect(await staffPage(b.url)).toBe(200));
    } finally {
      await saveRoleMaps(a.database.db, original);
    }
    await eventually(async () => expect(await staffPage(b.url)).toBe(302));
  });

  it('refuses the role-map change subscription to a visitor who is not signed in to the back office', async () => {
    const client = createClient({ url: `${a.url.replace(/^http/, 'ws')}/graphqlws`, webSocketImpl: WebSocket, retryAttempts: 0, lazy: false, onNonLazyError: () => {} });
    disposers.push(() => client.dispose());
    const outcome = await new Promise<unknown>((resolve) => {
      client.subscribe({ query: 'subscription { roleMapsChanged }' }, { next: (r) => resolve(r), error: (e) => resolve((e as { code?: number }).code ?? e), complete: () => resolve('complete') });
    });
    // The socket itself is refused without a back-office session (4403 Forbidden), before any operation.
    expect(outcome).toBe(4403);
  });

  it('answers /readyz with 200 while the API is ready', async () => {
    const res = await get(`${b.url}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ready' });
  });
});

describe('the web tier once the API is gone', () => {
  let token: string;
  /** Whether A's close() finished within 3 s while a websocket through B was open. */
  let stoppedInTime = false;
  /** Whether that websocket was closed by the server side (not by this test giving up). */
  let liveClosedByServer = false;
  beforeAll(async () => {
    token = await loginThroughB();
    // Keep-alive connections from B to A are open now; they must not make B hang once A is gone.
    expect((await get(`${b.url}/admin/jobs/list`, token)).status).toBe(200);
    // So is a live websocket through B to A.
    const live = new WebSocket(`${b.url.replace(/^http/, 'ws')}/graphqlws`, 'graphql-transport-ws');
    live.on('error', () => {});
    let givenUp = false;
    const liveClosed = new Promise<void>((resolve) =>
      live.on('close', () => {
        liveClosedByServer = !givenUp;
        resolve();
      }),
    );
    await new Promise<void>((resolve, reject) => {
      live.on('open', () => live.send(JSON.stringify({ type: 'connection_init', payload: { Authorization: `Bearer ${token}` } })));
      live.on('message', (m) => (JSON.parse(String(m)).type === 'connection_ack' ? resolve() : reject(new Error(String(m)))));
    });

    const closing = a.close();
    stoppedInTime = await within(closing, 'A stops', 3000).then(
      () => true,
      () => false,
    );
    if (!stoppedInTime) {
      // Should not happen (see the test below); let the client go so A can finish stopping.
      givenUp = true;
      live.terminate();
    }
    await closing;
    aClosed = true;
    await liveClosed;
  });

  // Shutdown closes the websocket servers before waiting for server.close(), which would
  // otherwise wait for every upgraded socket forever.
  it('stops within 3 s while a websocket is open through B, and closes that websocket', () => {
    expect(stoppedInTime).toBe(true);
    expect(liveClosedByServer).toBe(true);
  });

  /** Fetches once and checks it came back well within the API timeout. */
  async function timed(fetching: () => Promise<Response>): Promise<{ res: Response; body: string }> {
    const started = Date.now();
    const res = await fetching();
    const body = await res.text();
    const ms = Date.now() - started;
    expect(ms, `answered in ${ms} ms`).toBeLessThan(API_TIMEOUT_MS + 1000);
    return { res, body };
  }

  it('answers a signed-in page with the 503 "unavailable" page within 6 s, fast', async () => {
    await eventually(async () => {
      const { res, body } = await timed(() => get(`${b.url}/admin/jobs/list`, token));
      expect(res.status).toBe(503);
      expect(body).toContain('ただいま利用できません');
    }, 6000);
  });

  it('answers POST /graphql with 502, fast', async () => {
    await eventually(async () => {
      const { res, body } = await timed(() => postGraphql(b.url, '{ me { email } }', {}, { token }));
      expect(res.status).toBe(502);
      expect(JSON.parse(body)).toMatchObject({ errors: [{ extensions: { code: 'UNAVAILABLE' } }] });
    }, 6000);
  });

  it('answers /readyz with 503, fast', async () => {
    await eventually(async () => {
      const { res } = await timed(() => get(`${b.url}/readyz`));
      expect(res.status).toBe(503);
    }, 6000);
  });

  it('refuses a new websocket through B at once', async () => {
    const started = Date.now();
    const socket = new WebSocket(`${b.url.replace(/^http/, 'ws')}/graphqlws`, 'graphql-transport-ws');
    disposers.push(() => socket.terminate());
    const outcome = await new Promise<string>((resolve) => {
      socket.on('open', () => resolve('open'));
      socket.on('error', () => resolve('error'));
      socket.on('close', () => resolve('closed'));
    });
    expect(outcome).not.toBe('open');
    expect(Date.now() - started).toBeLessThan(API_TIMEOUT_MS + 1000);
  });

  it('still renders an anonymous public page that needs no API', async () => {
    const { res, body } = await timed(() => get(`${b.url}/about`));
    expect(res.status).toBe(200);
    expect(body).toContain('<html');
  });
});
