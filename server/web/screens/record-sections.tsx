import type { RecordSection } from './record-section.ts';
import { crawlerRunsSection } from './admin/crawler-runs.tsx';
import { jobShiftsSection } from './admin/job-shifts.tsx';
import { personSection } from './admin/person.tsx';

export type { RecordSection, RecordSectionState } from './record-section.ts';

/** Sections by resource name. */
export const RECORD_SECTIONS: Record<string, RecordSection> = {
  dailyJob: jobShiftsSection,
  crawlerSource: crawlerRunsSection,
  // One person: the linked candidate and the row's duplicates.
  staffMember: personSection,
};
