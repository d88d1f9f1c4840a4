import { sql } from 'kysely';
import { t } from '../define.ts';
import { dateWindow, defineReadModel, langText, uuidOr } from '../read-model.ts';
import { jobOptions } from './applications.ts';
import { clientOptions } from './users.ts';

/**
 * Shifts (SPEC §2 /admin/shift 130001; issue 12 item 4, first part): every daily job's shift of the
 * tenant — a client user sees its own jobs' — with capacity, seats filled and what attendance has
 * recorded, as a list and as a week calendar. Assigning people and the working-limit checks are
 * still to come (docs/workforce.md).
 */
export const shiftsReadModel = defineReadModel({
  name: 'shift',
  plural: 'shifts',
  title: t('シフト', 'Shift'),
  titlePlural: t('シフト', 'Shifts'),
  source: (db, tenant) => {
    if (tenant.kind === 'none') return null;
    let q = db.selectFrom('job_daily_shifts as s').innerJoin('jobs as j', 'j.id', 's.job_id').innerJoin('clients as cl', 'cl.id', 'j.client_id');
    if (tenant.kind !== 'platform') q = q.where('j.company_id', '=', tenant.companyId);
    if (tenant.kind === 'client') q = q.where('j.client_id', '=', tenant.clientId);
    return q;
  },
  id: 's.id',
  columns: [
    { name: 'startsAt', label: t('開始', 'Starts'), type: 'datetime', sql: () => sql`((s.date + s.start_time) at time zone 'Asia/Tokyo')`, sortable: true, notNull: true },
    {
      name: 'jobTitle',
      label: t('求人', 'Job'),
      type: 'link',
      sql: langText('j.title'),
      sortable: true,
      search: true,
      notNull: true,
      links: [{ route: '/v3/admin/jobs/[id]', params: { id: 'jobId' } }],
    },
    { name: 'jobId', label: t('求人ID', 'Job ID'), type: 'text', sql: 'j.id', hidden: true },
    { name: 'clientName', label: t('クライアント', 'Client'), type: 'text', sql: (lang) => (lang === 'ja' ? sql`cl.name` : sql`coalesce(nullif(cl.name_en, ''), cl.name)`), sortable: true, search: true },
    { name: 'hours', label: t('時間', 'Hours'), type: 'text', sql: () => sql`to_char(s.start_time, 'HH24:MI') || '–' || to_char(s.end_time, 'HH24:MI')` },
    { name: 'seats', label: t('応募／定員', 'Filled / seats'), type: 'text', sql: () => sql`s.filled || ' / ' || s.capacity`, hidden: true },
    { name: 'capacity', label: t('定員', 'Seats'), type: 'number', sql: 's.capacity', sortable: true },
    { name: 'filled', label: t('応募済み', 'Filled'), type: 'number', sql: 's.filled', sortable: true },
    {
      name: 'present',
      label: t('出勤', 'Present'),
      type: 'number',
      sql: () => sql`(select count(*)::int from attendance at where at.shift_id = s.id and at.status in ('present', 'late'))`,
    },
    {
      name: 'noShows',
      label: t('欠勤・無断欠勤', 'Absent / no-show'),
      type: 'number',
      sql: () => sql`(select count(*)::int from attendance at where at.shift_id = s.id and at.status in ('absent', 'no_show'))`,
    },
  ],
  filters: [
    { name: 'client', label: t('クライアント', 'Client'), kind: 'select', options: clientOptions, where: (eb, v) => eb('j.client_id', '=', uuidOr(v)) },
    { name: 'job', label: t('求人', 'Job'), kind: 'select', options: jobOptions, where: (eb, v) => eb('s.job_id', '=', uuidOr(v)) },
    { name: 'when', label: t('日付', 'Date'), kind: 'date', where: (_, v) => dateWindow('s.date', v) },
    {
      name: 'week',
      label: t('週', 'Week'),
      kind: 'date',
      hidden: true,
      where: (_, v) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? sql<boolean>`s.date >= ${v}::date and s.date < ${v}::date + 7` : sql<boolean>`false`),
    },
  ],
  defaultSort: { column: 'startsAt', dir: 'asc' },
  paging: 'offset',
  screens: [{ path: '/admin/shift' }],
  calendar: { column: 'startsAt', label: 'jobTitle', detail: 'seats', week: 'week' },
});
