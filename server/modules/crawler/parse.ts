/**
 * A fetched page is read off the main thread: a page is hostile input, and a parser's time can grow
 * faster than the page (nesting), so reading it on the thread that answers every request could
 * leave the whole server answering nothing. Each page gets a worker thread with a budget — its
 * size, its nesting depth (extract.ts) and a time limit, plus a heap cap — and a page over budget
 * is a CrawlError with the reason, which makes the run a failed one in the history.
 *
 * The worker is `parse-worker.ts` beside this file when the server runs from source (loaded with
 * tsx's loader, which the thread does not inherit), and `parse-worker.js` beside the bundle
 * (scripts/build-server.ts builds it as an entry of its own next to main.js).
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Extracted, FieldMapping } from './extract.ts';
import { MAX_DEPTH } from './extract.ts';
import { CrawlError } from './fetch.ts';
import type { Problem } from '../../../shared/texts/index.ts';

export interface ParseBudget {
  /** How long reading one page may take, from the moment its worker is ready. */
  timeMs: number;
  /** The largest page read (UTF-8 bytes). */
  maxBytes: number;
  /** The deepest element nesting read. */
  maxDepth: number;
  /** The worker's heap (MB). */
  heapMb: number;
}

export const DEFAULT_BUDGET: ParseBudget = { timeMs: 10_000, maxBytes: 2 * 1024 * 1024, maxDepth: MAX_DEPTH, heapMb: 256 };

/** What the worker is sent. */
export interface ParseJob {
  format: 'html' | 'json';
  text: string;
  pageUrl: string;
  selector: string;
  map: FieldMapping;
  maxDepth: number;
}

/** What the worker answers: the jobs, or why the page could not be read. */
export type ParseAnswer = { ok: true; found: Extracted } | { ok: false; problem: Problem };

/** A worker that does not say it is ready in this time (a machine under heavy load, the loader compiling) has failed. */
const STARTUP_MS = 60_000;

const fromSource = import.meta.url.endsWith('.ts');
const workerUrl = new URL(`./parse-worker.${fromSource ? 'ts' : 'js'}`, import.meta.url);

function startWorker(heapMb: number): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: heapMb };
  if (!fromSource) return new Worker(workerUrl, { resourceLimits });
  // From source: the thread loads tsx first, then the TypeScript entry through it. tsx's ES module
  // build of its API sits beside the CommonJS one that require.resolve finds.
  const api = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const code = `import(${JSON.stringify(api)}).then((m) => m.tsImport(${JSON.stringify(workerUrl.href)}, ${JSON.stringify(import.meta.url)}))`;
  return new Worker(code, { eval: true, resourceLimits });
}

/** The jobs in a page, read in a worker thread within the budget; a CrawlError ('parse') when the page is over it. */
export async function extractInWorker(job: Omit<ParseJob, 'maxDepth'>, budget: ParseBudget = DEFAULT_BUDGET): Promise<Extracted> {
  const bytes = Buffer.byteLength(job.text);
  /** A page not read, and why. */
  const notRead = (why: Problem) => new CrawlError('parse', { key: 'log.crawler.notRead', params: { url: job.pageUrl, why } });
  if (bytes > budget.maxBytes) throw notRead({ key: 'log.crawler.pageTooBig', params: { bytes, max: budget.maxBytes } });
  const worker = startWorker(budget.heapMb);
  return new Promise<Extracted>((resolve, reject) => {
    let done = false;
    let timer: NodeJS.Timeout | undefined = setTimeout(() => fail({ key: 'log.crawler.readerNotStarted', params: { ms: STARTUP_MS } }), STARTUP_MS);
    const end = () => {
      done = true;
      clearTimeout(timer);
      void worker.terminate();
    };
    const fail = (why: Problem) => {
      if (done) return;
      end();
      reject(notRead(why));
    };
    worker.on('message', (m: 'ready' | ParseAnswer) => {
      if (done) return;
      if (m === 'ready') {
        clearTimeout(timer);
        timer = setTimeout(() => fail({ key: 'log.crawler.readTooLong', params: { ms: budget.timeMs } }), budget.timeMs);
        worker.postMessage({ ...job, maxDepth: budget.maxDepth } satisfies ParseJob);
        return;
      }
      if (m.ok) {
        end();
        resolve(m.found);
      } else fail(m.problem);
    });
    worker.on('error', (err: Error & { code?: string }) =>
      fail(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? { key: 'log.crawler.readTooMuchMemory', params: { mb: budget.heapMb } } : { key: 'log.crawler.readerFailed', params: { error: err.message } }),
    );
    worker.on('exit', (code) => fail({ key: 'log.crawler.readerStopped', params: { code } }));
  });
}
