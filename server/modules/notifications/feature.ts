import { defineFeature } from '../../feature.ts';

/** Notifications and document notices: written by the other features, read in the header's bell in each reader's language (API: api/notifications.ts; service.ts). It has no page of its own. */
export const notificationsFeature = defineFeature({ name: 'notifications' });
