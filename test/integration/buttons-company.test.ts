/**
 * Every button of the back office, pressed as a browser sends it, by the staffing company's and
 * the second tenant's users: on every page of the route table they may open and the record pages
 * their lists link to (test/helpers/buttons.ts). Each role walks its own fresh copy of the demo data.
 */
import { describe } from 'vitest';
import { itPressesEveryButton } from '../helpers/buttons.ts';

describe('every button a company user sees works', () => {
  itPressesEveryButton(['company_admin', 'company_staff', 'company2'], { pages: 5, pressed: 10 });
});
