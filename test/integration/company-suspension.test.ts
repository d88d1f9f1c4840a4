/**
 * A company the platform suspends: its users are signed out at once and cannot sign in again (told
 * why, and only after the right password), its jobs leave the public boards and take no
 * application, and lifting the suspension brings all of it back. Pressed through the pages: the
 * platform's company form, the back-office login, the boards.
 */
import { inject, beforeAll, describe, expect, it } from 'vitest';
import { appForFile, DEMO } from '../helpers/app.ts';
import { pressButton, sessionOf } from '../helpers/buttons.ts';
import { companyOf } from '../helpers/demo-data.ts';
import { candidateLogin, getPage, text } from '../helpers/pages.ts';

const t = appForFile();
const visitor = { who: 'visitor' };
let minato: string;
let jobId: string;
let jobTitle: string;

beforeAll(async () => {
  minato = await companyOf(t, DEMO.company2);
  const job = await t.database.db.selectFrom('jobs').select(['id', 'title_ja']).where('company_id', '=', minato).where('kind', '=', 'other').where('status', '=', 'open').executeTakeFirstOrThrow();
  jobId = job.id;
  jobTitle = job.title_ja;
});

const setStatus = async (status: string) => pressButton(t, await sessionOf(t, 'admin'), `/admin/company/edit/${minato}`, 'save', { status });
const signIn = (lang?: 'en') => pressButton(t, lang ? { who: 'visitor', cookie: `lang=${lang}` } : visitor, '/login', 'login', { email: DEMO.company2, password: inject('demoPassword') });
/** The part-time board searched for the company's job by its title, as a visitor types it. */
const board = async () => (await getPage(t, `/part-time?q=${encodeURIComponent(jobTitle)}`)).html;

describe('suspending a company', () => {
  it('signs its users out, refuses their sign-in with the reason, takes its jobs off the boards; lifting it brings them back', async () => {
    const before = await signIn();
    expect(before.status).toBe(303);
    const token = await t.tokenOf('company2');
    expect((await getPage(t, '/admin/jobs/list', token)).status).toBe(200);
    expect(await board()).toContain(`/part-time/${jobId}`);

    expect(await setStatus('suspended')).toMatchObject({ status: 303 });

    // Signed out at once: the session it had no longer opens the back office.
    expect(await getPage(t, '/admin/jobs/list', token)).toMatchObject({ status: 303, location: '/errors/error401?next=%2Fadmin%2Fjobs%2Flist' });
    // The right password is told why; a wrong one is told only that it is wrong.
    const refused = await signIn();
    expect(refused.status).toBe(403);
    expect(text(refused.html)).toContain('この会社のアカウントは現在停止されているため、ログインできません。');
    expect(text((await signIn('en')).html)).toContain('account is suspended, so you cannot log in. Please contact Tsunagu.');
    const wrong = await pressButton(t, visitor, '/login', 'login', { email: DEMO.company2, password: 'wrong-password' });
    expect(wrong.status).toBe(401);
    expect(text(wrong.html)).not.toContain('停止');
    // Its jobs are off the board, their pages are gone, and an old link cannot apply.
    expect(await board()).not.toContain(`/part-time/${jobId}`);
    expect((await getPage(t, `/part-time/${jobId}`)).status).toBe(404);
    const { token: candidate } = await candidateLogin(t, DEMO.candidate);
    const applied = await t.gql('mutation($j: ID!) { applyToJob(jobId: $j) { applicationId } }', { j: jobId }, candidate);
    expect(applied.errors?.[0]?.message).toBe('この求人（シフト）の募集は終了しました。');

    // Lifted: sign-in, board and job page are back.
    expect(await setStatus('active')).toMatchObject({ status: 303 });
    expect((await signIn()).status).toBe(303);
    expect(await board()).toContain(`/part-time/${jobId}`);
    expect((await getPage(t, `/part-time/${jobId}`)).status).toBe(200);
  });

  it('a company admin cannot suspend anyone, nor another company through the API', async () => {
    const update = 'mutation ($id: ID!, $input: CompanyInput!) { updateCompany(id: $id, input: $input) { id } }';
    // Another company's admin, and its own admin (the status is the platform's field).
    for (const who of ['company_admin', 'company2'] as const) {
      const res = await t.gql(update, { id: minato, input: { status: 'suspended' } }, await t.tokenOf(who));
      expect(res.errors?.length, who).toBeGreaterThan(0);
    }
    const status = await t.database.db.selectFrom('companies').select('status').where('id', '=', minato).executeTakeFirstOrThrow();
    expect(status.status).not.toBe('suspended');
  });
});
