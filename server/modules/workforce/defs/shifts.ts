import { badgeStates } from '../../../../shared/list-kinds.ts';
import { sql } from 'kysely';
import { isClient, tenantScopedQuery } from '../../../access/tenancy.ts';
import { audit } from '../../../db/audit.ts';
import { msgText } from '../../../../shared/texts/index.ts';
import { pickLangSql } from '../../../resources/pick-lang-sql.ts';
import { inTransaction } from '../../../db/connect.ts';
import { dateFilter, defineReadModel, stateOptions } from '../../../resources/read-model.ts';
import { jobFilter, jobTitleColumn } from '../../pipeline/defs/applications.ts';
import { clientFilter } from '../../auth/defs/users.ts';
import { isDay } from '../../../../shared/time.ts';

const CONFIRM_STATES = badgeStates({
  confirmed: ['res.shifts.confirmed', 'success'],
  open: ['res.shifts.notConfirmed', 'warning'],
});

/**
 * Shifts (SPEC §2 /admin/shift 130001): every daily job's shift of the tenant — a
 * client user sees its own jobs' — with capacity, seats filled, what attendance has recorded and
 * whether the client confirmed the staffing, as a list and as a week calendar. The assignment and
 * swap forms and the minutes left are the page's panel (server/modules/workforce/screens/shifts.tsx); the
 * client's "Confirm" is an action of this list offered to client users only (docs/workforce.md).
 */
export const shiftsReadModel = defineReadModel({
  name: 'shift',
  plural: 'shifts',
  title: msgText('res.common.shift'),
  titlePlural: msgText('res.common.shifts'),
  source: (db, tenant) => {
    const q = db.selectFrom('job_daily_shifts as s').innerJoin('jobs as j', 'j.id', 's.job_id').innerJoin('clients as cl', 'cl.id', 'j.client_id');
    return tenantScopedQuery(q, tenant, { company: 'j.company_id', client: 'j.client_id' });
  },
  id: 's.id',
  columns: [
    { name: 'startsAt', label: msgText('res.shifts.starts'), type: 'datetime', sql: () => sql`((s.date + s.start_time) at time zone 'Asia/Tokyo')`, sortable: true, notNull: true },
    jobTitleColumn([{ route: '/v3/admin/jobs/[id]', params: { id: 'jobId' } }]),
    { name: 'jobId', label: msgText('res.common.jobId'), type: 'text', sql: 'j.id', hidden: true },
    { name: 'clientName', label: msgText('res.common.client'), type: 'text', sql: (lang) => pickLangSql(lang, 'cl.name', 'cl.name_en'), sortable: true, search: true },
    { name: 'hours', label: msgText('res.common.hours'), type: 'text', sql: () => sql`to_char(s.start_time, 'HH24:MI') || '–' || to_char(s.end_time, 'HH24:MI')` },
    { name: 'seats', label: msgText('res.shifts.filledSeats'), type: 'text', sql: () => sql`s.filled || ' / ' || s.capacity`, hidden: true },
    { name: 'capacity', label: msgText('res.shifts.seats'), type: 'number', sql: 's.capacity', sortable: true },
    { name: 'filled', label: msgText('shifts.filled'), type: 'number', sql: 's.filled', sortable: true },
    {
      name: 'present',
      label: msgText('res.common.present'),
      type: 'number',
      sql: () => sql`(select count(*)::int from attendance at where at.shift_id = s.id and at.status in ('present', 'late'))`,
    },
    {
      name: 'noShows',
      label: msgText('res.shifts.absentNoShow'),
      type: 'number',
      sql: () => sql`(select count(*)::int from attendance at where at.shift_id = s.id and at.status in ('absent', 'no_show'))`,
    },
    {
      name: 'confirmed',
      label: msgText('res.shifts.clientConfirmed'),
      type: 'badge',
      sql: () => sql`case when s.client_confirmed_at is null then 'open' else 'confirmed' end`,
      notNull: true,
      states: CONFIRM_STATES,
    },
    { name: 'confirmedBy', label: msgText('res.shifts.confirmedBy'), type: 'text', sql: () => sql`(select u.name from users u where u.id = s.client_confirmed_by)` },
    { name: 'confirmedAt', label: msgText('res.shifts.confirmedAt'), type: 'datetime', sql: 's.client_confirmed_at' },
  ],
  actions: [
    {
      name: 'confirm',
      label: msgText('res.shifts.confirmStaffing'),
      bulk: true,
      rows: { confirmed: ['open'] },
      // The client's word on its own shifts: a company user cannot give it for them (docs/workforce.md).
      tenants: ['client'],
      confirm: msgText('res.shifts.confirmStaffingSelected'),
      done: msgText('res.shifts.staffingConfirmed'),
      run: async (rows, ctx) => {
        if (!isClient(ctx.tenant)) return msgText('res.shifts.onlyClientConfirms');
        const open = rows.filter((r) => r.confirmed === 'open').map((r) => r.id);
        if (!open.length) return msgText('res.shifts.selectShiftsThat');
        const companyId = ctx.tenant.companyId;
        await inTransaction(ctx.db, async (trx) => {
          const done = await trx
            .updateTable('job_daily_shifts')
            .set({ client_confirmed_at: new Date(), client_confirmed_by: ctx.user.id })
            .where('id', 'in', open)
            .where('client_confirmed_at', 'is', null)
            .returning('id')
            .execute();
          for (const { id } of done) {
            await audit(trx, ctx.user, 'shift', id, companyId, { confirmed: { from: 'open', to: 'confirmed' } });
          }
        });
      },
    },
  ],
  filters: [
    clientFilter('j.client_id'),
    jobFilter('s.job_id', 'daily'),
    dateFilter('when', msgText('common.date'), 's.date'),
    {
      name: 'confirmed',
      label: msgText('res.shifts.clientConfirmed'),
      kind: 'select',
      options: stateOptions(CONFIRM_STATES),
      where: (_, v) => (v === 'confirmed' ? sql<boolean>`s.client_confirmed_at is not null` : sql<boolean>`s.client_confirmed_at is null`),
    },
    {
      name: 'week',
      label: msgText('res.common.week'),
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
