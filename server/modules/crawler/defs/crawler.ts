import { sql } from 'kysely';
import type { Lang, Text } from '../../../../shared/i18n.ts';
import { z } from 'zod';
import { runSource } from '../run.ts';
import { FIELD_LABELS, ITEM_LABEL } from '../extract.ts';
import { f, platformScope, type ResourceDef } from '../../../resources/define.ts';
import { msg, msgText } from '../../../../shared/texts/index.ts';
import { companyOptions } from '../../companies/defs/organizations.ts';
import { clientOptions } from '../../auth/defs/users.ts';

/**
 * Job import at /admin/superadmin/crawler (210001, superadmins by default): the sources the
 * crawler reads (server/modules/crawler), each a page or JSON feed with where its jobs and their
 * fields are, the company and client its drafts belong to, and how often it runs. "Run now" is a
 * record action; the record page shows the run history (server/modules/crawler/screens/runs.tsx).
 */
const selector = (name: string, label: Text, o: { required?: boolean; hint?: Text } = {}) => f.text(name, label, { max: 300, required: o.required ?? false, ...(o.hint ? { hint: o.hint } : {}) });

/** A run's start as the pages write an instant (dateTimeText, shared/format.ts): "2026/11/30 9:05" / "30/11/2026, 09:05". */
const STAMP: Record<Lang, string> = { ja: 'YYYY/MM/DD FMHH24:MI', en: 'DD/MM/YYYY, HH24:MI' };

const httpUrl = z
  .string()
  .trim()
  .min(1)
  .max(2000)
  .refine((v) => /^https?:\/\/[^\s]+$/i.test(v) && URL.canParse(v), { message: 'url', params: msgText('integrations.url') });

export const crawlerSourceResource: ResourceDef = {
  name: 'crawlerSource',
  plural: 'crawlerSources',
  table: 'crawler_sources',
  title: msgText('res.crawler.importSource'),
  titlePlural: msgText('res.crawler.jobImportSources'),
  labelField: 'name',
  defaultSort: { field: 'name', dir: 'asc' },
  scope: platformScope,
  fields: [
    f.text('name', msgText('res.crawler.name'), { list: true, sortable: true, search: true }),
    { ...f.text('url', msgText('res.crawler.urlPageFeed'), { list: true, search: true }), schema: httpUrl },
    f.select(
      'format',
      msgText('res.crawler.format'),
      [
        { value: 'html', label: msgText('res.crawler.htmlPage') },
        { value: 'json', label: msgText('res.crawler.jsonFeed') },
      ],
      { default: 'html', list: true, filter: true },
    ),
    f.select(
      'job_kind',
      msgText('res.crawler.import'),
      [
        { value: 'other', label: msgText('res.common.partTimeJobs') },
        { value: 'daily', label: msgText('res.common.dailyJobs') },
      ],
      { default: 'other' },
    ),
    f.ref('company_id', msgText('res.common.staffingCompany'), companyOptions, { list: true, filter: true }),
    f.ref('client_id', msgText('res.common.client'), clientOptions),
    selector('item_selector', msgText(ITEM_LABEL), {
      required: true,
      hint: msgText('res.crawler.htmlCssSelector'),
    }),
    selector('map_title', msgText(FIELD_LABELS.title), { required: true, hint: msgText('res.crawler.cssSelectorInside') }),
    selector('map_url', msgText(FIELD_LABELS.url), { hint: msgText('res.crawler.selectorLinkElement') }),
    selector('map_title_en', msgText(FIELD_LABELS.title_en)),
    selector('map_description', msgText(FIELD_LABELS.description)),
    selector('map_wage', msgText(FIELD_LABELS.wage), { hint: msgText('res.crawler.firstNumberRead') }),
    selector('map_prefecture', msgText(FIELD_LABELS.prefecture)),
    selector('map_city', msgText(FIELD_LABELS.city)),
    selector('map_station', msgText(FIELD_LABELS.station)),
    f.number('schedule_minutes', msgText('res.crawler.runEveryMinutes'), { min: 5, max: 60 * 24 * 30, default: 1440 }),
    f.boolean('active', msgText('res.crawler.runSchedule'), { list: true, filter: true, default: true }),
  ],
  computed: [
    {
      name: 'last_run',
      label: msgText('res.crawler.lastRun'),
      list: true,
      // The catalogue's sentence as format()'s pattern, its values in order; the words are bound.
      sql: (table, lang) =>
        sql<string | null>`(select format(${msg(lang, 'res.crawler.lastRunSummary', { status: '%1$s', imported: '%2$s', updated: '%3$s', skipped: '%4$s', at: '%5$s' })},
            case r.status when 'ok' then ${msg(lang, 'crawler.ok')} else ${msg(lang, 'crawler.failed')} end,
            r.imported, r.updated, r.skipped, to_char(r.started_at at time zone 'Asia/Tokyo', ${STAMP[lang]}))
          from crawler_runs r where r.source_id = ${sql.ref(`${table}.id`)} order by r.started_at desc limit 1)`,
    },
  ],
  async validate(input, ctx): Promise<Record<string, string>> {
    // The client must be one of the chosen company's.
    if (!input.client_id) return {};
    const companyId = input.company_id ?? (ctx.id ? (await ctx.db.selectFrom('crawler_sources').select('company_id').where('id', '=', ctx.id).executeTakeFirst())?.company_id : undefined);
    const client = await ctx.db.selectFrom('clients').select('company_id').where('id', '=', String(input.client_id)).executeTakeFirst();
    if (client && companyId && client.company_id !== companyId) {
      return { client_id: msg(ctx.lang, 'res.crawler.chooseClientOfCompany') };
    }
    return {};
  },
  actions: [
    {
      name: 'run',
      label: msgText('res.crawler.runNow'),
      done: msgText('res.crawler.importRunFinished'),
      async run(row, ctx) {
        const r = await runSource(ctx.db, row.id, { log: ctx.services.log, outbound: ctx.services.outbound, bus: ctx.services.bus });
        if (!r) return msgText('res.crawler.sourceBeingRun');
      },
    },
  ],
  screens: [{ path: '/admin/superadmin/crawler', mode: 'single' }],
  sample: {
    name: 'テスト求人サイト',
    url: 'https://jobs.example.test/list',
    format: 'html',
    job_kind: 'other',
    company_id: '$company',
    client_id: '$client',
    item_selector: 'li.job',
    map_title: 'a.title',
    map_url: 'a.title',
    schedule_minutes: 1440,
    active: false,
  },
};
