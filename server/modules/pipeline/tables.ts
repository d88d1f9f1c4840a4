import type { Generated } from 'kysely';
import type { CreatedAt, UpdatedAt } from '../../db/columns.ts';

/** The pipeline's own tables (migration 0020). */
export interface PipelineTables {
  attendance: AttendanceTable;
  interviews: InterviewsTable;
  residence_alerts: ResidenceAlertsTable;
}

export interface ResidenceAlertsTable {
  user_id: string;
  company_id: string;
  expiry: string;
  threshold: number;
  created_at: CreatedAt;
}

export type InterviewStatus = 'scheduled' | 'pass' | 'fail' | 'hold' | 'cancelled';

export interface InterviewsTable {
  id: Generated<string>;
  application_id: string;
  company_id: string;
  starts_at: Date;
  minutes: number;
  place: Generated<string>;
  online_url: Generated<string>;
  interviewers: Generated<string>;
  status: Generated<InterviewStatus>;
  reminded_at: Date | null;
  created_by_name: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export type AttendanceStatus = 'present' | 'late' | 'absent' | 'no_show';

export interface AttendanceTable {
  id: Generated<string>;
  application_id: string;
  company_id: string;
  shift_id: string | null;
  status: AttendanceStatus;
  clock_in: Date | null;
  clock_out: Date | null;
  break_minutes: Generated<number>;
  recorded_by: string | null;
  recorded_by_name: string;
  updated_at: UpdatedAt;
  created_at: CreatedAt;
}
