import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt } from './columns.ts';

/** The database layer's own tables: the process's key/value store (meta) and the audit log (server/db/audit.ts writes it). */

export interface MetaTable {
  key: string;
  value: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  entity: string;
  entity_id: string;
  action: 'create' | 'update' | 'delete';
  actor_id: string | null;
  actor_name: string;
  company_id: string | null;
  changes: ColumnType<Record<string, { from: unknown; to: unknown }>, string, string>;
  at: CreatedAt;
}
