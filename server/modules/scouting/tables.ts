import type { ColumnType, Generated } from 'kysely';

/** The tables of migration 0026 (scouting, docs/scouting.md). */
export interface ScoutTables {
  scout_profiles: ScoutProfilesTable;
  scout_offers: ScoutOffersTable;
}

export interface ScoutProfilesTable {
  user_id: string;
  /** Opted in: companies may find them. Off: never in a search, whatever else is set. */
  enabled: ColumnType<boolean, boolean | undefined>;
  share_nationality: ColumnType<boolean, boolean | undefined>;
  share_languages: ColumnType<boolean, boolean | undefined>;
  /** Residence status and card expiry. */
  share_residence: ColumnType<boolean, boolean | undefined>;
  share_attendance: ColumnType<boolean, boolean | undefined>;
  /** A prefecture's Japanese name (as jobs store it), or blank. */
  prefecture: ColumnType<string, string | undefined>;
  availability: ColumnType<string[], string[] | undefined>;
  /** Language code → level 1–5 (LANGUAGE_LEVELS). */
  language_levels: ColumnType<Record<string, number>, string | undefined, string>;
  intro: ColumnType<string, string | undefined>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export type ScoutOfferStatus = 'pending' | 'accepted' | 'declined' | 'withdrawn';

export interface ScoutOffersTable {
  id: Generated<string>;
  company_id: string;
  client_id: string;
  job_id: string;
  shift_id: string | null;
  candidate_id: string;
  message: string;
  status: ColumnType<ScoutOfferStatus, ScoutOfferStatus | undefined>;
  expires_at: Date;
  conversation_id: string | null;
  application_id: ColumnType<string | null, string | null | undefined>;
  sent_by: string | null;
  sent_by_name: string;
  answered_at: ColumnType<Date | null, Date | null | undefined>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}
