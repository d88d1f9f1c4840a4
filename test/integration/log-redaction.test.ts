/**
 * The request log never holds a secret: a signed-in page view, an API call with a bearer token and
 * a reset link are logged with their cookie, Authorization header and token blanked, while the
 * rest of the line (method, path, status) stays for whoever reads the logs. Without the access log
 * (LOG_LEVEL warn) a warning logged while serving a request still names the request's id.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../server/log.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { eventually } from '../helpers/wait.ts';

const lines: string[] = [];
const sink = new Writable({
  write(chunk, _enc, done) {
    lines.push(String(chunk));
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: 'info' }, { log: createLogger('info', sink) });
});
afterAll(async () => t?.close());

describe('the request log', () => {
  it('keeps session cookies, bearer tokens and reset tokens out, and says [redacted] instead', async () => {
    const token = await t.login('company_admin');
    await fetch(`${t.url}/admin/jobs/list`, { headers: { cookie: `token=${token}; lang=en` } });
    await fetch(`${t.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ query: '{ me { id } }' }) });
    const resetSecret = 'reset-secret-0123456789abcdef';
    await fetch(`${t.url}/reset-password?token=${resetSecret}`);
    // A request is logged when its response has finished: the last one's line comes after the others'.
    await eventually(() => expect(lines.join('')).toContain('/reset-password?token='));
    const log = lines.join('');
    expect(log).toContain('/admin/jobs/list');
    expect(log).toContain('/reset-password?token=[redacted]');
    expect(log).toContain('[redacted]');
    expect(log).not.toContain(token);
    expect(log).not.toContain(token.split('.')[2]!);
    expect(log).not.toContain(resetSecret);
  });
});

describe('a warning while serving a request', () => {
  it('names the request id the response carries, with the access log off (LOG_LEVEL warn)', async () => {
    const warned: string[] = [];
    const quiet = await startTestApp(
      { LOG_LEVEL: 'warn' },
      {
        log: createLogger(
          'warn',
          new Writable({
            write(chunk, _enc, done) {
              warned.push(String(chunk));
              done();
            },
          }),
        ),
      },
    );
    try {
      // The published terms cannot be read (a column gone): the page shows the built-in text and warns.
      await quiet.database.db.schema.alterTable('document_templates').renameColumn('published_at', 'published_at_gone').execute();
      const res = await fetch(`${quiet.url}/terms`, { headers: { 'x-request-id': 'terms-trace-7' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-request-id')).toBe('terms-trace-7');
      await res.text();
      const line = warned.map((l) => JSON.parse(l) as { reqId?: string; msg?: string }).find((l) => l.msg?.startsWith('legalDocument(terms) failed'));
      expect(line?.reqId).toBe('terms-trace-7');
      // No access log at this level: a page that logs nothing writes nothing.
      const before = warned.length;
      await (await fetch(`${quiet.url}/faq`)).text();
      expect(warned.length).toBe(before);
    } finally {
      await quiet.close();
    }
  });
});
