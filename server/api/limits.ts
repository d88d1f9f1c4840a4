import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import { type DocumentNode, GraphQLError, type GraphQLSchema, NoSchemaIntrospectionCustomRule, parse, specifiedRules, validate, type ValidationContext, type ValidationRule } from 'graphql';

/**
 * Production hardening shared by POST /graphql, /graphqlws and the in-process client:
 * a token cap at parse time, then depth, alias, cost, directive and operation-count rules at
 * validation. Introspection only outside production.
 */
export const LIMITS = {
  maxTokens: 4000,
  maxDepth: 10,
  maxAliases: 15,
  maxCost: 5000,
  maxDirectives: 20,
  maxOperations: 5,
  /** Bytes of a JSON request body. */
  maxBody: 100 * 1024,
} as const;

const code = (c: string) => ({ extensions: { code: c } });

/** A document may carry a few named operations (one runs); a pile of them is a batching attack. */
const maxOperationsRule: ValidationRule = (context) => {
  let n = 0;
  return {
    OperationDefinition(node) {
      n += 1;
      if (n === LIMITS.maxOperations + 1) {
        context.reportError(new GraphQLError(`Too many operations in one document (max ${LIMITS.maxOperations}).`, { nodes: [node], ...code('BAD_REQUEST') }));
      }
    },
  };
};

/** graphql-armor reports through callbacks; turn each rejection into a coded validation error. */
const report = {
  exposeLimits: true,
  propagateOnRejection: false,
  onReject: [(context: ValidationContext | null, err: GraphQLError) => context?.reportError(new GraphQLError(err.message.replace(/^Syntax Error: /, ''), code('QUERY_TOO_COMPLEX')))],
};

export function validationRules(production: boolean): ValidationRule[] {
  const rules: ValidationRule[] = [
    ...specifiedRules,
    maxOperationsRule,
    // Introspection counts too: a deep __schema query is as costly as any other.
    maxDepthRule({ n: LIMITS.maxDepth, ignoreIntrospection: false, ...report }),
    maxAliasesRule({ n: LIMITS.maxAliases, ...report }),
    costLimitRule({ maxCost: LIMITS.maxCost, ignoreIntrospection: false, ...report }),
    maxDirectivesRule({ n: LIMITS.maxDirectives, ...report }),
  ];
  if (production) rules.push(NoSchemaIntrospectionCustomRule);
  return rules;
}

/** graphql-js parse with the token cap (a huge document is refused before it is built). */
export function parseLimited(source: string): DocumentNode {
  return parse(source, { maxTokens: LIMITS.maxTokens });
}

/** Parses and validates a request's document; errors come back as GraphQL errors, never thrown. */
export function prepareDocument(
  schema: GraphQLSchema,
  source: string,
  production: boolean,
): { document: DocumentNode; errors?: undefined } | { document?: undefined; errors: readonly GraphQLError[] } {
  let document: DocumentNode;
  try {
    document = parseLimited(source);
  } catch (err) {
    return { errors: [err instanceof GraphQLError ? err : new GraphQLError('Could not parse the document.')] };
  }
  const errors = validate(schema, document, validationRules(production));
  return errors.length ? { errors } : { document };
}
