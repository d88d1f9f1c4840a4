import { type Kysely } from 'kysely';

/**
 * The day-before reminder of a shift awaiting confirmation: when it went out, so
 * it goes out once, whichever process's scheduler claims it first.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('applications').addColumn('kakunin_reminded_at', 'timestamptz').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('applications').dropColumn('kakunin_reminded_at').execute();
}
