import { CANDIDATE_SCOUT_SCREENS } from './candidate-scout.tsx';
import { defineWebFeature, panel } from './feature.ts';
import { scoutSearchPanel } from './scout-panel.tsx';

/** Scouting's screens (server/modules/scouting/feature.ts): the search's offer form above its list, the candidate's /staff/scout. */
export const scoutingWeb = defineWebFeature({
  feature: 'scouting',
  screens: CANDIDATE_SCOUT_SCREENS,
  panels: { '/v3/admin/scout/search': panel(scoutSearchPanel) },
});
