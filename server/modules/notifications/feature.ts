import { defineFeature } from '../../feature.ts';
import { seedDemoNotifications } from './seed.ts';

/** Notifications and document notices: written by the other features, read in the header's bell in each reader's language (API: api/notifications.ts; service.ts). It has no page of its own. */
export const notificationsFeature = defineFeature({
  name: 'notifications',
  // The demo bells, about rows the other features' seeds made (applications, an interview, a worked shift, a card).
  seed: [{ after: 'workforce', run: (db, demo) => seedDemoNotifications(db, demo) }],
});
