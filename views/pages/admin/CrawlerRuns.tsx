import type { JSX } from 'react';
import { TitledSection } from '../../ui/TitledSection.tsx';
import type { Lang, Text } from '../../../shared/i18n.ts';
import { msg, msgText, type MessageKey } from '../../../shared/messages.ts';
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

const label = (key: MessageKey): Text => msgText(key);
const STATES = [
  { value: 'running', label: label('crawler.running'), tone: 'info' as const },
  { value: 'ok', label: label('crawler.ok'), tone: 'success' as const },
  { value: 'failed', label: label('crawler.failed'), tone: 'danger' as const },
];

/** A crawler source's run history on its record page: newest first, with counts and what went wrong. */
export function CrawlerRuns({ lang, runs }: { lang: Lang; runs: CrawlerRunView[] }): JSX.Element {
  return (
    <TitledSection className="card crawler-runs" anchor="crawler-runs" id="crawler-runs-title" title={msg(lang, 'crawler.history')} empty={runs.length === 0 && msg(lang, 'crawler.noRuns')}>
      <DataTable
        lang={lang}
        columns={[
          { name: 'started_at', label: label('crawler.started'), type: 'datetime' },
          { name: 'status', label: label('crawler.result'), type: 'badge', states: STATES },
          { name: 'found', label: label('crawler.found'), type: 'number' },
          { name: 'imported', label: label('crawler.imported'), type: 'number' },
          { name: 'updated', label: label('crawler.updated'), type: 'number' },
          { name: 'skipped', label: label('crawler.skipped'), type: 'number' },
          { name: 'errors', label: label('crawler.problems'), type: 'text' },
        ]}
        rows={runs}
        cell={problemsCell}
        empty={msg(lang, 'crawler.noRuns')}
      />
    </TitledSection>
  );
}
