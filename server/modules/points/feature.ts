import { defineFeature } from '../../feature.ts';
import { campaignResource, pointEntriesReadModel } from './defs/points.ts';
import { startPointExpiry } from './ledger.ts';
import { seedDemoPoints } from './seed.ts';

/**
 * Points: earned for shifts, referrals and campaigns, adjusted by hand, spent by the candidate.
 * API: api/points.ts; screens: the point list's panel (screens/points.tsx)
 * and the candidate's /staff/points (screens/my-points.tsx).
 */
export const pointsFeature = defineFeature({
  name: 'points',
  routes: ['/v3/admin/point', '/admin/superadmin/campaign', '/staff/points'],
  readModels: [pointEntriesReadModel],
  resources: [campaignResource],
  // Points for the demo week's shifts, platform campaigns, a referral, a gift and a spend.
  seed: [(db, demo) => seedDemoPoints(db, demo.company)],
  // Points past their validity expire once an hour (they also expire whenever a wallet is read or written).
  jobs: [{ name: 'point-expiry', start: ({ db, log, config }) => (config.reminderIntervalSeconds > 0 ? startPointExpiry(db, log, 3_600_000) : null) }],
});
