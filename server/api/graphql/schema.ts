import { makeExecutableSchema } from '@graphql-tools/schema';
import type { GraphQLSchema } from 'graphql';
import { withAuthorization } from '../authz.ts';
import { resourceResolvers, resourceTypeDefs, sharedTypeDefs } from './resources.ts';
import { READ_MODELS, RESOURCES } from '../../resources/registry.ts';
import { readModelResolvers, readModelSharedTypeDefs, readModelTypeDefs } from './read-models.ts';
import { API_MODULES } from './modules.ts';

/** The whole API schema, every root field wrapped with its authorization rule (authz.ts). */
export function buildSchema(): GraphQLSchema {
  return withAuthorization(
    makeExecutableSchema({
      typeDefs: [...API_MODULES.map((m) => m.typeDefs), sharedTypeDefs, ...RESOURCES.map(resourceTypeDefs), readModelSharedTypeDefs, ...READ_MODELS.map(readModelTypeDefs)],
      resolvers: [...API_MODULES.map((m) => m.resolvers), ...RESOURCES.map(resourceResolvers), ...READ_MODELS.map(readModelResolvers)],
    }),
  );
}
