import { defineFeature } from '../../feature.ts';
import { USER_RESOURCES } from './defs/users.ts';

/** Back-office users: the admin, company and client user lists (sign-in itself is api/session.ts). */
export const usersFeature = defineFeature({
  name: 'users',
  routes: ['/admin/users/admin', '/admin/users/company', '/admin/users/client'],
  resources: USER_RESOURCES,
});
