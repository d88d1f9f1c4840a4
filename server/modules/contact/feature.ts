import { defineFeature } from '../../feature.ts';

/** The public site's contact and free-trial forms (API: api/contact.ts; the trial signup: trial.ts). */
export const contactFeature = defineFeature({
  name: 'contact',
  routes: ['/staff/contact', '/v3/trial'],
});
