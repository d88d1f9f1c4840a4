import type { ColumnType, Generated } from 'kysely';

/** Points and campaigns (migration 0025, docs/points.md). */
export interface PointTables {
  campaigns: CampaignsTable;
  point_balances: PointBalancesTable;
  point_entries: PointEntriesTable;
  referral_codes: { code: string; user_id: string };
  referrals: { friend_id: string; referrer_id: string; created_at: Stamp };
}

type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type CampaignRule = 'first_attendance' | 'nth_attendance' | 'referral';

export interface CampaignsTable {
  id: Generated<string>;
  name_ja: string;
  name_en: string;
  rule: CampaignRule;
  nth: number | null;
  points: number;
  starts_on: ColumnType<string, string, string>;
  ends_on: ColumnType<string, string, string>;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface PointBalancesTable {
  candidate_id: string;
  company_id: string | null;
  wallet: ColumnType<string, never, never>;
  balance: ColumnType<number, number | undefined, number>;
  updated_at: Stamp;
}

export type PointKind = 'shift' | 'campaign' | 'manual' | 'spend' | 'expire';

export interface PointEntriesTable {
  id: Generated<string>;
  candidate_id: string;
  company_id: string | null;
  delta: number;
  balance_after: number;
  kind: PointKind;
  reason: ColumnType<string, string | undefined, never>;
  campaign_id: string | null;
  idem_key: string | null;
  expires_on: ColumnType<string | null, string | null | undefined, never>;
  created_by: string | null;
  created_by_name: string;
  created_at: Stamp;
}
