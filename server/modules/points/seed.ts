/**
 * Demo points (docs/points.md), on top of the demo money's worked week:
 * three platform campaigns (first shift, fifth shift, referral), Jose Reyes (worker2) having
 * invited Bikash Thapa (worker3), the week's shifts awarded as they are when clocked out, and a
 * hand-added gift and a spend for Tran Thi Mai (worker1).
 */
import type { DB } from '../../db/connect.ts';
import { addDays, todayInJapan } from '../../../shared/time.ts';
import { awardForWorkedShifts } from './awards.ts';
import { postPoints } from './ledger.ts';
import { referralCodeOf } from './referral.ts';

export async function seedDemoPoints(db: DB, companyId: string): Promise<void> {
  const today = todayInJapan();
  const period = { starts_on: addDays(today, -30), ends_on: addDays(today, 60), active: true };
  await db
    .insertInto('campaigns')
    .values([
      { name_ja: '初勤務ボーナス', name_en: 'First shift bonus', rule: 'first_attendance', nth: null, points: 500, ...period },
      { name_ja: '5回勤務ボーナス', name_en: 'Fifth shift bonus', rule: 'nth_attendance', nth: 5, points: 1_000, ...period },
      { name_ja: '友だち紹介キャンペーン', name_en: 'Invite a friend', rule: 'referral', nth: null, points: 300, ...period },
    ])
    .execute();
  const users = await db.selectFrom('users').select(['id', 'email', 'name']).where('email', 'in', ['worker1@demo.test', 'worker2@demo.test', 'worker3@demo.test', 'company@demo.test']).execute();
  const who = (email: string) => users.find((u) => u.email === email)!;
  await referralCodeOf(db, who('worker2@demo.test').id);
  await db
    .insertInto('referrals')
    .values({ friend_id: who('worker3@demo.test').id, referrer_id: who('worker2@demo.test').id })
    .execute();
  const worked = await db.selectFrom('attendance').select('application_id').where('company_id', '=', companyId).where('clock_out', 'is not', null).execute();
  await awardForWorkedShifts(
    db,
    worked.map((w) => w.application_id),
  );
  const staff = who('company@demo.test');
  // A hand entry's reason is as staff write it, in one language (here the worker's, English).
  const mai = who('worker1@demo.test').id;
  await postPoints(db, staff, { candidateId: mai, companyId, delta: 100, kind: 'manual', reason: 'Welcome gift', expiresOn: addDays(today, 365) });
  await postPoints(db, staff, { candidateId: mai, companyId, delta: -50, kind: 'spend', reason: 'Exchanged for a QUO card' });
}
