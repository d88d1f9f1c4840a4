/**
 * The request log never holds a secret: a signed-in page view, an API call with a bearer token and
 * a reset link are logged with their cookie, Authorization header and token blanked, while the
 * rest of the line (method, path, status) stays for whoever reads the logs.
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
