import { sql, type ColumnType } from 'kysely';

/** Set by the database on insert, never written after. */
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** Set by the database on insert; a write sets it again. */
export type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
/** A time-of-day column (a shift's start or end) as HH:MM text. */
export const clockText = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'HH24:MI')`;
