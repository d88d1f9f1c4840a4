/**
 * Record ids: UUIDs as PostgreSQL writes them (any version, either case). The one check every
 * tier uses before an id from an address, a form or a payload reaches a query: anything else is
 * "not found", never a database error.
 */

/** A UUID, 8-4-4-4-12 hexadecimal digits. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a string that is a record id. */
export const isUuid = (v: unknown): v is string => typeof v === 'string' && UUID_PATTERN.test(v);

/** The id a value is, or null (absent, not a string, not a UUID). */
export const parseId = (v: unknown): string | null => (isUuid(v) ? v : null);
