import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt } from '../../db/columns.ts';

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
  card_number: Generated<string>;
  visa_type_id: number | null;
  /** YYYY-MM-DD. */
  expiry: string | null;
  permission_outside_status: Generated<boolean>;
  status: Generated<CardStatus>;
  reason: Generated<string>;
  decided_by: Generated<string | null>;
  decided_by_name: Generated<string>;
  decided_at: Generated<Date | null>;
  created_at: CreatedAt;
}

/** The long vacations of a student's school (migration 0031, docs/workforce.md): both days included. */
export interface LongVacationsTable {
  id: Generated<string>;
  user_id: string;
  from_date: ColumnType<string, string, string>;
  to_date: ColumnType<string, string, string>;
  created_at: CreatedAt;
}
