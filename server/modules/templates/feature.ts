import { defineFeature } from '../../feature.ts';
import { TEMPLATE_RESOURCES } from './defs/templates.ts';

/** The template pages under /admin/templates/: statuses, chatbots, mail, contract and invoice templates, legal texts. */
export const templatesFeature = defineFeature({
  name: 'templates',
  resources: TEMPLATE_RESOURCES,
});
