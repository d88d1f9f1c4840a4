import { defineFeature } from '../../feature.ts';
import { seedDemoIntegrations } from './seed.ts';

/** Integrations: the catalogue and the Romuten connection (API: api/integrations.ts). */
export const integrationsFeature = defineFeature({
  name: 'integrations',
  routes: ['/admin/integration', '/admin/integration/romuten'],
  // A Romuten connection started but without credentials: shown as not connected, never called.
  seed: [(db, demo) => seedDemoIntegrations(db, demo.company)],
});
