/**
 * Quick pay counts earned pay and outstanding advances the same way at every stage of a monthly
 * run: draft, approved, paid. An advance recovered by an approved run stays outstanding until the
 * run is paid, as the run stays earned until then; a draft payslip recovers the advances as they
 * are now. Walked through the screens a worker and the company use, on the demo data.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../helpers/app.ts';
import { dataOf } from '../helpers/graphql.ts';
import { candidateLogin, postForm } from '../helpers/pages.ts';
import { companyOf, userId } from '../helpers/demo-data.ts';

const t = appForFile();
let companyId: string;
const db = () => t.database.db;

beforeAll(async () => (companyId = await companyOf(t, 'company@demo.test')));

describe('quick pay across a monthly run', () => {
  it('keeps the cap at 70% of earned pay less every advance not yet paid back, draft → approved → paid', async () => {
    const { token } = await candidateLogin(t, 'worker1@demo.test');
    const me = await userId(t, 'worker1@demo.test');
    const available = async () =>
      dataOf(await t.gql('{ myPay { companies { companyId available } } }', {}, token)).myPay.companies.find((c: { companyId: string }) => c.companyId === companyId).available as number;
    const ask = async (amount: number) =>
      dataOf(await t.gql('mutation($c: ID!, $a: Int!) { requestQuickPay(companyId: $c, amount: $a) { id } }', { c: companyId, a: amount }, token)).requestQuickPay.id as string;
    const admin = await t.tokenOf('company_admin');
    const run = () => db().selectFrom('pay_runs').selectAll().where('user_id', '=', me).where('company_id', '=', companyId).executeTakeFirstOrThrow();
    const { earned, deductions } = await (async () => {
      const r = await run();
      return { earned: r.gross, deductions: r.gross - r.transfer_fee - r.advances - r.net };
    })();
    expect(earned).toBe(28_689);
    // The run's own statutory deductions (income tax and the rest) come off what may be drawn.
    const ceiling = Math.floor(((earned - deductions) * 70) / 100);

    // Draft: the demo's ¥5,000 advance (transferred) and its ¥3,000 request are outstanding.
    // Hand-worked: gross 28,689, income tax (乙欄, below the first row) 3.063% = 878; ceiling
    // ⌊27,811 × 70%⌋ = 19,467; available 19,467 − 8,000 = 11,467.
    expect(deductions).toBe(878);
    expect(ceiling).toBe(19_467);
    expect(await available()).toBe(11_467);
    // The company approves the demo's request (within what she may draw: not a 422).
    const demoRequest = (await db().selectFrom('advances').select('id').where('user_id', '=', me).where('status', '=', 'requested').executeTakeFirstOrThrow()).id;
    expect((await postForm(t, '/admin/salary/quickpay', admin, { _action: `row:${demoRequest}:approve` })).status).toBe(303);
    // Approved is not sent: the draft payslip recovers only the ¥5,000 the worker has received,
    // and the ¥3,000 still counts as outstanding.
    expect(await run()).toMatchObject({ status: 'draft', advances: 5_000, net: 28_689 - 878 - 165 - 5_000 });
    expect(await available()).toBe(11_467);
    // Once the company marks it transferred, the draft payslip recovers both: 5,000 + 3,000.
    expect((await postForm(t, '/admin/salary/quickpay', admin, { _action: `row:${demoRequest}:transferred` })).status).toBe(303);
    const draft = await run();
    expect(draft).toMatchObject({ status: 'draft', advances: 8_000, net: 28_689 - 878 - 165 - 8_000 });
    expect(await available()).toBe(11_467);
    const first = await ask(2_000);
    expect(await available()).toBe(9_467);

    // Approved: the run recovers the two transferred advances, and they stay outstanding until it is paid.
    expect((await postForm(t, '/admin/salary/monthly', admin, { _action: `row:${draft.id}:approve` })).status).toBe(303);
    expect((await run()).status).toBe('approved');
    expect(await available()).toBe(9_467);
    expect((await postForm(t, '/admin/salary/quickpay', admin, { _action: `row:${first}:approve` })).status).toBe(303);
    expect(await available()).toBe(9_467);
    const second = await ask(1_000);
    expect(await available()).toBe(8_467);
    expect(second).toBeTruthy();
    // The approved run keeps its figures: the new advances wait for the next run.
    expect(await run()).toMatchObject({ advances: 8_000, net: draft.net });

    // Paid: the run is no longer earned, its advances are paid back; ¥3,000 is still owed.
    expect((await postForm(t, '/admin/salary/monthly', admin, { _action: `row:${draft.id}:paid` })).status).toBe(303);
    expect((await run()).status).toBe('paid');
    expect(await available()).toBe(0);
    const refused = await t.gql('mutation($c: ID!, $a: Int!) { requestQuickPay(companyId: $c, amount: $a) { id } }', { c: companyId, a: 1_000 }, token);
    expect(JSON.stringify(refused.errors)).toMatch(/¥0/);
  });
});
