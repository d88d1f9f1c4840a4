/**
 * The one way the server makes a request to an address that a user typed (a job import source, a
 * Romuten base URL, a banner image): nothing inside our own network may be reached that way.
 *
 * - Only http and https. The URL parser has already turned decimal, octal and hex spellings of an
 *   IPv4 address (`2130706433`, `0177.0.0.1`, `0x7f.1`) into dotted decimal, so a literal address
 *   is checked as the address it is.
 * - Names that only mean something inside a network are refused before any lookup: `localhost`
 *   and `*.localhost`, `*.local`, `*.internal` (`metadata.google.internal`), `*.localdomain`,
 *   `*.home.arpa`, `metadata`, `instance-data`; trailing dots are dropped first (`localhost.`).
 * - Every other name is resolved, and every address it resolves to must be a public unicast address
 *   (ipaddr.js ranges): no loopback, private, link-local (169.254.169.254), CGNAT (100.64.0.0/10,
 *   where 100.100.100.200 is a metadata service), unique-local, multicast, reserved, NAT64 or
 *   6to4; an IPv4-mapped IPv6 address is judged as its IPv4 address.
 * - The check runs inside the connection's own `lookup` (an undici Agent), so the socket connects to
 *   the very address that was checked: there is no second lookup a DNS server could answer
 *   differently.
 * - Redirects are followed here, one hop at a time, and each new URL goes through the same checks.
 * - OUTBOUND_ALLOW names what an operator does want reached inside the network (an on-premises
 *   service): addresses, CIDR ranges and host names, comma-separated (docs/outbound.md).
 *
 * Requests to addresses the operator configured (API_URL, DATABASE_URL, SMTP_URL, REDIS_URL) are
 * not user input and do not come through here.
 */
import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, fetch as undiciFetch, type Response } from 'undici';
import { drawProblem, type Problem } from '../../shared/texts/index.ts';

/** Why a request was not made. */
export type OutboundRefusal = 'url' | 'name' | 'address' | 'redirect';

/** A request the guard did not make: why, as a kind and as a problem the logs that meet it keep (shared/texts/logs.ts). */
export class OutboundError extends Error {
  constructor(
    readonly reason: OutboundRefusal,
    readonly problem: Problem,
  ) {
    super(drawProblem('en', problem));
    this.name = 'OutboundError';
  }
}

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** What OUTBOUND_ALLOW lets through: address ranges and exact host names. */
export interface AllowList {
  ranges: [Address, number][];
  names: Set<string>;
}

