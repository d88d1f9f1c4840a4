/**
 * What one sync with the Romuten API did (docs/romuten.md), as the sync counts it
 * (server/modules/integrations/sync.ts) and the integrations page draws a run of it
 * (views/pages/admin/Integrations.tsx). What went wrong is beside the counts: kept as problems by
 * the sync, drawn as sentences in the reader's language for the page.
 */
export interface SyncCounts {
  workersPushed: number;
  attendancePushed: number;
  unchanged: number;
  statusesPulled: number;
  failed: number;
  retries: number;
}
