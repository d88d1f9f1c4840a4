/**
 * The option-value editor (/admin/templates/enumjobvalue) on a phone: after adding, saving or
 * deleting a value further down the page, the page opens at that section and says there what was
 * done, where the person is looking (not at the top of the page, scrolled out of sight).
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO } from '../helpers/app.ts';
import { appAndBrowser, backOfficeLogin, openPage } from '../helpers/browser.ts';

const { t, browser } = appAndBrowser();
const PHONE = { width: 390, height: 844 };

/** The done notice of the page, and whether it lies on the screen as the page opened. */
const noticeOnScreen = async (page: Page) => {
  const notice = page.locator('main [role=status]');
  const box = await notice.boundingBox();
  return { text: await notice.innerText(), onScreen: !!box && box.y >= 0 && box.y + box.height <= PHONE.height };
};

it('adds, saves and deletes a value of a lower section, saying so in that section on the screen', async () => {
  const errors: string[] = [];
  const page = await openPage(browser, { locale: 'en-GB', errors, viewport: PHONE });
  page.on('dialog', (d) => void d.accept());
  await backOfficeLogin(page, t.url, DEMO.superadmin);
  await page.goto(`${t.url}/lang/en?back=/admin/templates/enumjobvalue`);
  const overtime = page.locator('section.card', { has: page.locator('h2', { hasText: 'Overtime' }) });

  const add = overtime.locator('form.inline-form');
  await add.locator('input[name=ja]').fill('月40時間まで');
  await add.locator('input[name=en]').fill('Up to 40 hours a month');
  await Promise.all([page.waitForEvent('load'), add.locator('button[type=submit]').click()]);
  expect(await noticeOnScreen(page)).toEqual({ text: 'Created.', onScreen: true });
  expect(await overtime.locator('[role=status]').count()).toBe(1);

  const row = overtime.locator('tbody tr', { has: page.locator('input[value="Up to 40 hours a month"]') });
  await row.locator('input[name=en]').fill('Up to 40 hours per month');
  await Promise.all([page.waitForEvent('load'), row.locator('button', { hasText: 'Save' }).click()]);
  expect(await noticeOnScreen(page)).toEqual({ text: 'Saved.', onScreen: true });

  const saved = overtime.locator('tbody tr', { has: page.locator('input[value="Up to 40 hours per month"]') });
  await Promise.all([page.waitForEvent('load'), saved.locator('button', { hasText: 'Delete' }).click()]);
  expect(await noticeOnScreen(page)).toEqual({ text: 'Deleted.', onScreen: true });
  expect(await overtime.locator('input[value="Up to 40 hours per month"]').count()).toBe(0);
  await page.context().close();
  expect(errors).toEqual([]);
});

it('a refused delete (a value in use) is said beside the value, wrapped, without pushing the row out of its table', async () => {
  const errors: string[] = [];
  const page = await openPage(browser, { locale: 'en-GB', errors, viewport: { width: 1366, height: 900 } });
  page.on('dialog', (d) => void d.accept());
  await backOfficeLogin(page, t.url, DEMO.superadmin);
  await page.goto(`${t.url}/lang/en?back=/admin/templates/enumuservalue`);
  const row = page.locator('tbody tr', { has: page.locator('input[value="Long-Term Resident"]') });
  await Promise.all([page.waitForEvent('load'), row.locator('button', { hasText: 'Delete' }).click()]);
  const said = page.locator('tbody tr', { has: page.locator('input[value="Long-Term Resident"]') }).locator('.field-error');
  expect(await said.innerText()).toContain('This value is in use');
  // The table fits its card: the row's names are not scrolled out of sight by the long sentence.
  const table = page.locator('.table-scroll', { has: said });
  expect(await table.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await page.context().close();
  expect(errors).toEqual([]);
});
