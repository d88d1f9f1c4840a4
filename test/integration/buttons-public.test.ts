/**
 * Every button of the public site and the candidate's pages, pressed as a browser sends it, by a
 * visitor and by candidates in each situation of the demo data (applications, pay, scouting, a card
 * to check, a student near her hours): test/helpers/buttons.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { pressEverything, PUBLIC_PAGES, report } from '../helpers/buttons.ts';
import { candidateLogin } from '../helpers/pages.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** The board's job pages are reached from the boards' links; a visitor starts from every static page. */
describe('every button of the public site works', () => {
  it('as a visitor', async () => {
    t = await startTestApp();
    const { failures, pages } = await pressEverything(t, { who: 'visitor' }, PUBLIC_PAGES);
    expect(pages).toContain('/daily');
    expect(failures, report(failures)).toEqual([]);
  }, 240_000);

  it.each(['candidate4@demo.test', 'worker1@demo.test', 'scout1@demo.test', 'cardcheck@demo.test', 'student@demo.test'])(
    'as the candidate %s',
    async (email) => {
      t = await startTestApp();
      const { token } = await candidateLogin(t, email);
      const { failures, pressed } = await pressEverything(t, { who: email, cookie: `candidate_token=${token}` }, PUBLIC_PAGES);
      expect(pressed).toBeGreaterThan(0);
      expect(failures, report(failures)).toEqual([]);
    },
    240_000,
  );
});
