/**
 * A resource's screens in a real browser (Chromium): a company admin adds a client through the
 * form (a field error first, typed values kept), finds it in the list, edits it, reads the change
 * in the record's history, and deletes it with the confirmation step; the other company's admin
 * cannot open it.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO } from '../helpers/app.ts';
import { appAndBrowser, backOfficeLogin, openPage } from '../helpers/browser.ts';

const { t, browser } = appAndBrowser();

const submit = (page: Page) => Promise.all([page.waitForNavigation(), page.click('form.resource-form button[type=submit]')]);

describe('a client through the resource screens in Chromium', () => {
  it('company@ adds, lists, edits, reads the history of and deletes a client; company2@ cannot open it', async () => {
    const errors: string[] = [];
    const [page, other] = await Promise.all([openPage(browser, { locale: 'ja-JP', errors }), openPage(browser, { locale: 'ja-JP', errors })]);
    await Promise.all([backOfficeLogin(page, t.url, DEMO.company_admin), backOfficeLogin(other, t.url, DEMO.company2)]);
    const name = `E2E商事${Math.random().toString(36).slice(2, 8)}`;

    // The list, then its "new" button.
    await page.goto(`${t.url}/admin/clients`);
    expect(await page.textContent('h1')).toBe('クライアントの管理');
    // Each row's links sit inside that row, in line with its other cells (not pushed out of the table).
    const cells = await page
      .locator('table tbody tr')
      .first()
      .locator('td')
      .evaluateAll((tds) =>
        tds.map((td) => {
          const r = td.getBoundingClientRect();
          return { top: Math.round(r.top), bottom: Math.round(r.bottom) };
        }),
      );
    expect(cells.length).toBeGreaterThan(1);
    for (const c of cells) expect(c).toEqual(cells[0]);
    await Promise.all([page.waitForURL(`${t.url}/admin/clients/add`), page.click('a.btn[href="/admin/clients/add"]')]);
    // A company user does not choose the company: it is its own.
    expect(await page.locator('[name=company_id]').count()).toBe(0);

    // The name left empty: the error beside the field, in Japanese, and what was typed is kept.
    await page.fill('input[name=name_en]', 'E2E Trading Co.');
    await page.fill('input[name=contact_name]', '山本');
    await page.fill('input[name=email]', 'yamamoto@e2e-trading.test');
    await page.fill('input[name=billing_closing_day]', '20');
    await page.fill('input[name=payment_due_days]', '30');
    const [failed] = await submit(page);
    expect(failed?.status()).toBe(422);
    expect(await page.textContent('.field:has(#name) .field-error')).toBe('入力してください。');
    expect(await page.getAttribute('#name', 'aria-invalid')).toBe('true');
    expect(await page.textContent('.form-alert')).toBe('入力内容を確認してください。');
    expect(await page.inputValue('input[name=name_en]')).toBe('E2E Trading Co.');
    expect(await page.inputValue('input[name=contact_name]')).toBe('山本');
    expect(await page.inputValue('input[name=email]')).toBe('yamamoto@e2e-trading.test');
    expect(await page.inputValue('input[name=billing_closing_day]')).toBe('20');
    expect(await page.inputValue('input[name=payment_due_days]')).toBe('30');
    expect(await page.locator('.field-error').count()).toBe(1);

    // Saved: the record's edit page.
    await page.fill('input[name=name]', name);
    await submit(page);
    const created = new URL(page.url());
    const id = /^\/admin\/clients\/edit\/([0-9a-f-]{36})$/.exec(created.pathname)?.[1];
    expect(id, page.url()).toBeDefined();
    expect(created.searchParams.get('created')).toBe('1');

    // In the list; opening it leads to its edit page.
    await page.goto(`${t.url}/admin/clients`);
    const link = page.locator('table a', { hasText: name });
    expect(await link.count()).toBe(1);
    await Promise.all([page.waitForURL(`${t.url}/admin/clients/edit/${id}`), link.click()]);
    expect(await page.inputValue('input[name=contact_name]')).toBe('山本');

    // Another contact person.
    await page.fill('input[name=contact_name]', '中村');
    await submit(page);
    expect(new URL(page.url()).pathname).toBe('/admin/clients');
    expect(await page.textContent('.notice')).toBe('保存しました。');
    expect(await page.locator('tr', { hasText: name }).textContent()).toContain('中村');

    // The record page's history names the company user and the change.
    await page.goto(`${t.url}/v3/admin/clients/${id}`);
    const history = page.locator('section.audit-log');
    expect(await history.locator('h2').textContent()).toBe('変更履歴');
    const entries = history.locator('ol > li');
    expect(await entries.count()).toBe(2);
    const latest = (await entries.nth(0).textContent()) ?? '';
    expect(latest).toContain('更新');
    expect(latest).toContain('鈴木 一郎 (Ichiro Suzuki)');
    expect(latest).toContain('担当者: 山本 → 中村');
    const first = (await entries.nth(1).textContent()) ?? '';
    expect(first).toContain('作成');
    expect(first).toContain('鈴木 一郎 (Ichiro Suzuki)');

    // The other company's admin cannot open it, by either URL.
    for (const path of [`/v3/admin/clients/${id}`, `/admin/clients/edit/${id}`]) {
      const res = await other.goto(`${t.url}${path}`);
      expect(res?.status(), path).toBe(404);
      expect(await other.textContent('h1'), path).toBe('データが見つかりません');
      expect(await other.content()).not.toContain(name);
    }

    // Delete: the button asks first; dismissed, nothing is deleted; accepted, the client is gone.
    const remove = page.locator('form.danger-zone button.btn-danger');
    const asked: string[] = [];
    page.once('dialog', (d) => {
      asked.push(d.message());
      void d.dismiss();
    });
    await remove.click();
    expect(asked).toEqual(['本当に削除しますか？この操作は取り消せません。']);
    expect(await t.database.db.selectFrom('clients').select('id').where('id', '=', id!).executeTakeFirst()).toBeDefined();
    page.once('dialog', (d) => {
      asked.push(d.message());
      void d.accept();
    });
    await Promise.all([page.waitForURL((u) => u.pathname === '/v3/admin/clients' && u.searchParams.get('deleted') === '1'), remove.click()]);
    expect(asked).toHaveLength(2);
    expect(await page.textContent('.notice')).toBe('削除しました。');
    expect(await page.locator('table a', { hasText: name }).count()).toBe(0);
    const gone = await page.goto(`${t.url}/v3/admin/clients/${id}`);
    expect(gone?.status()).toBe(404);
    expect(await page.textContent('h1')).toBe('データが見つかりません');
    expect(await t.database.db.selectFrom('clients').select('id').where('id', '=', id!).executeTakeFirst()).toBeUndefined();

    expect(errors).toEqual([]);
    await Promise.all([page.context().close(), other.context().close()]);
  });
});
