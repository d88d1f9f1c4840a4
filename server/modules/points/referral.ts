import { randomInt } from 'node:crypto';
import type { DB } from '../../db/connect.ts';

/** Letters and digits that cannot be mistaken for each other when read aloud or typed (no 0/O, 1/I/L). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** The candidate's referral code (made on first use): a friend registers with /staff/register?ref=<code>. */
export async function referralCodeOf(db: DB, userId: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const existing = await db.selectFrom('referral_codes').select('code').where('user_id', '=', userId).executeTakeFirst();
    if (existing) return existing.code;
    const code = Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    // Two first uses at once, or a code taken by someone else: the loop reads again.
    await db
      .insertInto('referral_codes')
      .values({ code, user_id: userId })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  throw new Error('referral code: no free code after 5 attempts');
}
