import type { Generated, Selectable } from 'kysely';
import type { CreatedAt, UpdatedAt } from '../../db/columns.ts';

/** Users and their password resets. */

export interface UsersTable {
  id: Generated<string>;
  email: string;
  password_hash: string;
  name: string;
  role: string;
  company_id: string | null;
  client_id: string | null;
  lang: Generated<'ja' | 'en'>;
  active: Generated<boolean>;
  /** Bumped on logout, password change or deactivation: every token carrying an older value is void. */
  session_version: Generated<number>;
  last_login_at: Date | null;
  /** A candidate wants mail about company answers it has not read (migration 0013). */
  chat_mail: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export type UserRow = Selectable<UsersTable>;

export interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
}
