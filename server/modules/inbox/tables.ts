import type { ColumnType, Generated } from 'kysely';

/** The tables and columns of migrations 0053 and 0055 (the staff inbox, docs/inbox.md). */
export interface InboxTables {
  /** The inbox's columns on each conversation. */
  conversations: {
    inbox_status: Generated<InboxStatus>;
    /** Set exactly when the status is snoozed; past it the conversation counts as open. */
    snoozed_until: Generated<Date | null>;
    assignee_id: Generated<string | null>;
  };
  conversation_events: {
    id: Generated<string>;
    conversation_id: string;
    /** Null when the system did it (a candidate's message reopening it). */
    actor_id: string | null;
    kind: InboxEventKind;
    assignee_id: Generated<string | null>;
    snoozed_until: Generated<Date | null>;
    created_at: ColumnType<Date, Date | undefined, never>;
  };
  conversation_notes: {
    id: Generated<string>;
    conversation_id: string;
    author_id: string | null;
    body: string;
    mentions: ColumnType<string[], string[] | undefined, never>;
    created_at: ColumnType<Date, Date | undefined, never>;
  };
  canned_replies: {
    id: Generated<string>;
    /** Null: the platform's own (its support staff). */
    company_id: string | null;
    title: string;
    body_ja: string;
    body_en: string;
    updated_by: string | null;
    created_at: ColumnType<Date, Date | undefined, never>;
    updated_at: ColumnType<Date, Date | undefined, Date>;
  };
  /** An assignment or mention notification mailed to its away reader: each once (digest.ts). */
  inbox_mailed_notifications: {
    notification_id: string;
    user_id: string;
    mailed_at: ColumnType<Date, Date | undefined, never>;
  };
}

export type InboxStatus = 'open' | 'resolved' | 'snoozed';
export type InboxEventKind = 'assigned' | 'unassigned' | 'resolved' | 'snoozed' | 'reopened';
