/**
 * Every button of the back office, pressed as a browser sends it, by the platform's and the
 * client's users: on every page of the route table they may open and the record pages their lists
 * link to (test/helpers/buttons.ts). Each role walks its own fresh copy of the demo data.
 */
import { describe } from 'vitest';
import { itPressesEveryButton } from '../helpers/buttons.ts';

describe('every button a platform or client user sees works', () => {
  itPressesEveryButton(['superadmin', 'admin', 'client_admin', 'client_staff'], { pages: 3, pressed: 0 });
});
