import { INTEGRATION_SCREENS } from './admin/integrations.tsx';
import { defineWebFeature } from './feature.ts';

/** Integrations' screens (server/modules/integrations/feature.ts): the catalogue and the Romuten connection. */
export const integrationsWeb = defineWebFeature({
  feature: 'integrations',
  screens: INTEGRATION_SCREENS,
});
