/**
 * The audit log's one writer: every write a person (or a job of ours) makes to a record it audits
 * goes through `audit`, in the same transaction as the write, so the history and the row never
 * disagree. Read back by the record pages (`audit_log`: entity, entity id, who, when, changes).
 */
import type { DB } from './connect.ts';

/** Who wrote: a signed-in user, or a job of ours (id null, named as the history shows it, e.g. "Crawler"). */
export interface Actor {
  id: string | null;
  name: string;
}

export type AuditAction = 'create' | 'update' | 'delete';

/** Writes one audit entry: `changes` keyed by field, usually `{ from, to }`. */
export async function audit(db: DB, actor: Actor, entity: string, entityId: string, companyId: string | null, changes: Record<string, unknown>, action: AuditAction = 'update'): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({ entity, entity_id: entityId, action, actor_id: actor.id, actor_name: actor.name, company_id: companyId, changes: JSON.stringify(changes) })
    .execute();
}
