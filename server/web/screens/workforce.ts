import { cardCheckPanel } from './admin/card-checks.tsx';
import { workerRecordPanel } from './admin/worker-record.tsx';
import { CANDIDATE_CARD_SCREEN } from './candidate-card.tsx';
import { CANDIDATE_SHIFTS_SCREEN } from './candidate-shifts.tsx';
import { defineWebFeature, panel } from './feature.ts';
import { shifts } from './panels.tsx';

/** Workforce's screens (server/modules/workforce/feature.ts). */
export const workforceWeb = defineWebFeature({
  feature: 'workforce',
  // The candidate's residence card and open shifts.
  screens: [CANDIDATE_CARD_SCREEN, CANDIDATE_SHIFTS_SCREEN],
  panels: {
    // Residence-card checks: one card's images, record and decision.
    '/admin/worker/rcCheckCandidate': panel(cardCheckPanel),
    // One worker's record and employment contract: `?id=<userId>`.
    '/admin/worker': panel(workerRecordPanel),
    // Assigning people to the shifts of the list, swaps, the hours left of the week.
    '/admin/shift': shifts,
  },
});
