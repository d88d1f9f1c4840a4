import { tr, type Lang } from '../../shared/i18n.ts';
import { dayTimeText, timeText } from '../../shared/format.ts';
import { stateOf } from '../../shared/list-kinds.ts';
import { ATTENDANCE_STATES } from '../../shared/states.ts';
import { msg } from '../../shared/texts/index.ts';
import { todayInJapan } from '../../shared/time.ts';

/** What is recorded for a shift (the API's `AttendanceRecord`). */
export interface RecordedShift {
  status: string;
  clockIn: string | null;
  clockOut: string | null;
  breakMinutes: number;
}

/**
 * What is recorded for a shift, in one line of the reader's language: its state (present, late,
 * absent…), the clock-in and the clock-out in Japan time, with the day when it is not the shift's
 * (a night shift's clock-out the next morning), and the break the clock-out took. What the pay is
 * made from, so the worker and staff read the same (the worker's applications, the applicant record).
 */
export function recordedShiftText(lang: Lang, a: RecordedShift, shiftDate: string | null): string {
  const at = (iso: string) => (shiftDate && todayInJapan(new Date(iso)) === shiftDate ? timeText(iso, lang) : dayTimeText(iso, lang));
  const state = stateOf(ATTENDANCE_STATES, a.status);
  return [
    state ? tr(lang, state.label) : a.status,
    ...(a.clockIn ? [msg(lang, 'attendance.clockedIn', { time: at(a.clockIn) })] : []),
    ...(a.clockOut ? [msg(lang, 'attendance.clockedOut', { time: at(a.clockOut) }), msg(lang, 'attendance.break', { minutes: a.breakMinutes })] : []),
  ].join(' · ');
}
