/**
 * The JavaScript budget: what each page type loads before its islands are live
 * (boot.js, its modulepreloads and their static imports, gzip -9, scripts/js-weight.ts), printed
 * as a table (`npm run js-budget`). The heaviest admin page stays within 100 KB, and every script
 * a page loads at once is named in its HTML, so the browser fetches them together (no import
 * waterfall); code that only a click needs (the chat windows, socket.io) is not among them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JS_BUDGET_BYTES, kb, pageWeight, type PageWeight } from '../../scripts/js-weight.ts';
import { startTestApp, type DemoLogin, type TestApp } from '../helpers/app.ts';
import { getPage } from '../helpers/pages.ts';

const PUBLIC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../public');

let t: TestApp;
const weights: { page: string; path: string; who: string; w: PageWeight }[] = [];

async function measure(page: string, p: string, who?: DemoLogin): Promise<string> {
  const answer = await getPage(t, p, who ? await t.tokenOf(who) : undefined);
  expect(answer.status, p).toBe(200);
  weights.push({ page, path: p, who: who ?? 'visitor', w: pageWeight(answer.html, PUBLIC) });
  return answer.html;
}

beforeAll(async () => {
  t = await startTestApp();
  const board = await measure('public board', '/daily');
  const job = /href="(\/daily\/[^"?#]+)"/.exec(board)?.[1];
  if (!job) throw new Error('no job on the board');
  await measure('job page', job);
  for (const who of ['superadmin', 'company_admin'] as const) {
    await measure('admin list', '/admin/jobs/list', who);
    const list = await getPage(t, '/admin/worker', await t.tokenOf(who));
    const worker = /href="(\/admin\/worker\?id=[^"&]+)"/.exec(list.html)?.[1];
    if (!worker) throw new Error('no worker in the list');
    await measure('admin record', worker, who);
  }
  await measure('support chat', '/v3/admin/supportChat', 'superadmin');
  const rows = weights.map((x) => `| ${x.page} | \`${x.path.replace(/id=.*/, 'id=…').replace(/^\/daily\/.+/, '/daily/{id}')}\` | ${x.who} | ${x.w.files.length} | ${kb(x.w.gzip)} |`);
  console.log(['| page | path | as | files | JS gzip -9 |', '|---|---|---|---|---|', ...rows].join('\n'));
});
afterAll(() => t?.close());

const admin = () => weights.filter((x) => x.page.startsWith('admin') || x.page === 'support chat');

describe('JavaScript budget', () => {
  it('keeps the heaviest admin page within 100 KB gzipped', () => {
    // The support chat page is the chat itself: it loads the socket at once and is not held to it (docs/ui.md).
    const heaviest = admin()
      .filter((x) => x.page !== 'support chat')
      .reduce((a, b) => (b.w.gzip > a.w.gzip ? b : a));
    expect(heaviest.w.gzip, `${heaviest.path} as ${heaviest.who}: ${kb(heaviest.w.gzip)}`).toBeLessThanOrEqual(JS_BUDGET_BYTES);
  });

  it('names in the HTML every script a page loads at once (no import waterfall)', () => {
    for (const x of weights) expect(x.w.unpreloaded, `${x.page} ${x.path}`).toEqual([]);
  });

  it('leaves what only the chat needs (its windows, socket.io) out of what a list or record page loads', () => {
    for (const x of admin().filter((y) => y.page !== 'support chat')) {
      const chatCode = x.w.files.filter((f) => /\/chunks\/(ChatWindows|live)-/.test(f) || readFileSync(path.join(PUBLIC, f), 'utf8').includes('/socket.io'));
      expect(chatCode, `${x.path} as ${x.who}`).toEqual([]);
    }
  });
});
