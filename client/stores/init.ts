import type { RoleMap } from '../../server/auth/default-roles.ts';

/** SPEC §3 "Init state". */
export interface InitState {
  currentUser: Record<string, unknown> | null;
  mysqlUser: Record<string, unknown> | null;
  actionRoles: RoleMap;
  pageRoles: RoleMap;
  /** True once roles are set (SPEC §3). */
  initWorked: boolean;
}

export type InitAction =
  | { type: 'setCurrentUser'; user: Record<string, unknown> | null }
  | { type: 'setMysqlUser'; user: Record<string, unknown> | null }
  /** SPEC §6: role data is set in the client from a roles-loaded event. */
  | { type: 'rolesLoaded'; pageRoles: RoleMap; actionRoles: RoleMap };

export const INIT_STATE: InitState = { currentUser: null, mysqlUser: null, actionRoles: {}, pageRoles: {}, initWorked: false };

export function reduceInit(state: InitState, action: InitAction): InitState {
  switch (action.type) {
    case 'setCurrentUser':
      return { ...state, currentUser: action.user };
    case 'setMysqlUser':
      return { ...state, mysqlUser: action.user };
    case 'rolesLoaded':
      return { ...state, pageRoles: action.pageRoles, actionRoles: action.actionRoles, initWorked: true };
  }
}
