/**
 * Fetching for the crawler: through the outbound guard (no address inside our network, redirects
 * checked hop by hop), with a time limit, a size cap (read as it streams, so a huge page never
 * fills memory), no cookies, only http(s), and robots.txt honoured (RFC 9309).
 */
import robotsParserModule from 'robots-parser';
import { OutboundError, type Outbound } from '../../net/outbound.ts';
import { drawProblem, type Problem } from '../../../shared/texts/index.ts';

// The package is CommonJS whose types declare an ES default; at run time the default import is the function.
const robotsParser = robotsParserModule as unknown as (url: string, txt: string) => { isAllowed(url: string, ua?: string): boolean | undefined };

export const CRAWLER_AGENT = 'TsunaguBot';

export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
}

export const DEFAULT_LIMITS: FetchLimits = { timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024 };

/** Why a run could not go on: a kind, and the problem its history keeps (shared/texts/logs.ts). */
export class CrawlError extends Error {
  constructor(
    readonly reason: 'timeout' | 'too_large' | 'http' | 'network' | 'robots' | 'url' | 'refused' | 'parse',
    readonly problem: Problem,
  ) {
    super(drawProblem('en', problem));
  }
}

/** The body of a GET as text, or a CrawlError saying why not. */
export async function fetchText(outbound: Outbound, url: string, limits: FetchLimits = DEFAULT_LIMITS): Promise<{ status: number; text: string }> {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new CrawlError('url', { key: 'log.crawler.notUrl', params: { url } });
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new CrawlError('url', { key: 'log.crawler.notHttp', params: { url } });
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), limits.timeoutMs);
  try {
    const res = await outbound.fetch(u, { signal: ctrl.signal, headers: { 'user-agent': `${CRAWLER_AGENT}/1.0`, accept: 'text/html,application/json;q=0.9,*/*;q=0.5' } });
    const declared = Number(res.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > limits.maxBytes) {
      await res.body?.cancel();
      throw new CrawlError('too_large', { key: 'log.crawler.tooLarge', params: { url, bytes: declared, max: limits.maxBytes } });
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    if (res.body) {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        size += chunk.byteLength;
        if (size > limits.maxBytes) {
          ctrl.abort();
          throw new CrawlError('too_large', { key: 'log.crawler.tooLargeStream', params: { url, max: limits.maxBytes } });
        }
        chunks.push(chunk);
      }
    }
    return { status: res.status, text: Buffer.concat(chunks).toString('utf8') };
  } catch (err) {
    if (err instanceof CrawlError) throw err;
    if (err instanceof OutboundError) throw new CrawlError('refused', { key: 'log.refused', params: { target: url, why: err.problem } });
    if (ctrl.signal.aborted) throw new CrawlError('timeout', { key: 'log.crawler.timeout', params: { url, ms: limits.timeoutMs } });
    // The system's own words for it (ECONNREFUSED …), as they came.
    const error = (err as Error).cause ? String((err as Error & { cause: unknown }).cause) : (err as Error).message;
    throw new CrawlError('network', { key: 'log.crawler.network', params: { url, error } });
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether robots.txt lets us fetch `url`. RFC 9309: a robots.txt that does not exist (4xx) allows
 * everything; one that cannot be read (5xx, timeout, network) means "disallow everything" until it can.
 */
export async function robotsAllow(outbound: Outbound, url: string, limits: FetchLimits = DEFAULT_LIMITS): Promise<boolean> {
  const robotsUrl = new URL('/robots.txt', url).href;
  let r: { status: number; text: string };
  try {
    r = await fetchText(outbound, robotsUrl, { timeoutMs: limits.timeoutMs, maxBytes: 500 * 1024 });
  } catch (err) {
    // A refused address is the run's failure, said as such (not "robots.txt does not allow").
    if (err instanceof CrawlError && err.reason === 'refused') throw err;
    return false;
  }
  if (r.status >= 400 && r.status < 500) return true;
  if (r.status >= 500) return false;
  return robotsParser(robotsUrl, r.text).isAllowed(url, CRAWLER_AGENT) ?? true;
}
