import type { ColumnType, Generated, Selectable } from 'kysely';
import type { JobTables } from '../modules/jobs/tables.ts';
import type { PipelineTables } from '../modules/pipeline/tables.ts';
import type { MoneyTables } from '../modules/payroll/tables.ts';
import type { ChatTables } from '../chat/tables.ts';
import type { PointTables } from '../modules/points/tables.ts';
import type { IntegrationTables } from '../modules/integrations/tables.ts';
import type { ScoutTables } from '../modules/scouting/tables.ts';
import type { SurveyTables } from '../modules/surveys/tables.ts';
import type { AdTables } from '../modules/ads/tables.ts';
import type { WorkforceTables } from '../modules/workforce/tables.ts';
import type { LongVacationsTable } from '../modules/workforce/tables.ts';
import type { PersonMergesTable } from '../modules/staff/tables.ts';
import type { InboxTables } from '../modules/inbox/tables.ts';

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
  job_statuses: JobStatusesTable;
  candidate_statuses: CandidateStatusesTable;
  chatbot_messages: ChatbotMessagesTable;
  app_settings: AppSettingsTable;
  document_templates: DocumentTemplatesTable;
  job_industries: JobIndustriesTable;
  job_categories: JobCategoriesTable;
  staff: StaffTable;
  staff_documents: StaffDocumentsTable;
  payment_settings: PaymentSettingsTable;
  // Jobs, shifts, candidates' profiles, applications, conversations (migration 0006).
  jobs: JobTables['jobs'];
  job_daily_shifts: JobTables['job_daily_shifts'];
  candidate_profiles: JobTables['candidate_profiles'];
  dispatch_complaints: JobTables['dispatch_complaints'];
  applications: JobTables['applications'];
  conversations: JobTables['conversations'] & ChatTables['conversations'] & InboxTables['conversations'];
  // The chat (migrations 0009–0013 and 0037).
  messages: ChatTables['messages'];
  conversation_reads: ChatTables['conversation_reads'];
  chat_badge_seen: ChatTables['chat_badge_seen'];
  chat_attachments: ChatTables['chat_attachments'];
  chat_platform_counters: ChatTables['chat_platform_counters'];
  chat_reader_counters: ChatTables['chat_reader_counters'];
  // Job import (migration 0016).
  crawler_sources: CrawlerSourcesTable;
  crawler_runs: CrawlerRunsTable;
  crawler_items: CrawlerItemsTable;
  // Attendance records of the shukkin list (migration 0020).
  attendance: PipelineTables['attendance'];
  // Interviews (migration 0021).
  interviews: PipelineTables['interviews'];
  residence_alerts: PipelineTables['residence_alerts'];
  // Money (migration 0024).
  bank_accounts: MoneyTables['bank_accounts'];
  transfer_batches: MoneyTables['transfer_batches'];
  pay_runs: MoneyTables['pay_runs'];
  pay_lines: MoneyTables['pay_lines'];
  advances: MoneyTables['advances'];
  invoices: MoneyTables['invoices'];
  invoice_lines: MoneyTables['invoice_lines'];
  // Points and campaigns (migration 0025).
  campaigns: PointTables['campaigns'];
  point_balances: PointTables['point_balances'];
  point_entries: PointTables['point_entries'];
  referral_codes: PointTables['referral_codes'];
  referrals: PointTables['referrals'];
  // Integrations: connections to outside services, what was pushed, the sync log (migration 0028).
  integration_connections: IntegrationTables['integration_connections'];
  integration_items: IntegrationTables['integration_items'];
  integration_syncs: IntegrationTables['integration_syncs'];
  // Scouting (migration 0026).
  scout_profiles: ScoutTables['scout_profiles'];
  scout_offers: ScoutTables['scout_offers'];
  // Surveys (migration 0027).
  surveys: SurveyTables['surveys'];
  survey_questions: SurveyTables['survey_questions'];
  survey_options: SurveyTables['survey_options'];
  survey_recipients: SurveyTables['survey_recipients'];
  survey_responses: SurveyTables['survey_responses'];
  survey_answers: SurveyTables['survey_answers'];
  // Ads on the public boards (migration 0029).
  ads: AdTables['ads'];
  ad_counts: AdTables['ad_counts'];
  // Residence-card checks (migration 0030).
  residence_cards: WorkforceTables['residence_cards'];
  person_merges: PersonMergesTable;
  // A student's school vacations for the working limits (migration 0031).
  long_vacations: LongVacationsTable;
  // The staff inbox: what happened to each conversation, private notes, canned replies (migration 0053).
  conversation_events: InboxTables['conversation_events'];
  conversation_notes: InboxTables['conversation_notes'];
  canned_replies: InboxTables['canned_replies'];
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
  /** Payroll closing day and pay day (1–31, 31 = the month's end); quick pay on/off and its ceiling percent (migration 0003). */
  closing_day: ColumnType<number, number | undefined>;
  pay_day: ColumnType<number, number | undefined>;
  quickpay_enabled: ColumnType<boolean, boolean | undefined>;
  quickpay_rate: ColumnType<number, number | undefined>;
  /** The invoice registration number (T + 13 digits) and the account salaries are paid from (migration 0024). */
  registration_number: ColumnType<string, string | undefined>;
  /** Scout offers the company may send per month in Japan (migration 0026, docs/scouting.md). */
  scout_monthly_quota: ColumnType<number, number | undefined>;
  transfer_requester_code: ColumnType<string, string | undefined>;
  transfer_requester_name: ColumnType<string, string | undefined>;
  transfer_bank_code: ColumnType<string, string | undefined>;
  transfer_bank_name: ColumnType<string, string | undefined>;
  transfer_branch_code: ColumnType<string, string | undefined>;
  transfer_branch_name: ColumnType<string, string | undefined>;
  transfer_account_type: ColumnType<number, number | undefined>;
  transfer_account_number: ColumnType<string, string | undefined>;
  /** Points a worked shift earns and how many days they stay valid (migration 0025, docs/points.md). */
  points_per_shift: ColumnType<number, number | undefined>;
  points_valid_days: ColumnType<number, number | undefined>;
  /** The 協会けんぽ prefecture of the company's office, JIS X 0401 ('13'); null: health insurance not computed (migration 0045). */
  insurance_prefecture: ColumnType<string | null, string | null | undefined>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ClientsTable {
  id: Generated<string>;
  company_id: string;
  name: string;
  name_en: string;
  /** Invoice closing day (1–31) and days from closing to the due date (migration 0003). */
  billing_closing_day: ColumnType<number, number | undefined>;
  payment_due_days: ColumnType<number, number | undefined>;
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
  /** A candidate wants mail about company answers it has not read (migration 0013). */
  chat_mail: ColumnType<boolean, boolean | undefined>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}
