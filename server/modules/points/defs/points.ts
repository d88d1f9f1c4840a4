import { POINT_KINDS } from '../../../../shared/states.ts';
import { sql } from 'kysely';
import { tenantScopedQuery } from '../../../access/tenancy.ts';
import { f, platformScope, type ResourceDef } from '../../../resources/define.ts';
import { msg, msgText } from '../../../../shared/texts/index.ts';
import { pickLangSql } from '../../../resources/pick-lang-sql.ts';
import { defineReadModel, personColumn, stateFilter, uuidOr } from '../../../resources/read-model.ts';

/**
 * Points and campaigns (docs/points.md). The ledger at /v3/admin/point
 * (390001): every movement, newest first, of the caller's company's wallets (platform staff: all,
 * the platform's campaign points included), with CSV; the form that adds or takes points by hand
 * is the screen's panel (server/modules/points/screens/points.tsx). Campaigns at /admin/superadmin/campaign
 * (230001, superadmins): platform campaigns whose points server/modules/points/awards.ts awards.
 */
export const pointEntriesReadModel = defineReadModel({
  name: 'pointEntry',
  plural: 'pointEntries',
  title: msgText('res.points.pointEntry'),
  titlePlural: msgText('points.title'),
  source: (db, tenant) => {
    const q = db
      .selectFrom('point_entries as e')
      .innerJoin('users as u', 'u.id', 'e.candidate_id')
      .leftJoin('companies as c', 'c.id', 'e.company_id')
      .leftJoin('campaigns as g', 'g.id', 'e.campaign_id');
    return tenantScopedQuery(q, tenant, { company: 'e.company_id', client: false });
  },
  id: 'e.id',
  columns: [
    { name: 'createdAt', label: msgText('res.common.when'), type: 'datetime', sql: 'e.created_at', sortable: true, notNull: true },
    personColumn('candidate', msgText('res.points.person')),
    { name: 'email', label: msgText('res.points.eMail'), type: 'text', sql: 'u.email', search: true, hidden: true },
    { name: 'wallet', label: msgText('points.wallet'), type: 'text', sql: (lang) => sql`coalesce(${pickLangSql(lang, 'c.name', 'c.name_en')}, ${msg(lang, 'res.points.platform')})` },
    { name: 'kind', label: msgText('res.points.kind'), type: 'badge', sql: 'e.kind', sortable: true, notNull: true, states: POINT_KINDS },
    { name: 'points', label: msgText('points.title'), type: 'number', sql: 'e.delta', sortable: true, notNull: true },
    { name: 'balance', label: msgText('res.points.balanceAfter'), type: 'number', sql: 'e.balance_after', notNull: true },
    // A campaign's name in the reader's language; a hand entry's reason as staff wrote it; the
    // other kinds (a worked shift, an expiry) are said by the kind's badge.
    {
      name: 'reason',
      label: msgText('res.common.reason'),
      type: 'text',
      sql: (lang) => sql`coalesce(${pickLangSql(lang, 'g.name_ja', 'g.name_en')}, case when e.kind in ('manual', 'spend') then e.reason else '' end)`,
      search: true,
    },
    { name: 'expiresOn', label: msgText('res.points.validUntil'), type: 'date', sql: 'e.expires_on' },
    // An entry nobody made (a worked shift's award, a campaign's, an expiry) is said in the reader's
    // language, not by the actor name the ledger stores for it ("system").
    { name: 'by', label: msgText('res.points.by'), type: 'text', sql: (lang) => sql`case when e.created_by is null then ${msg(lang, 'res.points.automatic')} else e.created_by_name end` },
    { name: 'candidateId', label: msgText('res.points.personId'), type: 'text', sql: 'e.candidate_id', hidden: true },
  ],
  filters: [
    stateFilter('kind', msgText('res.points.kind'), 'e.kind', POINT_KINDS),
    { name: 'candidate', label: msgText('res.points.person'), kind: 'text', hidden: true, where: (eb, v) => eb('e.candidate_id', '=', uuidOr(v)) },
  ],
  defaultSort: { column: 'createdAt', dir: 'desc' },
  paging: 'keyset',
  screens: [{ path: '/v3/admin/point' }],
});

const RULES = [
  { value: 'first_attendance', label: msgText('res.points.firstShiftWorked') },
  { value: 'nth_attendance', label: msgText('res.points.nThShift') },
  { value: 'referral', label: msgText('res.points.referralReferredFriend') },
];

export const campaignResource: ResourceDef = {
  name: 'campaign',
  plural: 'campaigns',
  table: 'campaigns',
  title: msgText('points.kind.campaign'),
  titlePlural: msgText('res.points.campaigns'),
  labelField: 'name_ja',
  defaultSort: { field: 'starts_on', dir: 'desc' },
  scope: platformScope,
  fields: [
    f.text('name_ja', msgText('res.points.nameJapanese'), { list: true, sortable: true, search: true, max: 100 }),
    f.text('name_en', msgText('res.points.nameEnglish'), { list: true, search: true, max: 100 }),
    f.select('rule', msgText('res.points.rule'), RULES, { list: true, filter: true, default: 'first_attendance' }),
    f.number('nth', msgText('res.points.whichShiftN'), {
      min: 2,
      max: 1000,
      required: false,
      hint: msgText('res.points.onlyNTh'),
    }),
    f.number('points', msgText('res.points.pointsAwarded'), { min: 1, max: 100_000, list: true, sortable: true, default: 500 }),
    f.date('starts_on', msgText('res.points.starts'), { required: true, list: true, sortable: true, filter: true }),
    f.date('ends_on', msgText('res.points.ends'), { required: true, list: true, sortable: true }),
    f.boolean('active', msgText('res.common.active'), { list: true, filter: true, default: true }),
  ],
  computed: [
    {
      name: 'awarded',
      label: msgText('res.points.awarded'),
      list: true,
      sql: (table) => sql<string>`(select count(*) || ' × ' || coalesce(sum(e.delta), 0) || ' pt' from point_entries e where e.campaign_id = ${sql.ref(`${table}.id`)})`,
    },
  ],
  async validate(input, ctx): Promise<Record<string, string>> {
    const row = ctx.id ? await ctx.db.selectFrom('campaigns').select(['rule', 'nth', 'starts_on', 'ends_on']).where('id', '=', ctx.id).executeTakeFirst() : undefined;
    const rule = (input.rule ?? row?.rule) as string | undefined;
    const nth = input.nth !== undefined ? input.nth : row?.nth;
    const starts = (input.starts_on ?? row?.starts_on) as string | undefined;
    const ends = (input.ends_on ?? row?.ends_on) as string | undefined;
    const errors: Record<string, string> = {};
    if (rule === 'nth_attendance' && (nth === null || nth === undefined)) errors.nth = msg(ctx.lang, 'res.points.enterWhichShift');
    if (rule !== 'nth_attendance' && nth !== null && nth !== undefined) errors.nth = msg(ctx.lang, 'res.points.leaveBlankForRule');
    if (starts && ends && ends < starts) errors.ends_on = msg(ctx.lang, 'res.points.endBeforeStart');
    return errors;
  },
  screens: [{ path: '/admin/superadmin/campaign', mode: 'single' }],
  sample: { name_ja: '初勤務ボーナス', name_en: 'First shift bonus', rule: 'first_attendance', points: 500, starts_on: '2026-01-01', ends_on: '2026-12-31', active: true },
};
