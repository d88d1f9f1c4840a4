import { badgeStates } from '../../../shared/list-kinds.ts';
import type { JSX } from 'react';
import type { Lang } from '../../../shared/i18n.ts';
import { msg } from '../../../shared/messages.ts';
import { TableSection, problemsCell, tableColumns } from '../../ui/DataTable.tsx';

export interface CrawlerRunView {
  id: string;
  started_at: string;
  finished_at: string | null;
  status: string;
  found: number;
  imported: number;
  updated: number;
  skipped: number;
  errors: string[];
}

const STATES = badgeStates({
  running: ['crawler.running', 'info'],
  ok: ['crawler.ok', 'success'],
  failed: ['crawler.failed', 'danger'],
});

/** A crawler source's run history on its record page: newest first, with counts and what went wrong. */
export function CrawlerRuns({ lang, runs }: { lang: Lang; runs: CrawlerRunView[] }): JSX.Element {
  return (
    <TableSection
      className="card crawler-runs"
      anchor="crawler-runs"
      id="crawler-runs-title"
      title={msg(lang, 'crawler.history')}
      lang={lang}
      columns={tableColumns({
        started_at: ['crawler.started', 'datetime'],
        status: ['crawler.result', 'badge', { states: STATES }],
        found: ['crawler.found', 'number'],
        imported: ['crawler.imported', 'number'],
        updated: ['crawler.updated', 'number'],
        skipped: ['crawler.skipped', 'number'],
        errors: ['crawler.problems', 'text'],
      })}
      rows={runs}
      cell={problemsCell}
      empty={msg(lang, 'crawler.noRuns')}
    />
  );
}
