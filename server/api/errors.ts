import { GraphQLError } from 'graphql';
import type { FieldErrors } from '../validation.ts';

/** Stable error codes every GraphQL error carries in `extensions.code` (issue 3). */
export type ErrorCode = 'UNAUTHENTICATED' | 'FORBIDDEN' | 'BAD_USER_INPUT' | 'NOT_FOUND' | 'CONFLICT' | 'TOO_MANY_REQUESTS' | 'INTERNAL';

export function apiError(code: ErrorCode, message: string, extra: Record<string, unknown> = {}): GraphQLError {
  return new GraphQLError(message, { extensions: { code, ...extra } });
}

export const unauthenticated = (lang: 'ja' | 'en') =>
  apiError('UNAUTHENTICATED', lang === 'ja' ? 'ログインしてください。' : 'Please log in.');

export const forbidden = (lang: 'ja' | 'en') =>
  apiError('FORBIDDEN', lang === 'ja' ? 'この操作を行う権限がありません。' : 'You are not allowed to do this.');

export const badInput = (lang: 'ja' | 'en', fields: FieldErrors) =>
  apiError('BAD_USER_INPUT', lang === 'ja' ? '入力内容を確認してください。' : 'Please check the highlighted fields.', { fields });

/** The API (another process, or its database) cannot answer right now: the page is the 503 "try again" page. */
export class ApiUnavailableError extends Error {
  readonly status = 503;
  constructor(cause: unknown) {
    super('The API is unavailable', { cause });
  }
}
