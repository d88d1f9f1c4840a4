import { operation } from '../../../api/documents.ts';
import { CrawlerRuns } from '../../../../views/pages/admin/CrawlerRuns.tsx';
import { errorPage } from '../../../web/screen.ts';
import type { RecordSection } from '../../../web/screens/record-section.ts';

/** The operations only this screen sends, typed from their text (server/api/documents.ts `operation`). */
const OWN = {
  CrawlerRuns: operation(/* GraphQL */ `
    query CrawlerRuns($sourceId: ID!) {
      crawlerRuns(sourceId: $sourceId) { id started_at finished_at status found imported updated skipped errors }
    }`),
};

/** A crawler source's run history under its form; "Run now" is the record's action. */
const crawlerRunsSection: RecordSection = {
  ops: [],
  async render(ctx, row) {
    const { crawlerRuns } = await ctx.call(OWN.CrawlerRuns, { sourceId: String(row.id) });
    return <CrawlerRuns lang={ctx.lang} runs={crawlerRuns} />;
  },
  post: async () => errorPage('badRequest'),
};

/** The crawler source's record page: its run history. */
export const sections = { crawlerSource: crawlerRunsSection };
