import type { ColumnType, Generated } from 'kysely';

/** Ads on the public boards (migration 0029, docs/ads.md). */
export interface AdTables {
  ads: AdsTable;
  ad_counts: AdCountsTable;
}

export type AdKind = 'featured' | 'banner';
export type AdLang = 'both' | 'ja' | 'en';

type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface AdsTable {
  id: Generated<string>;
  name: string;
  kind: Generated<AdKind>;
  /** The published job a featured ad shows. */
  job_id: string | null;
  title_ja: string | null;
  title_en: string | null;
  body_ja: Generated<string>;
  body_en: Generated<string>;
  /** Where a banner leads (http(s) or a path of this site). */
  link_url: string | null;
  /** Where the banner's image was taken from; the image itself is the copy in image_data. */
  image_url: string | null;
  image_data: Buffer | null;
  image_type: string | null;
  lang: Generated<AdLang>;
  /** The boards it shows on (PLACEMENTS). */
  placements: ColumnType<string[], string[] | undefined, string[]>;
  /** Days in Japan, both included. */
  starts_on: string;
  ends_on: string;
  active: Generated<boolean>;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface AdCountsTable {
  ad_id: string;
  impressions: ColumnType<number, number | undefined, number>;
  clicks: ColumnType<number, number | undefined, number>;
}
