import { cachedReference } from '../../enums/reference-cache.ts';
import { hasNoTenant, isPlatform, tenantCacheKey, tenantScopedQuery } from '../../../access/tenancy.ts';
import { sql } from 'kysely';
import { LIST_CODES } from '../../../access/codes.ts';
import { tenantStatuses } from '../statuses.ts';
import { askedBefore, statusMoves, withTreeOwner, type CandidateList } from '../../templates/status-tree.ts';
import { companyDirectory } from '../../companies/directory.ts';
import { announceMoves } from '../announce.ts';
import { applicationsJoined } from '../repo.ts';
import { raiseCrossedLimits, recordAttendance } from '../attendance.ts';
import { notifyCompanyStaff } from '../../notifications/service.ts';
import type { HookContext, Option, OptionContext } from '../../../resources/define.ts';
import { msg, msgText } from '../../../../shared/texts/index.ts';
import { timeText } from '../../../../shared/format.ts';
import { pickLangSql } from '../../../resources/pick-lang-sql.ts';
import {
  dateFilter,
  defineReadModel,
  idFilter,
  langText,
  personColumn,
  type BadgeState,
  type ReadColumn,
  type ReadFilter,
  type ReadLink,
  type ReadRow,
  type Transition,
} from '../../../resources/read-model.ts';
import { ATTENDANCE_STATES } from '../../../../shared/states.ts';
import { clientFilter } from '../../auth/defs/users.ts';
import { profileColumns, profileFilters } from '../../staff/defs/staff.ts';
import type { Lang } from '../../../../shared/i18n.ts';
import { mayEnterStatus } from '../../workforce/may-work.ts';
import { workLimitText } from '../../workforce/work-limits.ts';

/**
 * The company's applicants (SPEC §2, §3 "Candidate lists"): every application to the tenant's
 * jobs, joined with the candidate, the job, the client, the shift and the conversation. Five
 * screens show it: the candidate list (/admin/candidate 120001; daily 120001 and part-time 340001
 * fix the kind), kakunin (120013) and shukkin (120012) fix the list of the application's status.
 * The API narrows to what the caller's screens show: a role that holds only 340001 never sees a
 * daily job's applicant, one that holds only 120013 only the kakunin list.
 *
 * One status model (docs/pipeline.md): the state is the application's node in the company's
 * candidate-status tree; the moves are the tree's (forward, back, close), and a move into a list
 * takes that list's code.
 */
const LIST_TONE: Record<CandidateList, BadgeState['tone']> = { candidate: 'info', kakunin: 'warning', shukkin: 'success' };

/**
 * The statuses the tenant's applications can be in. The platform sees every company's tree, whose
 * names repeat ("Applied" once per tree): each is named with its tree's company, so the status
 * filter and the "move to" choice tell them apart.
 */
async function statusStates(ctx: OptionContext): Promise<BadgeState[]> {
  const statuses = await tenantStatuses(ctx.db, ctx.tenant);
  const closers = new Set(
    statusMoves(statuses)
      .filter((m) => m.kind === 'close')
      .map((m) => m.to),
  );
  const companies = isPlatform(ctx.tenant) ? new Map((await companyDirectory(ctx.db)).map((c) => [c.id, c])) : null;
  return statuses.map((st) => {
    const name = { ja: st.name_ja, en: st.name_en };
    const label = companies ? withTreeOwner(name, st.company_id ? (companies.get(st.company_id) ?? null) : null) : name;
    return { value: st.id, label, tone: closers.has(st.id) ? 'neutral' : LIST_TONE[st.list], group: st.list };
  });
}

async function statusTransitions(ctx: OptionContext): Promise<Transition[]> {
  return statusMoves(await tenantStatuses(ctx.db, ctx.tenant)).map((m) => ({ from: [m.from], to: m.to, codes: LIST_CODES[m.list], confirm: askedBefore(m.kind) }));
}

async function statusOptions(ctx: OptionContext): Promise<Option[]> {
  return (await statusStates(ctx)).map(({ value, label }) => ({ value, label }));
}

const SHUKKIN = '/admin/candidate/shukkin';

/**
 * The applicant's name (users as `u`), linked to the application's record: the applicant screens'
 * record, else the part-time one for a role that works only those (`kind` column). `applicationId`
 * names the column that holds the application's id.
 */
