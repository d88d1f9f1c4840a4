import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, UpdatedAt } from '../../db/columns.ts';
import type { Problem } from '../../../shared/texts/index.ts';

/** Job import: the sources, each run, and what each source item became. */

/** A site or feed the crawler imports jobs from (server/modules/crawler). */
export interface CrawlerSourcesTable {
  id: Generated<string>;
  name: string;
  url: string;
  format: Generated<'html' | 'json'>;
  job_kind: Generated<'daily' | 'other'>;
  company_id: string;
  client_id: string;
  /** Where each job is, then each field inside it: CSS selectors (html) or dotted paths (json); see modules/crawler/extract.ts. */
  item_selector: Generated<string>;
  map_url: string | null;
  map_title: string;
  map_title_en: string | null;
  map_description: string | null;
  map_wage: string | null;
  map_prefecture: string | null;
  map_city: string | null;
  map_station: string | null;
  schedule_minutes: Generated<number>;
  active: Generated<boolean>;
  last_run_at: Date | null;
  running_since: Date | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface CrawlerRunsTable {
  id: Generated<string>;
  source_id: string;
  started_at: CreatedAt;
  finished_at: Date | null;
  status: Generated<'running' | 'ok' | 'failed'>;
  found: Generated<number>;
  imported: Generated<number>;
  updated: Generated<number>;
  skipped: Generated<number>;
  /** Problems as keys and values (a `Problem`); a run logged before they had keys holds English sentences. */
  errors: ColumnType<(Problem | string)[], string | undefined, string>;
}

export interface CrawlerItemsTable {
  id: Generated<string>;
  source_id: string;
  source_url: string;
  content_hash: string;
  job_id: string | null;
  first_seen_at: CreatedAt;
  last_seen_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
