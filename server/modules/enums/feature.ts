import { defineFeature } from '../../feature.ts';

/**
 * The option values of jobs and users (job types, pay types, industries…, visa types, languages) in
 * both languages, their editors under /admin/templates/, and the reference data the database starts
 * with (API: api/enums.ts; reference-data.ts, service.ts).
 */
export const enumsFeature = defineFeature({
  name: 'enums',
  routes: ['/admin/templates/enumjobvalue', '/admin/templates/enumuservalue'],
});
