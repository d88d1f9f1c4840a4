import { operation } from '../../../api/documents.ts';
import { InboxReportPage } from '../../../../views/pages/admin/InboxReport.tsx';
import type { InboxReportRow } from '../../../../shared/inbox-report.ts';
import { msg } from '../../../../shared/texts/index.ts';
import type { Lang } from '../../../../shared/i18n.ts';
import { addDays, mondayOf } from '../../../../shared/time.ts';
import { todayInJapan } from '../../../time.ts';
import { BadRequest, queryInt, queryText } from '../../../web/kit.ts';
import { csv, defineScreen, type Outcome } from '../../../web/screen.ts';

/** The operations only this screen sends, typed from their text (server/api/documents.ts `operation`). */
const OWN = {
  InboxReport: operation(/* GraphQL */ `
    query InboxReport($weeks: Int) {
      inboxReport(weeks: $weeks) { week staffId staffName responses responseMedianSeconds responseAverageSeconds resolutions resolutionMedianSeconds }
    }`),
};

/**
 * /admin/inbox/report (docs/inbox.md "Report"): first response and resolution times per staff
 * member and week, over the API's `inboxReport` (which narrows the rows to the caller's tenant and
 * the conversations they may open), as charts, a table and a CSV file (`?format=csv`).
 */
const PATH = '/admin/inbox/report';
/** The periods offered, in weeks; 8 unless asked. */
const WEEKS = [4, 8, 12] as const;

function weeksOf(req: Parameters<typeof queryInt>[0]): number {
  const n = queryInt(req, 'weeks', { min: 1, max: 52, fallback: 8 });
  if (!(WEEKS as readonly number[]).includes(n)) throw new BadRequest('weeks is not one of the periods offered');
  return n;
}

/** The CSV: one line per staff member and week, durations in whole seconds (for a spreadsheet to sum). */
function reportCsv(lang: Lang, weeks: number, rows: readonly InboxReportRow[]): Outcome {
  const n = (v: number | null) => (v === null ? '' : String(v));
  return csv(
    `inbox-report-${weeks}w`,
    [
      msg(lang, 'inboxReport.csvWeek'),
      msg(lang, 'inboxReport.staff'),
      msg(lang, 'inboxReport.responses'),
      msg(lang, 'inboxReport.csvResponseMedian'),
      msg(lang, 'inboxReport.csvResponseAverage'),
      msg(lang, 'inboxReport.resolutions'),
      msg(lang, 'inboxReport.csvResolutionMedian'),
    ],
    rows.map((r) => [r.week, r.staffName, String(r.responses), n(r.responseMedianSeconds), n(r.responseAverageSeconds), String(r.resolutions), n(r.resolutionMedianSeconds)]),
  );
}

const INBOX_REPORT_SCREEN = defineScreen({
  path: PATH,
  load: async (ctx) => {
    const weeks = weeksOf(ctx.req);
    const { inboxReport: rows } = await ctx.call(OWN.InboxReport, { weeks });
    if (queryText(ctx.req, 'format') === 'csv') throw reportCsv(ctx.lang, weeks, rows);
    // The charts' axis: every week of the period, oldest first, whether anything happened in it or not.
    const first = addDays(mondayOf(todayInJapan()), -7 * (weeks - 1));
    return { weeks, rows, axis: Array.from({ length: weeks }, (_, i) => addDays(first, 7 * i)) };
  },
  view: ({ lang, route }, d) => ({ content: <InboxReportPage lang={lang} title={route.title} path={PATH} weeks={d.weeks} choices={WEEKS} axis={d.axis} rows={d.rows} /> }),
});

export const screens = [INBOX_REPORT_SCREEN];
