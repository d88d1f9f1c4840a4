import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';

/**
 * Background runs (a crawler source's, a Romuten sync) claim their row by setting its
 * `running_since` and clear it when done, so that two processes never run the same one. A claim
 * older than this is from a process that died mid-run: another may take the row.
 */
const STALE_CLAIM_MINUTES = 15;

/** The row is free to run: nobody has claimed it, or its claim is stale. */
export function unclaimed<DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>): Expression<SqlBool> {
  const since = sql.ref<Date | null>('running_since');
  return eb.or([eb(since, 'is', null), eb(since, '<', sql<Date>`now() - make_interval(mins => ${STALE_CLAIM_MINUTES})`)]);
}
