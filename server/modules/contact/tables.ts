import type { Generated } from 'kysely';
import type { CreatedAt } from '../../db/columns.ts';

/** What the public contact and trial forms send. */

export interface ContactMessagesTable {
  id: Generated<string>;
  kind: 'contact' | 'trial';
  name: string;
  email: string;
  phone: string | null;
  topic: string | null;
  company_name: string | null;
  message: string;
  lang: 'ja' | 'en';
  created_at: CreatedAt;
  /** Set by the platform's list of messages (/admin/staff/contact). */
  status: Generated<'new' | 'answered'>;
  answered_by_name: string | null;
  answered_at: Date | null;
}
