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

/**
 * True for an error that says the database cannot be reached right now (shut down, restarting,
 * the connection cut or not opened in time), as opposed to a bug: the caller should try again.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: unknown; message?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  // 57P01–57P03: admin shutdown, crash shutdown, cannot connect now; class 08: connection exceptions.
  if (/^57P0[123]$/.test(code) || code.startsWith('08') || ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH'].includes(code)) return true;
  const message = typeof e.message === 'string' ? e.message : '';
  return /Connection terminated|timeout exceeded when trying to connect|Query read timeout|connection timeout|Client has encountered a connection error/i.test(message);
}

const unavailable = (path?: GraphQLError['path']) =>
  new GraphQLError('The service is temporarily unavailable. Please try again in a moment.', { ...(path ? { path } : {}), extensions: { code: 'UNAVAILABLE' } });

function maskErrorInner(err: unknown, log: Logger): GraphQLError {
  if (!(err instanceof GraphQLError)) {
    log.error({ err }, 'unexpected error outside GraphQL');
    return new GraphQLError('Internal server error', { extensions: { code: 'INTERNAL' } });
  }
  const original = err.originalError;
  if (original && !(original instanceof GraphQLError) && isDatabaseUnavailable(original)) {
    log.warn({ err: { message: (original as Error).message }, path: err.path }, 'resolver failed: the database is unavailable');
    return unavailable(err.path);
  }
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
