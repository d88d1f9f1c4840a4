import { defineFeature } from '../../feature.ts';
import { scoutCandidatesReadModel, scoutOffersReadModel } from './defs/scouting.ts';
import { seedDemoScouting } from './seed.ts';

/**
 * Scouting: companies search candidates who opted in and send them offers; the candidate answers
 * on /staff/scout. API: api/scouting.ts; screens: the search's panel
 * (screens/search-panel.tsx) and screens/candidate-scout.tsx.
 */
export const scoutingFeature = defineFeature({
  name: 'scouting',
  routes: ['/v3/admin/scout/search', '/v3/admin/scout/pending', '/v3/admin/scout/confirm', '/staff/scout'],
  readModels: [scoutCandidatesReadModel, scoutOffersReadModel],
  // Candidates open to scouting and Sakura Staffing's pending offer.
  seed: [(db, demo) => seedDemoScouting(db, demo.company)],
});
