import { listBackOfficeRoles, roleMapHistory, saveRoleMapsAudited } from '../admin.ts';
import type { RoleMap } from '../../../auth/default-roles.ts';
import type { ApiContext } from '../../../api/context.ts';
import { badInput } from '../../../api/errors.ts';
import { type Rules, pages } from '../../../api/rules.ts';

/** The role-map editor of /admin/roles (code 280001; rules in authz.ts). */
export const typeDefs = /* GraphQL */ `
  "A back-office role: a column of the role matrix."
  type RoleDefinition {
    name: String!
    "platform, company or client"
    kind: String!
    ja: String!
    en: String!
  }

  "Everything the role matrix shows: the roles, both maps and the latest changes."
  type RoleMapsAdmin {
    roles: [RoleDefinition!]!
    pageRoles: [RoleCodeEntry!]!
    actionRoles: [RoleCodeEntry!]!
    history: [AuditEntry!]!
  }

  input RoleCodeInput {
    code: Int!
    roles: [String!]!
  }

  extend type Query {
    roleMapsAdmin: RoleMapsAdmin!
  }

  extend type Mutation {
    "Replaces both maps (every process uses them from its next request). Refused if superadmins would lose 280001."
    saveRoleMaps(pageRoles: [RoleCodeInput!]!, actionRoles: [RoleCodeInput!]!): Boolean!
  }
`;

const toEntries = (map: RoleMap) => Object.entries(map).map(([code, roles]) => ({ code: Number(code), roles }));

function toMap(entries: { code: number; roles: string[] }[]): RoleMap {
  const map: RoleMap = {};
  for (const e of entries) (map[String(e.code)] ??= []).push(...e.roles);
  return map;
}

export const resolvers = {
  Query: {
    roleMapsAdmin: async (_: unknown, __: unknown, ctx: ApiContext) => {
      const [roles, maps, history] = await Promise.all([listBackOfficeRoles(ctx.services.db), ctx.services.roleMaps.get(), roleMapHistory(ctx.services.db)]);
      return {
        roles: roles.map((r) => ({ name: r.name, kind: r.kind, ja: r.title.ja, en: r.title.en })),
        pageRoles: toEntries(maps.pageRoles),
        actionRoles: toEntries(maps.actionRoles),
        history: history.map((h) => ({ ...h, changes: JSON.stringify(h.changes) })),
      };
    },
  },
  Mutation: {
    saveRoleMaps: async (_: unknown, args: { pageRoles: { code: number; roles: string[] }[]; actionRoles: { code: number; roles: string[] }[] }, ctx: ApiContext) => {
      const r = await saveRoleMapsAudited(ctx.services.db, { pageRoles: toMap(args.pageRoles), actionRoles: toMap(args.actionRoles) }, { id: ctx.user!.id, name: ctx.user!.name }, ctx.lang);
      if (!r.ok) throw badInput(ctx.lang, r.errors);
      // This process sees the change at once; the others (and open chat sockets everywhere, see
      // RoleMapCache.onChange) on the NOTIFY saveRoleMaps sent.
      if (r.changed) ctx.services.roleMaps.invalidate();
      return true;
    },
  },
};

/** Who may run each root field of this module (server/api/rules.ts; codes from the route table). */
export const rules: Rules = {
  // the role-map editor at /admin/roles
  'Query.roleMapsAdmin': pages('/admin/roles'),
  'Mutation.saveRoleMaps': pages('/admin/roles'),
};
