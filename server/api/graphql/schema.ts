import { makeExecutableSchema } from '@graphql-tools/schema';
import type { GraphQLSchema } from 'graphql';
import { withAuthorization } from '../authz.ts';
import * as enums from './enums.ts';
import * as notifications from './notifications.ts';
import * as session from './session.ts';
import { resourceResolvers, resourceTypeDefs, sharedTypeDefs } from '../../resources/graphql.ts';
import { RESOURCES } from '../../resources/registry.ts';

/** One module per area; each brings its type definitions and resolvers. Resources come from their definitions. */
const MODULES = [session, enums, notifications];

/** The whole API schema, every root field wrapped with its authorization rule (authz.ts). */
export function buildSchema(): GraphQLSchema {
  return withAuthorization(
    makeExecutableSchema({
      typeDefs: [...MODULES.map((m) => m.typeDefs), sharedTypeDefs, ...RESOURCES.map(resourceTypeDefs)],
      resolvers: [...MODULES.map((m) => m.resolvers), ...RESOURCES.map(resourceResolvers)],
    }),
  );
}
