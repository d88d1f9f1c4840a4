/**
 * Platform payment settings at /admin/system/payment (code 260001, superadmin only by
 * default): one row, edited in place on the screen itself, with its change history.
 */
import { describe, expect, it } from 'vitest';
import { pagesAs } from '../helpers/pages.ts';
import { appForFile } from '../helpers/app.ts';
import { auditCount } from '../helpers/demo-data.ts';

const t = appForFile();

const { get, post } = pagesAs(t);

const settings = () => t.database.db.selectFrom('payment_settings').selectAll().execute();

const VALID = { _action: 'save', transfer_cutoff: '14:30', transfer_fee: '220', quickpay_enabled: 'on', quickpay_fee_percent: '3.5', quickpay_min_fee: '300', quickpay_daily_limit: '50000' };

describe('GET /admin/system/payment', () => {
  it('shows the one settings record’s form directly, titled as the route, without list, create or delete', async () => {
    const [row] = await settings();
    const page = await get('/admin/system/payment', 'superadmin');
    expect(page.status).toBe(200);
    expect(page.html).toContain('<title>決済設定 | Tsunagu</title>');
    expect(page.html).toContain('<h1>決済設定</h1>');
    expect(page.html).toContain('action="/admin/system/payment"');
    expect(page.html).toContain('name="transfer_cutoff" value="15:00"');
    expect(page.html).toContain('name="transfer_fee" value="165"');
    expect(page.html).toContain('name="quickpay_fee_percent" value="3.00"');
    expect(page.html).toMatch(/<input type="checkbox" name="quickpay_enabled" checked=""\/>/);
    expect(page.html).toContain('変更履歴');
    expect(page.html).not.toContain('新規登録');
    expect(page.html).not.toContain('value="delete"');
    expect(page.html).not.toContain('CSVで書き出す');
    expect(row).toBeDefined();
  });

  it('is superadmin-only by default: 404 for an admin and a company admin, FORBIDDEN through the API', async () => {
    expect((await get('/admin/system/payment', 'admin')).status).toBe(302);
    expect((await get('/admin/system/payment', 'company_admin')).status).toBe(302);
    const api = await t.gql('mutation { updatePaymentSetting(id: "00000000-0000-0000-0000-000000000000", input: { transfer_fee: 0 }) { id } }', {}, { as: 'admin' });
    expect(api.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const before = await settings();
    expect((await post('/admin/system/payment', 'admin', VALID)).status).toBe(403);
    expect(await settings()).toEqual(before);
  });
});

describe('POST /admin/system/payment', () => {
  it('saves in place, says so, and the history shows the change', async () => {
    const res = await post('/admin/system/payment', 'superadmin', VALID);
    expect(res.status, res.html.slice(0, 300)).toBe(303);
    const rows = await settings();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ transfer_cutoff: '14:30', transfer_fee: 220, quickpay_enabled: true, quickpay_fee_percent: '3.50', quickpay_min_fee: 300, quickpay_daily_limit: 50000 });
    expect(res.location).toBe(`/admin/system/payment?id=${rows[0]!.id}&saved=1`);

    const page = await get(res.location!, 'superadmin');
    expect(page.status).toBe(200);
    expect(page.html).toContain('保存しました。');
    expect(page.html).toContain('name="transfer_cutoff" value="14:30"');
    expect(page.html).toMatch(/<strong>更新<\/strong> · 山田 太郎/);
    expect(page.html).toContain('振込の締め時刻: 15:00 → 14:30');
    expect(page.html).toContain('前払い手数料（%）: 3.00 → 3.50');
  });

  it('saving the same values again records no change (3.5 and 3.50 are the same fee)', async () => {
    const before = await auditCount(t, { entity: 'paymentSetting' });
    expect((await post('/admin/system/payment', 'superadmin', { ...VALID, quickpay_fee_percent: '3.50' })).status).toBe(303);
    expect(await auditCount(t, { entity: 'paymentSetting' })).toBe(before);
  });

  it('turning quick pay off is a change like any other', async () => {
    const { quickpay_enabled: _, ...off } = VALID;
    expect((await post('/admin/system/payment', 'superadmin', off)).status).toBe(303);
    expect((await settings())[0]!.quickpay_enabled).toBe(false);
    expect((await get('/admin/system/payment', 'superadmin')).html).toContain('前払い（クイックペイ）を受け付ける: はい → いいえ');
  });

  it('explains bad values beside their fields and saves nothing', async () => {
    const before = await settings();
    const res = await post('/admin/system/payment', 'superadmin', { ...VALID, transfer_fee: 'abc' });
    expect(res.status).toBe(422);
    expect(res.html).toContain('<p class="field-error" id="transfer_fee-error">整数で入力してください。</p>');
    const res2 = await post('/admin/system/payment', 'superadmin', { ...VALID, transfer_cutoff: '25:00', quickpay_fee_percent: '101', quickpay_daily_limit: '-5' });
    expect(res2.status).toBe(422);
    expect(res2.html).toContain('<p class="field-error" id="transfer_cutoff-error">「15:00」のように24時間制で入力してください。</p>');
    expect(res2.html).toContain('id="quickpay_fee_percent-error">0〜100の数値（小数第2位まで）で入力してください。');
    expect(res2.html).toContain('id="quickpay_daily_limit-error"');
    // The typed values stay in the form.
    expect(res2.html).toContain('name="transfer_cutoff" value="25:00"');
    expect(await settings()).toEqual(before);
  });
});

describe('the API', () => {
  it('offers no create or delete, and the table keeps exactly one row', async () => {
    const list = await t.gql('{ paymentSettings { total rows { id transfer_cutoff quickpay_fee_percent } } }', {}, { as: 'superadmin' });
    expect(list.data.paymentSettings.total).toBe(1);
    expect((await t.gql('mutation { createPaymentSetting(input: {}) { id } }', {}, { as: 'superadmin' })).errors?.[0]?.message).toMatch(/Cannot query field "createPaymentSetting"/);
    expect((await t.gql('mutation { deletePaymentSetting(id: "x") }', {}, { as: 'superadmin' })).errors?.[0]?.message).toMatch(/Cannot query field "deletePaymentSetting"/);
    await expect(t.database.db.insertInto('payment_settings').defaultValues().execute()).rejects.toThrow(/duplicate key/);
    expect(await settings()).toHaveLength(1);
  });
});
