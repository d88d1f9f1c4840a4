import { sql } from 'kysely';
import { isPlatform } from '../../access/tenancy.ts';
import { z } from 'zod';
import { tr } from '../../../shared/i18n.ts';
import { fetchBannerImage, isRemoteImage, storeBannerImage } from '../../modules/ads/image.ts';
import { f, platformScope, t, type Option, type OptionContext, type ResourceDef } from '../define.ts';

/**
 * Ads at /admin/superadmin/ads (220001, superadmins by default; docs/ads.md): featured jobs and
 * banners on the public boards, with a period, a language and the boards they show on. The
 * boards read them from each process's cache (server/modules/ads/service.ts); impressions and
 * clicks are counted there and written in batches to ad_counts, shown here as list columns.
 */
const KINDS: Option[] = [
  { value: 'featured', label: t('おすすめ求人', 'Featured job') },
  { value: 'banner', label: t('バナー', 'Banner') },
];
const LANGS: Option[] = [
  { value: 'both', label: t('日本語と英語', 'Japanese and English') },
  { value: 'ja', label: t('日本語のページだけ', 'Japanese pages only') },
  { value: 'en', label: t('英語のページだけ', 'English pages only') },
];
const PLACEMENT_OPTIONS: Option[] = [
  { value: 'daily', label: t('日払いの求人一覧（/daily）', 'Daily jobs board (/daily)') },
  { value: 'part_time', label: t('アルバイトの求人一覧（/part-time）', 'Part-time jobs board (/part-time)') },
  { value: 'daily_job', label: t('日払いの求人ページ', 'Daily job pages') },
  { value: 'part_time_job', label: t('アルバイトの求人ページ', 'Part-time job pages') },
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
      params: { ja: 'http:// か https:// で始まるURL、またはこのサイトのパス（/ で始まる）を入力してください。', en: 'Enter a URL starting with http:// or https://, or a path of this site starting with /.' },
    })
    .nullable(),
);

/** The jobs a featured ad may show: the published ones (open), newest first. */
async function publishedJobOptions({ tenant, db }: OptionContext): Promise<Option[]> {
  if (!isPlatform(tenant)) return [];
  const rows = await db.selectFrom('jobs').select(['id', 'kind', 'title_ja', 'title_en']).where('status', '=', 'open').orderBy('created_at', 'desc').limit(500).execute();
  return rows.map((j) => ({
    value: j.id,
    label: j.kind === 'daily' ? t(`［日払い］${j.title_ja}`, `[Daily] ${j.title_en || j.title_ja}`) : t(`［アルバイト］${j.title_ja}`, `[Part-time] ${j.title_en || j.title_ja}`),
  }));
}

/** Images fetched while validating a save, handed to afterWrite (by URL) so they are fetched once. */
const fetched = new Map<string, { data: Buffer; type: string }>();

const count = (column: 'impressions' | 'clicks') => (table: string) =>
  sql<string | null>`(select ${sql.ref(`c.${column}`)}::text from ad_counts c where c.ad_id = ${sql.ref(`${table}.id`)})`;

