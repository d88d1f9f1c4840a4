import { DOCS } from '../../../api/documents.ts';
import { CrawlerRuns } from '../../../../views/pages/admin/CrawlerRuns.tsx';
import { errorPage } from '../../screen.ts';
import type { RecordSection } from '../record-section.ts';

/** A crawler source's run history under its form; "Run now" is the record's action. */
const crawlerRunsSection: RecordSection = {
  ops: [],
  async render(ctx, row) {
    const { crawlerRuns } = await ctx.call(DOCS.CrawlerRuns, { sourceId: String(row.id) });
    return <CrawlerRuns lang={ctx.lang} runs={crawlerRuns} />;
  },
  post: async () => errorPage('badRequest'),
};

/** The crawler source's record page: its run history. */
export const sections = { crawlerSource: crawlerRunsSection };
