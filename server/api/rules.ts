import type { IResolvers } from '@graphql-tools/utils';
import { routeCode } from '../access/routes.ts';

/**
 * Who may run a root operation (SPEC §6). A caller may run an operation when its role is in
 * pageRoles or actionRoles for ANY of the listed codes; `public` needs no session, `user` any
 * signed-in back-office user, `candidate` a candidate, `session` either.
 */
export type Rule = { public: true } | { user: true } | { candidate: true } | { session: true } | { codes: readonly number[] };

/** An API module's rules by root field (`Query.surveyDetail`), declared next to its resolvers. */
export type Rules = Readonly<Record<string, Rule>>;

/**
 * Whoever may open one of these pages: the codes are read from the route table, never written
 * again, so an operation follows its page when the page's code changes.
 */
export function pages(...paths: string[]): Rule {
  return { codes: [...new Set(paths.map(routeCode))] };
}

/**
 * One area of the API: its types, resolvers and the rule of each root field it adds. The schema is
 * the list of these (server/api/graphql/schema.ts); a root field without a rule stops the build.
 */
export interface ApiModule {
  typeDefs: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each module's own source and context types
  resolvers: IResolvers<any, any>;
  rules: Rules;
}
