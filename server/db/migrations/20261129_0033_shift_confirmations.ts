import { type Kysely, sql } from 'kysely';

/**
 * Shifts (docs/workforce.md "The shifts page"): the client confirms a shift's
 * staffing from /admin/shift; who confirmed and when. A swap clears it (the staffing it confirmed
 * changed), so the client confirms again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('job_daily_shifts')
    .addColumn('client_confirmed_at', 'timestamptz')
    .addColumn('client_confirmed_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await sql`comment on column job_daily_shifts.client_confirmed_at is 'When a client user confirmed the staffing (null: not confirmed since the last change)'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('job_daily_shifts').dropColumn('client_confirmed_by').dropColumn('client_confirmed_at').execute();
}
