import { APPLICANT_SCREENS } from './admin/applicant.tsx';
import { defineWebFeature } from './feature.ts';

/** The pipeline's screens (server/modules/pipeline/feature.ts): an application's record; its lists come from the read models. */
export const pipelineWeb = defineWebFeature({
  feature: 'pipeline',
  screens: APPLICANT_SCREENS,
});
