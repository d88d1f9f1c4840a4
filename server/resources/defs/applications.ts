import { sql } from 'kysely';
import type { Option, OptionContext } from '../define.ts';
import { t } from '../define.ts';
import { dateWindow, defineReadModel, type BadgeState } from '../read-model.ts';
import { clientOptions } from './users.ts';
import { visaOptions } from './staff.ts';

/**
 * The company's applicants (SPEC §2: /admin/candidate 120001, /v3/admin/candidate/daily 120001,
 * /v3/admin/candidate/other 340001): every application to the tenant's jobs, joined with the
 * candidate, the job, the client, the shift and the conversation. The daily and part-time screens
 * fix the kind, and the API narrows to it too: a role that holds only 340001 never sees a daily
 * job's applicant. Statuses move through declared transitions (accept, decline, cancel, reopen).
 */
export const APPLICATION_STATES: readonly BadgeState[] = [
  { value: 'applied', label: t('応募中', 'Applied'), tone: 'info' },
  { value: 'accepted', label: t('採用', 'Accepted'), tone: 'success' },
  { value: 'rejected', label: t('不採用', 'Not selected'), tone: 'neutral' },
  { value: 'cancelled', label: t('キャンセル', 'Cancelled'), tone: 'warning' },
];

const KINDS: Option[] = [
  { value: 'daily', label: t('日払い求人', 'Daily jobs') },
  { value: 'other', label: t('アルバイト求人', 'Part-time jobs') },
];

/** The jobs whose applicants the caller sees, for the job filter. */
async function jobOptions({ tenant, db }: OptionContext): Promise<Option[]> {
  if (tenant.kind === 'none') return [];
  let q = db.selectFrom('jobs').select(['id', 'title_ja', 'title_en']).orderBy('created_at', 'desc').limit(500);
  if (tenant.kind !== 'platform') q = q.where('company_id', '=', tenant.companyId);
  if (tenant.kind === 'client') q = q.where('client_id', '=', tenant.clientId);
  return (await q.execute()).map((j) => ({ value: j.id, label: { ja: j.title_ja || j.title_en, en: j.title_en || j.title_ja } }));
}

const uuidOr = (value: string) => (/^[0-9a-f-]{36}$/i.test(value) ? value : '00000000-0000-0000-0000-000000000000');

