import { defineFeature } from '../../feature.ts';
import { contactMessagesReadModel } from './defs/messages.ts';

/** The public site's contact and free-trial forms (API: api/contact.ts; the trial signup: trial.ts) and the platform's list of contact messages. */
export const contactFeature = defineFeature({
  name: 'contact',
  routes: ['/staff/contact', '/v3/trial', '/admin/staff/contact'],
  readModels: [contactMessagesReadModel],
});
