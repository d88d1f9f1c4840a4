import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientError, createGraphQLClient, MAX_CACHE_ENTRIES } from './graphql-client.ts';
import { LruCache } from './lru.ts';
import { backoffDelay, subscriptionTimeout } from './ws-client.ts';

// A real HTTP server on loopback that answers what each test needs (the responses a
// GraphQL server can give), and records what the client sent.
let server: http.Server;
let base = '';
const seen: { body: { operationName?: string; variables?: Record<string, unknown>; query?: string }; headers: http.IncomingHttpHeaders }[] = [];
let answer: { status: number; body: string } = { status: 200, body: '{}' };

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      seen.push({ body: JSON.parse(raw || '{}'), headers: req.headers });
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const client = () => createGraphQLClient({ url: `${base}/graphql` });
const respond = (status: number, body: unknown) => (answer = { status, body: typeof body === 'string' ? body : JSON.stringify(body) });

describe('the islands GraphQL client (SPEC §7, §8, §9)', () => {
  it('posts operationName, variables and query', async () => {
    respond(200, { data: { me: { id: '1' } } });
    const data = await client().query<{ me: { id: string } }>('query Me($x: Int) { me { id } }', { x: 1 }, { policy: 'network-only' });
    expect(data.me.id).toBe('1');
    expect(seen.at(-1)!.body).toEqual({ operationName: 'Me', variables: { x: 1 }, query: 'query Me($x: Int) { me { id } }' });
  });

  it('turns a status of 300 or more into "Response not successful: Received status code n"', async () => {
    respond(503, 'Service Unavailable');
    await expect(client().mutate('mutation Logout { logout }')).rejects.toThrow('Response not successful: Received status code 503');
    respond(302, '');
    await expect(client().mutate('mutation Logout { logout }')).rejects.toThrow('Response not successful: Received status code 302');
  });

  it('reports a missing server response when neither data nor errors come back', async () => {
    respond(200, {});
    await expect(client().query('query Enums { enums { enums { id } } }', {}, { policy: 'network-only' })).rejects.toThrow("Server response was missing for query 'Enums'.");
  });

  it('combines GraphQL and network messages when both occur, and exposes code and fields', async () => {
    respond(400, { errors: [{ message: 'Please check the highlighted fields.', extensions: { code: 'BAD_USER_INPUT', fields: { email: 'Enter a valid email address.' } } }] });
    const err = (await client()
      .mutate('mutation X { logout }')
      .catch((e) => e)) as ClientError;
    expect(err).toBeInstanceOf(ClientError);
    expect(err.message).toBe('Please check the highlighted fields.\nResponse not successful: Received status code 400');
    expect(err.code).toBe('BAD_USER_INPUT');
    expect(err.fields).toEqual({ email: 'Enter a valid email address.' });
  });

  it('answers cache-first from the cache and network-only from the server', async () => {
    const c = client();
    respond(200, { data: { n: 1 } });
    const before = seen.length;
    expect(await c.query('query N { n }')).toEqual({ n: 1 });
    respond(200, { data: { n: 2 } });
    expect(await c.query('query N { n }')).toEqual({ n: 1 });
    expect(seen.length).toBe(before + 1);
    expect(await c.query('query N { n }', {}, { policy: 'network-only' })).toEqual({ n: 2 });
    expect(await c.query('query N { n }', {}, { policy: 'cache-only' })).toEqual({ n: 2 });
  });

  it('refuses polling under cache-first and cache-only', async () => {
    const c = client();
    await expect(c.query('query N { n }', {}, { policy: 'cache-first', pollInterval: 1000 })).rejects.toThrow(/Polling is not allowed/);
    expect(() =>
      c.poll(
        'query N { n }',
        {},
        { policy: 'cache-only', pollInterval: 1000 },
        () => {},
        () => {},
      ),
    ).toThrow(/Polling is not allowed/);
  });

  it('bounds the cache at 65536 entries, dropping the least recently used', () => {
    expect(MAX_CACHE_ENTRIES).toBe(65_536);
    const lru = new LruCache<number, number>(3);
    lru.set(1, 1);
    lru.set(2, 2);
    lru.set(3, 3);
    lru.get(1);
    lru.set(4, 4);
    expect([lru.has(1), lru.has(2), lru.has(3), lru.has(4)]).toEqual([true, false, true, true]);
    expect(lru.size).toBe(3);
  });
});

describe('subscription connection (SPEC §4, §9)', () => {
  it('backs off from 100 ms, doubling, up to 10 s', () => {
    expect([0, 1, 2, 3, 6, 7, 20].map(backoffDelay)).toEqual([100, 200, 400, 800, 6400, 10_000, 10_000]);
  });
  it('uses a 30 s subscription timeout by default and never less than 1 s', () => {
    expect(subscriptionTimeout(undefined)).toBe(30_000);
    expect(subscriptionTimeout(200)).toBe(1_000);
    expect(subscriptionTimeout(5_000)).toBe(5_000);
  });
});
