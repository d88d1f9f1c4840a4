import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { hasNoTenant, tenantScopedQuery } from '../../access/tenancy.ts';
import type { Lang, Text } from '../../../shared/i18n.ts';
import { AVAILABILITY, LANGUAGE_LEVELS } from '../../../shared/scouting.ts';
import { PREFECTURES } from '../../modules/jobs/prefectures.ts';
import { withdrawScoutOffers } from '../../modules/scouting/offers.ts';
import { t } from '../define.ts';
import { defineReadModel, type BadgeState } from '../read-model.ts';
import { languageOptions, visaOptions } from './staff.ts';

/**
 * Scouting (SPEC §2 /v3/admin/scout/*, 380001, docs/scouting.md).
 *
 * The search lists the candidates who switched scouting on, platform-wide (a marketplace: any
 * company may find them), showing only what each chose to share: never a name or contact, only
 * initials; nationality, languages, residence status and expiry, attendance rate when shared.
 * A filter on something a candidate did not share never matches them, so filtering cannot reveal
 * it either. The offers lists are the tenant's own offers (a client user: its own client's).
 */

/** A stored value shown as its label in the caller's language (a value it does not know, as stored). */
function labelled(expr: RawBuilder<unknown>, options: readonly { value: string; label: Text }[], lang: Lang): RawBuilder<string> {
  const whens = options.map((o) => sql`when ${o.value} then ${o.label[lang]}`);
  return sql<string>`(case ${expr} ${sql.join(whens, sql` `)} else ${expr} end)`;
}
const prefectures = PREFECTURES.map((p) => ({ value: p.ja, label: p }));
const shared = (flag: string, value: RawBuilder<unknown>) => sql`(case when ${sql.ref(flag)} then ${value} end)`;

/** Per cent of a person's attendance records that were present or late, all companies; null with none. */
const attendanceRate = sql<number | null>`(select round(100.0 * count(*) filter (where at.status in ('present', 'late')) / nullif(count(*), 0))::int
  from attendance at join applications ap on ap.id = at.application_id where ap.candidate_id = u.id)`;

/** A name as its initials: "Nguyen Van An" → "N. V. A.". */
const initials = sql<string>`(select string_agg(upper(left(w, 1)) || '.', ' ') from regexp_split_to_table(trim(u.name), '\\s+') as w)`;

const levelText = sql`(select string_agg(coalesce(nullif(lg.en, ''), e.key) || ' ' || e.value || '/5', ', ' order by e.value desc, e.key)
  from jsonb_each_text(s.language_levels) e left join languages lg on lg.code = e.key)`;
const levelTextJa = sql`(select string_agg(coalesce(nullif(lg.ja, ''), e.key) || ' ' || e.value || '/5', '、' order by e.value desc, e.key)
  from jsonb_each_text(s.language_levels) e left join languages lg on lg.code = e.key)`;

const never = sql<SqlBool>`false`;

