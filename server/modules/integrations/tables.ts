import type { ColumnType, Generated } from 'kysely';

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
  credentials: ColumnType<string | null, string | null | undefined>;
  api_key_last4: ColumnType<string | null, string | null | undefined>;
  secret_last4: ColumnType<string | null, string | null | undefined>;
  enabled: ColumnType<boolean, boolean | undefined>;
  last_sync_at: ColumnType<Date | null, Date | null | undefined>;
  last_sync_status: ColumnType<'ok' | 'partial' | 'failed' | null, 'ok' | 'partial' | 'failed' | null | undefined>;
  running_since: ColumnType<Date | null, Date | null | undefined>;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface IntegrationItemsTable {
  connection_id: string;
  entity: 'worker' | 'attendance';
  entity_id: string;
  version: string;
  remote_id: string | null;
  remote_status: ColumnType<string | null, string | null | undefined>;
  pushed_at: Stamp;
  pulled_at: ColumnType<Date | null, Date | null | undefined>;
}

export interface IntegrationSyncsTable {
  id: Generated<string>;
  connection_id: string;
  company_id: string;
  actor_id: string | null;
  actor_name: string;
  started_at: Stamp;
  finished_at: ColumnType<Date | null, Date | null | undefined>;
  status: ColumnType<SyncStatus, SyncStatus | undefined>;
  workers_pushed: Count;
  attendance_pushed: Count;
  unchanged: Count;
  statuses_pulled: Count;
  failed: Count;
  retries: Count;
  errors: ColumnType<string[], string | undefined, string>;
}
