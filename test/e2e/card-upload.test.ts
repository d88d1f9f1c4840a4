/**
 * The residence card check, as a person does it: "the candidate uploads a card from a phone-sized browser and
 * staff verify it". Chromium at 390×844: the candidate logs in, sends both sides of the card from
 * /staff/card (a text file for the front and a number typed wrong first: the page keeps what was
 * typed and says both at once, each at its field) and sees it waiting; staff, also on a phone, open it on
 * /admin/worker/rcCheckCandidate, see both images drawn, and verify it; the candidate's page then
 * says it is verified. Neither page scrolls sideways.
 */
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO } from '../helpers/app.ts';
import { appAndBrowser, backOfficeLogin, openPage } from '../helpers/browser.ts';

const { t, browser } = appAndBrowser();
const errors: string[] = [];
const PHONE = { width: 390, height: 844 };

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);
const photo = (colour: string) =>
  sharp({ create: { width: 1200, height: 760, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

describe('a residence card from a phone to verified', () => {
  let candidate: Page;

  it('the candidate uploads the front and back at 390 px and sees it waiting for a check', async () => {
    candidate = await openPage(browser, { locale: 'en-US', errors, viewport: PHONE });
    await candidate.goto(`${t.url}/staff/login?next=${encodeURIComponent('/staff/card')}`);
    const login = candidate.locator('form[action="/staff/login"]');
    await login.locator('input[name=email]').fill('cardcheck@demo.test');
    await login.locator('input[name=password]').fill(inject('demoPassword'));
    await Promise.all([candidate.waitForURL((u) => u.pathname === '/staff/card'), login.locator('button[type=submit]').click()]);
    expect(await sideways(candidate)).toBe(false);

    const form = candidate.locator('form[action="/staff/card"]');
    const choosePhotos = async () => {
      await form.locator('input[name=front]').setInputFiles({ name: 'front.jpg', mimeType: 'image/jpeg', buffer: await photo('#7799bb') });
      await form.locator('input[name=back]').setInputFiles({ name: 'back.jpg', mimeType: 'image/jpeg', buffer: await photo('#bb9977') });
    };
    // A text file for the front and a number typed one digit short: the page comes back with the
    // number and the expiry as typed, and says both mistakes at once, each under its field.
    await choosePhotos();
    await form.locator('input[name=front]').setInputFiles({ name: 'front.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') });
    await form.locator('input[name=cardNumber]').fill('XY8765432ZW');
    await form.locator('input[name=expiry]').fill('2030-03-31');
    await Promise.all([candidate.waitForResponse((r) => r.request().method() === 'POST' && r.status() === 422), form.locator('button[type=submit]').click()]);
    // The error is only on the page drawn again: waiting for it, the rest is read from that page, not the one sent.
    expect(await candidate.textContent('#cardNumber-error')).toContain('A residence card number is 2 letters, 8 digits and 2 letters');
    expect(await candidate.textContent('#front-error')).toBe('Choose an image file (JPEG, PNG or WebP).');
    expect(await form.locator('input[name=front]').getAttribute('aria-invalid')).toBe('true');
    expect(await form.locator('#back-error').count()).toBe(0);
    expect(await form.locator('input[name=cardNumber]').inputValue()).toBe('XY8765432ZW');
    expect(await form.locator('input[name=cardNumber]').getAttribute('aria-invalid')).toBe('true');
    expect(await form.locator('input[name=expiry]').inputValue()).toBe('2030-03-31');
    expect(await form.textContent()).toContain('choose the front and back again');
    // Said as information, not drawn as the green of something done.
    const again = form.locator('.alert', { hasText: 'choose the front and back again' });
    expect(await again.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(
      await candidate.evaluate(() => {
        const probe = Object.assign(document.createElement('p'), { className: 'alert alert-success' });
        document.body.append(probe);
        const colour = getComputedStyle(probe).backgroundColor;
        probe.remove();
        return colour;
      }),
    );
    // The photos chosen again and the number put right: uploaded.
    await choosePhotos();
    await form.locator('input[name=cardNumber]').fill('XY87654321ZW');
    await Promise.all([candidate.waitForURL((u) => u.pathname === '/staff/card' && u.searchParams.get('saved') === '1'), form.locator('button[type=submit]').click()]);
    expect(await candidate.textContent('[role=status]')).toContain('Uploaded. Staff will check it soon.');
    expect(await candidate.textContent('[data-state]')).toContain('Waiting for a check by staff.');
    // Both photos came back through the authorized endpoint and were drawn.
    await expect.poll(() => candidate.locator('.card-photos img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth))).toEqual([1200, 1200]);
    expect(await sideways(candidate)).toBe(false);
  });

  it('staff open the card on a phone, see both images and the format check, and verify it', async () => {
    const staff = await openPage(browser, { locale: 'ja-JP', errors, viewport: PHONE });
    await backOfficeLogin(staff, t.url, DEMO.company_admin);
    await staff.goto(`${t.url}/admin/worker/rcCheckCandidate`);
    expect(await sideways(staff)).toBe(false);
    await Promise.all([staff.waitForURL((u) => u.searchParams.has('card')), staff.locator('table a', { hasText: 'Le Thi Hoa' }).first().click()]);
    await expect.poll(() => staff.locator('.card-check-images img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth))).toEqual([1200, 1200]);
    expect(await staff.getAttribute('[data-testid=number-format]', 'data-matches')).toBe('yes');
    expect(await sideways(staff)).toBe(false);
    await Promise.all([staff.waitForURL((u) => u.searchParams.get('decided') === 'verified'), staff.locator('button[name=_action][value="decide:verified"]').click()]);
    expect(await staff.textContent('.card-check')).toContain('確認済み');

    await candidate.goto(`${t.url}/staff/card`);
    expect(await candidate.textContent('[data-state]')).toContain('Checked and verified.');
    expect(errors).toEqual([]);
  });
});
