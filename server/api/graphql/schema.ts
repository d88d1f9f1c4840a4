import { makeExecutableSchema } from '@graphql-tools/schema';
import type { GraphQLSchema } from 'graphql';
import { withAuthorization } from '../authz.ts';
import * as enums from './enums.ts';
import * as notifications from './notifications.ts';
import * as organizations from './organizations.ts';
import * as session from './session.ts';

/** One module per area; each brings its type definitions and resolvers. */
const MODULES = [session, enums, notifications, organizations];

/** The whole API schema, every root field wrapped with its authorization rule (authz.ts). */
export function buildSchema(): GraphQLSchema {
  return withAuthorization(
    makeExecutableSchema({
      typeDefs: MODULES.map((m) => m.typeDefs),
      resolvers: MODULES.map((m) => m.resolvers),
    }),
  );
}
