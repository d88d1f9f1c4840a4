import type { ColumnType, Generated } from 'kysely';
import type { Problem } from '../../../shared/texts/index.ts';

/** The integration tables (migration 0028, docs/romuten.md). */
export interface IntegrationTables {
  integration_connections: IntegrationConnectionsTable;
  integration_items: IntegrationItemsTable;
  integration_syncs: IntegrationSyncsTable;
}

type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Count = ColumnType<number, number | undefined, number>;

export type Provider = 'romuten';
export type SyncStatus = 'running' | 'ok' | 'partial' | 'failed';

export interface IntegrationConnectionsTable {
  id: Generated<string>;
  company_id: string;
  provider: Provider;
  base_url: string;
  /** The API key and secret sealed with AES-256-GCM (crypto.ts); null: not set. */
  credentials: Generated<string | null>;
  api_key_last4: Generated<string | null>;
  secret_last4: Generated<string | null>;
  enabled: Generated<boolean>;
  last_sync_at: Generated<Date | null>;
  last_sync_status: Generated<'ok' | 'partial' | 'failed' | null>;
  running_since: Generated<Date | null>;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface IntegrationItemsTable {
  connection_id: string;
  entity: 'worker' | 'attendance';
  entity_id: string;
  version: string;
  remote_id: string | null;
  remote_status: Generated<string | null>;
  pushed_at: Stamp;
  pulled_at: Generated<Date | null>;
}

export interface IntegrationSyncsTable {
  id: Generated<string>;
  connection_id: string;
  company_id: string;
  actor_id: string | null;
  actor_name: string;
  started_at: Stamp;
  finished_at: Generated<Date | null>;
  status: Generated<SyncStatus>;
  workers_pushed: Count;
  attendance_pushed: Count;
  unchanged: Count;
  statuses_pulled: Count;
  failed: Count;
  retries: Count;
  /** Problems as keys and values (a `Problem`); a sync logged before they had keys holds English sentences. */
  errors: ColumnType<(Problem | string)[], string | undefined, string>;
}
