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
}
