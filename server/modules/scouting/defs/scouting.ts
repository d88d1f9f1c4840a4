import { badgeStates } from '../../../../shared/list-kinds.ts';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { hasNoTenant, tenantScopedQuery } from '../../../access/tenancy.ts';
import type { Lang, Text } from '../../../../shared/i18n.ts';
import { AVAILABILITY, LANGUAGE_LEVELS } from '../../../../shared/scouting.ts';
import { PREFECTURES } from '../../jobs/prefectures.ts';
import { withdrawScoutOffers } from '../offers.ts';
import { msg, msgText } from '../../../../shared/texts/index.ts';
import { pickLangSql } from '../../../resources/pick-lang-sql.ts';
import { inBoth } from '../../../resources/define.ts';
import { defineReadModel, stateOptions } from '../../../resources/read-model.ts';
import { languageOptions, nationalityColumn, nationalityFilter, visaOptions } from '../../staff/defs/staff.ts';

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
/** The nationality a candidate shares (a country code), null when they keep it to themselves. */
const sharedNationality = shared('s.share_nationality', sql`p.nationality`);

/** Per cent of a person's attendance records that were present or late, all companies; null with none. */
const attendanceRate = sql<number | null>`(select round(100.0 * count(*) filter (where at.status in ('present', 'late')) / nullif(count(*), 0))::int
  from attendance at join applications ap on ap.id = at.application_id where ap.candidate_id = u.id)`;

/** A name as its initials: "Nguyen Van An" → "N. V. A.". */
const initials = sql<string>`(select string_agg(upper(left(w, 1)) || '.', ' ') from regexp_split_to_table(trim(u.name), '\\s+') as w)`;

/** Each shared language with its level ("日本語 4/5、英語 2/5"), a language the table does not name by its code. */
const levelText = (
  lang: Lang,
) => sql`(select string_agg(coalesce(nullif(${pickLangSql(lang, 'lg.ja', 'lg.en')}, ''), e.key) || ' ' || e.value || '/5', ${sql.lit(msg(lang, 'list.separator'))} order by e.value desc, e.key)
  from jsonb_each_text(s.language_levels) e left join languages lg on lg.code = e.key)`;

const never = sql<SqlBool>`false`;

export const scoutCandidatesReadModel = defineReadModel({
  name: 'scoutCandidate',
  plural: 'scoutCandidates',
  title: msgText('res.scouting.scoutCandidate'),
  titlePlural: msgText('res.scouting.scoutCandidates'),
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
    { name: 'initials', label: msgText('res.scouting.candidate'), type: 'text', sql: () => initials, notNull: true },
    nationalityColumn(() => sharedNationality, { sortable: true, search: true }),
    { name: 'languages', label: msgText('res.scouting.languagesLevels'), type: 'text', sql: (lang) => shared('s.share_languages', levelText(lang)) },
    { name: 'visaType', label: msgText('res.common.residenceStatus'), type: 'text', sql: (lang) => shared('s.share_residence', pickLangSql(lang, 'v.ja', 'v.en')) },
    { name: 'visaExpiry', label: msgText('res.common.cardExpiry'), type: 'date', sql: () => shared('s.share_residence', sql`p.visa_expiry`), soon: 90 },
    { name: 'area', label: msgText('res.scouting.area'), type: 'text', sql: (lang) => labelled(sql`nullif(s.prefecture, '')`, prefectures, lang) },
    {
      name: 'availability',
      label: msgText('res.scouting.availability'),
      type: 'text',
      sql: (lang) => sql`(select string_agg(${labelled(sql`x`, AVAILABILITY, lang)}, ${sql.lit(msg(lang, 'list.separator'))}) from unnest(s.availability) as x)`,
    },
    { name: 'attendance', label: msgText('res.scouting.attendance'), type: 'number', sql: () => shared('s.share_attendance', attendanceRate), sortable: true },
    { name: 'intro', label: msgText('res.scouting.introduction'), type: 'text', sql: 's.intro', search: true },
    { name: 'updated', label: msgText('res.scouting.updated'), type: 'date', sql: () => sql`(s.updated_at at time zone 'Asia/Tokyo')::date`, sortable: true, notNull: true },
    { name: 'scout', label: msgText('res.scouting.scout'), type: 'text', sql: (lang) => sql`${msg(lang, 'res.scouting.scoutAction')}::text`, download: 'scout' },
  ],
  filters: [
    {
      // One choice of language and level ("Japanese, everyday conversation or better"): the level is the chosen language's.
      name: 'language',
      label: msgText('res.scouting.languageLevel'),
      kind: 'select',
      options: async (ctx) =>
        (await languageOptions(ctx)).flatMap((l) =>
          LANGUAGE_LEVELS.filter((v) => v.value < 5).map((v) => ({
            value: `${l.value}:${v.value}`,
            label: v.value === 1 ? l.label : inBoth((lang) => msg(lang, 'res.scouting.languageAtLeast', { language: l.label[lang], level: v.label[lang] })),
          })),
        ),
      where: (_, v) => {
        const [code, level] = v.split(':');
        return sql<SqlBool>`(s.share_languages and coalesce((s.language_levels ->> ${code ?? ''})::int, 0) >= ${Number(level) || 1})`;
      },
    },
    {
      name: 'visa',
      label: msgText('res.common.residenceStatus'),
      kind: 'select',
      options: visaOptions,
      where: (eb, v) => (/^\d{1,9}$/.test(v) ? sql<SqlBool>`(s.share_residence and p.visa_type_id = ${Number(v)})` : never),
    },
    // A country, among those who share their nationality.
    nationalityFilter(sharedNationality),
    {
      name: 'cardValid',
      label: msgText('res.scouting.cardValid'),
      kind: 'select',
      options: [
        { value: '90', label: msgText('res.scouting.threeMonthsOrMore') },
        { value: '180', label: msgText('res.scouting.sixMonthsOrMore') },
        { value: '365', label: msgText('res.scouting.yearMore') },
      ],
      where: (_, v) => sql<SqlBool>`(s.share_residence and p.visa_expiry >= (now() at time zone 'Asia/Tokyo')::date + ${Number(v)}::int)`,
    },
    { name: 'area', label: msgText('res.scouting.area'), kind: 'select', options: prefectures, where: (eb, v) => eb('s.prefecture', '=', v) },
    { name: 'availability', label: msgText('res.scouting.availability'), kind: 'select', options: [...AVAILABILITY], where: (_, v) => sql<SqlBool>`(${v} = any(s.availability))` },
    {
      name: 'attendance',
      label: msgText('res.scouting.attendanceRate'),
      kind: 'select',
      options: [
        { value: '80', label: msgText('res.scouting.eightyPercentOrMore') },
        { value: '90', label: msgText('res.scouting.ninetyPercentOrMore') },
        { value: '100', label: msgText('res.scouting.fullAttendance') },
      ],
      where: (_, v) => sql<SqlBool>`(s.share_attendance and ${attendanceRate} >= ${Number(v)})`,
    },
  ],
  defaultSort: { column: 'updated', dir: 'desc' },
  paging: 'offset',
  screens: [{ path: '/v3/admin/scout/search' }],
});

