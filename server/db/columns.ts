import type { ColumnType } from 'kysely';

/** Set by the database on insert, never written after. */
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** Set by the database on insert; a write sets it again. */
export type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
