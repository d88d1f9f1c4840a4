/**
 * Every whole number a form or the API accepts is bounded by its column: a wage of twenty digits,
 * a headcount past 32 bits or a quick-pay amount of 1e20, typed into the form the page draws, is a
 * field error in the page's language, never a 500.
 */
import { describe, expect, it } from 'vitest';
import { pressButton } from '../helpers/buttons.ts';
import { candidateLogin } from '../helpers/pages.ts';
import { appForFile } from '../helpers/app.ts';

const t = appForFile();

describe('numbers past their column', () => {
  it('a job form with a 20-digit wage and a headcount of 2^31 answers both fields, in Japanese', async () => {
    const cookie = `token=${await t.tokenOf('company_admin')}`;
    const r = await pressButton(t, { who: 'company_admin', cookie }, '/admin/jobs/add', 'save', { wage: '99999999999999999999', headcount: '2147483648' });
    expect(r.status).toBe(422);
    // The field's own bound, beside each field.
    expect(r.html).toMatch(/10,?000以下|10000以下|以下で入力/);
    expect(await t.database.db.selectFrom('jobs').select('id').where('wage', '>', 10_000_000).execute()).toEqual([]);
  });

  it('a quick-pay amount of 1e20 is refused beside the amount, not a 500', async () => {
    const { token } = await candidateLogin(t, 'worker1@demo.test');
    const r = await pressButton(t, { who: 'worker1', cookie: `candidate_token=${token}` }, '/staff/pay', 'quickpay', { amount: '100000000000000000000' });
    expect(r.status).toBe(422);
    expect(r.html).toContain('数値が大きすぎるか、正しくありません。');
  });
});
