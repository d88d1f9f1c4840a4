import { GraphQLError } from 'graphql';
import type { Logger } from 'pino';

/**
 * What a client may see of an error: our own coded errors as they are, GraphQL's parse and
 * validation errors with a code, and nothing of an unexpected failure (logged, sent as INTERNAL).
 */
export function maskError(err: unknown, log: Logger, production = false): GraphQLError {
  const masked = maskErrorInner(err, log);
  // No field suggestions in production: "Did you mean …" would map the schema for a stranger.
  if (production && / Did you mean /.test(masked.message)) {
    return new GraphQLError(masked.message.replace(/ Did you mean .*$/, ''), {
      nodes: masked.nodes,
      source: masked.source,
      positions: masked.positions,
      path: masked.path,
      extensions: masked.extensions,
    });
  }
  return masked;
}

function maskErrorInner(err: unknown, log: Logger): GraphQLError {
  if (!(err instanceof GraphQLError)) {
    log.error({ err }, 'unexpected error outside GraphQL');
    return new GraphQLError('Internal server error', { extensions: { code: 'INTERNAL' } });
  }
  const original = err.originalError;
  if (original && !(original instanceof GraphQLError)) {
    log.error({ err: original, path: err.path }, 'resolver failed');
    return new GraphQLError('Internal server error', { path: err.path, extensions: { code: 'INTERNAL' } });
  }
  if (original instanceof GraphQLError) {
    return new GraphQLError(original.message, { path: err.path, extensions: { ...original.extensions } });
  }
  if (err.extensions?.code) return err;
  return new GraphQLError(err.message, { nodes: err.nodes, source: err.source, positions: err.positions, path: err.path, extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } });
}
