/**
 * The outbound guard (server/net/outbound.ts) against a server on loopback that records every
 * connection and request that reaches it. A plain fetch reaches it by each of these spellings
 * (so the test would see a leak); through the guard, nothing reaches it at all: not a literal
 * address in any spelling, not a name, not a redirect from a server the allow-list lets through.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutbound, OutboundError, parseAllowList, urlRefusal, type Outbound } from '../../server/net/outbound.ts';

/** Connections and requests that reached the recorder. */
const reached: string[] = [];
let recorder: http.Server;
let port = 0;
/** A server the allow-list names (127.0.0.2): it redirects wherever the test asks. */
let redirector: http.Server;
let redirectorUrl = '';
let guard: Outbound;

beforeAll(async () => {
  // Every address family and loopback address: `::` takes IPv4 (mapped) and IPv6 connections alike.
  recorder = http.createServer((req, res) => {
    reached.push(`request ${req.headers.host} ${req.url}`);
    res.end('internal data');
  });
  recorder.on('connection', (s) => reached.push(`connection from ${s.remoteAddress}`));
  await new Promise<void>((r) => recorder.listen(0, '::', r));
  port = (recorder.address() as AddressInfo).port;
  redirector = http.createServer((req, res) => {
    if (req.url === '/loop') return void res.writeHead(302, { location: '/loop' }).end();
    const to = new URL(req.url!, 'http://x').searchParams.get('to');
    if (to) return void res.writeHead(302, { location: to }).end();
    res.end('public page');
  });
  await new Promise<void>((r) => redirector.listen(0, '127.0.0.2', r));
  redirectorUrl = `http://127.0.0.2:${(redirector.address() as AddressInfo).port}`;
  // Names resolve as this table says (a stand-in for DNS); everything else as the system resolves it.
  const names: Record<string, string[]> = {
    'jobs.example.test': ['127.0.0.1'],
    'mixed.example.test': ['93.184.216.34', '127.0.0.1'],
    'v6.example.test': ['::1'],
    'cgnat.example.test': ['100.100.100.200'],
  };
  guard = createOutbound({
    allow: '127.0.0.2',
    resolve: async (host) => {
      const list = names[host];
      if (!list) throw Object.assign(new Error(`${host}: not found`), { code: 'ENOTFOUND' });
      return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    },
  });
});
afterAll(async () => {
  await guard?.close();
  for (const s of [recorder, redirector]) {
    s?.closeAllConnections();
    await new Promise((r) => s?.close(r));
  }
});

const LITERALS = [
  'http://127.0.0.1:PORT/',
  'http://2130706433:PORT/',
  'http://0x7f000001:PORT/',
  'http://0177.0.0.1:PORT/',
  'http://0x7f.1:PORT/',
  'http://127.1:PORT/',
  'http://0.0.0.0:PORT/',
  'http://[::1]:PORT/',
  'http://[::ffff:127.0.0.1]:PORT/',
  'http://[::ffff:7f00:1]:PORT/',
  'http://[::]:PORT/',
  'https://127.0.0.1:PORT/',
];
const NAMES = [
  'http://localhost:PORT/',
  'http://LOCALHOST.:PORT/',
  'https://localhost.:PORT/',
  'http://a.localhost:PORT/',
  'http://jobs.example.test:PORT/',
  'http://jobs.example.test.:PORT/',
  'http://mixed.example.test:PORT/',
  'http://v6.example.test:PORT/',
];
const at = (u: string) => u.replace('PORT', String(port));

async function refused(url: string): Promise<unknown> {
  try {
    const res = await guard.fetch(url, { signal: AbortSignal.timeout(5_000) });
    await res.body?.cancel();
    return `answered ${res.status}`;
  } catch (err) {
    return err;
  }
}

describe('the outbound guard', () => {
  it('reaches nothing on loopback by any spelling of its address, though a plain fetch does', async () => {
    for (const u of LITERALS) {
      reached.length = 0;
      // The control: without the guard this spelling does reach the recorder.
      await fetch(at(u), { signal: AbortSignal.timeout(5_000) }).then(
        (r) => r.body?.cancel(),
        () => undefined,
      );
      expect(reached.length, `${u} without the guard`).toBeGreaterThan(0);
      reached.length = 0;
      const err = await refused(at(u));
      expect(err, u).toBeInstanceOf(OutboundError);
      expect(reached, u).toEqual([]);
    }
  });

  it('reaches nothing through names: localhost in any case or with a trailing dot, or a name that resolves to loopback', async () => {
    for (const u of NAMES) {
      reached.length = 0;
      const err = await refused(at(u));
      expect(err, u).toBeInstanceOf(OutboundError);
      expect(reached, u).toEqual([]);
    }
    expect(((await refused(at('http://mixed.example.test:PORT/'))) as Error).message).toMatch(/resolves to 127\.0\.0\.1, a loopback address/);
  });

  it('refuses metadata services and private networks before connecting', async () => {
    for (const u of [
      'http://169.254.169.254/latest/meta-data/',
      'http://100.100.100.200/latest/meta-data/',
      'http://metadata.google.internal/computeMetadata/v1/',
      'http://metadata.google.internal./',
      'http://cgnat.example.test/',
      'http://10.0.0.1/',
      'http://192.168.1.1/',
      'http://172.16.0.1/',
      'http://[fd00::1]/',
      'http://[fe80::1]/',
      'http://[::ffff:169.254.169.254]/',
      'http://intranet/',
      'file:///etc/passwd',
      'http://user:pw@93.184.216.34/',
    ]) {
      expect(await refused(u), u).toBeInstanceOf(OutboundError);
    }
  });

  it('checks every redirect again: an allowed server sending the request to loopback reaches nothing', async () => {
    // The allow-listed server itself answers through the guard.
    const ok = await guard.fetch(redirectorUrl);
    expect(await ok.text()).toBe('public page');
    for (const target of ['http://127.0.0.1:PORT/', 'http://2130706433:PORT/', 'http://localhost.:PORT/', 'http://[::ffff:127.0.0.1]:PORT/', 'http://jobs.example.test:PORT/']) {
      reached.length = 0;
      const err = await refused(`${redirectorUrl}/?to=${encodeURIComponent(at(target))}`);
      expect(err, target).toBeInstanceOf(OutboundError);
      expect(reached, target).toEqual([]);
    }
    // A redirect to itself, over and over, stops.
    expect(((await refused(`${redirectorUrl}/loop`)) as Error).message).toMatch(/more than 5 redirects/);
  });

  it('lets the allow-list name on-premises targets by address, range or name', async () => {
    const allowed = createOutbound({ allow: parseAllowList(`127.0.0.0/8, ::1`) });
    try {
      reached.length = 0;
      const res = await allowed.fetch(at('http://127.0.0.1:PORT/'));
      expect(await res.text()).toBe('internal data');
      expect(reached.some((r) => r.startsWith('request'))).toBe(true);
    } finally {
      await allowed.close();
    }
    expect(urlRefusal('https://romuten.corp.internal/', parseAllowList('romuten.corp.internal'))).toBeNull();
    expect(urlRefusal('https://romuten.corp.internal/', parseAllowList(''))).toEqual({ key: 'log.outbound.internalName', params: { host: 'romuten.corp.internal' } });
    expect(() => parseAllowList('10.0.0.0/99')).toThrow(/not an address range/);
    expect(() => parseAllowList('not a host!')).toThrow(/not an address/);
  });
});
