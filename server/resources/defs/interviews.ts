import { sql } from 'kysely';
import type { HookContext, Option } from '../define.ts';
import { t } from '../define.ts';
import { recordInterviewResult, type InterviewResult } from '../../modules/pipeline/interviews.ts';
import { dateWindow, defineReadModel, langText, uuidOr, type BadgeState, type ReadRow } from '../read-model.ts';
import { applicantNameColumn, jobOptions } from './applications.ts';
import { isDay } from '../../../shared/time.ts';

/**
 * Interviews (SPEC §2 /admin/interview 290002, docs/pipeline.md): every interview
 * of the tenant's applications — a client user sees those of its own jobs — as a list and as a
 * week calendar. A result (pass, fail, hold) moves the application along its status tree; cancel
 * just closes the interview. Interviews are scheduled from the applicant record.
 */
const STATES: readonly BadgeState[] = [
  { value: 'scheduled', label: t('予定', 'Scheduled'), tone: 'info' },
  { value: 'pass', label: t('合格', 'Passed'), tone: 'success' },
  { value: 'fail', label: t('不合格', 'Not passed'), tone: 'neutral' },
  { value: 'hold', label: t('保留', 'On hold'), tone: 'warning' },
  { value: 'cancelled', label: t('キャンセル', 'Cancelled'), tone: 'neutral' },
];

const result = (name: InterviewResult, label: { ja: string; en: string }, done: { ja: string; en: string }, confirm?: { ja: string; en: string }) => ({
  name,
  label,
  done,
  bulk: true,
  ...(confirm ? { confirm } : {}),
  run: async (rows: ReadRow[], ctx: HookContext) => {
    const changed = await recordInterviewResult(ctx.services, ctx.user, ctx.tenant, rows.map((r) => r.id), name);
    if (!changed) return t('終わった面接の結果は変えられません。', 'The result of a finished interview cannot be changed.');
  },
});

export const interviewsReadModel = defineReadModel({
  name: 'interview',
  plural: 'interviews',
  title: t('面接', 'Interview'),
  titlePlural: t('面接', 'Interviews'),
  source: (db, tenant) => {
    if (tenant.kind === 'none') return null;
    let q = db
      .selectFrom('interviews as i')
      .innerJoin('applications as a', 'a.id', 'i.application_id')
      .innerJoin('users as u', 'u.id', 'a.candidate_id')
      .innerJoin('jobs as j', 'j.id', 'a.job_id');
    if (tenant.kind !== 'platform') q = q.where('i.company_id', '=', tenant.companyId);
    if (tenant.kind === 'client') q = q.where('a.client_id', '=', tenant.clientId);
    return q;
  },
  id: 'i.id',
  columns: [
    { name: 'startsAt', label: t('日時', 'When'), type: 'datetime', sql: 'i.starts_at', sortable: true, notNull: true },
    applicantNameColumn('applicationId'),
    { name: 'applicationId', label: t('応募ID', 'Application ID'), type: 'text', sql: 'a.id', hidden: true },
    { name: 'kind', label: t('種類', 'Kind'), type: 'text', sql: 'j.kind', hidden: true },
    {
      name: 'jobTitle',
      label: t('求人', 'Job'),
      type: 'text',
      sql: langText('j.title'),
      search: true,
    },
    { name: 'minutes', label: t('時間（分）', 'Minutes'), type: 'number', sql: 'i.minutes' },
    { name: 'place', label: t('場所・URL', 'Where'), type: 'text', sql: () => sql`coalesce(nullif(i.online_url, ''), i.place)` },
    { name: 'interviewers', label: t('面接官', 'Interviewers'), type: 'text', sql: 'i.interviewers', search: true },
    { name: 'status', label: t('結果', 'Result'), type: 'badge', sql: 'i.status', sortable: true, notNull: true, states: STATES },
  ],
  filters: [
    { name: 'status', label: t('結果', 'Result'), kind: 'select', options: STATES.map(({ value, label }): Option => ({ value, label })), where: (eb, v) => eb('i.status', '=', v) },
    { name: 'when', label: t('日付', 'Date'), kind: 'date', where: (_, v) => dateWindow(sql`(i.starts_at at time zone 'Asia/Tokyo')::date`, v) },
    { name: 'job', label: t('求人', 'Job'), kind: 'select', options: jobOptions, where: (eb, v) => eb('a.job_id', '=', uuidOr(v)) },
    {
      name: 'week',
      label: t('週', 'Week'),
      kind: 'date',
      hidden: true,
      // Monday 00:00 to the next Monday 00:00 in Japan.
      where: (_, v) => (isDay(v) ? sql<boolean>`i.starts_at >= (${v}::date::timestamp at time zone 'Asia/Tokyo') and i.starts_at < ((${v}::date + 7)::timestamp at time zone 'Asia/Tokyo')` : sql<boolean>`false`),
    },
  ],
  defaultSort: { column: 'startsAt', dir: 'asc' },
  paging: 'offset',
  screens: [{ path: '/admin/interview' }],
  calendar: { column: 'startsAt', label: 'candidateName', badge: 'status', week: 'week' },
  actions: [
    result('pass', t('合格', 'Pass'), t('合格にしました。応募者を次のステータスへ移しました。', 'Marked as passed; the applicant moved to the next status.')),
    result('fail', t('不合格', 'Fail'), t('不合格にしました。応募を終了しました。', 'Marked as not passed; the application was closed.'), t('不合格にして応募を終了しますか？', 'Mark as not passed and close the application?')),
    result('hold', t('保留', 'Hold'), t('保留にしました。', 'Put on hold.')),
    result('cancelled', t('キャンセル', 'Cancel'), t('面接をキャンセルしました。', 'Interview cancelled.'), t('この面接をキャンセルしますか？', 'Cancel this interview?')),
  ],
});
