import { defineFeature } from '../../feature.ts';
import { clientResource, companyResource } from './defs/organizations.ts';

/** Companies and their clients: the organizations every other feature's rows belong to. */
export const companiesFeature = defineFeature({
  name: 'companies',
  routes: ['/admin/company', '/admin/clients', '/v3/admin/company', '/v3/admin/clients'],
  resources: [companyResource, clientResource],
});