export const scoutCandidatesReadModel = defineReadModel({
  name: 'scoutCandidate',
  plural: 'scoutCandidates',
  title: t('スカウト候補者', 'Scout candidate'),
  titlePlural: t('スカウト候補者', 'Scout candidates'),
  source: (db, tenant) =>
    hasNoTenant(tenant)
      ? null
      : db
          .selectFrom('scout_profiles as s')
          .innerJoin('users as u', 'u.id', 's.user_id')
          .innerJoin('candidate_profiles as p', 'p.user_id', 'u.id')
          .leftJoin('visa_types as v', 'v.id', 'p.visa_type_id')
          .where('s.enabled', '=', true)
          .where('u.active', '=', true)
          .where('u.role', '=', 'candidate'),
  id: 'u.id',
  columns: [
    { name: 'initials', label: t('候補者', 'Candidate'), type: 'text', sql: () => initials, notNull: true },
    { name: 'nationality', label: t('国籍', 'Nationality'), type: 'text', sql: () => shared('s.share_nationality', sql`p.nationality`), sortable: true, search: true },
    { name: 'languages', label: t('言語とレベル', 'Languages and levels'), type: 'text', sql: (lang) => shared('s.share_languages', lang === 'ja' ? levelTextJa : levelText) },
    { name: 'visaType', label: t('在留資格', 'Residence status'), type: 'text', sql: (lang) => shared('s.share_residence', lang === 'ja' ? sql`v.ja` : sql`coalesce(nullif(v.en, ''), v.ja)`) },
    { name: 'visaExpiry', label: t('在留期限', 'Card expiry'), type: 'date', sql: () => shared('s.share_residence', sql`p.visa_expiry`), soon: 90 },
    { name: 'area', label: t('希望エリア', 'Area'), type: 'text', sql: (lang) => labelled(sql`nullif(s.prefecture, '')`, prefectures, lang) },
    {
      name: 'availability',
      label: t('働ける時間帯', 'Availability'),
      type: 'text',
      sql: (lang) => sql`(select string_agg(${labelled(sql`x`, AVAILABILITY, lang)}, ', ') from unnest(s.availability) as x)`,
    },
    { name: 'attendance', label: t('出勤率（%）', 'Attendance (%)'), type: 'number', sql: () => shared('s.share_attendance', attendanceRate), sortable: true },
    { name: 'intro', label: t('自己紹介', 'Introduction'), type: 'text', sql: 's.intro', search: true },
    { name: 'updated', label: t('更新日', 'Updated'), type: 'date', sql: () => sql`(s.updated_at at time zone 'Asia/Tokyo')::date`, sortable: true, notNull: true },
    { name: 'scout', label: t('スカウト', 'Scout'), type: 'text', sql: (lang) => sql`${lang === 'ja' ? 'スカウトする' : 'Scout'}::text`, download: 'scout' },
  ],
  filters: [
    {
      // One choice of language and level ("Japanese, everyday conversation or better"): the level is the chosen language's.
      name: 'language',
      label: t('言語とレベル', 'Language and level'),
      kind: 'select',
      options: async (ctx) =>
        (await languageOptions(ctx)).flatMap((l) =>
          LANGUAGE_LEVELS.filter((v) => v.value < 5).map((v) => ({
            value: `${l.value}:${v.value}`,
            label: v.value === 1 ? l.label : { ja: `${l.label.ja}（${v.label.ja}以上）`, en: `${l.label.en} (${v.label.en} or better)` },
          })),
        ),
      where: (_, v) => {
        const [code, level] = v.split(':');
        return sql<SqlBool>`(s.share_languages and coalesce((s.language_levels ->> ${code ?? ''})::int, 0) >= ${Number(level) || 1})`;
      },
    },
    { name: 'visa', label: t('在留資格', 'Residence status'), kind: 'select', options: visaOptions, where: (eb, v) => (/^\d{1,9}$/.test(v) ? sql<SqlBool>`(s.share_residence and p.visa_type_id = ${Number(v)})` : never) },
    {
      name: 'cardValid',
      label: t('在留期限の残り', 'Card valid for'),
      kind: 'select',
      options: [
        { value: '90', label: t('3か月以上', '3 months or more') },
        { value: '180', label: t('6か月以上', '6 months or more') },
        { value: '365', label: t('1年以上', 'A year or more') },
      ],
      where: (_, v) => sql<SqlBool>`(s.share_residence and p.visa_expiry >= (now() at time zone 'Asia/Tokyo')::date + ${Number(v)}::int)`,
    },
    { name: 'area', label: t('希望エリア', 'Area'), kind: 'select', options: prefectures, where: (eb, v) => eb('s.prefecture', '=', v) },
    { name: 'availability', label: t('働ける時間帯', 'Availability'), kind: 'select', options: [...AVAILABILITY], where: (_, v) => sql<SqlBool>`(${v} = any(s.availability))` },
    {
      name: 'attendance',
      label: t('出勤率', 'Attendance rate'),
      kind: 'select',
      options: [
        { value: '80', label: t('80%以上', '80% or more') },
        { value: '90', label: t('90%以上', '90% or more') },
        { value: '100', label: t('100%', '100%') },
      ],
      where: (_, v) => sql<SqlBool>`(s.share_attendance and ${attendanceRate} >= ${Number(v)})`,
    },
  ],
  defaultSort: { column: 'updated', dir: 'desc' },
  paging: 'offset',
  screens: [{ path: '/v3/admin/scout/search' }],
});

const OFFER_STATES: readonly BadgeState[] = [
  { value: 'pending', label: t('回答待ち', 'Awaiting answer'), tone: 'warning' },
  { value: 'accepted', label: t('承諾', 'Accepted'), tone: 'success' },
  { value: 'declined', label: t('辞退', 'Declined'), tone: 'neutral' },
  { value: 'expired', label: t('期限切れ', 'Expired'), tone: 'danger' },
  { value: 'withdrawn', label: t('取り下げ', 'Withdrawn'), tone: 'neutral' },
];
/** An offer's state as the lists show it: a pending offer past its time is expired. */
const offerState = sql<string>`(case when o.status = 'pending' and o.expires_at <= now() then 'expired' else o.status end)`;

