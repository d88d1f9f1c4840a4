import { defaultFieldResolver, type GraphQLFieldConfig, type GraphQLSchema } from 'graphql';
import { MapperKind, mapSchema } from '@graphql-tools/utils';
import { canEnter } from '../access/guard.ts';
import { resourceRules } from './graphql/resources.ts';
import { READ_MODELS, RESOURCES } from '../resources/registry.ts';
import { readModelRules } from './graphql/read-models.ts';
import type { ApiContext } from './context.ts';
import type { RoleMap, RoleMaps } from '../auth/default-roles.ts';
import { badInput, forbidden, unauthenticated } from './errors.ts';
import { msg } from '../../shared/messages.ts';
import type { Rule, Rules } from './rules.ts';
import { API_MODULES } from './graphql/modules.ts';

export type { Rule } from './rules.ts';

/**
 * Every root operation and who may run it (SPEC §6), gathered from the API modules, each of which
 * declares the rules of its root fields next to its resolvers with codes read from the route table
 * (server/api/rules.ts). The schema refuses to build if a root field has no rule, so no operation
 * ships without one. The resource engine's operations and the read models' get theirs from the
 * route table's codes of their screens (api/graphql/resources.ts, read-models.ts).
 */
export const OPERATION_RULES: Readonly<Record<string, Rule>> = mergeRules(API_MODULES.map((m) => m.rules));

function mergeRules(all: readonly Rules[]): Record<string, Rule> {
  const out: Record<string, Rule> = {};
  for (const rules of all) {
    for (const [key, rule] of Object.entries(rules)) {
      if (Object.hasOwn(out, key)) throw new Error(`two API modules declare a rule for ${key}`);
      out[key] = rule;
    }
  }
  return out;
}

/** Hand-written rules plus the resource engine's and the read models', derived from their screens' codes. */
export const ALL_RULES: Record<string, Rule> = { ...OPERATION_RULES, ...Object.assign({}, ...RESOURCES.map(resourceRules), ...READ_MODELS.map(readModelRules)) };

/** Every permission code an API operation checks (the action codes of SPEC §6), ascending. */
const ACTION_CODES: readonly number[] = [...new Set(Object.values(ALL_RULES).flatMap((r) => ('codes' in r ? r.codes : [])))].sort((x, y) => x - y);

/**
 * The action-role map as the API applies it (SPEC §6, §7 Role/Management/Actions): for every action
 * code, the roles `authorize` lets through, which is the page-role grant or the action-role grant
 * (the default seed grants actions through the page-role map). Codes nobody may use are left out.
 */
export function effectiveActionRoles(maps: RoleMaps): RoleMap {
  const out: RoleMap = {};
  for (const code of ACTION_CODES) {
    const key = String(code);
    const roles = [...new Set([...(maps.pageRoles[key] ?? []), ...(maps.actionRoles[key] ?? [])])].sort();
    if (roles.length) out[key] = roles;
  }
  return out;
}

/** Checks one rule for a context; throws the GraphQL error a client sees. */
export async function authorize(rule: Rule, ctx: ApiContext): Promise<void> {
  if ('public' in rule) return;
  if ('session' in rule) {
    if (!ctx.user) throw unauthenticated(ctx.lang);
    return;
  }
  if ('candidate' in rule) {
    if (ctx.user?.role !== 'candidate') throw unauthenticated(ctx.lang);
    return;
  }
  if (!ctx.user || ctx.user.role === 'candidate') throw unauthenticated(ctx.lang);
  if ('user' in rule) return;
  const maps = await ctx.services.roleMaps.get();
  if (!rule.codes.some((code) => canEnter(maps, ctx.user!.role, code))) throw forbidden(ctx.lang);
}

/** True when a string anywhere in the value holds a NUL character (PostgreSQL cannot store one in text). */
function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  return Object.values(value).some((v) => hasNul(v, depth + 1));
}

/** Text the database cannot store is the caller's error at the edge, not an internal one in a resolver. */
function assertStorableText(args: unknown, ctx: ApiContext): void {
  if (hasNul(args)) throw badInput(ctx.lang, { _: msg(ctx.lang, 'error.nulCharacter') });
}

/** Wraps every root field's resolver (and subscribe) with its rule, and checks its arguments' text. */
export function withAuthorization(schema: GraphQLSchema): GraphQLSchema {
  const roots = new Map<string, string>();
  for (const [kind, type] of [
    ['Query', schema.getQueryType()],
    ['Mutation', schema.getMutationType()],
    ['Subscription', schema.getSubscriptionType()],
  ] as const) {
    if (type) roots.set(type.name, kind);
  }
  const missing: string[] = [];
  const mapped = mapSchema(schema, {
    [MapperKind.ROOT_OBJECT]: (type) => type,
    [MapperKind.OBJECT_FIELD]: (field: GraphQLFieldConfig<unknown, ApiContext>, fieldName, typeName) => {
      const kind = roots.get(typeName);
      if (!kind) return field;
      const key = `${kind}.${fieldName}`;
      const rule = ALL_RULES[key];
      if (!rule) {
        missing.push(key);
        return field;
      }
      const resolve = field.resolve ?? defaultFieldResolver;
      const wrapped: GraphQLFieldConfig<unknown, ApiContext> = {
        ...field,
        resolve: async (src, args, ctx, info) => {
          await authorize(rule, ctx);
          assertStorableText(args, ctx);
          return resolve(src, args, ctx, info);
        },
      };
      if (field.subscribe) {
        const subscribe = field.subscribe;
        wrapped.subscribe = async (src, args, ctx, info) => {
          await authorize(rule, ctx);
          return subscribe(src, args, ctx, info);
        };
      }
      return wrapped;
    },
  });
  if (missing.length) throw new Error(`Operations without an authorization rule (in their API module's rules): ${missing.join(', ')}`);
  return mapped;
}
