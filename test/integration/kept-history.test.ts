/**
 * A record whose history must be kept is not deleted from under it: pressing Delete on a client
 * with jobs, or on a job someone applied to, says why in the page's language and deletes nothing
 * (it used to cascade into the conversations and answer a 500).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { pressButton } from '../helpers/buttons.ts';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await startTestApp();
  cookie = `token=${await t.tokenOf('company_admin')}`;
});
afterAll(() => t?.close());
const db = () => t.database.db;

describe('deleting a record with a history', () => {
  it('refuses a client with jobs, naming them, and keeps it', async () => {
    const client = await db()
      .selectFrom('clients as c')
      .innerJoin('jobs as j', 'j.client_id', 'c.id')
      .innerJoin('users as u', 'u.company_id', 'c.company_id')
      .select('c.id')
      .where('u.email', '=', 'company@demo.test')
      .executeTakeFirstOrThrow();
    const r = await pressButton(t, { who: 'company_admin', cookie }, `/v3/admin/clients/${client.id}`, 'delete');
    expect(r.status).toBe(422);
    expect(r.html).toMatch(/求人(、請求書)?の記録があるため削除できません/);
    expect(await db().selectFrom('clients').select('id').where('id', '=', client.id).executeTakeFirst()).toBeDefined();
  });

  it('refuses a job someone applied to, in English with the lang cookie', async () => {
    const job = await db()
      .selectFrom('jobs as j')
      .innerJoin('applications as a', 'a.job_id', 'j.id')
      .innerJoin('users as u', 'u.company_id', 'j.company_id')
      .select(['j.id', 'j.kind'])
      .where('u.email', '=', 'company@demo.test')
      .where('j.kind', '=', 'other')
      .executeTakeFirstOrThrow();
    const r = await pressButton(t, { who: 'company_admin', cookie: `${cookie}; lang=en` }, `/admin/jobs/${job.id}`, 'delete');
    expect(r.status).toBe(422);
    expect(r.html).toContain('This cannot be deleted: it has applications, whose history must be kept.');
    expect(await db().selectFrom('jobs').select('id').where('id', '=', job.id).executeTakeFirst()).toBeDefined();
  });
});
