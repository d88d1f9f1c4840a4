import { ENUM_SCREENS } from './admin/enums.tsx';
import { defineWebFeature } from './feature.ts';

/** The templates' screens (server/modules/templates/feature.ts) besides the engine's: the option values of jobs and users. */
export const templatesWeb = defineWebFeature({
  feature: 'templates',
  screens: ENUM_SCREENS,
});
