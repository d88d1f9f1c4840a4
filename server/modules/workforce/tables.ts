import type { ColumnType, Generated } from 'kysely';

/** The tables of migration 0030 (residence-card checks, docs/workforce.md). */
export interface WorkforceTables {
  residence_cards: ResidenceCardsTable;
}

export type CardImageType = 'image/png' | 'image/jpeg' | 'image/webp';
export type CardStatus = 'pending' | 'verified' | 'reupload' | 'rejected' | 'replaced';

export interface ResidenceCardsTable {
  id: Generated<string>;
  user_id: string;
  front: Buffer;
  front_mime: CardImageType;
  back: Buffer;
  back_mime: CardImageType;
  card_number: ColumnType<string, string | undefined>;
  visa_type_id: number | null;
  /** YYYY-MM-DD. */
  expiry: string | null;
  permission_outside_status: ColumnType<boolean, boolean | undefined>;
  status: ColumnType<CardStatus, CardStatus | undefined>;
  reason: ColumnType<string, string | undefined>;
  decided_by: ColumnType<string | null, string | null | undefined>;
  decided_by_name: ColumnType<string, string | undefined>;
  decided_at: ColumnType<Date | null, Date | null | undefined>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

/** The long vacations of a student's school (migration 0031, docs/workforce.md): both days included. */
export interface LongVacationsTable {
  id: Generated<string>;
  user_id: string;
  from_date: ColumnType<string, string, string>;
  to_date: ColumnType<string, string, string>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}
