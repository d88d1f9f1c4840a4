/**
 * The worker thread that reads a fetched page (parse.ts starts it): it says it is ready, reads the
 * one page it is sent, answers with the jobs found or why it could not, and is then ended.
 */
import { parentPort } from 'node:worker_threads';
import { BudgetError, extractHtml, extractJson } from './extract.ts';
import type { ParseJob, ParseAnswer } from './parse.ts';

const port = parentPort!;
port.once('message', (job: ParseJob) => {
  let answer: ParseAnswer;
  try {
    const found = job.format === 'json' ? extractJson(job.text, job.pageUrl, job.selector, job.map) : extractHtml(job.text, job.pageUrl, job.selector, job.map, job.maxDepth);
    answer = { ok: true, found };
  } catch (err) {
    answer = { ok: false, problem: err instanceof BudgetError ? err.problem : { key: 'log.crawler.readerFailed', params: { error: (err as Error).message } } };
  }
  port.postMessage(answer);
});
port.postMessage('ready');
