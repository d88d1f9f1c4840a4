/**
 * A row of the inbox report (docs/inbox.md "Report"), as the API computes it
 * (server/modules/inbox/report.ts) and the report's page draws it (views/pages/admin/InboxReport.tsx).
 */
export interface InboxReportRow {
  /** The Monday the week starts on (YYYY-MM-DD, Japan). */
  week: string;
  staffId: string;
  staffName: string;
  responses: number;
  responseMedianSeconds: number | null;
  responseAverageSeconds: number | null;
  resolutions: number;
  resolutionMedianSeconds: number | null;
}
