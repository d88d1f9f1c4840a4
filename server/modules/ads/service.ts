import { sql } from 'kysely';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { DB } from '../../db/connect.ts';
import { NotifyListener } from '../../db/notify.ts';
import { pickLang, type Lang } from '../../../shared/i18n.ts';
import { todayInJapan } from '../../time.ts';
import type { AdKind, AdLang } from './tables.ts';
import { isUuid } from '../../../shared/ids.ts';

/**
 * The ads the public boards show (docs/ads.md), kept so that a page view costs no query:
 *
 * - **The current ads live in the process.** One query loads every active ad whose period has not
 *   ended (with its job for a featured one), and each page view picks from that copy in memory by
 *   placement, language and today's date. Any write to `ads` sends NOTIFY tsunagu_ads (migration
 *   0029), on which every process drops its copy, the way the reference data does
 *   (server/modules/enums/reference-cache.ts); the copy is also reloaded after CACHE_TTL_MS, so a
 *   featured job that stops being published leaves the boards within a minute.
 * - **Impressions and clicks are counted in memory** and written every few seconds (ADS_FLUSH_SECONDS, 5 by default; and on shutdown)
 *   by one statement for all the ads counted since the last write. A failed write keeps the counts
 *   for the next one.
 * - No cookie, no identifier: an impression is "the page was rendered with this ad", a click is a
 *   GET of /ads/click/<id>, which redirects to the ad's own target only.
 */
export const AD_CHANNEL = 'tsunagu_ads';
const CACHE_TTL_MS = 60_000;
/** At most this many featured jobs per page view, and one banner. */
const MAX_FEATURED = 3;

export const PLACEMENTS = ['daily', 'part_time', 'daily_job', 'part_time_job'] as const;
export type Placement = (typeof PLACEMENTS)[number];
export const isPlacement = (v: string): v is Placement => (PLACEMENTS as readonly string[]).includes(v);

interface CachedAd {
  id: string;
  kind: AdKind;
  lang: AdLang;
  placements: string[];
  startsOn: string;
  endsOn: string;
  titleJa: string;
  titleEn: string;
  bodyJa: string;
  bodyEn: string;
  target: string | null;
  jobId: string | null;
  /** A path of this site, or /ads/image/<id>?v=… for a stored copy; null without an image. */
  image: string | null;
  imageData: Buffer | null;
  imageType: string | null;
  job: { kind: string; prefecture: string; city: string; cityEn: string; wage: number; payTypeJa: string | null; payTypeEn: string | null } | null;
}

/** An ad as a page shows it, in the visitor's language. */
export interface PublicAd {
  id: string;
  kind: AdKind;
  title: string;
  body: string;
  imageUrl: string | null;
  clickUrl: string;
  job: { kind: string; prefecture: string; city: string; wage: number; payType: string | null } | null;
}

const boardOf = (jobKind: string) => (jobKind === 'daily' ? '/daily' : '/part-time');

