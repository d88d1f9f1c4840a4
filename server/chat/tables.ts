import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, UpdatedAt } from '../db/columns.ts';
import type { SenderRole } from './events.ts';

/** The tables of migrations 0009, 0010, 0011, 0012 and 0037. */
export interface ChatTables {
  messages: {
    id: Generated<string>;
    conversation_id: string;
    seq: ColumnType<string, number, never>;
    sender_id: string | null;
    sender_role: SenderRole;
    message_type: number;
    content: string;
    client_msg_id: string | null;
    created_at: ColumnType<Date, Date | undefined, never>;
  };
  conversation_reads: {
    conversation_id: string;
    user_id: string;
    last_seq: ColumnType<string, number, number>;
    updated_at: ColumnType<Date, Date | undefined, Date>;
    /** Migration 0037, set by the row's trigger: 1 daily, 2 other job, 3 support; the candidate messages its mark covers; caught up with them. */
    kind: ColumnType<number, never, never>;
    read_messages: ColumnType<number, never, never>;
    caught_up: ColumnType<boolean, never, never>;
  };
  /** Migration 0037: the platform's conversations with candidate messages and those messages, per kind in eight slots (kept by triggers). */
  chat_platform_counters: {
    kind: number;
    slot: number;
    conversations: ColumnType<string, never, never>;
    messages: ColumnType<string, never, never>;
  };
  /** Migration 0037: per user and kind, the caught-up read conversations and the candidate messages read (kept by triggers). */
  chat_reader_counters: {
    user_id: string;
    kind: number;
    caught_up: ColumnType<number, never, never>;
    read_messages: ColumnType<string, never, never>;
  };
  chat_badge_seen: {
    user_id: string;
    seen_at: ColumnType<Date, Date | undefined, Date>;
  };
  /** Migration 0012: per-side counters on each conversation, kept by a trigger on messages (never written by the app). */
  conversations: {
    last_candidate_seq: ColumnType<string, never, never>;
    last_candidate_at: ColumnType<Date | null, never, never>;
    candidate_messages: ColumnType<number, never, never>;
    last_staff_seq: ColumnType<string, never, never>;
    last_staff_at: ColumnType<Date | null, never, never>;
    staff_messages: ColumnType<number, never, never>;
  };
  chat_attachments: {
    id: Generated<string>;
    conversation_id: string;
    uploader_id: string | null;
    mime: string;
    size: number;
    bytes: Buffer;
    created_at: ColumnType<Date, Date | undefined, never>;
  };
}

export interface ChatbotMessagesTable {
  id: Generated<string>;
  company_id: string | null;
  kind: 'daily' | 'other';
  step: ColumnType<number, number | undefined>;
  /** Comma-separated keywords that start this message. */
  trigger: ColumnType<string, string | undefined>;
  message_ja: string;
  message_en: string;
  active: ColumnType<boolean, boolean | undefined>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}