export const applicantNameColumn = (applicationId: string): ReadColumn =>
  personColumn('candidateName', msgText('res.applications.candidate'), {
    links: [
      { route: '/admin/candidate/[id]', params: { id: applicationId } },
      { route: '/v3/admin/candidate/other/[id]', params: { id: applicationId }, when: { kind: 'other' } },
    ],
  });

/** The job's title (jobs as `j`) in the reader's language, linked to the job's page (`links`: which page, by the row's job kind). */
export const jobTitleColumn = (links: readonly ReadLink[]): ReadColumn => ({
  name: 'jobTitle',
  label: msgText('res.common.job'),
  type: 'link',
  sql: langText('j.title'),
  sortable: true,
  search: true,
  notNull: true,
  links,
});

const LISTS: Option[] = [
  { value: 'candidate', label: msgText('res.common.candidates') },
  { value: 'kakunin', label: msgText('res.applications.confirmation') },
  { value: 'shukkin', label: msgText('applicant.attendance') },
];

const KINDS: Option[] = [
  { value: 'daily', label: msgText('res.common.dailyJobs') },
  { value: 'other', label: msgText('res.common.partTimeJobs') },
];

/** The jobs whose applicants the caller sees, for the job filter; of one kind when `kind` says (a list of shifts holds daily jobs only). */
export const jobOptions =
  (kind?: 'daily' | 'other') =>
  async ({ tenant, db }: OptionContext): Promise<Option[]> => {
    if (hasNoTenant(tenant)) return [];
    // Cached per process and tenant (migration 0035 notifies when a job's title, owner or status changes).
    return cachedReference(db, `jobOptions:${kind ?? 'any'}:${tenantCacheKey(tenant)}`, async () => {
      const q = db
        .selectFrom('jobs')
        .select(['id', 'title_ja', 'title_en'])
        .$if(kind !== undefined, (k) => k.where('kind', '=', kind!))
        .orderBy('created_at', 'desc')
        .limit(500);
      return ((await tenantScopedQuery(q, tenant, { company: 'company_id', client: 'client_id' })?.execute()) ?? []).map((j) => ({
        value: j.id,
        label: { ja: j.title_ja || j.title_en, en: j.title_en || j.title_ja },
      }));
    });
  };

/** The job filter of a list whose rows hold a job in `column`, offering the jobs of `kind` only when the rows hold only those. */
export const jobFilter = (column: string, kind?: 'daily' | 'other'): ReadFilter => idFilter('job', msgText('res.common.job'), jobOptions(kind), column);

/** The status path from the root, names in the caller's language joined with › (SPEC §3 `roots`). */
const statusPathSql = (lang: 'ja' | 'en') => sql`(
  with recursive up(id, parent_id, name, depth) as (
    select s0.id, s0.parent_id, ${pickLangSql(lang, 's0.name_ja', 's0.name_en')}, 0 from candidate_statuses s0 where s0.id = a.candidate_status_id
    union all
    select p.id, p.parent_id, ${pickLangSql(lang, 'p.name_ja', 'p.name_en')}, up.depth + 1 from candidate_statuses p join up on p.id = up.parent_id where up.depth < 20
  )
  select string_agg(name, ' › ' order by depth desc) from up)`;

