import { pino, type DestinationStream, type Logger } from 'pino';

/**
 * What never goes into a log line: session cookies and bearer tokens (anyone who reads the logs
 * could take over the session), passwords, and the one-time tokens of reset links.
 */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.query.token',
  'res.headers["set-cookie"]',
  '*.password',
  '*.passwordConfirm',
  '*.token',
  '*.apiKey',
  'variables.password',
  'variables.token',
];

const SECRET_PARAMS = /([?&](?:token|key|password|code)=)[^&#]*/gi;

/** A URL with its secret query values blanked (a reset link's token). */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

/** The process's logger: JSON lines at `level`, secrets redacted. */
export function createLogger(level: string, destination?: DestinationStream, base?: Record<string, unknown>): Logger {
  const options = { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' }, ...(base ? { base } : {}) };
  return destination ? pino(options, destination) : pino(options);
}
