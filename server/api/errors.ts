import { GraphQLError } from 'graphql';
import type { FieldErrors } from '../validation.ts';
import type { Lang } from '../../shared/i18n.ts';
import { msg } from '../../shared/messages.ts';

/** Stable error codes every GraphQL error carries in `extensions.code`. */
export type ErrorCode = 'UNAUTHENTICATED' | 'FORBIDDEN' | 'BAD_USER_INPUT' | 'NOT_FOUND' | 'CONFLICT' | 'TOO_MANY_REQUESTS' | 'INTERNAL';

export function apiError(code: ErrorCode, message: string, extra: Record<string, unknown> = {}): GraphQLError {
  return new GraphQLError(message, { extensions: { code, ...extra } });
}

export const unauthenticated = (lang: Lang) => apiError('UNAUTHENTICATED', msg(lang, 'error.unauthenticated'));

export const forbidden = (lang: Lang) => apiError('FORBIDDEN', msg(lang, 'error.forbidden'));

export const badInput = (lang: Lang, fields: FieldErrors) => apiError('BAD_USER_INPUT', msg(lang, 'error.checkFields'), { fields });

/** The API (another process, or its database) cannot answer right now: the page is the 503 "try again" page. */
export class ApiUnavailableError extends Error {
  readonly status = 503;
  constructor(cause: unknown) {
    super('The API is unavailable', { cause });
  }
}
