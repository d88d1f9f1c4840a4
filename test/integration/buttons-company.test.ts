/**
 * Every button of the back office, pressed as a browser sends it, by the staffing company's and
 * the second tenant's users: on every page of the route table they may open and the record pages
 * their lists link to (test/helpers/buttons.ts). Each role walks its own fresh copy of the demo data.
 */
import { describe, expect, it } from 'vitest';
import type { DemoLogin } from '../helpers/app.ts';
import { report, walkBackOffice } from '../helpers/buttons.ts';

describe('every button a company user sees works', () => {
  it.each<DemoLogin>(['company_admin', 'company_staff', 'company2'])(
    'as %s',
    async (who) => {
      const { failures, pressed, pages } = await walkBackOffice(who);
      expect(pages.length).toBeGreaterThan(5);
      expect(pressed).toBeGreaterThan(10);
      expect(failures, report(failures)).toEqual([]);
    },
    240_000,
  );
});
