import type { Kysely } from 'kysely';
import { now, companyId, userId } from '../migration-kit.ts';

/**
 * Residence-card expiry alerts: which company was told about which person's card
 * at which threshold (90, 60, 30 days, 0 = expired), so each alert goes out once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('residence_alerts')
    .$call(userId)
    .$call(companyId)
    .addColumn('expiry', 'date', (c) => c.notNull())
    .addColumn('threshold', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', now)
    .addPrimaryKeyConstraint('residence_alerts_pk', ['user_id', 'company_id', 'expiry', 'threshold'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('residence_alerts').execute();
}
