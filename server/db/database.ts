import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** The database as Kysely sees it (STYLE.md 10). One table interface per table. */
export interface Database {
  companies: CompaniesTable;
  clients: ClientsTable;
  users: UsersTable;
  roles: RolesTable;
  page_roles: RoleCodeTable;
  action_roles: RoleCodeTable;
  meta: MetaTable;
  password_resets: PasswordResetsTable;
  contact_messages: ContactMessagesTable;
  job_enums: JobEnumsTable;
  job_enum_translations: JobEnumTranslationsTable;
  visa_types: VisaTypesTable;
  languages: LanguagesTable;
  notifications: NotificationsTable;
  audit_log: AuditLogTable;
}

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export interface CompaniesTable {
  id: Generated<string>;
  name: string;
  name_en: string;
  email: string | null;
  phone: string | null;
  status: ColumnType<'active' | 'trial' | 'suspended', 'active' | 'trial' | 'suspended' | undefined>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ClientsTable {
  id: Generated<string>;
  company_id: string;
  name: string;
  name_en: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface UsersTable {
  id: Generated<string>;
  email: string;
  password_hash: string;
  name: string;
  role: string;
  company_id: string | null;
  client_id: string | null;
  lang: ColumnType<'ja' | 'en', 'ja' | 'en' | undefined>;
  active: ColumnType<boolean, boolean | undefined>;
  /** Bumped on logout, password change or deactivation: every token carrying an older value is void. */
  session_version: ColumnType<number, number | undefined>;
  last_login_at: Date | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;

export interface RolesTable {
  name: string;
  kind: 'platform' | 'company' | 'client' | 'candidate';
  title_ja: string;
  title_en: string;
  builtin: ColumnType<boolean, boolean | undefined>;
}

export interface RoleCodeTable {
  code: number;
  role: string;
}

export interface MetaTable {
  key: string;
  value: string;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
}

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

export interface JobEnumsTable {
  id: Generated<number>;
  type: number;
  sort: ColumnType<number, number | undefined>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface JobEnumTranslationsTable {
  enum_id: number;
  language_key: 'ja' | 'en';
  value: string;
}

export interface VisaTypesTable {
  id: Generated<number>;
  ja: string;
  en: string;
  sort: ColumnType<number, number | undefined>;
}

export interface LanguagesTable {
  id: Generated<number>;
  code: string;
  ja: string;
  en: string;
  sort: ColumnType<number, number | undefined>;
}

export interface NotificationsTable {
  id: Generated<string>;
  user_id: string;
  type: 1 | 2;
  title: string;
  body: ColumnType<string, string | undefined>;
  link: string | null;
  is_read: ColumnType<boolean, boolean | undefined>;
  created_at: CreatedAt;
}

export interface AuditLogTable {
  id: Generated<number>;
  entity: string;
  entity_id: string;
  action: 'create' | 'update' | 'delete';
  actor_id: string | null;
  actor_name: string;
  company_id: string | null;
  changes: ColumnType<Record<string, { from: unknown; to: unknown }>, string, string>;
  at: CreatedAt;
}
