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
import type { MetaTable, AuditLogTable } from './tables.ts';
import type { CompaniesTable, ClientsTable } from '../modules/companies/tables.ts';
import type { UsersTable, PasswordResetsTable } from '../modules/auth/tables.ts';
import type { RolesTable, RoleCodeTable } from '../modules/roles/tables.ts';
import type { ContactMessagesTable } from '../modules/contact/tables.ts';
import type { JobEnumsTable, JobEnumTranslationsTable, VisaTypesTable, LanguagesTable, JobIndustriesTable, JobCategoriesTable } from '../modules/enums/tables.ts';
import type { NotificationsTable } from '../modules/notifications/tables.ts';
import type { JobStatusesTable, CandidateStatusesTable, AppSettingsTable, DocumentTemplatesTable } from '../modules/templates/tables.ts';
import type { ChatbotMessagesTable } from '../chat/tables.ts';
import type { StaffTable, StaffDocumentsTable } from '../modules/staff/tables.ts';
import type { PaymentSettingsTable } from '../modules/payroll/tables.ts';
import type { CrawlerSourcesTable, CrawlerRunsTable, CrawlerItemsTable } from '../modules/crawler/tables.ts';
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
  inbox_mailed_notifications: InboxTables['inbox_mailed_notifications'];
}
