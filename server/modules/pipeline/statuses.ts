/**
 * The candidate-status trees the pipeline moves along (docs/pipeline.md). A company works with its
 * own tree when it has one, else with the platform's default tree (company_id null); the platform
 * sees every tree. The moves come from the tree's shape (status-tree.ts `statusMoves`).
 */
import { hasNoTenant, isPlatform, type Tenant } from '../../access/tenancy.ts';
import { audit, type Actor } from '../../db/audit.ts';
import type { DB } from '../../db/connect.ts';
import { cachedReference } from '../enums/reference-cache.ts';
import { mayEnterStatus } from '../workforce/may-work.ts';
import type { WorkLimitRefusal } from '../workforce/work-limits.ts';
import { statusMoves, type ListedStatus, type StatusMove } from '../templates/status-tree.ts';

export interface TreeStatus extends ListedStatus {
  company_id: string | null;
}

const COLUMNS = ['id', 'parent_id', 'company_id', 'name_ja', 'name_en', 'list', 'sort'] as const;

/**
 * The tree a company's applications move along: its own statuses, else the platform's. Cached in
 * the process like reference data (migration 0035 notifies on a write); inside a transaction
 * (`db` a transaction) it is read fresh. Callers must not change the rows.
 */
export function companyTree(db: DB, companyId: string): Promise<readonly TreeStatus[]> {
  return cachedReference(db, `statusTree:${companyId}`, async () => {
    const own = await db.selectFrom('candidate_statuses').select(COLUMNS).where('company_id', '=', companyId).execute();
    if (own.length) return own;
    return db.selectFrom('candidate_statuses').select(COLUMNS).where('company_id', 'is', null).execute();
  });
}

/** Every status a tenant's applications can be in (the platform: all trees), in their order. */
export async function tenantStatuses(db: DB, tenant: Tenant): Promise<readonly TreeStatus[]> {
  if (hasNoTenant(tenant)) return [];
  if (isPlatform(tenant)) return cachedReference(db, 'statusTrees', () => db.selectFrom('candidate_statuses').select(COLUMNS).orderBy('sort').execute());
  return [...(await companyTree(db, tenant.companyId))].sort((a, b) => a.sort - b.sort);
}

/** The declared move from one status to another in the company's tree, if there is one. */
export async function declaredMove(db: DB, companyId: string, from: string, to: string): Promise<StatusMove | undefined> {
  return statusMoves(await companyTree(db, companyId)).find((m) => m.from === from && m.to === to);
}

/**
 * Moves one application from `from` to `to` inside the caller's transaction, only if it is still in
 * `from` (two moves at once cannot both win), and writes the history (audit_log, entity
 * application, `status: {from, to}` plus `extra`). A move into a working status first asks
 * `mayEnterStatus` (the person may work the application's time for its job) and is refused with
 * its answer. `moved: false` when it had moved on.
 */
export async function moveApplication(
  trx: DB,
  m: { applicationId: string; companyId: string; from: string; to: string; actor: Actor; extra?: Record<string, unknown> },
): Promise<{ moved: true } | { moved: false; refusal?: WorkLimitRefusal }> {
  const refusal = await mayEnterStatus(trx, m.applicationId, m.to);
  if (refusal) return { moved: false, refusal };
  const moved = await trx
    .updateTable('applications')
    .set({ candidate_status_id: m.to, updated_at: new Date() })
    .where('id', '=', m.applicationId)
    .where('candidate_status_id', '=', m.from)
    .returning('id')
    .executeTakeFirst();
  if (!moved) return { moved: false };
  await audit(trx, m.actor, 'application', m.applicationId, m.companyId, { status: { from: m.from, to: m.to }, ...m.extra });
  return { moved: true };
}
