import { sql } from 'kysely';
import { tenantScopedQuery } from '../../../access/tenancy.ts';
import type { HookContext } from '../../../resources/define.ts';
import { msgText } from '../../../../shared/texts/index.ts';
import { recordInterviewResult, type InterviewResult } from '../interviews.ts';
import { dateFilter, defineReadModel, langText, stateFilter, type ReadRow } from '../../../resources/read-model.ts';
import { INTERVIEW_STATES } from '../../../../shared/states.ts';
import { applicantNameColumn, jobFilter } from './applications.ts';
import { isDay } from '../../../../shared/time.ts';

/**
 * Interviews (SPEC §2 /admin/interview 290002, docs/pipeline.md): every interview
 * of the tenant's applications — a client user sees those of its own jobs — as a list and as a
 * week calendar. A result (pass, fail, hold) moves the application along its status tree; cancel
 * just closes the interview. Interviews are scheduled from the applicant record, which also draws
 * these actions on each interview still to be decided.
 */
const result = (name: InterviewResult, label: { ja: string; en: string }, done: { ja: string; en: string }, confirm?: { ja: string; en: string }) => ({
  name,
  label,
  done,
  bulk: true,
  // A result is recorded on an interview still to be decided (recordInterviewResult).
  rows: { status: ['scheduled', 'hold'] },
  ...(confirm ? { confirm } : {}),
  run: async (rows: ReadRow[], ctx: HookContext) => {
    const changed = await recordInterviewResult(
      ctx.services,
      ctx.user,
      ctx.tenant,
      rows.map((r) => r.id),
      name,
    );
    if (!changed) return msgText('res.interviews.resultFinishedInterview');
  },
});

export const interviewsReadModel = defineReadModel({
  name: 'interview',
  plural: 'interviews',
  title: msgText('res.interviews.interview'),
  titlePlural: msgText('interview.title'),
  source: (db, tenant) => {
    const q = db.selectFrom('interviews as i').innerJoin('applications as a', 'a.id', 'i.application_id').innerJoin('users as u', 'u.id', 'a.candidate_id').innerJoin('jobs as j', 'j.id', 'a.job_id');
    return tenantScopedQuery(q, tenant, { company: 'i.company_id', client: 'a.client_id' });
  },
  id: 'i.id',
  columns: [
    { name: 'startsAt', label: msgText('res.common.when'), type: 'datetime', sql: 'i.starts_at', sortable: true, notNull: true },
    applicantNameColumn('applicationId'),
    { name: 'applicationId', label: msgText('res.interviews.applicationId'), type: 'text', sql: 'a.id', hidden: true },
    { name: 'kind', label: msgText('res.common.kind'), type: 'text', sql: 'j.kind', hidden: true },
    {
      name: 'jobTitle',
      label: msgText('res.common.job'),
      type: 'text',
      sql: langText('j.title'),
      search: true,
    },
    { name: 'minutes', label: msgText('res.interviews.minutes'), type: 'number', sql: 'i.minutes' },
    { name: 'place', label: msgText('res.interviews.where'), type: 'text', sql: () => sql`coalesce(nullif(i.online_url, ''), i.place)` },
    { name: 'interviewers', label: msgText('interview.interviewers'), type: 'text', sql: 'i.interviewers', search: true },
    { name: 'status', label: msgText('res.interviews.result'), type: 'badge', sql: 'i.status', sortable: true, notNull: true, states: INTERVIEW_STATES },
  ],
  filters: [
    stateFilter('status', msgText('res.interviews.result'), 'i.status', INTERVIEW_STATES),
    dateFilter('when', msgText('common.date'), sql`(i.starts_at at time zone 'Asia/Tokyo')::date`),
    jobFilter('a.job_id'),
    {
      name: 'week',
      label: msgText('res.common.week'),
      kind: 'date',
      hidden: true,
      // Monday 00:00 to the next Monday 00:00 in Japan.
      where: (_, v) =>
        isDay(v) ? sql<boolean>`i.starts_at >= (${v}::date::timestamp at time zone 'Asia/Tokyo') and i.starts_at < ((${v}::date + 7)::timestamp at time zone 'Asia/Tokyo')` : sql<boolean>`false`,
    },
  ],
  defaultSort: { column: 'startsAt', dir: 'asc' },
  paging: 'offset',
  screens: [{ path: '/admin/interview' }],
  calendar: { column: 'startsAt', label: 'candidateName', badge: 'status', week: 'week' },
  actions: [
    result('pass', msgText('res.interviews.pass'), msgText('res.interviews.markedPassedApplicant')),
    result('fail', msgText('res.interviews.fail'), msgText('res.interviews.markedNotPassed'), msgText('res.interviews.markNotPassed')),
    result('hold', msgText('res.interviews.holdAction'), msgText('res.interviews.putHold')),
    result('cancelled', msgText('res.interviews.cancel'), msgText('res.interviews.interviewCancelled'), msgText('res.interviews.cancelInterview')),
  ],
});
