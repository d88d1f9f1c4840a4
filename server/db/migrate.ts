import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as m0001 from './migrations/20261122_0001_foundation.ts';
import * as m0002 from './migrations/20261122_0002_enums_notifications.ts';
import * as m0003 from './migrations/20261122_0003_audit_templates.ts';
import * as m0004templates from './migrations/20261122_0004_templates.ts';
import * as m0005staff from './migrations/20261122_0005_staff.ts';
import * as m0006 from './migrations/20261122_0006_jobs.ts';
import * as m0007 from './migrations/20261122_0007_job_publish_dates.ts';
import * as m0008 from './migrations/20261122_0008_job_last_open_date.ts';
import * as m0009 from './migrations/20261122_0009_messages.ts';
import * as m0010 from './migrations/20261123_0010_chat_status.ts';
import * as m0016 from './migrations/20261124_0016_crawler.ts';
import * as m0029 from './migrations/20261128_0029_ads.ts';
import * as m0017 from './migrations/20261125_0017_reference_notify.ts';
import * as m0018 from './migrations/20261125_0018_job_places_en.ts';
import * as m0019 from './migrations/20261126_0019_one_status_model.ts';
import * as m0020 from './migrations/20261126_0020_attendance.ts';
import * as m0021 from './migrations/20261126_0021_interviews.ts';
import * as m0022 from './migrations/20261126_0022_kakunin_reminder.ts';
import * as m0023 from './migrations/20261126_0023_residence_alerts.ts';
import * as m0024 from './migrations/20261127_0024_money.ts';
import * as m0025 from './migrations/20261128_0025_points.ts';
import * as m0026 from './migrations/20261128_0026_scouting.ts';
import * as m0027 from './migrations/20261128_0027_surveys.ts';
import * as m0030 from './migrations/20261128_0030_card_checks.ts';
import * as m0031 from './migrations/20261128_0031_long_vacations.ts';
import * as m0033 from './migrations/20261129_0033_shift_confirmations.ts';
import * as m0034 from './migrations/20261129_0034_person.ts';
import * as m0035 from './migrations/20261130_0035_directory_notify.ts';
import * as m0036 from './migrations/20261130_0036_board_notify.ts';
import * as m0037 from './migrations/20261201_0037_platform_badge_counters.ts';
import * as m0038 from './migrations/20261202_0038_session_notify.ts';
import * as m0039 from './migrations/20261203_0039_row_counts_notify.ts';
import * as m0040 from './migrations/20261203_0040_applicant_list_indexes.ts';
import * as m0045 from './migrations/20261204_0045_payroll_person.ts';
import * as m0046 from './migrations/20261204_0046_pay_deductions.ts';
import * as m0043 from './migrations/20261204_0043_invoice_line_kinds.ts';
import * as m0052 from './migrations/20261204_0052_notification_keys.ts';
import * as m0050 from './migrations/20261204_0050_placement_law_data.ts';
import * as m0051 from './migrations/20261204_0051_dispatch_records.ts';
import * as m0053 from './migrations/20261205_0053_inbox.ts';
import * as m0011 from './migrations/20261123_0011_chat_attachments.ts';
import * as m0012 from './migrations/20261123_0012_chat_counters.ts';
import * as m0013 from './migrations/20261123_0013_chat_mail.ts';
import * as m0028 from './migrations/20261128_0028_integrations.ts';

/**
 * Every migration, by timestamped name. A static list (not a folder scan) so bundlers and
 * tsx see the imports and a missing file fails at build time.
 */
const MIGRATIONS: Record<string, Migration> = {
  '20261122_0001_foundation': m0001,
  '20261122_0002_enums_notifications': m0002,
  '20261122_0003_audit_templates': m0003,
  '20261122_0004_templates': m0004templates,
  '20261122_0005_staff': m0005staff,
  '20261122_0006_jobs': m0006,
  '20261122_0007_job_publish_dates': m0007,
  '20261122_0008_job_last_open_date': m0008,
  '20261122_0009_messages': m0009,
  '20261123_0010_chat_status': m0010,
  '20261123_0011_chat_attachments': m0011,
  '20261123_0012_chat_counters': m0012,
  '20261123_0013_chat_mail': m0013,
  '20261124_0016_crawler': m0016,
  '20261125_0017_reference_notify': m0017,
  '20261125_0018_job_places_en': m0018,
  '20261126_0019_one_status_model': m0019,
  '20261126_0020_attendance': m0020,
  '20261126_0021_interviews': m0021,
  '20261126_0022_kakunin_reminder': m0022,
  '20261126_0023_residence_alerts': m0023,
  '20261127_0024_money': m0024,
  '20261128_0025_points': m0025,
  '20261128_0028_integrations': m0028,
  '20261128_0026_scouting': m0026,
  '20261128_0027_surveys': m0027,
  '20261128_0029_ads': m0029,
  '20261128_0030_card_checks': m0030,
  '20261128_0031_long_vacations': m0031,
  '20261129_0033_shift_confirmations': m0033,
  '20261129_0034_person': m0034,
  '20261130_0035_directory_notify': m0035,
  '20261130_0036_board_notify': m0036,
  '20261201_0037_platform_badge_counters': m0037,
  '20261202_0038_session_notify': m0038,
  '20261203_0039_row_counts_notify': m0039,
  '20261203_0040_applicant_list_indexes': m0040,
  '20261204_0045_payroll_person': m0045,
  '20261204_0046_pay_deductions': m0046,
  '20261204_0043_invoice_line_kinds': m0043,
  '20261204_0052_notification_keys': m0052,
  '20261204_0050_placement_law_data': m0050,
  '20261204_0051_dispatch_records': m0051,
  '20261205_0053_inbox': m0053,
};

class StaticProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return MIGRATIONS;
  }
}

export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new StaticProvider() });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** True when every known migration has run (used by /readyz). */
export async function migrationsDone(db: Kysely<any>): Promise<boolean> {
  const migrator = new Migrator({ db, provider: new StaticProvider() });
  const all = await migrator.getMigrations();
  return all.every((m) => m.executedAt !== undefined);
}

/** Every migration this code knows, oldest first. */
export function knownMigrations(): string[] {
  return Object.keys(MIGRATIONS).sort();
}

/** Migrates up to and including `name` (a restore rebuilds the schema its backup had). */
export async function migrateTo(db: Kysely<any>, name: string): Promise<void> {
  const migrator = new Migrator({ db, provider: new StaticProvider() });
  const { error } = await migrator.migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