const OFFER_STATES = badgeStates({
  pending: ['res.scouting.awaitingAnswer', 'warning'],
  accepted: ['res.scouting.accepted', 'success'],
  declined: ['res.scouting.declined', 'neutral'],
  expired: ['scout.status.expired', 'danger'],
  withdrawn: ['scout.status.withdrawn', 'neutral'],
});
/** An offer's state as the lists show it: a pending offer past its time is expired. */
const offerState = sql<string>`(case when o.status = 'pending' and o.expires_at <= now() then 'expired' else o.status end)`;

export const scoutOffersReadModel = defineReadModel({
  name: 'scoutOffer',
  plural: 'scoutOffers',
  title: msgText('res.scouting.scoutOffer'),
  titlePlural: msgText('res.scouting.scoutOffers'),
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
    {
      name: 'candidate',
      label: msgText('res.scouting.candidate'),
      type: 'person',
      sql: () => sql`(case when o.status = 'accepted' then u.name else ${initials} end)`,
      notNull: true,
      links: [{ route: '/admin/candidate/[id]', params: { id: 'applicationId' } }],
    },
    nationalityColumn(() => sql`(case when o.status = 'accepted' or coalesce(s.share_nationality, false) then p.nationality end)`),
    { name: 'job', label: msgText('res.common.job'), type: 'text', sql: (lang) => pickLangSql(lang, 'j.title_ja', 'j.title_en'), search: true },
    { name: 'shift', label: msgText('res.common.shift'), type: 'datetime', sql: () => sql`((sh.date + sh.start_time) at time zone 'Asia/Tokyo')` },
    { name: 'client', label: msgText('res.scouting.client'), type: 'text', sql: (lang) => pickLangSql(lang, 'cl.name', 'cl.name_en') },
    { name: 'state', label: msgText('res.common.state'), type: 'badge', sql: () => offerState, states: OFFER_STATES, notNull: true },
    { name: 'sentAt', label: msgText('res.common.sent'), type: 'datetime', sql: 'o.created_at', sortable: true, notNull: true },
    { name: 'expiresAt', label: msgText('res.scouting.answer'), type: 'datetime', sql: 'o.expires_at', sortable: true, notNull: true },
    { name: 'answeredAt', label: msgText('res.scouting.answered'), type: 'datetime', sql: 'o.answered_at', sortable: true },
    { name: 'sentBy', label: msgText('res.scouting.sent'), type: 'text', sql: 'o.sent_by_name', search: true },
    { name: 'message', label: msgText('res.scouting.message'), type: 'text', sql: 'o.message', hidden: true },
    { name: 'applicationId', label: msgText('res.scouting.application'), type: 'text', sql: () => sql`o.application_id::text`, hidden: true },
  ],
  filters: [
    {
      name: 'state',
      label: msgText('res.common.state'),
      kind: 'select',
      options: stateOptions(OFFER_STATES),
      where: (_, v) => sql<SqlBool>`${offerState} = ${v}`,
    },
    // The confirm list's own rows: every answered or closed offer (accepted, declined, expired, withdrawn).
    {
      name: 'answered',
      label: msgText('res.scouting.answeredState'),
      kind: 'select',
      hidden: true,
      options: [{ value: 'yes', label: msgText('list.yes') }],
      where: () => sql<SqlBool>`${offerState} <> 'pending'`,
    },
  ],
  defaultSort: { column: 'sentAt', dir: 'desc' },
  paging: 'offset',
  screens: [
    { path: '/v3/admin/scout/pending', fixed: { state: 'pending' } },
    { path: '/v3/admin/scout/confirm', fixed: { answered: 'yes' }, choices: { state: ['accepted', 'declined', 'expired', 'withdrawn'] } },
  ],
  actions: [
    {
      name: 'withdraw',
      label: msgText('res.scouting.withdraw'),
      confirm: msgText('res.scouting.withdrawOfferCandidate'),
      screens: ['/v3/admin/scout/pending'],
      done: msgText('res.scouting.offerWithdrawn'),
      run: async (rows, ctx) => {
        const n = await withdrawScoutOffers(
          ctx.db,
          { id: ctx.user.id, name: ctx.user.name },
          rows.filter((r) => r.state === 'pending').map((r) => r.id),
        );
        return n === 0 ? msgText('res.scouting.selectOfferThat') : undefined;
      },
    },
  ],
});
