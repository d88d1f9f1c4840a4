/**
 * A record whose history must be kept is not deleted from under it: pressing Delete on a client
 * with jobs, or on a job someone applied to, says why in the page's language and deletes nothing
 * (it used to cascade into the conversations and answer a 500).
 */
import { describe, expect, it } from 'vitest';
import { appForFile } from '../helpers/app.ts';
import { pressButton, sessionOf } from '../helpers/buttons.ts';
import { companyOf } from '../helpers/demo-data.ts';

const t = appForFile();
const db = () => t.database.db;

describe('deleting a record with a history', () => {
  it('refuses a client with jobs, naming them, and keeps it', async () => {
    const client = await db()
      .selectFrom('clients as c')
      .innerJoin('jobs as j', 'j.client_id', 'c.id')
      .select('c.id')
      .where('c.company_id', '=', await companyOf(t, 'company@demo.test'))
      .executeTakeFirstOrThrow();
    const r = await pressButton(t, await sessionOf(t, 'company_admin'), `/v3/admin/clients/${client.id}`, 'delete');
    expect(r.status).toBe(422);
    expect(r.html).toMatch(/求人(、請求書)?の記録があるため削除できません/);
    expect(await db().selectFrom('clients').select('id').where('id', '=', client.id).executeTakeFirst()).toBeDefined();
  });

  it('refuses a job someone applied to, in English with the lang cookie', async () => {
    const job = await db()
      .selectFrom('jobs as j')
      .innerJoin('applications as a', 'a.job_id', 'j.id')
      .select(['j.id', 'j.kind'])
      .where('j.company_id', '=', await companyOf(t, 'company@demo.test'))
      .where('j.kind', '=', 'other')
      .executeTakeFirstOrThrow();
    const r = await pressButton(t, await sessionOf(t, 'company_admin', 'en'), `/admin/jobs/${job.id}`, 'delete');
    expect(r.status).toBe(422);
    expect(r.html).toContain('This cannot be deleted: it has applications, whose history must be kept.');
    expect(await db().selectFrom('jobs').select('id').where('id', '=', job.id).executeTakeFirst()).toBeDefined();
  });
});
