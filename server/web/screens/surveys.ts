import { SURVEY_SCREENS, surveysPanel } from './admin/surveys.tsx';
import { CANDIDATE_SURVEY_SCREENS } from './candidate-surveys.tsx';
import { defineWebFeature, panel } from './feature.ts';

/** Surveys' screens (server/modules/surveys/feature.ts): the builder, the survey's page on the list's address, the candidate's answer page. */
export const surveysWeb = defineWebFeature({
  feature: 'surveys',
  screens: [...SURVEY_SCREENS, ...CANDIDATE_SURVEY_SCREENS],
  // A survey's page and its answers' CSV on the list's address.
  panels: { '/v3/admin/survey': panel(surveysPanel) },
});
