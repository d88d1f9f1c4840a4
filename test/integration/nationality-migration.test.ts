/**
 * Migration 0060: a nationality typed as free text before the registration form drew a select of
 * countries becomes the country's code when it is the country's English or Japanese name; any other
 * text stays as it is (the screens show it as it is). Run on a scratch copy of the migrated database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { down, up } from '../../server/db/migrations/20261207_0060_nationality_codes.ts';

let scratch: TestDatabase;
beforeAll(async () => {
  scratch = await createTestDatabase();
});
afterAll(async () => scratch?.drop());

const TYPED: Record<string, string> = {
  'candidate@demo.test': 'Vietnam',
  'candidate2@demo.test': 'ベトナム',
  'candidate3@demo.test': 'Atlantis',
  'candidate4@demo.test': '  philippines ',
  'worker1@demo.test': 'Myanmar',
  'worker2@demo.test': 'NP',
};

describe('migration 0060: nationality as a country code', () => {
  it("turns a country's English or Japanese name into its code and leaves other text as it is; down keeps the codes", async () => {
    const { db } = scratch;
    const ids = new Map((await db.selectFrom('users').select(['id', 'email']).where('email', 'in', Object.keys(TYPED)).execute()).map((u) => [u.email, u.id]));
    for (const [email, text] of Object.entries(TYPED)) await db.updateTable('candidate_profiles').set({ nationality: text }).where('user_id', '=', ids.get(email)!).execute();
    const staff = await db.selectFrom('staff').select('id').orderBy('id').executeTakeFirstOrThrow();
    await db.updateTable('staff').set({ nationality: 'Nepal' }).where('id', '=', staff.id).execute();

    await up(db);
    const after = async () =>
      Object.fromEntries(
        await Promise.all(
          Object.keys(TYPED).map(
            async (email) => [email, (await db.selectFrom('candidate_profiles').select('nationality').where('user_id', '=', ids.get(email)!).executeTakeFirstOrThrow()).nationality] as const,
          ),
        ),
      );
    const expected = {
      'candidate@demo.test': 'VN',
      'candidate2@demo.test': 'VN',
      'candidate3@demo.test': 'Atlantis',
      'candidate4@demo.test': 'PH',
      'worker1@demo.test': 'MM',
      'worker2@demo.test': 'NP',
    };
    expect(await after()).toEqual(expected);
    expect((await db.selectFrom('staff').select('nationality').where('id', '=', staff.id).executeTakeFirstOrThrow()).nationality).toBe('NP');

    // Run again: nothing left to turn. Down leaves the codes (the spelling typed is not kept).
    await up(db);
    await down(db);
    expect(await after()).toEqual(expected);
  });
});
