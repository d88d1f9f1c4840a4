import { defineFeature } from '../../feature.ts';

/** Roles and the permission codes each may use: the matrix at /admin/roles and the maps the guard reads (API: api/roles.ts; role-maps.ts). */
export const rolesFeature = defineFeature({
  name: 'roles',
  routes: ['/admin/roles'],
});