const HOST_NAME = /^(?=.{1,253}$)([a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*$/;

/** A host name as compared: lower case, without the trailing dots a resolver ignores. */
export const normalizeHost = (host: string) =>
  host
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.+$/, '');

/**
 * OUTBOUND_ALLOW's entries (comma or space separated): `10.0.0.5`, `10.20.0.0/16`, `fd00::/8`,
 * `romuten.corp.example`. Throws with the entry that is none of these.
 */
export function parseAllowList(text: string | undefined): AllowList {
  const list: AllowList = { ranges: [], names: new Set() };
  for (const raw of (text ?? '').split(/[\s,]+/).filter(Boolean)) {
    const entry = raw.trim();
    if (entry.includes('/')) {
      try {
        list.ranges.push(ipaddr.parseCIDR(entry));
        continue;
      } catch {
        throw new Error(`"${entry}" is not an address range (CIDR)`);
      }
    }
    const host = normalizeHost(entry);
    if (ipaddr.isValid(host) && (host.includes(':') || ipaddr.IPv4.isValidFourPartDecimal(host))) {
      const a = ipaddr.parse(host);
      list.ranges.push([a, a.kind() === 'ipv4' ? 32 : 128]);
    } else if (HOST_NAME.test(host)) {
      list.names.add(host);
    } else {
      throw new Error(`"${entry}" is not an address, an address range or a host name`);
    }
  }
  return list;
}

/** An IPv4-mapped IPv6 address (::ffff:127.0.0.1) is the IPv4 address it carries. */
function unmapped(a: Address): Address {
  return a.kind() === 'ipv6' && (a as ipaddr.IPv6).isIPv4MappedAddress() ? (a as ipaddr.IPv6).toIPv4Address() : a;
}

function allowedAddress(a: Address, allow: AllowList): boolean {
  return allow.ranges.some(([net, bits]) => net.kind() === a.kind() && a.match(net, bits));
}

/** Why an address may not be reached (its range: `loopback`, `private`, …), or null when it may. */
export function addressRefusal(ip: string, allow: AllowList): string | null {
  const host = normalizeHost(ip);
  if (!ipaddr.isValid(host)) return 'not an address';
  const a = unmapped(ipaddr.parse(host));
  if (allowedAddress(a, allow)) return null;
  const range = a.range();
  return range === 'unicast' ? null : range;
}

/** Names that only mean something inside a network (with their subdomains, unless exact). */
const INTERNAL_SUFFIXES = ['localhost', 'local', 'internal', 'localdomain', 'home.arpa'];
const INTERNAL_NAMES = new Set(['metadata', 'instance-data']);

/** Why a host name may not be reached before it is even resolved, or null. */
function nameRefusal(host: string, allow: AllowList): Problem | null {
  if (!host) return { key: 'log.outbound.noHost' };
  if (allow.names.has(host)) return null;
  if (INTERNAL_NAMES.has(host) || INTERNAL_SUFFIXES.some((s) => host === s || host.endsWith(`.${s}`))) return { key: 'log.outbound.internalName', params: { host } };
  if (!host.includes('.') && !ipaddr.isValid(host)) return { key: 'log.outbound.noDomain', params: { host } };
  return null;
}

/**
 * What can be said about a URL without resolving it: its scheme, an internal name, a literal
 * address outside the public internet. Null when it may be tried (the address is checked again
 * when it is resolved). A form uses it to refuse such a URL as it is typed.
 */
export function urlRefusal(input: string | URL, allow: AllowList): Problem | null {
  let u: URL;
  try {
    u = new URL(String(input));
  } catch {
    return { key: 'log.outbound.notUrl' };
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return { key: 'log.outbound.scheme', params: { scheme: u.protocol } };
  if (u.username || u.password) return { key: 'log.outbound.credentials' };
  const host = normalizeHost(u.hostname);
  if (ipaddr.isValid(host) && (host.includes(':') || ipaddr.IPv4.isValidFourPartDecimal(host))) {
    const range = addressRefusal(host, allow);
    return range ? { key: 'log.outbound.address', params: { host, range } } : null;
  }
  return nameRefusal(host, allow);
}

/** Whether the URL's host is one OUTBOUND_ALLOW names (by name or by a literal address in its ranges). */
export function allowListed(input: string | URL, allow: AllowList): boolean {
  if (!URL.canParse(String(input))) return false;
  const host = normalizeHost(new URL(String(input)).hostname);
  if (allow.names.has(host)) return true;
  return ipaddr.isValid(host) && (host.includes(':') || ipaddr.IPv4.isValidFourPartDecimal(host)) && allowedAddress(unmapped(ipaddr.parse(host)), allow);
}

/**
 * The `lookup` of every outbound connection: resolves the name and refuses it unless every
 * address it has may be reached; the connection then uses those addresses, and only those.
 */
function guardedLookup(allow: AllowList, resolve: Resolve): LookupFunction {
  return (hostname, options, callback) => {
    const host = normalizeHost(hostname);
    const named = nameRefusal(host, allow);
    if (named && !ipaddr.isValid(host)) return callback(new OutboundError('name', named), '', 0);
    const resolved: Promise<dns.LookupAddress[]> = ipaddr.isValid(host)
      ? Promise.resolve([{ address: host, family: host.includes(':') ? 6 : 4 }])
      : resolve(host, options.family === 4 || options.family === 6 ? options.family : 0);
    resolved.then(
      (list) => {
        const byName = allow.names.has(host);
        for (const a of list) {
          const range = byName ? null : addressRefusal(a.address, allow);
          if (range) return callback(new OutboundError('address', { key: 'log.outbound.resolves', params: { host, address: a.address, range } }), '', 0);
        }
        if (!list.length) return callback(Object.assign(new Error(`${host}: no address`), { code: 'ENOTFOUND' }), '', 0);
        if (options.all) callback(null, list);
        else callback(null, list[0]!.address, list[0]!.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
}

export interface OutboundInit {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
  /** `follow` (the default): up to `maxRedirects` hops, each checked; `error`: a redirect is an OutboundError. */
  redirect?: 'follow' | 'error';
  maxRedirects?: number;
}

export interface Outbound {
  readonly allow: AllowList;
  /** A request through the guard; an OutboundError when the target (or a redirect's) is refused. */
  fetch(url: string | URL, init?: OutboundInit): Promise<Response>;
  /** Closes the kept-alive connections. */
  close(): Promise<void>;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** The kind of a refusal `urlRefusal` gives (the rest are about the URL itself). */
const REFUSAL_KIND: Partial<Record<Problem['key'], OutboundRefusal>> = {
  'log.outbound.address': 'address',
  'log.outbound.internalName': 'name',
  'log.outbound.noDomain': 'name',
};

/** How a name becomes addresses: the system resolver (getaddrinfo), as every other connection does. */
export type Resolve = (host: string, family: 0 | 4 | 6) => Promise<dns.LookupAddress[]>;
const systemResolve: Resolve = (host, family) => dns.promises.lookup(host, { all: true, family });

/**
 * The guard with its allow-list (OUTBOUND_ALLOW). `resolve` stands in for DNS where a test needs
 * a name to resolve to an address of its choosing.
 */
export function createOutbound(o: { allow?: AllowList | string; resolve?: Resolve } = {}): Outbound {
  const allow = typeof o.allow === 'object' ? o.allow : parseAllowList(o.allow);
  const agent = new Agent({ connect: { lookup: guardedLookup(allow, o.resolve ?? systemResolve) } });
  return {
    allow,
    async fetch(input, init = {}) {
      let url = new URL(String(input));
      let method = init.method ?? 'GET';
      let body = init.body;
      const headers = Object.fromEntries(Object.entries(init.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
      const max = init.maxRedirects ?? 5;
      for (let hop = 0; ; hop++) {
        const refused = urlRefusal(url, allow);
        if (refused) throw new OutboundError(REFUSAL_KIND[refused.key] ?? 'url', refused);
        let res: Response;
        try {
          res = await undiciFetch(url, { method, headers, ...(body === undefined ? {} : { body }), signal: init.signal ?? null, redirect: 'manual', dispatcher: agent });
        } catch (err) {
          const cause = (err as { cause?: unknown }).cause;
          if (cause instanceof OutboundError) throw cause;
          throw err;
        }
        const location = REDIRECTS.has(res.status) ? res.headers.get('location') : null;
        if (!location) return res;
        await res.body?.cancel();
        if (init.redirect === 'error') throw new OutboundError('redirect', { key: 'log.outbound.redirected', params: { origin: url.origin, location } });
        if (hop >= max) throw new OutboundError('redirect', { key: 'log.outbound.redirects', params: { max, url: String(input) } });
        const next = new URL(location, url);
        // As browsers do: credentials stay with their origin; a 303 (and a POST's 301/302) becomes a GET.
        if (next.origin !== url.origin) {
          delete headers.authorization;
          delete headers.cookie;
        }
        if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === 'POST')) {
          method = 'GET';
          body = undefined;
          delete headers['content-type'];
        }
        url = next;
      }
    },
    close: () => agent.close(),
  };
}
