import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, UpdatedAt } from '../../db/columns.ts';

/** The tables of migration 0026 (scouting, docs/scouting.md). */
export interface ScoutTables {
  scout_profiles: ScoutProfilesTable;
  scout_offers: ScoutOffersTable;
}

export interface ScoutProfilesTable {
  user_id: string;
  /** Opted in: companies may find them. Off: never in a search, whatever else is set. */
  enabled: Generated<boolean>;
  share_nationality: Generated<boolean>;
  share_languages: Generated<boolean>;
  /** Residence status and card expiry. */
  share_residence: Generated<boolean>;
  share_attendance: Generated<boolean>;
  /** A prefecture's Japanese name (as jobs store it), or blank. */
  prefecture: Generated<string>;
  availability: Generated<string[]>;
  /** Language code → level 1–5 (LANGUAGE_LEVELS). */
  language_levels: ColumnType<Record<string, number>, string | undefined, string>;
  intro: Generated<string>;
  updated_at: UpdatedAt;
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
  status: Generated<ScoutOfferStatus>;
  expires_at: Date;
  conversation_id: string | null;
  application_id: Generated<string | null>;
  sent_by: string | null;
  sent_by_name: string;
  answered_at: Generated<Date | null>;
  created_at: CreatedAt;
}
