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

/** A day's pay (日払い) line: the daily pay list and the worker's own pay page. */
export const PAY_LINE_STATES = badgeStates({
  pending: ['payState.awaitingApproval', 'warning'],
  approved: ['payState.approved', 'info'],
  transferred: ['payState.transferred', 'success'],
  failed: ['payState.failed', 'danger'],
});

/** A month's pay run: the monthly pay list and the worker's payslips. A draft awaits the company's approval, as a pending day's pay does: both readers are told so in the same words. */
export const PAY_RUN_STATES = badgeStates({
  draft: ['payState.awaitingApproval', 'warning'],
  approved: ['payState.approved', 'info'],
  paid: ['payState.paid', 'success'],
});

/** A quick pay (前払い) request: the quick pay list and the worker's own requests. */
export const ADVANCE_STATES = badgeStates({
  requested: ['payState.requested', 'warning'],
  approved: ['payState.approved', 'info'],
  transferred: ['payState.transferred', 'success'],
  recovered: ['payState.recovered', 'neutral'],
  rejected: ['res.common.rejected', 'neutral'],
});

/** What moved a point balance: the points ledger and the candidate's points page. */
export const POINT_KINDS = badgeStates({
  shift: ['points.kind.shift', 'success'],
  campaign: ['points.kind.campaign', 'success'],
  manual: ['points.kind.manual', 'success'],
  spend: ['points.kind.spend', 'warning'],
  expire: ['points.kind.expire', 'neutral'],
});
