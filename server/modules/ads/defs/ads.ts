import { sql } from 'kysely';
import { isPlatform } from '../../../access/tenancy.ts';
import { z } from 'zod';
import { pickLang } from '../../../../shared/i18n.ts';
import { fetchBannerImage, isRemoteImage, storeBannerImage } from '../image.ts';
import { f, inBoth, platformScope, type Option, type OptionContext, type ResourceDef } from '../../../resources/define.ts';
import { msg, msgText } from '../../../../shared/texts/index.ts';

/**
 * Ads at /admin/superadmin/ads (220001, superadmins by default; docs/ads.md): featured jobs and
 * banners on the public boards, with a period, a language and the boards they show on. The
 * boards read them from each process's cache (server/modules/ads/service.ts); impressions and
 * clicks are counted there and written in batches to ad_counts, shown here as list columns.
 */
const KINDS: Option[] = [
  { value: 'featured', label: msgText('res.ads.featuredJob') },
  { value: 'banner', label: msgText('res.ads.banner') },
];
const LANGS: Option[] = [
  { value: 'both', label: msgText('res.ads.japaneseEnglish') },
  { value: 'ja', label: msgText('res.ads.japanesePagesOnly') },
  { value: 'en', label: msgText('res.ads.englishPagesOnly') },
];
const PLACEMENT_OPTIONS: Option[] = [
  { value: 'daily', label: msgText('res.ads.dailyJobsBoard') },
  { value: 'part_time', label: msgText('res.ads.partTimeJobsBoard') },
  { value: 'daily_job', label: msgText('res.ads.dailyJobPages') },
  { value: 'part_time_job', label: msgText('res.ads.partTimeJobPages') },
];

/** An address of another site (http or https) or a path of this one ("/…", never "//…"). */
const linkSchema = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z
    .string()
    .trim()
    .max(2000)
    .refine((v) => (/^https?:\/\/[^\s]+$/i.test(v) && URL.canParse(v)) || /^\/(?![/\\])[^\s]*$/.test(v), {
      message: 'url',
      params: msgText('res.ads.urlOrPath'),
    })
    .nullable(),
);

/** The jobs a featured ad may show: the published ones (open), newest first. */
async function publishedJobOptions({ tenant, db }: OptionContext): Promise<Option[]> {
  if (!isPlatform(tenant)) return [];
  const rows = await db.selectFrom('jobs').select(['id', 'kind', 'title_ja', 'title_en']).where('status', '=', 'open').orderBy('created_at', 'desc').limit(500).execute();
  return rows.map((j) => ({
    value: j.id,
    label: inBoth((lang) => msg(lang, j.kind === 'daily' ? 'res.ads.dailyJobOption' : 'res.ads.partTimeJobOption', { title: pickLang(lang, j.title_ja, j.title_en) })),
  }));
}

/** Images fetched while validating a save, handed to afterWrite (by URL) so they are fetched once. */
const fetched = new Map<string, { data: Buffer; type: string }>();

/** An ad's count as the lists write a number ("12,345"); an ad not yet seen or clicked has 0, not a blank. */
const count = (column: 'impressions' | 'clicks') => (table: string) =>
  sql<string | null>`coalesce((select to_char(${sql.ref(`c.${column}`)}, 'FM999,999,999,999,990') from ad_counts c where c.ad_id = ${sql.ref(`${table}.id`)}), '0')`;