async function loadAds(db: DB, today: string): Promise<CachedAd[]> {
  const rows = await db
    .selectFrom('ads as a')
    .leftJoin('jobs as j', 'j.id', 'a.job_id')
    .leftJoin('job_enum_translations as pja', (jn) => jn.onRef('pja.enum_id', '=', 'j.pay_type_id').on('pja.language_key', '=', 'ja'))
    .leftJoin('job_enum_translations as pen', (jn) => jn.onRef('pen.enum_id', '=', 'j.pay_type_id').on('pen.language_key', '=', 'en'))
    .where('a.active', '=', true)
    .where('a.ends_on', '>=', today)
    // A featured job only while it is published (open, inside its publish window).
    .where((eb) =>
      eb.or([
        eb('a.kind', '=', 'banner'),
        eb.and([
          eb('j.status', '=', 'open'),
          eb.or([eb('j.publish_from', 'is', null), eb('j.publish_from', '<=', today)]),
          eb.or([eb('j.publish_until', 'is', null), eb('j.publish_until', '>=', today)]),
        ]),
      ]),
    )
    .select([
      'a.id',
      'a.kind',
      'a.lang',
      'a.placements',
      'a.starts_on',
      'a.ends_on',
      'a.title_ja',
      'a.title_en',
      'a.body_ja',
      'a.body_en',
      'a.link_url',
      'a.image_url',
      'a.image_data',
      'a.image_type',
      'a.updated_at',
      'j.id as job_id',
      'j.kind as job_kind',
      'j.title_ja as job_title_ja',
      'j.title_en as job_title_en',
      'j.prefecture',
      'j.city',
      'j.city_en',
      'j.wage',
      'pja.value as pay_ja',
      'pen.value as pay_en',
    ])
    .orderBy('a.created_at')
    .execute();
  return rows.map((r) => {
    const featured = r.kind === 'featured' && r.job_id !== null;
    return {
      id: r.id,
      kind: r.kind,
      lang: r.lang,
      placements: r.placements,
      startsOn: r.starts_on,
      endsOn: r.ends_on,
      titleJa: featured ? (r.job_title_ja ?? '') : (r.title_ja ?? ''),
      titleEn: featured ? (r.job_title_en ?? '') : (r.title_en ?? ''),
      bodyJa: featured ? '' : r.body_ja,
      bodyEn: featured ? '' : r.body_en,
      target: featured ? `${boardOf(r.job_kind ?? '')}/${r.job_id}` : r.link_url,
      jobId: featured ? r.job_id : null,
      image: featured ? null : r.image_data ? `/ads/image/${r.id}?v=${new Date(r.updated_at).getTime().toString(36)}` : r.image_url?.startsWith('/') ? r.image_url : null,
      imageData: featured ? null : r.image_data,
      imageType: r.image_type,
      job: featured ? { kind: r.job_kind ?? '', prefecture: r.prefecture ?? '', city: r.city ?? '', cityEn: r.city_en ?? '', wage: r.wage ?? 0, payTypeJa: r.pay_ja, payTypeEn: r.pay_en } : null,
    };
  });
}

/** Rotates through `list`, `n` at a time, one step per call. */
function rotate<T>(list: T[], n: number, turn: number): T[] {
  if (list.length <= n) return list;
  const start = turn % list.length;
  return Array.from({ length: n }, (_, i) => list[(start + i) % list.length]!);
}

export class AdService {
  private cached: { at: number; generation: number; ads: Promise<CachedAd[]> } | null = null;
  private generation = 0;
  private readonly listener: NotifyListener;
  private pending = new Map<string, { impressions: number; clicks: number }>();
  private timer: NodeJS.Timeout | null = null;
  private turns = new Map<string, number>();
  /** Statements the cache ran (its loads), for the tests and the bench. */
  loads = 0;

  constructor(
    private readonly db: DB,
    pool: pg.Pool,
    private readonly log?: Logger,
    private readonly opts: { flushMs?: number; ttlMs?: number } = {},
  ) {
    const drop = () => this.invalidate();
    this.listener = new NotifyListener(pool, AD_CHANNEL, { onNotify: drop, onConnected: drop, onLost: drop }, log);
  }

  async start(): Promise<void> {
    await this.listener.listen();
    const ms = this.opts.flushMs ?? 5_000;
    if (ms > 0) {
      this.timer = setInterval(() => void this.flush(), ms);
      this.timer.unref();
    }
  }

