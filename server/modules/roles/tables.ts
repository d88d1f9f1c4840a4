import type { Generated } from 'kysely';

/** Roles and the permission codes each may use, per page and per action. */

export interface RolesTable {
  name: string;
  kind: 'platform' | 'company' | 'client' | 'candidate';
  title_ja: string;
  title_en: string;
  builtin: Generated<boolean>;
}

export interface RoleCodeTable {
  code: number;
  role: string;
}
