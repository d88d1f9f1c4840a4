import type { JSX } from 'react';
import { TitledSection } from '../../ui/TitledSection.tsx';
import type { Lang } from '../../../shared/i18n.ts';
import { msg, msgText } from '../../../shared/messages.ts';
import { DataTable, problemsCell } from '../../ui/DataTable.tsx';

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

const STATES = [
  { value: 'running', label: msgText('crawler.running'), tone: 'info' as const },
  { value: 'ok', label: msgText('crawler.ok'), tone: 'success' as const },
  { value: 'failed', label: msgText('crawler.failed'), tone: 'danger' as const },
];

/** A crawler source's run history on its record page: newest first, with counts and what went wrong. */
export function CrawlerRuns({ lang, runs }: { lang: Lang; runs: CrawlerRunView[] }): JSX.Element {
  return (
    <TitledSection className="card crawler-runs" anchor="crawler-runs" id="crawler-runs-title" title={msg(lang, 'crawler.history')} empty={runs.length === 0 && msg(lang, 'crawler.noRuns')}>
      <DataTable
        lang={lang}
        columns={[
          { name: 'started_at', label: msgText('crawler.started'), type: 'datetime' },
          { name: 'status', label: msgText('crawler.result'), type: 'badge', states: STATES },
          { name: 'found', label: msgText('crawler.found'), type: 'number' },
          { name: 'imported', label: msgText('crawler.imported'), type: 'number' },
          { name: 'updated', label: msgText('crawler.updated'), type: 'number' },
          { name: 'skipped', label: msgText('crawler.skipped'), type: 'number' },
          { name: 'errors', label: msgText('crawler.problems'), type: 'text' },
        ]}
        rows={runs}
        cell={problemsCell}
        empty={msg(lang, 'crawler.noRuns')}
      />
    </TitledSection>
  );
}
