import { defineFeature } from '../../feature.ts';
import { surveysReadModel } from './defs/surveys.ts';
import { seedDemoSurveys } from './seed.ts';

/**
 * Surveys (docs/surveys.md): built and sent to chosen workers through the chat, answered once by
 * the candidate. API: api/surveys.ts; screens: screens/builder.tsx
 * (the builder, and the survey's page as the list's panel) and candidate-surveys.tsx.
 */
export const surveysFeature = defineFeature({
  name: 'surveys',
  routes: ['/v3/admin/survey', '/v3/admin/survey/add', '/staff/survey/[id]'],
  readModels: [surveysReadModel],
  // A workplace survey sent to the demo week's workers, two of them answered.
  seed: [(db, demo) => seedDemoSurveys(db, demo.company)],
});