  /** Writes what is still counted, then stops listening. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.listener.close();
    await this.flush();
  }

  invalidate(): void {
    this.generation++;
    this.cached = null;
  }

  private all(today: string): Promise<CachedAd[]> {
    const ttl = this.opts.ttlMs ?? CACHE_TTL_MS;
    const c = this.cached;
    if (c && c.generation === this.generation && Date.now() - c.at < ttl) return c.ads;
    const generation = this.generation;
    this.loads++;
    const ads = loadAds(this.db, today);
    const entry = { at: Date.now(), generation, ads };
    this.cached = entry;
    // A failed load is not kept.
    ads.catch(() => {
      if (this.cached === entry) this.cached = null;
    });
    return ads;
  }

  /**
   * The ads of one placement for a visitor's language today: at most MAX_FEATURED featured jobs
   * and one banner, taking turns when there are more. Each counts one impression. None when they
   * cannot be loaded (the database is away): the page still renders. `featured: false` leaves out
   * the featured jobs (a filtered board: a job that does not match the search would only confuse);
   * `exceptJob` the job a job page already shows.
   */
  async current(placement: Placement, lang: Lang, opts: { featured?: boolean; exceptJob?: string | null } = {}, today = todayInJapan()): Promise<PublicAd[]> {
    let all: CachedAd[];
    try {
      all = await this.all(today);
    } catch (err) {
      // Ads are never worth a page: without them the board still answers.
      this.log?.warn({ err }, 'ads could not be loaded; the page shows none');
      return [];
    }
    const live = all.filter(
      (a) =>
        a.placements.includes(placement) &&
        (a.lang === 'both' || a.lang === lang) &&
        a.startsOn <= today &&
        a.endsOn >= today &&
        (a.kind === 'banner' || (opts.featured !== false && a.jobId !== opts.exceptJob)),
    );
    const turn = this.turns.get(placement) ?? 0;
    this.turns.set(placement, turn + 1);
    const shown = [
      ...rotate(
        live.filter((a) => a.kind === 'featured'),
        MAX_FEATURED,
        turn,
      ),
      ...rotate(
        live.filter((a) => a.kind === 'banner'),
        1,
        turn,
      ),
    ];
    for (const a of shown) this.count(a.id, 'impressions');
    return shown.map((a) => ({
      id: a.id,
      kind: a.kind,
      title: pickLang(lang, a.titleJa, a.titleEn),
      body: pickLang(lang, a.bodyJa, a.bodyEn),
      imageUrl: a.image,
      clickUrl: `/ads/click/${a.id}`,
      job: a.job
        ? {
            kind: a.job.kind,
            prefecture: a.job.prefecture,
            city: lang === 'en' && a.job.cityEn ? a.job.cityEn : a.job.city,
            wage: a.job.wage,
            payType: pickLang(lang, a.job.payTypeJa ?? '', a.job.payTypeEn ?? '') || null,
          }
        : null,
    }));
  }

  /**
   * Where a click on ad `id` leads (its job's page, or its banner's link), counting the click; null
   * for an unknown id. An ad that left the cache (ended a moment ago) is looked up once: a click
   * is rare next to a page view.
   */
  async click(id: string, today = todayInJapan()): Promise<string | null> {
    if (!isUuid(id)) return null;
    const hit = (await this.all(today)).find((a) => a.id === id);
    let target = hit?.target ?? null;
    if (!hit) {
      const row = await this.db
        .selectFrom('ads as a')
        .leftJoin('jobs as j', 'j.id', 'a.job_id')
        .select(['a.kind', 'a.link_url', 'a.job_id', 'j.kind as job_kind'])
        .where('a.id', '=', id)
        .executeTakeFirst();
      if (!row) return null;
      target = row.kind === 'featured' && row.job_id ? `${boardOf(row.job_kind ?? '')}/${row.job_id}` : row.link_url;
    }
    if (!target) return null;
    this.count(id, 'clicks');
    return target;
  }

  /** A stored banner image (from the cache, so no query either). */
  async image(id: string, today = todayInJapan()): Promise<{ data: Buffer; type: string } | null> {
    const hit = (await this.all(today)).find((a) => a.id === id);
    return hit?.imageData && hit.imageType ? { data: hit.imageData, type: hit.imageType } : null;
  }

  private count(id: string, what: 'impressions' | 'clicks'): void {
    const c = this.pending.get(id) ?? { impressions: 0, clicks: 0 };
    c[what]++;
    this.pending.set(id, c);
  }

  /** Writes the counts gathered since the last flush in one statement (nothing when there are none). */
  async flush(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    const ids = [...batch.keys()];
    const imps = ids.map((id) => batch.get(id)!.impressions);
    const clicks = ids.map((id) => batch.get(id)!.clicks);
    try {
      await sql`
        insert into ad_counts (ad_id, impressions, clicks)
        select v.id, v.i, v.c from unnest(${ids}::uuid[], ${imps}::bigint[], ${clicks}::bigint[]) as v(id, i, c)
        where exists (select 1 from ads where ads.id = v.id)
        on conflict (ad_id) do update set impressions = ad_counts.impressions + excluded.impressions, clicks = ad_counts.clicks + excluded.clicks`.execute(this.db);
    } catch (err) {
      // Kept for the next flush: a lost database must not lose the counts.
      for (const [id, c] of batch) {
        const p = this.pending.get(id) ?? { impressions: 0, clicks: 0 };
        p.impressions += c.impressions;
        p.clicks += c.clicks;
        this.pending.set(id, p);
      }
      this.log?.warn({ err }, 'ad counts could not be written; kept for the next flush');
    }
  }
}
