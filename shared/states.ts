/**
 * The states a record moves through that several pages show, each declared once: a list's badge
 * and its filter, a record's heading and the applicant sheet read the same labels and tones, so a
 * failed interview never wears a scheduled one's tone on one page and a closed one's on the next.
 */
import { badgeStates } from './list-kinds.ts';

/** An interview's outcome: the interviews list, the applicant's record and sheet. */
export const INTERVIEW_STATES = badgeStates({
  scheduled: ['interviewStatus.scheduled', 'info'],
  pass: ['interviewStatus.pass', 'success'],
  fail: ['interviewStatus.fail', 'neutral'],
  hold: ['interviewStatus.hold', 'warning'],
  cancelled: ['interviewStatus.cancelled', 'neutral'],
});

/**
 * A residence card's check: the card checks list, the card's page and the worker record. A card a
 * newer upload replaced leaves the list, so only the card's own page adds that state.
 */
export const CARD_CHECK_STATES = badgeStates({
  pending: ['res.cardChecks.waitingCheck', 'warning'],
  reupload: ['res.cardChecks.reUploadAsked', 'info'],
  rejected: ['res.common.rejected', 'danger'],
  verified: ['res.common.verified', 'success'],
});

/** A shift's attendance as recorded: the applications list, the worker record, the applicant's record. */
export const ATTENDANCE_STATES = badgeStates({
  present: ['applicant.present', 'success'],
  late: ['applicant.late', 'warning'],
  absent: ['applicant.absent', 'neutral'],
  no_show: ['applicant.noShow', 'danger'],
});