export const adResource: ResourceDef = {
  name: 'ad',
  plural: 'ads',
  table: 'ads',
  title: t('広告', 'Ad'),
  titlePlural: t('広告', 'Ads'),
  labelField: 'name',
  defaultSort: { field: 'starts_on', dir: 'desc' },
  scope: platformScope,
  fields: [
    f.text('name', t('管理用の名前', 'Name (for the admins)'), { list: true, sortable: true, search: true }),
    f.select('kind', t('種類', 'Kind'), KINDS, { default: 'banner', list: true, filter: true }),
    f.ref('job_id', t('おすすめする求人（おすすめ求人）', 'Job to feature (featured job)'), publishedJobOptions, {
      required: false,
      hint: t('公開中の求人から選びます。求人が非公開になると広告も表示されません。', 'One of the published jobs. When the job stops being published, the ad stops showing.'),
    }),
    f.text('title_ja', t('見出し（日本語・バナー）', 'Heading in Japanese (banner)'), { required: false, max: 80 }),
    f.text('title_en', t('見出し（英語・バナー）', 'Heading in English (banner)'), { required: false, max: 80 }),
    f.textarea('body_ja', t('本文（日本語・バナー）', 'Text in Japanese (banner)'), { max: 300 }),
    f.textarea('body_en', t('本文（英語・バナー）', 'Text in English (banner)'), { max: 300 }),
    { ...f.text('link_url', t('リンク先（バナー）', 'Link (banner)'), { required: false, search: true }), schema: linkSchema },
    {
      ...f.text('image_url', t('画像のURL（バナー・任意）', 'Image URL (banner, optional)'), { required: false }),
      schema: linkSchema,
      hint: t('保存するときに一度だけ取り込み、1200×400で表示します。', 'Copied once when you save, and shown at 1200 × 400.'),
    },
    f.select('lang', t('表示する言語', 'Language'), LANGS, { default: 'both', list: true, filter: true }),
    f.multi('placements', t('表示する場所', 'Where it shows'), PLACEMENT_OPTIONS, { list: true, filter: true }),
    f.date('starts_on', t('開始日', 'From'), { required: true, list: true, sortable: true }),
    f.date('ends_on', t('終了日', 'Until'), { required: true, list: true, sortable: true }),
    f.boolean('active', t('掲載する', 'Active'), { list: true, filter: true, default: true }),
  ],
  computed: [
    { name: 'impressions', label: t('表示回数', 'Impressions'), list: true, sql: count('impressions') },
    { name: 'clicks', label: t('クリック数', 'Clicks'), list: true, sql: count('clicks') },
  ],
  async validate(input, ctx): Promise<Record<string, string>> {
    const before = ctx.id ? await ctx.db.selectFrom('ads').selectAll().where('id', '=', ctx.id).executeTakeFirst() : undefined;
    const v = { ...before, ...input } as Record<string, unknown>;
    const errors: Record<string, string> = {};
    if (v.kind === 'featured' && !v.job_id) errors.job_id = tr(ctx.lang, t('おすすめする求人を選んでください。', 'Choose the job to feature.'));
    if (v.kind === 'banner') {
      if (!v.title_ja && !v.title_en) errors.title_ja = tr(ctx.lang, t('バナーの見出しを日本語か英語で入力してください。', 'Enter the banner heading in Japanese or English.'));
      if (!v.link_url) errors.link_url = tr(ctx.lang, t('バナーのリンク先を入力してください。', 'Enter where the banner leads.'));
    }
    if (typeof v.starts_on === 'string' && typeof v.ends_on === 'string' && v.ends_on < v.starts_on) {
      errors.ends_on = tr(ctx.lang, t('終了日は開始日以降にしてください。', 'The end date must be on or after the start date.'));
    }
    const image = input.image_url;
    if (isRemoteImage(image as string | null) && image !== before?.image_url && !errors.image_url) {
      const r = (ctx.services ? await fetchBannerImage(ctx.services.outbound, image as string) : ({ error: 'fetch' } as const));
      if ('error' in r) {
        errors.image_url =
          r.error === 'size'
            ? tr(ctx.lang, t('画像が大きすぎます（2MBまで）。', 'The image is too large (2 MB at most).'))
            : r.error === 'image'
              ? tr(ctx.lang, t('このURLは画像ではありません。', 'This URL is not an image.'))
              : tr(ctx.lang, t('画像を取り込めませんでした。URLを確かめてください。', 'The image could not be fetched. Check the URL.'));
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
  sample: { name: 'テストバナー', kind: 'banner', title_ja: '登録キャンペーン', title_en: 'Sign-up campaign', link_url: 'https://example.test/campaign', lang: 'both', placements: ['daily'], starts_on: '2026-01-01', ends_on: '2099-12-31', active: false },
};