export type UserRow = Selectable<UsersTable>;

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
  /** A job type's defaults for its jobs (migration 0050): the 特定技能 field and simple manual work. */
  ssw_field: ColumnType<string | null, string | null | undefined>;
  simple_labour: ColumnType<boolean | null, boolean | null | undefined>;
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
  /** A catalogue key (shared/messages.ts) drawn in the reader's language; null on rows with a fixed title (migration 0052). */
  message_key: string | null;
  /** The key's values: a text, a number, or a `{ ja, en }` pair for data with both languages. */
  params: ColumnType<NotificationParams, NotificationParams | undefined, NotificationParams>;
  created_at: CreatedAt;
}
/** The values of a notification's message: data texts keep both their languages. */
export type NotificationParams = Record<string, string | number | { ja: string; en: string }>;

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

// Template tables (migrations 0003 and 0004). company_id null = the platform default.
export interface JobStatusesTable {
  id: Generated<string>;
  company_id: string | null;
  name_ja: string;
  name_en: string;
  color: ColumnType<string, string | undefined>;
  is_open: ColumnType<boolean, boolean | undefined>;
  sort: ColumnType<number, number | undefined>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface CandidateStatusesTable {
  id: Generated<string>;
  company_id: string | null;
  /** The parent in the status tree; null for a root. */
  parent_id: string | null;
  name_ja: string;
  name_en: string;
  list: ColumnType<'candidate' | 'kakunin' | 'shukkin', 'candidate' | 'kakunin' | 'shukkin' | undefined>;
  sort: ColumnType<number, number | undefined>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
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

export interface AppSettingsTable {
  id: Generated<string>;
  company_id: string | null;
  key: string;
  value: ColumnType<string, string | undefined>;
  description: ColumnType<string, string | undefined>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export type DocumentKind = 'mail' | 'contract' | 'billing' | 'terms' | 'privacy';

export interface DocumentTemplatesTable {
  id: Generated<string>;
  company_id: string | null;
  kind: DocumentKind;
  /** The template's key (mail: what the system sends it for; terms/privacy: the version). */
  key: string;
  subject_ja: ColumnType<string, string | undefined>;
  subject_en: ColumnType<string, string | undefined>;
  body_ja: ColumnType<string, string | undefined>;
  body_en: ColumnType<string, string | undefined>;
  published: ColumnType<boolean, boolean | undefined>;
  /** Kept by a trigger: set when `published` becomes true, null while unpublished. */
  published_at: ColumnType<Date | null, Date | string | null | undefined>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface JobIndustriesTable {
  id: Generated<string>;
  name_ja: string;
  name_en: string;
  sort: ColumnType<number, number | undefined>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface JobCategoriesTable {
  id: Generated<string>;
  industry_id: string | null;
  name_ja: string;
  name_en: string;
  sort: ColumnType<number, number | undefined>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

// Staff registry and platform payment settings (migration 0005).
export interface StaffTable {
  id: Generated<string>;
  company_id: string;
  name: string;
  name_kana: string | null;
  email: string | null;
  phone: string | null;
  /** ISO 3166-1 alpha-2 code, or 'other'. */
  nationality: string | null;
  /** YYYY-MM-DD. */
  birth_date: string | null;
  /** A job-enum id of type 8. */
  gender: number | null;
  visa_type_id: number | null;
  /** YYYY-MM-DD: the residence card's expiry. */
  visa_expiry: string | null;
  /** A job-enum id of type 16. */
  read_skill: number | null;
  /** Codes of the languages table. */
  languages: ColumnType<string[], string[] | undefined>;
  address: string | null;
  notes: ColumnType<string, string | undefined>;
  /** The registered candidate this row is (migration 0034, docs/workforce.md "One person"). */
  person_user_id: ColumnType<string | null, string | null | undefined>;
  /** The person's payroll record (migration 0045, docs/payroll.md "The person's payroll record"). */
  tax_form_filed: ColumnType<boolean, boolean | undefined>;
  dependents: ColumnType<number, number | undefined>;
  employment_term: ColumnType<'days30' | 'months2' | 'longer', 'days30' | 'months2' | 'longer' | undefined>;
  weekly_hours: ColumnType<number | null, number | null | undefined>;
  student: ColumnType<boolean, boolean | undefined>;
  standard_monthly_remuneration: ColumnType<number | null, number | null | undefined>;
  resident_tax_monthly: ColumnType<number, number | undefined>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface StaffDocumentsTable {
  id: Generated<string>;
  staff_id: string;
  kind: 'residence_card' | 'passport' | 'certificate' | 'other';
  number: string | null;
  expires_on: string | null;
  note: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface PaymentSettingsTable {
  id: Generated<string>;
  one_row: ColumnType<boolean, never, never>;
  /** HH:MM, Japan time. */
  transfer_cutoff: ColumnType<string, string | undefined>;
  /** Yen per transfer, charged to the worker. */
  transfer_fee: ColumnType<number, number | undefined>;
  quickpay_enabled: ColumnType<boolean, boolean | undefined>;
  /** numeric(5,2), read as a string ("3.00"). */
  quickpay_fee_percent: ColumnType<string, string | number | undefined>;
  quickpay_min_fee: ColumnType<number, number | undefined>;
  quickpay_daily_limit: ColumnType<number, number | undefined>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** A site or feed the crawler imports jobs from (server/modules/crawler). */
export interface CrawlerSourcesTable {
  id: Generated<string>;
  name: string;
  url: string;
  format: ColumnType<'html' | 'json', 'html' | 'json' | undefined>;
  job_kind: ColumnType<'daily' | 'other', 'daily' | 'other' | undefined>;
  company_id: string;
  client_id: string;
  /** Where each job is, then each field inside it: CSS selectors (html) or dotted paths (json); see modules/crawler/extract.ts. */
  item_selector: ColumnType<string, string | undefined>;
  map_url: string | null;
  map_title: string;
  map_title_en: string | null;
  map_description: string | null;
  map_wage: string | null;
  map_prefecture: string | null;
  map_city: string | null;
  map_station: string | null;
  schedule_minutes: ColumnType<number, number | undefined>;
  active: ColumnType<boolean, boolean | undefined>;
  last_run_at: Date | null;
  running_since: Date | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface CrawlerRunsTable {
  id: Generated<string>;
  source_id: string;
  started_at: CreatedAt;
  finished_at: Date | null;
  status: ColumnType<'running' | 'ok' | 'failed', 'running' | 'ok' | 'failed' | undefined>;
  found: ColumnType<number, number | undefined>;
  imported: ColumnType<number, number | undefined>;
  updated: ColumnType<number, number | undefined>;
  skipped: ColumnType<number, number | undefined>;
  errors: ColumnType<string[], string | undefined, string>;
}

export interface CrawlerItemsTable {
  id: Generated<string>;
  source_id: string;
  source_url: string;
  content_hash: string;
  job_id: string | null;
  first_seen_at: CreatedAt;
  last_seen_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
