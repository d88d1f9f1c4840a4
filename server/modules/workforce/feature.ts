import { defineFeature } from '../../feature.ts';
import { cardChecksReadModel } from './defs/card-checks.ts';
import { shiftsReadModel } from './defs/shifts.ts';
import { workersReadModel } from './defs/workers.ts';
import { seedDemoCardChecks, seedDemoPlacementLaw, seedDemoWorkforce } from './seed.ts';

/**
 * Who may work where and when (docs/workforce.md): shifts and their assignment, workers and their
 * record, residence-card checks, the placement rules (API: api/workforce.ts, api/worker-record.ts, api/card-checks.ts).
 */
export const workforceFeature = defineFeature({
  name: 'workforce',
  routes: ['/admin/shift', '/admin/worker', '/admin/worker/rcCheckCandidate', '/staff/card', '/staff/shifts'],
  readModels: [shiftsReadModel, workersReadModel, cardChecksReadModel],
  seed: [
    // A candidate's residence card waiting for a check.
    (db, demo) => seedDemoCardChecks(db, demo.company),
    // Cards verified (the people seeded before included), a student near her 28 hours, a dependent without the permission.
    (db, demo) => seedDemoWorkforce(db, demo.company),
    // A 17-year-old, a technical intern, a 特定技能 food-service worker and an engineer visa holder.
    (db, demo) => seedDemoPlacementLaw(db, demo.company),
  ],
});
