import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt } from '../../db/columns.ts';

/** The bell's notifications. */

export interface NotificationsTable {
  id: Generated<string>;
  user_id: string;
  type: 1 | 2;
  title: string;
  body: Generated<string>;
  link: string | null;
  is_read: Generated<boolean>;
  /** A catalogue key (shared/messages.ts) drawn in the reader's language; null on rows with a fixed title (migration 0052). */
  message_key: string | null;
  /** The key's values: a text, a number, or a `{ ja, en }` pair for data with both languages. */
  params: ColumnType<NotificationParams, NotificationParams | undefined, NotificationParams>;
  created_at: CreatedAt;
}

/** The values of a notification's message: data texts keep both their languages. */
export type NotificationParams = Record<string, string | number | { ja: string; en: string }>;