export const applicationsReadModel = defineReadModel({
  name: 'applicant',
  plural: 'applicants',
  title: msgText('res.applications.applicant'),
  titlePlural: msgText('res.applications.applicants'),
  source: (db, tenant) => {
    const q = applicationsJoined(db).innerJoin('candidate_statuses as st', 'st.id', 'a.candidate_status_id');
    return tenantScopedQuery(q, tenant, { company: 'a.company_id', client: 'a.client_id' });
  },
  id: 'a.id',
  columns: [
    applicantNameColumn('id'),
    { name: 'candidateEmail', label: msgText('res.common.email'), type: 'text', sql: 'u.email', search: true, hidden: true },
    ...profileColumns,
    jobTitleColumn([
      { route: '/v3/admin/jobs/[id]', params: { id: 'jobId' }, when: { kind: 'daily' } },
      { route: '/admin/jobs/[id]', params: { id: 'jobId' }, when: { kind: 'other' } },
    ]),
    { name: 'jobId', label: msgText('res.common.jobId'), type: 'text', sql: 'j.id', hidden: true },
    { name: 'kind', label: msgText('res.common.kind'), type: 'badge', sql: 'j.kind', hidden: true, states: KINDS.map((k) => ({ ...k, tone: 'neutral' as const })) },
    { name: 'clientName', label: msgText('res.common.client'), type: 'text', sql: (lang) => pickLangSql(lang, 'cl.name', 'cl.name_en'), sortable: true, search: true, notNull: true },
    { name: 'shiftDate', label: msgText('res.applications.shiftDate'), type: 'date', sql: 's.date', sortable: true },
    {
      name: 'shiftTime',
      label: msgText('res.common.hours'),
      type: 'text',
      sql: () => sql`case when s.id is null then null else to_char(s.start_time, 'HH24:MI') || '–' || to_char(s.end_time, 'HH24:MI') end`,
    },
    { name: 'status', label: msgText('res.common.status'), type: 'badge', sql: () => sql`a.candidate_status_id::text`, notNull: true, states: statusStates },
    { name: 'statusPath', label: msgText('res.applications.statusPath'), type: 'text', sql: (lang) => statusPathSql(lang), hidden: true },
    { name: 'list', label: msgText('calendar.list'), type: 'text', sql: 'st.list', hidden: true },
    {
      name: 'unread',
      label: msgText('res.applications.unread'),
      type: 'number',
      // Messages from the candidate after the last one anyone of the company read (a team inbox).
      sql: () =>
        sql`case when c.id is null then 0 else greatest(0, c.last_candidate_seq - coalesce((select max(r.last_seq) from conversation_reads r where r.conversation_id = c.id and r.user_id <> c.candidate_id), 0))::int end`,
      sortable: true,
    },
    { name: 'messageCount', label: msgText('res.applications.messages'), type: 'number', sql: () => sql`coalesce(c.candidate_messages + c.staff_messages, 0)`, hidden: true },
    { name: 'chatStatus', label: msgText('common.chat'), type: 'number', sql: 'c.chat_status', hidden: true },
    { name: 'conversationId', label: msgText('res.applications.chatId'), type: 'text', sql: 'c.id', hidden: true },
    { name: 'candidateId', label: msgText('res.applications.candidateId'), type: 'text', sql: 'a.candidate_id', hidden: true },
    { name: 'companyId', label: msgText('res.applications.companyId'), type: 'text', sql: 'a.company_id', hidden: true },
    { name: 'attendance', label: msgText('applicant.attendance'), type: 'badge', sql: 'at.status', sortable: true, states: ATTENDANCE_STATES, screens: [SHUKKIN] },
    { name: 'clockIn', label: msgText('res.applications.clock'), type: 'datetime', sql: 'at.clock_in', sortable: true, screens: [SHUKKIN] },
    { name: 'clockOut', label: msgText('res.applications.clockOut'), type: 'datetime', sql: 'at.clock_out', screens: [SHUKKIN] },
    { name: 'recordedBy', label: msgText('res.applications.recorded'), type: 'text', sql: 'at.recorded_by_name', screens: [SHUKKIN] },
    { name: 'createdAt', label: msgText('applicant.appliedAt'), type: 'datetime', sql: 'a.created_at', sortable: true, notNull: true },
    { name: 'updatedAt', label: msgText('res.applications.updated'), type: 'datetime', sql: 'a.updated_at', sortable: true, notNull: true },
  ],
  filters: [
    { name: 'kind', label: msgText('res.common.kind'), kind: 'select', options: KINDS, where: (eb, v) => eb('j.kind', '=', v) },
    { name: 'list', label: msgText('calendar.list'), kind: 'select', options: LISTS, where: (eb, v) => eb('st.list', '=', v) },
    idFilter('status', msgText('res.common.status'), statusOptions, 'a.candidate_status_id'),
    jobFilter('a.job_id'),
    clientFilter('a.client_id'),
    dateFilter('shiftDate', msgText('res.applications.shiftDate'), 's.date'),
    ...profileFilters,
  ],
  defaultSort: { column: 'updatedAt', dir: 'desc' },
  // Keyset: a company's 10,000 applications page as fast on the last page as on the first.
  paging: 'keyset',
  screens: [
    { path: '/admin/candidate', fixed: { list: 'candidate' }, live: 'candidates' },
    { path: '/v3/admin/candidate/daily', fixed: { list: 'candidate', kind: 'daily' }, live: 'candidates' },
    { path: '/v3/admin/candidate/other', fixed: { list: 'candidate', kind: 'other' }, live: 'candidates' },
    { path: '/admin/candidate/kakunin', fixed: { list: 'kakunin' }, live: 'kakunins' },
    { path: SHUKKIN, fixed: { list: 'shukkin' }, live: 'shukkins' },
  ],
  // Attendance on the shukkin list (docs/pipeline.md): who recorded it is kept with the record.
  actions: (
    [
      ['clockIn', msgText('res.applications.clockInAction'), msgText('res.applications.clockRecorded')],
      ['clockOut', msgText('res.applications.clockOutAction'), msgText('res.applications.clockOutRecorded')],
      ['absent', msgText('applicant.absent'), msgText('res.applications.absenceRecorded')],
      ['noShow', msgText('applicant.noShow'), msgText('res.applications.noShowRecorded')],
    ] as const
  ).map(([name, label, done]) => ({
    name,
    label,
    done,
    bulk: true,
    codes: LIST_CODES.shukkin,
    screens: [SHUKKIN],
    // A no-show tells staff; a clock-out ends the recorded shift and makes its pay: both ask first.
    ...(name === 'noShow' ? { confirm: msgText('res.applications.recordSelectedPeople') } : name === 'clockOut' ? { confirm: msgText('res.applications.clockOutConfirm') } : {}),
    run: async (rows: ReadRow[], ctx: HookContext) => {
      const onShukkin = rows.filter((r) => r.list === 'shukkin').map((r) => r.id);
      if (onShukkin.length !== rows.length) return msgText('res.applications.attendanceCanRecorded');
      const { changed, refused, crossed, early, already, notClockedIn } = await recordAttendance(ctx.db, ctx.user, onShukkin, name);
      await raiseCrossedLimits(ctx.db, ctx.services.bus, crossed);
      if (changed && name === 'noShow') {
        for (const r of rows.filter((x) => !early.includes(x.id))) {
          await notifyCompanyStaff(ctx.db, ctx.services.bus, String(r.companyId), {
            key: 'notify.noShow',
            params: { name: String(r.candidateName) },
            body: String(r.jobTitle),
            link: `/admin/candidate/${r.id}`,
            except: ctx.user.id,
          });
        }
      }
      // A clock-in the person may not work, or one before the shift's day (a no-show before its
      // start), one already recorded (when), a clock-out without a clock-in: said for each of them,
      // by name, in both languages (the others are recorded).
      if (refused.length || early.length || already.length || notClockedIn.length) {
        const nameOf = (id: string) => String(rows.find((row) => row.id === id)?.candidateName ?? '');
        const tooEarly = msgText(name === 'clockIn' ? 'res.applications.clockInBeforeDay' : 'res.applications.noShowBeforeStart');
        const said = (lang: Lang) =>
          [
            ...refused.map((r) => `${nameOf(r.id)}: ${workLimitText(lang, r.refusal)}`),
            ...early.map((id) => `${nameOf(id)}: ${tooEarly[lang]}`),
            ...already.map((a) => `${nameOf(a.id)}: ${msg(lang, name === 'clockIn' ? 'res.applications.clockInAlready' : 'res.applications.clockOutAlready', { time: timeText(a.at, lang) })}`),
            ...notClockedIn.map((id) => `${nameOf(id)}: ${msg(lang, 'res.applications.clockOutNeeds')}`),
          ].join(' ');
        return { ja: said('ja'), en: said('en') };
      }
      if (!changed) return msgText('res.applications.nothingWasRecorded');
    },
  })),
  transitions: {
    column: 'status',
    table: 'applications',
    stateColumn: 'candidate_status_id',
    companyColumn: 'company_id',
    // One history per application, whoever moved it (lists, chat window, the candidate).
    entity: 'application',
    moves: statusTransitions,
    // Into a confirmation or attendance status: may the person work the application's time for its
    // job (card, age, status, hours; docs/workforce.md), asked in the move's transaction.
    check: async (trx, row, to, ctx) => {
      const refusal = await mayEnterStatus(trx, row.id, to);
      return refusal ? { reason: refusal.reason, message: workLimitText(ctx.lang, refusal) } : null;
    },
    // The candidate hears of it in the chat and by mail, from the templates; open windows and lists hear the status.
    // After the answer: a bulk move of many rows does not wait on a mail server (failures are logged).
    afterMove: async (moved, to, ctx) => {
      const moves = statusMoves(await tenantStatuses(ctx.db, ctx.tenant));
      void announceMoves(
        ctx.services,
        moved.map(({ row, from }) => ({ applicationId: row.id, kind: moves.find((m) => m.from === from && m.to === to)?.kind ?? 'forward' })),
        { actor: ctx.user },
      ).catch((err: unknown) => ctx.services.log.warn({ err }, 'announcing status moves failed'));
    },
  },
});
