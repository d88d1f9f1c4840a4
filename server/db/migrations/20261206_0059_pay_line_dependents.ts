import type { Kysely } from 'kysely';
import { zero } from '../migration-kit.ts';

/**
 * The dependants a daily pay line was withheld for (扶養親族等の数, on the 日額表 甲欄; 0 on 乙 and
 * 丙), beside its `tax_column` (migration 0046): the batch withholds again on the table of its
 * transfer date with the same column and dependants, and the daily list shows them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('pay_lines').addColumn('dependents', 'integer', zero).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('pay_lines').dropColumn('dependents').execute();
}
