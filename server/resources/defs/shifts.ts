import { sql } from 'kysely';
import { t } from '../define.ts';
import { inTransaction } from '../../db/connect.ts';
import { dateWindow, defineReadModel, langText, uuidOr, type BadgeState } from '../read-model.ts';
import { jobOptions } from './applications.ts';
import { clientOptions } from './users.ts';
import { isDay } from '../../../shared/time.ts';

const CONFIRM_STATES: readonly BadgeState[] = [
  { value: 'confirmed', label: t('確認済み', 'Confirmed'), tone: 'success' },
  { value: 'open', label: t('未確認', 'Not confirmed'), tone: 'warning' },
];

/**
 * Shifts (SPEC §2 /admin/shift 130001): every daily job's shift of the tenant — a
 * client user sees its own jobs' — with capacity, seats filled, what attendance has recorded and
 * whether the client confirmed the staffing, as a list and as a week calendar. The assignment and
 * swap forms and the minutes left are the page's panel (server/web/screens/panels.tsx); the
 * client's "Confirm" is an action of this list offered to client users only (docs/workforce.md).
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
    {
      name: 'confirmed',
      label: t('クライアント確認', 'Client confirmed'),
      type: 'badge',
      sql: () => sql`case when s.client_confirmed_at is null then 'open' else 'confirmed' end`,
      notNull: true,
      states: CONFIRM_STATES,
    },
    {
      name: 'confirmedBy',
      label: t('確認者・日時', 'Confirmed by, when'),
      type: 'text',
      sql: () => sql`(select u.name || ' ' || to_char(s.client_confirmed_at at time zone 'Asia/Tokyo', 'YYYY-MM-DD HH24:MI') from users u where u.id = s.client_confirmed_by)`,
    },
  ],
  actions: [
    {
      name: 'confirm',
      label: t('人員を確認', 'Confirm staffing'),
      bulk: true,
      // The client's word on its own shifts: a company user cannot give it for them (docs/workforce.md).
      tenants: ['client'],
      confirm: t('選んだシフトの人員を確認済みにしますか？', 'Confirm the staffing of the selected shifts?'),
      done: t('シフトの人員を確認しました。', 'Staffing confirmed.'),
      run: async (rows, ctx) => {
        if (ctx.tenant.kind !== 'client') return t('シフトの確認はクライアントが行います。', 'Only the client confirms its shifts.');
        const open = rows.filter((r) => r.confirmed === 'open').map((r) => r.id);
        if (!open.length) return t('未確認のシフトを選んでください。', 'Select shifts that are not confirmed yet.');
        const companyId = ctx.tenant.companyId;
        await inTransaction(ctx.db, async (trx) => {
          const done = await trx.updateTable('job_daily_shifts').set({ client_confirmed_at: new Date(), client_confirmed_by: ctx.user.id }).where('id', 'in', open).where('client_confirmed_at', 'is', null).returning('id').execute();
          for (const { id } of done) {
            await trx.insertInto('audit_log').values({ entity: 'shift', entity_id: id, action: 'update', actor_id: ctx.user.id, actor_name: ctx.user.name, company_id: companyId, changes: JSON.stringify({ confirmed: { from: 'open', to: 'confirmed' } }) }).execute();
          }
        });
      },
    },
  ],
  filters: [
    { name: 'client', label: t('クライアント', 'Client'), kind: 'select', options: clientOptions, where: (eb, v) => eb('j.client_id', '=', uuidOr(v)) },
    { name: 'job', label: t('求人', 'Job'), kind: 'select', options: jobOptions, where: (eb, v) => eb('s.job_id', '=', uuidOr(v)) },
    { name: 'when', label: t('日付', 'Date'), kind: 'date', where: (_, v) => dateWindow('s.date', v) },
    {
      name: 'confirmed',
      label: t('クライアント確認', 'Client confirmed'),
      kind: 'select',
      options: CONFIRM_STATES.map(({ value, label }) => ({ value, label })),
      where: (_, v) => (v === 'confirmed' ? sql<boolean>`s.client_confirmed_at is not null` : sql<boolean>`s.client_confirmed_at is null`),
    },
    {
      name: 'week',
      label: t('週', 'Week'),
      kind: 'date',
      hidden: true,
      where: (_, v) => (isDay(v) ? sql<boolean>`s.date >= ${v}::date and s.date < ${v}::date + 7` : sql<boolean>`false`),
    },
  ],
  defaultSort: { column: 'startsAt', dir: 'asc' },
  paging: 'offset',
  screens: [{ path: '/admin/shift' }],
  calendar: { column: 'startsAt', label: 'jobTitle', badge: 'confirmed', detail: 'seats', week: 'week' },
});
