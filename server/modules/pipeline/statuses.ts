/**
 * The candidate-status trees the pipeline moves along (docs/pipeline.md). A company works with its
 * own tree when it has one, else with the platform's default tree (company_id null); the platform
 * sees every tree. The moves come from the tree's shape (status-tree.ts `statusMoves`).
 */
import type { Tenant } from '../../access/tenancy.ts';
import type { DB } from '../../db/connect.ts';
import { statusMoves, type ListedStatus, type StatusMove } from '../templates/status-tree.ts';

export interface TreeStatus extends ListedStatus {
  company_id: string | null;
}

const COLUMNS = ['id', 'parent_id', 'company_id', 'name_ja', 'name_en', 'list', 'sort'] as const;

/** The tree a company's applications move along: its own statuses, else the platform's. */
export async function companyTree(db: DB, companyId: string): Promise<TreeStatus[]> {
  const own = await db.selectFrom('candidate_statuses').select(COLUMNS).where('company_id', '=', companyId).execute();
  if (own.length) return own;
  return db.selectFrom('candidate_statuses').select(COLUMNS).where('company_id', 'is', null).execute();
}

/** Every status a tenant's applications can be in (the platform: all trees). */
export async function tenantStatuses(db: DB, tenant: Tenant): Promise<TreeStatus[]> {
  if (tenant.kind === 'none') return [];
  if (tenant.kind === 'platform') return db.selectFrom('candidate_statuses').select(COLUMNS).orderBy('sort').execute();
  return (await companyTree(db, tenant.companyId)).sort((a, b) => a.sort - b.sort);
}

/** The declared move from one status to another in the company's tree, if there is one. */
export async function declaredMove(db: DB, companyId: string, from: string, to: string): Promise<StatusMove | undefined> {
  return statusMoves(await companyTree(db, companyId)).find((m) => m.from === from && m.to === to);
}
