/**
 * Points earned by working (docs/points.md). A worked shift (attendance
 * with a clock-out) earns the company's points per shift in the company's wallet, and the
 * platform's campaigns whose period holds the shift that completes their rule award points in the
 * platform's wallet:
 * - first_attendance: the person's first worked shift on the platform falls in the period;
 * - nth_attendance: the person's n-th worked shift falls in the period;
 * - referral: a friend the person referred works their first shift in the period (once per friend).
 * Each award's idempotency key names its cause (the application; the campaign and the person, or
 * the friend), so the same event delivered twice, or in two processes at once, awards once.
 */
import { sql } from 'kysely';
import type { DB } from '../../db/connect.ts';
import { addDays, todayInJapan } from '../../../shared/time.ts';
import { postPoints } from './ledger.ts';

/** How long campaign points (the platform's wallet) stay valid. */
export const PLATFORM_POINTS_VALID_DAYS = 365;
const SYSTEM = { id: null, name: 'system' };

/** The day (Asia/Tokyo) of each worked shift of a candidate, in the order they were worked. */
async function workedDays(db: DB, candidateId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('attendance as t')
    .innerJoin('applications as a', 'a.id', 't.application_id')
    .select(sql<string>`to_char(t.clock_out at time zone 'Asia/Tokyo', 'YYYY-MM-DD')`.as('day'))
    .where('a.candidate_id', '=', candidateId)
    .where('t.clock_out', 'is not', null)
    .orderBy('t.clock_out')
    .orderBy('t.application_id')
    .execute();
  return rows.map((r) => r.day);
}

/** Awards the points of the worked shifts among these applications (safe to call again). How many entries were made. */
export async function awardForWorkedShifts(db: DB, applicationIds: readonly string[], today = todayInJapan()): Promise<number> {
  if (!applicationIds.length) return 0;
  const worked = await db
    .selectFrom('attendance as t')
    .innerJoin('applications as a', 'a.id', 't.application_id')
    .innerJoin('companies as c', 'c.id', 'a.company_id')
    .select(['a.id', 'a.candidate_id', 'a.company_id', 'c.points_per_shift', 'c.points_valid_days'])
    .where('t.application_id', 'in', [...applicationIds])
    .where('t.clock_out', 'is not', null)
    .execute();
  let made = 0;
  const people = new Set<string>();
  for (const w of worked) {
    people.add(w.candidate_id);
    if (w.points_per_shift <= 0) continue;
    const r = await postPoints(
      db,
      SYSTEM,
      { candidateId: w.candidate_id, companyId: w.company_id, delta: w.points_per_shift, kind: 'shift', idemKey: `shift:${w.id}`, expiresOn: addDays(today, w.points_valid_days) },
      today,
    );
    if (r.ok) made++;
  }
  for (const person of people) made += await awardCampaigns(db, person, today);
  return made;
}

/** The campaigns a candidate's worked shifts complete (their own, and their referrer's). */
async function awardCampaigns(db: DB, candidateId: string, today: string): Promise<number> {
  const campaigns = await db.selectFrom('campaigns').selectAll().where('active', '=', true).execute();
  if (!campaigns.length) return 0;
  const days = await workedDays(db, candidateId);
  if (!days.length) return 0;
  const referrer = (await db.selectFrom('referrals').select('referrer_id').where('friend_id', '=', candidateId).executeTakeFirst())?.referrer_id;
  let made = 0;
  for (const c of campaigns) {
    const inPeriod = (day: string | undefined) => day !== undefined && day >= c.starts_on && day <= c.ends_on;
    const award = async (to: string, key: string) => {
      const r = await postPoints(
        db,
        SYSTEM,
        { candidateId: to, companyId: null, delta: c.points, kind: 'campaign', campaignId: c.id, idemKey: key, expiresOn: addDays(today, PLATFORM_POINTS_VALID_DAYS) },
        today,
      );
      if (r.ok) made++;
    };
    if (c.rule === 'first_attendance' && inPeriod(days[0])) await award(candidateId, `campaign:${c.id}:${candidateId}`);
    if (c.rule === 'nth_attendance' && c.nth !== null && inPeriod(days[c.nth - 1])) await award(candidateId, `campaign:${c.id}:${candidateId}`);
    if (c.rule === 'referral' && referrer && inPeriod(days[0])) await award(referrer, `campaign:${c.id}:${referrer}:${candidateId}`);
  }
  return made;
}
