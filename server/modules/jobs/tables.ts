import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, UpdatedAt } from '../../db/columns.ts';

/** The tables of migration 0006 (jobs, shifts, candidates' profiles, applications, conversations). */
export interface JobTables {
  jobs: JobsTable;
  job_daily_shifts: ShiftsTable;
  candidate_profiles: CandidateProfilesTable;
  applications: ApplicationsTable;
  conversations: ConversationsTable;
  dispatch_complaints: DispatchComplaintsTable;
}

export type JobKind = 'daily' | 'other';
export type JobStatus = 'draft' | 'open' | 'paused' | 'closed';

export interface JobsTable {
  id: Generated<string>;
  company_id: string;
  client_id: string;
  kind: JobKind;
  title_ja: string;
  title_en: string;
  description_ja: Generated<string>;
  description_en: Generated<string>;
  job_type_id: number | null;
  pay_type_id: number | null;
  overtime_id: number | null;
  job_week_id: number | null;
  read_skill_id: number | null;
  industry_id: string | null;
  category_id: string | null;
  wage: number;
  /** What the client is billed per hour (migration 0024); null: not billed by the hour. */
  bill_rate: Generated<number | null>;
  /** Paid per shift (daily) or with the monthly run (migration 0024; default by kind). */
  pay_mode: Generated<'daily' | 'monthly'>;
  prefecture: string;
  city: Generated<string>;
  station: Generated<string>;
  /** The city and station in English (migration 0018); blank: the Japanese ones, marked as such. */
  city_en: Generated<string>;
  station_en: Generated<string>;
  languages: Generated<string[]>;
  visa_type_ids: Generated<number[]>;
  headcount: Generated<number>;
  status: Generated<JobStatus>;
  /** YYYY-MM-DD, days in Japan, both ends included (migration 0007). */
  publish_from: string | null;
  publish_until: string | null;
  /** The 特定技能 field (分野) of the work and whether it is simple manual work (migration 0050); null: the job type's. */
  ssw_field: Generated<string | null>;
  simple_labour: Generated<boolean | null>;
  /** The client's supervisor for dispatched workers (派遣先責任者, migration 0051). */
  supervisor: Generated<string | null>;
  /** The latest date of a shift with a free seat (trigger-maintained, migration 0008). */
  last_open_date: ColumnType<string | null, never, never>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ShiftsTable {
  id: Generated<string>;
  job_id: string;
  /** YYYY-MM-DD (pg `date` is read as a string, see server/db/connect.ts). */
  date: string;
  start_time: string;
  end_time: string;
  break_minutes: Generated<number>;
  capacity: number;
  filled: Generated<number>;
  wage: number | null;
  /** The shift's own bill rate per hour, else the job's (migration 0024). */
  bill_rate: Generated<number | null>;
  /** The client confirmed the staffing: when and who (migration 0033); cleared by a swap. */
  client_confirmed_at: Generated<Date | null>;
  client_confirmed_by: Generated<string | null>;
  created_at: CreatedAt;
}

export interface CandidateProfilesTable {
  user_id: string;
  phone: string | null;
  nationality: string;
  visa_type_id: number | null;
  visa_expiry: string | null;
  languages: Generated<string[]>;
  /** The residence card as staff last verified it (migration 0030, docs/workforce.md). */
  card_number: Generated<string | null>;
  permission_outside_status: Generated<boolean>;
  card_verified: Generated<boolean>;
  card_verified_at: Generated<Date | null>;
  /** Migration 0050: for the age rules, the dispatch ledger, the Hello Work report and bank transfers. */
  birth_date: Generated<string | null>;
  name_kana: Generated<string | null>;
  address: Generated<string | null>;
  sex: Generated<'male' | 'female' | null>;
  /** The 特定技能 field on the person's status, entered by staff when they verify a 特定技能 card. */
  ssw_field: Generated<string | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ApplicationsTable {
  id: Generated<string>;
  job_id: string;
  shift_id: string | null;
  candidate_id: string;
  company_id: string;
  client_id: string;
  message: Generated<string>;
  /**
   * Where the candidate stands: a node of the company's candidateStatus tree, the one status model
   * (migration 0019; a new application starts at the tree's root, docs/pipeline.md).
   */
  candidate_status_id: ColumnType<string, string | undefined, string>;
  /** When the day-before kakunin reminder went out (migration 0022, server/modules/pipeline/reminders.ts). */
  kakunin_reminded_at: Generated<Date | null>;
  /** Placed by dispatch (true, the default) or employed directly by the client (migration 0050). */
  dispatch: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** A complaint of a dispatched worker and its handling (派遣元管理台帳, migration 0051). */
export interface DispatchComplaintsTable {
  id: Generated<string>;
  application_id: string;
  received_on: string;
  complaint: string;
  handling: Generated<string>;
  created_at: CreatedAt;
}

export interface ConversationsTable {
  id: Generated<string>;
  company_id: string;
  candidate_id: string;
  job_id: string | null;
  shift_id: string | null;
  application_id: string | null;
  type: 1 | 2;
  last_message_at: Date | null;
  /** 1: the chatbot answers; 2: a person has taken over (migration 0010). */
  chat_status: Generated<1 | 2>;
  /** When the candidate was last mailed about an unread answer (migration 0013, server/chat/mail.ts). */
  candidate_mailed_at: Generated<Date | null>;
  created_at: CreatedAt;
}
