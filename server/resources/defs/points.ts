import { sql } from 'kysely';
import { tenantScopedQuery } from '../../access/tenancy.ts';
import { f, platformScope, t, type ResourceDef } from '../define.ts';
import { defineReadModel, uuidOr, type BadgeState } from '../read-model.ts';

/**
 * Points and campaigns (docs/points.md). The ledger at /v3/admin/point
 * (390001): every movement, newest first, of the caller's company's wallets (platform staff: all,
 * the platform's campaign points included), with CSV; the form that adds or takes points by hand
 * is the screen's panel (server/web/screens/panels.tsx). Campaigns at /admin/superadmin/campaign
 * (230001, superadmins): platform campaigns whose points server/modules/points/awards.ts awards.
 */
const KINDS: readonly BadgeState[] = [
  { value: 'shift', label: t('勤務', 'Shift worked'), tone: 'success' },
  { value: 'campaign', label: t('キャンペーン', 'Campaign'), tone: 'info' },
  { value: 'manual', label: t('手動付与', 'Added by hand'), tone: 'info' },
  { value: 'spend', label: t('利用', 'Spent'), tone: 'warning' },
  { value: 'expire', label: t('失効', 'Expired'), tone: 'neutral' },
];

export const pointEntriesReadModel = defineReadModel({
  name: 'pointEntry',
  plural: 'pointEntries',
  title: t('ポイント履歴', 'Point entry'),
  titlePlural: t('ポイント', 'Points'),
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
    { name: 'createdAt', label: t('日時', 'When'), type: 'datetime', sql: 'e.created_at', sortable: true, notNull: true },
    { name: 'candidate', label: t('スタッフ', 'Person'), type: 'text', sql: 'u.name', sortable: true, search: true, notNull: true },
    { name: 'email', label: t('メール', 'E-mail'), type: 'text', sql: 'u.email', search: true, hidden: true },
    { name: 'wallet', label: t('ポイントの種類', 'Wallet'), type: 'text', sql: (lang) => sql`coalesce(${lang === 'ja' ? sql.ref('c.name') : sql`coalesce(nullif(c.name_en, ''), c.name)`}, ${lang === 'ja' ? 'プラットフォーム' : 'Platform'})` },
    { name: 'kind', label: t('内容', 'Kind'), type: 'badge', sql: 'e.kind', sortable: true, notNull: true, states: KINDS },
    { name: 'points', label: t('ポイント', 'Points'), type: 'number', sql: 'e.delta', sortable: true, notNull: true },
    { name: 'balance', label: t('残高', 'Balance after'), type: 'number', sql: 'e.balance_after', notNull: true },
    // A campaign's name in the reader's language; a hand entry's reason as staff wrote it; the
    // other kinds (a worked shift, an expiry) are said by the kind's badge.
    { name: 'reason', label: t('理由', 'Reason'), type: 'text', sql: (lang) => sql`coalesce(${lang === 'ja' ? sql.ref('g.name_ja') : sql`coalesce(nullif(g.name_en, ''), g.name_ja)`}, case when e.kind in ('manual', 'spend') then e.reason else '' end)`, search: true },
    { name: 'expiresOn', label: t('有効期限', 'Valid until'), type: 'date', sql: 'e.expires_on' },
    { name: 'by', label: t('記録者', 'By'), type: 'text', sql: 'e.created_by_name' },
    { name: 'candidateId', label: t('スタッフID', 'Person ID'), type: 'text', sql: 'e.candidate_id', hidden: true },
  ],
  filters: [
    { name: 'kind', label: t('内容', 'Kind'), kind: 'select', options: KINDS.map(({ value, label }) => ({ value, label })), where: (eb, v) => eb('e.kind', '=', v) },
    { name: 'candidate', label: t('スタッフ', 'Person'), kind: 'text', hidden: true, where: (eb, v) => eb('e.candidate_id', '=', uuidOr(v)) },
  ],
  defaultSort: { column: 'createdAt', dir: 'desc' },
  paging: 'keyset',
  screens: [{ path: '/v3/admin/point' }],
});

const RULES = [
  { value: 'first_attendance', label: t('初めての勤務', 'First shift worked') },
  { value: 'nth_attendance', label: t('n回目の勤務', 'N-th shift worked') },
  { value: 'referral', label: t('友だち紹介（紹介した友だちの初勤務）', 'Referral (a referred friend works their first shift)') },
];

export const campaignResource: ResourceDef = {
  name: 'campaign',
  plural: 'campaigns',
  table: 'campaigns',
  title: t('キャンペーン', 'Campaign'),
  titlePlural: t('キャンペーン', 'Campaigns'),
  labelField: 'name_ja',
  defaultSort: { field: 'starts_on', dir: 'desc' },
  scope: platformScope,
  fields: [
    f.text('name_ja', t('名前（日本語）', 'Name (Japanese)'), { list: true, sortable: true, search: true, max: 100 }),
    f.text('name_en', t('名前（英語）', 'Name (English)'), { list: true, search: true, max: 100 }),
    f.select('rule', t('条件', 'Rule'), RULES, { list: true, filter: true, default: 'first_attendance' }),
    f.number('nth', t('何回目の勤務か（n回目の勤務のとき）', 'Which shift (for the n-th shift rule)'), {
      min: 2,
      max: 1000,
      required: false,
      hint: t('「n回目の勤務」のときだけ入力します（2以上）。', 'Only for the n-th shift rule (2 or more).'),
    }),
    f.number('points', t('付与ポイント', 'Points awarded'), { min: 1, max: 100_000, list: true, sortable: true, default: 500 }),
    f.date('starts_on', t('開始日', 'Starts on'), { required: true, list: true, sortable: true, filter: true }),
    f.date('ends_on', t('終了日', 'Ends on'), { required: true, list: true, sortable: true }),
    f.boolean('active', t('有効', 'Active'), { list: true, filter: true, default: true }),
  ],
  computed: [
    {
      name: 'awarded',
      label: t('付与済み', 'Awarded'),
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
    const say = (ja: string, en: string) => (ctx.lang === 'ja' ? ja : en);
    if (rule === 'nth_attendance' && (nth === null || nth === undefined)) errors.nth = say('何回目の勤務かを入力してください。', 'Enter which shift earns the points.');
    if (rule !== 'nth_attendance' && nth !== null && nth !== undefined) errors.nth = say('この条件では入力しません。空にしてください。', 'Leave this blank for this rule.');
    if (starts && ends && ends < starts) errors.ends_on = say('終了日は開始日以降にしてください。', 'The end must be on or after the start.');
    return errors;
  },
  screens: [{ path: '/admin/superadmin/campaign', mode: 'single' }],
  sample: { name_ja: '初勤務ボーナス', name_en: 'First shift bonus', rule: 'first_attendance', points: 500, starts_on: '2026-01-01', ends_on: '2026-12-31', active: true },
};