export const applicationsReadModel = defineReadModel({
  name: 'applicant',
  plural: 'applicants',
  title: t('応募者', 'Applicant'),
  titlePlural: t('応募者', 'Applicants'),
  source: (db, tenant) => {
    if (tenant.kind === 'none') return null;
    let q = db
      .selectFrom('applications as a')
      .innerJoin('jobs as j', 'j.id', 'a.job_id')
      .innerJoin('users as u', 'u.id', 'a.candidate_id')
      .innerJoin('clients as cl', 'cl.id', 'a.client_id')
      .leftJoin('candidate_profiles as p', 'p.user_id', 'a.candidate_id')
      .leftJoin('visa_types as v', 'v.id', 'p.visa_type_id')
      .leftJoin('job_daily_shifts as s', 's.id', 'a.shift_id')
      .leftJoin('conversations as c', 'c.application_id', 'a.id');
    if (tenant.kind !== 'platform') q = q.where('a.company_id', '=', tenant.companyId);
    if (tenant.kind === 'client') q = q.where('a.client_id', '=', tenant.clientId);
    return q;
  },
  id: 'a.id',
  columns: [
    { name: 'candidateName', label: t('応募者', 'Candidate'), type: 'text', sql: 'u.name', sortable: true, search: true, notNull: true },
    { name: 'candidateEmail', label: t('メール', 'Email'), type: 'text', sql: 'u.email', search: true, hidden: true },
    { name: 'nationality', label: t('国籍', 'Nationality'), type: 'text', sql: 'p.nationality', sortable: true },
    { name: 'visaType', label: t('在留資格', 'Residence status'), type: 'text', sql: (lang) => (lang === 'ja' ? sql`v.ja` : sql`coalesce(nullif(v.en, ''), v.ja)`) },
    { name: 'visaExpiry', label: t('在留期限', 'Card expiry'), type: 'date', sql: 'p.visa_expiry', sortable: true },
    {
      name: 'jobTitle',
      label: t('求人', 'Job'),
      type: 'link',
      sql: (lang) => (lang === 'ja' ? sql`coalesce(nullif(j.title_ja, ''), j.title_en)` : sql`coalesce(nullif(j.title_en, ''), j.title_ja)`),
      sortable: true,
      search: true,
      notNull: true,
      links: [
        { route: '/v3/admin/jobs/[id]', params: { id: 'jobId' }, when: { kind: 'daily' } },
        { route: '/admin/jobs/[id]', params: { id: 'jobId' }, when: { kind: 'other' } },
      ],
    },
    { name: 'jobId', label: t('求人ID', 'Job ID'), type: 'text', sql: 'j.id', hidden: true },
    { name: 'kind', label: t('種類', 'Kind'), type: 'badge', sql: 'j.kind', hidden: true, states: KINDS.map((k) => ({ ...k, tone: 'neutral' as const })) },
    { name: 'clientName', label: t('クライアント', 'Client'), type: 'text', sql: (lang) => (lang === 'ja' ? sql`cl.name` : sql`coalesce(nullif(cl.name_en, ''), cl.name)`), sortable: true, search: true, notNull: true },
    { name: 'shiftDate', label: t('勤務日', 'Shift date'), type: 'date', sql: 's.date', sortable: true },
    { name: 'shiftTime', label: t('時間', 'Hours'), type: 'text', sql: () => sql`case when s.id is null then null else to_char(s.start_time, 'HH24:MI') || '–' || to_char(s.end_time, 'HH24:MI') end` },
    { name: 'status', label: t('状況', 'Status'), type: 'badge', sql: 'a.status', sortable: true, notNull: true, states: APPLICATION_STATES },
    { name: 'conversationId', label: t('チャットID', 'Chat ID'), type: 'text', sql: 'c.id', hidden: true },
    { name: 'createdAt', label: t('応募日時', 'Applied at'), type: 'datetime', sql: 'a.created_at', sortable: true, notNull: true },
  ],
  filters: [
    { name: 'kind', label: t('種類', 'Kind'), kind: 'select', options: KINDS, where: (eb, v) => eb('j.kind', '=', v) },
    { name: 'status', label: t('状況', 'Status'), kind: 'select', options: APPLICATION_STATES.map(({ value, label }) => ({ value, label })), where: (eb, v) => eb('a.status', '=', v) },
    { name: 'job', label: t('求人', 'Job'), kind: 'select', options: jobOptions, where: (eb, v) => eb('a.job_id', '=', uuidOr(v)) },
    { name: 'client', label: t('クライアント', 'Client'), kind: 'select', options: clientOptions, where: (eb, v) => eb('a.client_id', '=', uuidOr(v)) },
    { name: 'shiftDate', label: t('勤務日', 'Shift date'), kind: 'date', where: (_, v) => dateWindow('s.date', v) },
    { name: 'visa', label: t('在留資格', 'Residence status'), kind: 'select', options: visaOptions, where: (eb, v) => (/^\d{1,9}$/.test(v) ? eb('p.visa_type_id', '=', Number(v)) : sql<boolean>`false`) },
    { name: 'visaExpiry', label: t('在留期限', 'Card expiry'), kind: 'date', where: (_, v) => dateWindow('p.visa_expiry', v) },
    { name: 'nationality', label: t('国籍', 'Nationality'), kind: 'text', where: (eb, v) => eb('p.nationality', 'ilike', `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) },
  ],
  defaultSort: { column: 'createdAt', dir: 'desc' },
  paging: 'offset',
  screens: [{ path: '/admin/candidate' }, { path: '/v3/admin/candidate/daily', fixed: { kind: 'daily' } }, { path: '/v3/admin/candidate/other', fixed: { kind: 'other' } }],
  transitions: {
    column: 'status',
    table: 'applications',
    stateColumn: 'status',
    companyColumn: 'company_id',
    moves: [
      { from: ['applied'], to: 'accepted' },
      { from: ['applied', 'accepted'], to: 'rejected' },
      { from: ['applied', 'accepted'], to: 'cancelled' },
      { from: ['rejected', 'cancelled'], to: 'applied' },
    ],
  },
});