export const scoutOffersReadModel = defineReadModel({
  name: 'scoutOffer',
  plural: 'scoutOffers',
  title: t('スカウト', 'Scout offer'),
  titlePlural: t('スカウト', 'Scout offers'),
  source: (db, tenant) => {
    const q = db
      .selectFrom('scout_offers as o')
      .innerJoin('users as u', 'u.id', 'o.candidate_id')
      .innerJoin('candidate_profiles as p', 'p.user_id', 'u.id')
      .leftJoin('scout_profiles as s', 's.user_id', 'u.id')
      .innerJoin('jobs as j', 'j.id', 'o.job_id')
      .innerJoin('clients as cl', 'cl.id', 'o.client_id')
      .leftJoin('job_daily_shifts as sh', 'sh.id', 'o.shift_id');
    return tenantScopedQuery(q, tenant, { company: 'o.company_id', client: 'o.client_id' });
  },
  id: 'o.id',
  columns: [
    // The name once they accepted (DESIGN §5: the full profile then); before, their initials.
    { name: 'candidate', label: t('候補者', 'Candidate'), type: 'link', sql: () => sql`(case when o.status = 'accepted' then u.name else ${initials} end)`, notNull: true, links: [{ route: '/admin/candidate/[id]', params: { id: 'applicationId' } }] },
    { name: 'nationality', label: t('国籍', 'Nationality'), type: 'text', sql: () => sql`(case when o.status = 'accepted' or coalesce(s.share_nationality, false) then p.nationality end)` },
    { name: 'job', label: t('求人', 'Job'), type: 'text', sql: (lang) => (lang === 'ja' ? sql`j.title_ja` : sql`coalesce(nullif(j.title_en, ''), j.title_ja)`), search: true },
    { name: 'shift', label: t('シフト', 'Shift'), type: 'text', sql: () => sql`(to_char(sh.date, 'YYYY-MM-DD') || ' ' || to_char(sh.start_time, 'HH24:MI'))` },
    { name: 'client', label: t('派遣先', 'Client'), type: 'text', sql: (lang) => (lang === 'ja' ? sql`cl.name` : sql`coalesce(nullif(cl.name_en, ''), cl.name)`) },
    { name: 'state', label: t('状態', 'State'), type: 'badge', sql: () => offerState, states: OFFER_STATES, notNull: true },
    { name: 'sentAt', label: t('送信日時', 'Sent'), type: 'datetime', sql: 'o.created_at', sortable: true, notNull: true },
    { name: 'expiresAt', label: t('回答期限', 'Answer by'), type: 'datetime', sql: 'o.expires_at', sortable: true, notNull: true },
    { name: 'answeredAt', label: t('回答日時', 'Answered'), type: 'datetime', sql: 'o.answered_at', sortable: true },
    { name: 'sentBy', label: t('送信者', 'Sent by'), type: 'text', sql: 'o.sent_by_name', search: true },
    { name: 'message', label: t('メッセージ', 'Message'), type: 'text', sql: 'o.message', hidden: true },
    { name: 'applicationId', label: t('応募', 'Application'), type: 'text', sql: () => sql`o.application_id::text`, hidden: true },
  ],
  filters: [
    {
      name: 'state',
      label: t('状態', 'State'),
      kind: 'select',
      options: OFFER_STATES.map(({ value, label }) => ({ value, label })),
      where: (_, v) => sql<SqlBool>`${offerState} = ${v}`,
    },
    // The confirm list's own rows: every answered or closed offer (accepted, declined, expired, withdrawn).
    { name: 'answered', label: t('回答済み', 'Answered'), kind: 'select', hidden: true, options: [{ value: 'yes', label: t('はい', 'Yes') }], where: () => sql<SqlBool>`${offerState} <> 'pending'` },
  ],
  defaultSort: { column: 'sentAt', dir: 'desc' },
  paging: 'offset',
  screens: [
    { path: '/v3/admin/scout/pending', fixed: { state: 'pending' } },
    { path: '/v3/admin/scout/confirm', fixed: { answered: 'yes' } },
  ],
  actions: [
    {
      name: 'withdraw',
      label: t('取り下げ', 'Withdraw'),
      confirm: t('このスカウトを取り下げますか？候補者は承諾できなくなります。', 'Withdraw this offer? The candidate can no longer accept it.'),
      screens: ['/v3/admin/scout/pending'],
      done: t('スカウトを取り下げました。', 'Offer withdrawn.'),
      run: async (rows, ctx) => {
        const n = await withdrawScoutOffers(ctx.db, { id: ctx.user.id, name: ctx.user.name }, rows.filter((r) => r.state === 'pending').map((r) => r.id));
        return n === 0 ? t('回答待ちのスカウトを選んでください。', 'Select an offer that awaits an answer.') : undefined;
      },
    },
  ],
});