export const adResource: ResourceDef = {
  name: 'ad',
  plural: 'ads',
  table: 'ads',
  title: msgText('res.ads.ad'),
  titlePlural: msgText('res.ads.ads'),
  labelField: 'name',
  defaultSort: { field: 'starts_on', dir: 'desc' },
  scope: platformScope,
  fields: [
    f.text('name', msgText('res.ads.nameAdmins'), { list: true, sortable: true, search: true }),
    f.select('kind', msgText('res.common.kind'), KINDS, { default: 'banner', list: true, filter: true }),
    f.ref('job_id', msgText('res.ads.jobFeatureFeatured'), publishedJobOptions, {
      required: false,
      hint: msgText('res.ads.onePublishedJobs'),
    }),
    f.text('title_ja', msgText('res.ads.headingJapaneseBanner'), { required: false, max: 80 }),
    f.text('title_en', msgText('res.ads.headingEnglishBanner'), { required: false, max: 80 }),
    f.textarea('body_ja', msgText('res.ads.textJapaneseBanner'), { max: 300 }),
    f.textarea('body_en', msgText('res.ads.textEnglishBanner'), { max: 300 }),
    { ...f.text('link_url', msgText('res.ads.linkBanner'), { required: false, search: true }), schema: linkSchema },
    {
      ...f.text('image_url', msgText('res.ads.imageUrlBanner'), { required: false }),
      schema: linkSchema,
      hint: msgText('res.ads.copiedOnceWhen'),
    },
    f.select('lang', msgText('res.ads.language'), LANGS, { default: 'both', list: true, filter: true }),
    f.multi('placements', msgText('res.ads.whereShows'), PLACEMENT_OPTIONS, { list: true, filter: true }),
    f.date('starts_on', msgText('res.ads.from'), { required: true, list: true, sortable: true }),
    f.date('ends_on', msgText('res.ads.until'), { required: true, list: true, sortable: true }),
    f.boolean('active', msgText('res.ads.active'), { list: true, filter: true, default: true }),
  ],
  computed: [
    { name: 'impressions', label: msgText('res.ads.impressions'), list: true, sql: count('impressions') },
    { name: 'clicks', label: msgText('res.ads.clicks'), list: true, sql: count('clicks') },
  ],
  async validate(input, ctx): Promise<Record<string, string>> {
    const before = ctx.id ? await ctx.db.selectFrom('ads').selectAll().where('id', '=', ctx.id).executeTakeFirst() : undefined;
    const v = { ...before, ...input } as Record<string, unknown>;
    const errors: Record<string, string> = {};
    if (v.kind === 'featured' && !v.job_id) errors.job_id = msg(ctx.lang, 'res.ads.chooseJobFeature');
    // No board or job page would ever draw it: an ad saved so would simply never appear.
    if (!Array.isArray(v.placements) || v.placements.length === 0) errors.placements = msg(ctx.lang, 'res.ads.choosePlacement');
    if (v.kind === 'banner') {
      if (!v.title_ja && !v.title_en) errors.title_ja = msg(ctx.lang, 'res.ads.enterBannerHeading');
      if (!v.link_url) errors.link_url = msg(ctx.lang, 'res.ads.enterWhereBanner');
    }
    if (typeof v.starts_on === 'string' && typeof v.ends_on === 'string' && v.ends_on < v.starts_on) {
      errors.ends_on = msg(ctx.lang, 'res.ads.endDateMust');
    }
    const image = input.image_url;
    if (isRemoteImage(image as string | null) && image !== before?.image_url && !errors.image_url) {
      const r = ctx.services ? await fetchBannerImage(ctx.services.outbound, image as string) : ({ error: 'fetch' } as const);
      if ('error' in r) {
        errors.image_url = r.error === 'size' ? msg(ctx.lang, 'res.ads.imageTooLarge') : r.error === 'image' ? msg(ctx.lang, 'res.ads.urlNotImage') : msg(ctx.lang, 'res.ads.imageCouldNot');
      } else {
        fetched.set(image as string, r);
      }
    }
    return errors;
  },
  async afterWrite(row, ctx, change) {
    const url = (row.image_url as string | null) ?? null;
    if (change.mode === 'update' && change.before?.image_url === url) return;
    if (!isRemoteImage(url)) {
      if (change.mode === 'update') await storeBannerImage(ctx.db, row.id, null);
      return;
    }
    const got = fetched.get(url) ?? (await fetchBannerImage(ctx.services.outbound, url));
    fetched.delete(url);
    await storeBannerImage(ctx.db, row.id, 'error' in got ? null : got);
  },
  screens: [{ path: '/admin/superadmin/ads', mode: 'single' }],
  sample: {
    name: 'テストバナー',
    kind: 'banner',
    title_ja: '登録キャンペーン',
    title_en: 'Sign-up campaign',
    link_url: 'https://example.test/campaign',
    lang: 'both',
    placements: ['daily'],
    starts_on: '2026-01-01',
    ends_on: '2099-12-31',
    active: false,
  },
};
