/**
 * The addresses people share or follow from outside (a job's address for search engines, a
 * candidate's invite link, a password reset link in a mail) are the site's public address
 * (PUBLIC_URL) when it is set, whatever address the request came in on (a proxy, an internal
 * name); a trailing slash in it does not double the path's own.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { candidateLogin, formRequest } from '../helpers/pages.ts';
import { appAndMailForFile, resetLinkIn } from '../helpers/smtp.ts';

const PUBLIC = 'https://tsunagu.example';
const { t, smtp } = appAndMailForFile({ PUBLIC_URL: `${PUBLIC}/` });

describe('with PUBLIC_URL set', () => {
  it("a job page's JobPosting data names the job at the public address", async () => {
    const job = await t.database.db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', 'daily')
      .where('status', '=', 'open')
      .where(sql<boolean>`cardinality(visa_type_ids) = 0`)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const html = await (await fetch(`${t.url}/daily/${job.id}`)).text();
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!);
    expect(ld.url).toBe(`${PUBLIC}/daily/${job.id}`);
  });

  it("a candidate's invite link is at the public address", async () => {
    const { token } = await candidateLogin(t, 'worker1@demo.test');
    const html = await (await fetch(`${t.url}/staff/points`, { headers: { cookie: `candidate_token=${token}` } })).text();
    expect(html).toMatch(new RegExp(`href="${PUBLIC}/staff/register\\?ref=[A-Z0-9]{8}"`));
    expect(html).not.toContain(`${t.url}/staff/register`);
  });

  it('a password reset mail links to the public address, with one slash', async () => {
    const before = smtp.mails.length;
    expect((await fetch(`${t.url}/forget-password`, formRequest({ _action: 'send', email: 'candidate@demo.test' }, { origin: t.url }))).status).toBe(303);
    const { link } = resetLinkIn((await smtp.waitFor(before + 1))[before]!);
    expect(link.startsWith(`${PUBLIC}/reset-password?token=`)).toBe(true);
  });
});
