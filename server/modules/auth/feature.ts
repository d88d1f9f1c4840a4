import { defineFeature } from '../../feature.ts';
import { USER_RESOURCES } from './defs/users.ts';

/**
 * Users and their sessions: the admin, company and client user lists; the back office's and the
 * candidate's sign-in, the candidate's registration and the password reset (api/session.ts,
 * screens/staff-session.tsx and candidate-session.tsx).
 */
export const usersFeature = defineFeature({
  name: 'users',
  routes: ['/admin/users/admin', '/admin/users/company', '/admin/users/client', '/login', '/forget-password', '/reset-password', '/staff/login', '/staff/register'],
  resources: USER_RESOURCES,
});
