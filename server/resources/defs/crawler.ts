import { sql } from 'kysely';
import { z } from 'zod';
import { runSource } from '../../modules/crawler/run.ts';
import { f, platformScope, t, type ResourceDef } from '../define.ts';
import { companyOptions } from './organizations.ts';
import { clientOptions } from './users.ts';

/**
 * Job import at /admin/superadmin/crawler (210001, superadmins by default): the sources the
 * crawler reads (server/modules/crawler), each a page or JSON feed with where its jobs and their
 * fields are, the company and client its drafts belong to, and how often it runs. "Run now" is a
 * record action; the record page shows the run history (server/web/screens/admin/crawler-runs.tsx).
 */
const selector = (name: string, label: ReturnType<typeof t>, o: { required?: boolean; hint?: ReturnType<typeof t> } = {}) =>
  f.text(name, label, { max: 300, required: o.required ?? false, ...(o.hint ? { hint: o.hint } : {}) });

const httpUrl = z
  .string()
  .trim()
  .min(1)
  .max(2000)
  .refine((v) => /^https?:\/\/[^\s]+$/i.test(v) && URL.canParse(v), { message: 'url', params: { ja: 'http:// または https:// で始まるURLを入力してください。', en: 'Enter a URL starting with http:// or https://.' } });

export const crawlerSourceResource: ResourceDef = {
  name: 'crawlerSource',
  plural: 'crawlerSources',
  table: 'crawler_sources',
  title: t('取り込み元', 'Import source'),
  titlePlural: t('求人の取り込み元', 'Job import sources'),
  labelField: 'name',
  defaultSort: { field: 'name', dir: 'asc' },
  scope: platformScope,
  fields: [
    f.text('name', t('名前', 'Name'), { list: true, sortable: true, search: true }),
    { ...f.text('url', t('取り込むページのURL', 'URL of the page or feed'), { list: true, search: true }), schema: httpUrl },
    f.select('format', t('形式', 'Format'), [
      { value: 'html', label: t('HTMLページ', 'HTML page') },
      { value: 'json', label: t('JSONフィード', 'JSON feed') },
    ], { default: 'html', list: true, filter: true }),
    f.select('job_kind', t('取り込む求人の種類', 'Import as'), [
      { value: 'other', label: t('アルバイト求人', 'Part-time jobs') },
      { value: 'daily', label: t('日払い求人', 'Daily jobs') },
    ], { default: 'other' }),
    f.ref('company_id', t('派遣会社', 'Staffing company'), companyOptions, { list: true, filter: true }),
    f.ref('client_id', t('クライアント', 'Client'), clientOptions),
    selector('item_selector', t('求人の場所', 'Where each job is'), {
      required: true,
      hint: t('HTML: 求人1件を囲む要素のCSSセレクタ（例: li.job）。JSON: 求人の配列のパス（例: data.jobs）。', 'HTML: a CSS selector of the element holding one job (e.g. li.job). JSON: the dotted path of the array of jobs (e.g. data.jobs).'),
    }),
    selector('map_title', t('タイトル', 'Title'), { required: true, hint: t('求人の中のCSSセレクタ、またはJSONのパス。', 'A CSS selector inside the job, or a JSON path.') }),
    selector('map_url', t('求人のリンク', 'Link to the job'), { hint: t('リンク（a要素）のセレクタ。同じリンクの求人は二重に取り込みません。', 'The selector of the link (an a element). A job with the same link is never imported twice.') }),
    selector('map_title_en', t('タイトル（英語）', 'Title (English)')),
    selector('map_description', t('仕事内容', 'Description')),
    selector('map_wage', t('給与', 'Pay'), { hint: t('最初の数字を円として読みます（例: 時給1,200円 → 1200）。', 'The first number is read as yen (e.g. ¥1,200/hour → 1200).') }),
    selector('map_prefecture', t('都道府県', 'Prefecture')),
    selector('map_city', t('市区町村', 'City')),
    selector('map_station', t('最寄り駅', 'Station')),
    f.number('schedule_minutes', t('取り込みの間隔（分）', 'Run every (minutes)'), { min: 5, max: 60 * 24 * 30, default: 1440 }),
    f.boolean('active', t('自動で取り込む', 'Run on schedule'), { list: true, filter: true, default: true }),
  ],
  computed: [
    {
      name: 'last_run',
      label: t('前回の取り込み', 'Last run'),
      list: true,
      sql: (table) =>
        sql<string | null>`(select r.status || ' · ' || r.imported || ' new / ' || r.updated || ' updated / ' || r.skipped || ' skipped · ' || to_char(r.started_at at time zone 'Asia/Tokyo', 'YYYY-MM-DD HH24:MI')
          from crawler_runs r where r.source_id = ${sql.ref(`${table}.id`)} order by r.started_at desc limit 1)`,
    },
  ],
  async validate(input, ctx): Promise<Record<string, string>> {
    // The client must be one of the chosen company's.
    if (!input.client_id) return {};
    const companyId = input.company_id ?? (ctx.id ? (await ctx.db.selectFrom('crawler_sources').select('company_id').where('id', '=', ctx.id).executeTakeFirst())?.company_id : undefined);
    const client = await ctx.db.selectFrom('clients').select('company_id').where('id', '=', String(input.client_id)).executeTakeFirst();
    if (client && companyId && client.company_id !== companyId) {
      return { client_id: ctx.lang === 'ja' ? 'この派遣会社のクライアントを選んでください。' : 'Choose a client of this staffing company.' };
    }
    return {};
  },
  actions: [
    {
      name: 'run',
      label: t('今すぐ取り込む', 'Run now'),
      done: t('取り込みが終わりました。結果は下の履歴にあります。', 'The import run finished: its result is in the history below.'),
      async run(row, ctx) {
        const r = await runSource(ctx.db, row.id, { log: ctx.services.log, outbound: ctx.services.outbound, bus: ctx.services.bus });
        if (!r) return t('この取り込み元は別の処理で取り込み中です。しばらくしてから履歴を確認してください。', 'This source is being run elsewhere right now. Check the history in a moment.');
      },
    },
  ],
  screens: [{ path: '/admin/superadmin/crawler', mode: 'single' }],
  sample: { name: 'テスト求人サイト', url: 'https://jobs.example.test/list', format: 'html', job_kind: 'other', company_id: '$company', client_id: '$client', item_selector: 'li.job', map_title: 'a.title', map_url: 'a.title', schedule_minutes: 1440, active: false },
};
