import { sql } from 'kysely';
import { z } from 'zod';
import type { Text } from '../../../shared/i18n.ts';
import { PREFECTURES } from '../../modules/jobs/prefectures.ts';
import { createRow, recordAudit, updateRow, type Actor } from '../repo.ts';
import {
  companyClientScope,
  f,
  t,
  type BeforeWriteResult,
  type FieldDef,
  type HookContext,
  type Option,
  type OptionContext,
  type RecordAction,
  type ResourceDef,
  type ResourceValidateContext,
  type WriteChange,
} from '../define.ts';
import { cachedReference } from '../../modules/enums/reference-cache.ts';
import { enumOptions, idChoice, languageOptions, visaOptions } from './staff.ts';
import { allIndustryOptions } from './templates.ts';
import { clientOptions } from './users.ts';
import { todayInJapan } from '../../../shared/time.ts';
import { wageKindOfType, wageRefusal } from '../../modules/payroll/wage-kind.ts';
import { SSW_FIELDS } from '../../modules/workforce/work-limits.ts';

/**
 * Jobs on the back office, one table and two definitions told apart by `kind`:
 *
 * - `job`: regular and part-time jobs (kind 'other') on /admin/jobs/list (110001), /admin/jobs/add
 *   (110003) and the record page /admin/jobs/[id] (110001);
 * - `dailyJob`: daily spot work (kind 'daily') on /v3/admin/jobs/list (330001), /v3/admin/jobs/add
 *   (330002) and /v3/admin/jobs/[id] (330001), whose record page also manages the job's shifts
 *   (server/web/admin/job-shifts.tsx over the `shifts` field and the addJobShifts/deleteJobShift
 *   operations of server/api/graphql/job-shifts.ts).
 *
 * Tenancy (DESIGN.md §5): company users see their company's jobs; client users only their own
 * client's, and the jobs they add are their client's whatever they send; platform users see
 * everything and pick the client, and the job belongs to that client's company (beforeWrite).
 */

const blankable = (max: number) => z.preprocess((v) => (v === null || v === undefined ? '' : v), z.string().trim().max(max));

export const JOB_STATUSES: Option[] = [
  { value: 'draft', label: t('下書き', 'Draft') },
  { value: 'open', label: t('募集中', 'Open') },
  { value: 'paused', label: t('一時停止', 'Paused') },
  { value: 'closed', label: t('募集終了', 'Closed') },
];

const PREFECTURE_OPTIONS: Option[] = PREFECTURES.map((p) => ({ value: p.ja, label: p }));

/** Industries and categories are platform-wide templates every company picks from (reference data, cached per process). */
async function industryChoices({ tenant, db }: OptionContext): Promise<Option[]> {
  if (tenant.kind === 'none') return [];
  return allIndustryOptions(db);
}

async function categoryChoices({ tenant, db }: OptionContext): Promise<Option[]> {
  if (tenant.kind === 'none') return [];
  return cachedReference(db, 'categoryChoices', () => loadCategoryChoices(db));
}

async function loadCategoryChoices(db: OptionContext['db']): Promise<Option[]> {
  const rows = await db
    .selectFrom('job_categories as c')
    .leftJoin('job_industries as i', 'i.id', 'c.industry_id')
    .select(['c.id', 'c.name_ja', 'c.name_en', 'i.name_ja as industry_ja', 'i.name_en as industry_en'])
    .orderBy('i.sort')
    .orderBy('c.sort')
    .orderBy('c.name_ja')
    .execute();
  return rows.map((r) => ({
    value: r.id,
    label: r.industry_ja
      ? { ja: `${r.industry_ja}：${r.name_ja}`, en: `${r.industry_en || r.industry_ja}: ${r.name_en || r.name_ja}` }
      : { ja: r.name_ja, en: r.name_en || r.name_ja },
  }));
}

/** Several integer ids in an int[] column (visa types): checkboxes, sent as strings, stored as numbers. */
const idMulti = (name: string, label: Text, options: (ctx: OptionContext) => Promise<Option[]>, o: Partial<FieldDef> = {}): FieldDef => ({
  ...f.multi(name, label, options),
  schema: z.preprocess(
    (v) => (v === null || v === undefined || v === '' ? [] : Array.isArray(v) ? v : [v]),
    z
      .array(z.coerce.number().int().positive())
      .max(50)
      .transform((ids) => [...new Set(ids)].sort((a, b) => a - b)),
  ),
  ...o,
});

function jobFields(kind: 'daily' | 'other'): FieldDef[] {
  return [
    f.ref('client_id', t('クライアント', 'Client'), clientOptions, {
      list: true,
      filter: true,
      createOnly: true,
      hint: t('求人を出す取引先です。登録後は変更できません。', 'The client the job is for. It cannot be changed later.'),
    }),
    f.text('title_ja', t('求人タイトル（日本語）', 'Title (Japanese)'), { max: 200, list: true, sortable: true, search: true }),
    f.text('title_en', t('求人タイトル（英語）', 'Title (English)'), { max: 200, sortable: true, search: true }),
    f.textarea('description_ja', t('仕事内容（日本語）', 'Description (Japanese)'), { max: 10_000, schema: blankable(10_000) }),
    f.textarea('description_en', t('仕事内容（英語）', 'Description (English)'), { max: 10_000, schema: blankable(10_000) }),
    idChoice('job_type_id', t('職種区分', 'Job type'), enumOptions('jobTypes'), { list: kind === 'other', filter: true }),
    // What the placement rules read of the work (docs/workforce.md "The data behind the rules");
    // blank: the job type's default.
    {
      ...f.select('ssw_field', t('特定技能の分野', 'Specified skilled worker field'), SSW_FIELDS.map(([ja, en]) => ({ value: ja, label: t(ja, en) }))),
      schema: z.preprocess((v) => (v === '' || v === undefined ? null : v), z.enum(SSW_FIELDS.map(([ja]) => ja) as [string, ...string[]]).nullable()),
      hint: t(
        '特定技能の人は、自分の分野の仕事にだけ配置できます（特定技能運用要領）。空欄なら職種区分の分野です。',
        'A specified skilled worker is placed only on work of their own field (特定技能運用要領). Blank: the job type’s field.',
      ),
    },
    {
      ...f.select('simple_labour', t('単純作業', 'Simple manual work'), [
        { value: 'true', label: t('はい（ピッキング、梱包、清掃、ライン作業、配膳など）', 'Yes (picking, packing, cleaning, line work, serving…)') },
        { value: 'false', label: t('いいえ', 'No') },
      ]),
      schema: z.preprocess((v) => (v === '' || v === undefined || v === null ? null : v === true || v === 'true' ? true : v === false || v === 'false' ? false : v), z.boolean().nullable()),
      hint: t(
        '技術・人文知識・国際業務や技能実習の人は単純作業に配置できません（入管法別表第一の二）。空欄なら職種区分の設定です。',
        'People with the engineer/specialist or technical intern status are not placed on simple manual work (Immigration Control Act, Appended Table I (2)). Blank: the job type’s setting.',
      ),
    },
    f.text('supervisor', t('派遣先責任者', 'Client’s supervisor for dispatched staff'), {
      max: 100,
      required: false,
      hint: t('派遣元管理台帳に記載します（労働者派遣法施行規則第31条）。', 'Entered in the dispatch ledger (労働者派遣法施行規則第31条).'),
    }),
    idChoice('pay_type_id', t('給与形態', 'Pay type'), enumOptions('payTypes')),
    f.number('wage', t('給与（円）', 'Pay (yen)'), {
      money: true,
      min: 0,
      max: 10_000_000,
      list: true,
      sortable: true,
      hint: t('給与形態の単位で入力します（時給なら1時間あたり）。', 'In the unit of the pay type (per hour for hourly pay).'),
    }),
    // Money (docs/payroll.md): what the client is billed per hour, and how the shifts are paid.
    f.number('bill_rate', t('請求単価（円/時）', 'Bill rate (yen per hour)'), {
      money: true,
      min: 0,
      max: 1_000_000,
      required: false,
      hint: t('クライアントへの請求額の1時間あたりの単価です。空欄なら請求書に載りません。', 'What the client is billed per hour worked. Blank: the job is not invoiced.'),
    }),
    {
      ...f.select('pay_mode', t('給与の支払い', 'Paid'), [
        { value: 'daily', label: t('日払い（勤務ごと）', 'Daily (per shift)') },
        { value: 'monthly', label: t('月払い（締め日でまとめて）', 'Monthly (with the pay run)') },
      ], { default: kind === 'daily' ? 'daily' : 'monthly' }),
      // Left out of a form or call: the job keeps its mode (a new job: by its kind).
      schema: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(['daily', 'monthly']).optional()),
    },
    idChoice('overtime_id', t('残業', 'Overtime'), enumOptions('overtimes')),
    idChoice('job_week_id', t('勤務日数', 'Days per week'), enumOptions('jobWeeks')),
    idChoice('read_skill_id', t('必要な日本語の読み', 'Japanese reading needed'), enumOptions('readSkills')),
    f.ref('industry_id', t('業種', 'Industry'), industryChoices, { required: false }),
    f.ref('category_id', t('職種', 'Category'), categoryChoices, { required: false }),
    f.select('prefecture', t('都道府県', 'Prefecture'), PREFECTURE_OPTIONS, { list: true, filter: true, sortable: true }),
    f.text('city', t('市区町村', 'City'), { max: 100, search: true, schema: blankable(100) }),
    f.text('station', t('最寄り駅', 'Nearest station'), { max: 100, search: true, schema: blankable(100) }),
    f.text('city_en', t('市区町村（英語表記）', 'City in English'), { max: 100, search: true, schema: blankable(100), hint: t('英語のページに表示します（例: Koto, Tokyo）。空欄なら日本語表記を「日本語」と添えて表示します。', 'Shown on English pages (e.g. Koto, Tokyo). Left blank, the Japanese name shows, marked as Japanese.') }),
    f.text('station_en', t('最寄り駅（英語表記）', 'Nearest station in English'), { max: 100, search: true, schema: blankable(100), hint: t('例: Monzen-nakacho Station', 'e.g. Monzen-nakacho Station') }),
    f.multi('languages', t('仕事で使う言語', 'Languages used at work'), languageOptions, { filter: true }),
    idMulti('visa_type_ids', t('応募できる在留資格', 'Residence statuses accepted'), visaOptions, {
      hint: t('選ばない場合は、就労できるすべての在留資格の方が応募できます。', 'None chosen: anyone whose status permits the work may apply.'),
    }),
    f.number('headcount', t('募集人数', 'Headcount'), { min: 1, max: 10_000, default: 1 }),
    f.select('status', t('ステータス', 'Status'), JOB_STATUSES, {
      list: true,
      filter: true,
      sortable: true,
      default: 'draft',
      hint: t('「募集中」で公開期間内の求人が公開サイトに載ります。', 'Open jobs inside their publish window appear on the public site.'),
    }),
    f.date('publish_from', t('公開開始日', 'Publish from'), { sortable: true }),
    f.date('publish_until', t('公開終了日', 'Publish until'), {
      list: true,
      sortable: true,
      filter: true,
      hint: t('この日まで公開します（空欄なら期限なし）。', 'Public through this day (blank: no end).'),
    }),
  ];
}

/** A platform caller picks only the client: the job belongs to that client's company. */
async function beforeWrite(values: Record<string, unknown>, ctx: HookContext, change: WriteChange): Promise<BeforeWriteResult> {
  if (change.mode === 'update') return { values: {} };
  if (typeof values.client_id !== 'string') return { errors: { client_id: ctx.lang === 'ja' ? '入力してください。' : 'This field is required.' } };
  const client = await ctx.db.selectFrom('clients').select('company_id').where('id', '=', values.client_id).executeTakeFirst();
  if (!client) return { errors: { client_id: ctx.lang === 'ja' ? '選択肢から選んでください。' : 'Choose one of the options.' } };
  // Company and client users already carry their tenant's company (the scope assigned it).
  if (values.company_id && values.company_id !== client.company_id) return { errors: { client_id: ctx.lang === 'ja' ? '選択肢から選んでください。' : 'Choose one of the options.' } };
  return { values: { company_id: client.company_id } };
}

/** The publish window may not end before it starts, and the pay must be one pay computes and the law allows. */
async function validate(input: Record<string, unknown>, ctx: ResourceValidateContext): Promise<Record<string, string>> {
  return { ...(await validatePublishWindow(input, ctx)), ...(await validatePay(input, ctx)) };
}

/**
 * The pay of a job (an update may send some of wage, pay type and prefecture; the others are the
 * job's): a 月給 is refused (pay computes per shift and jobs do not record a month's scheduled hours,
 * docs/payroll.md), and an hourly wage below the regional minimum wage of the job's prefecture today
 * (最低賃金法第4条) is refused naming the minimum. A 日給's hourly basis depends on its shifts'
 * length: it is checked against the job's upcoming shifts paid at the job's rate, and when shifts
 * are planned (server/api/graphql/job-shifts.ts).
 */
async function validatePay(input: Record<string, unknown>, ctx: ResourceValidateContext): Promise<Record<string, string>> {
  if (!('wage' in input) && !('pay_type_id' in input) && !('prefecture' in input)) return {};
  let { wage, pay_type_id: payType, prefecture } = input;
  if (ctx.id && (wage === undefined || payType === undefined || prefecture === undefined)) {
    const row = await ctx.db.selectFrom('jobs').select(['wage', 'pay_type_id', 'prefecture']).where('id', '=', ctx.id).executeTakeFirst();
    wage = wage === undefined ? row?.wage : wage;
    payType = payType === undefined ? row?.pay_type_id : payType;
    prefecture = prefecture === undefined ? row?.prefecture : prefecture;
  }
  const kind = await wageKindOfType(ctx.db, payType as number | string | null | undefined);
  const amount = Number(wage);
  if (kind !== 'monthly' && (!Number.isInteger(amount) || typeof prefecture !== 'string')) return {};
  const today = todayInJapan();
  const refusal = wageRefusal({ kind, wage: amount, prefecture: String(prefecture ?? ''), day: today });
  if (refusal) return { [kind === 'monthly' ? 'pay_type_id' : 'wage']: refusal[ctx.lang] };
  // A day rate paid on the job's upcoming shifts that have no wage of their own: each shift length,
  // on its latest day (minimum wages only rise), must keep the basis at the minimum.
  if (kind === 'daily' && ctx.id) {
    const shapes = await ctx.db
      .selectFrom('job_daily_shifts')
      .select(['start_time', 'end_time', 'break_minutes', (eb) => eb.fn.max('date').as('last')])
      .where('job_id', '=', ctx.id)
      .where('wage', 'is', null)
      .where('date', '>=', today)
      .groupBy(['start_time', 'end_time', 'break_minutes'])
      .execute();
    for (const s of shapes) {
      const r = wageRefusal({ kind, wage: amount, prefecture: String(prefecture ?? ''), day: String(s.last), plan: { start: s.start_time.slice(0, 5), end: s.end_time.slice(0, 5), breakMinutes: s.break_minutes } });
      if (r) return { wage: r[ctx.lang] };
    }
  }
  return {};
}

async function validatePublishWindow(input: Record<string, unknown>, ctx: ResourceValidateContext): Promise<Record<string, string>> {
  if (!('publish_from' in input) && !('publish_until' in input)) return {};
  let from = input.publish_from as string | null | undefined;
  let until = input.publish_until as string | null | undefined;
  if (ctx.id && (from === undefined || until === undefined)) {
    const row = await ctx.db.selectFrom('jobs').select(['publish_from', 'publish_until']).where('id', '=', ctx.id).executeTakeFirst();
    from = from === undefined ? row?.publish_from : from;
    until = until === undefined ? row?.publish_until : until;
  }
  if (from && until && until < from) {
    return { publish_until: ctx.lang === 'ja' ? '公開終了日は公開開始日以降にしてください。' : 'The last day must not be before the first day.' };
  }
  return {};
}

const actorOf = (ctx: HookContext): Actor => ({ id: ctx.user.id, name: ctx.user.name, context: ctx });

/** Close: status "closed" (audited as a change of status), so the job leaves the public boards. */
function closeAction(def: () => ResourceDef): RecordAction {
  return {
    name: 'close',
    label: t('募集を終了する', 'Close the job'),
    done: t('募集を終了しました。', 'The job is closed.'),
    async run(row, ctx) {
      if (row.status === 'closed') return t('この求人はすでに募集終了です。', 'This job is already closed.');
      const r = await updateRow(ctx.db, def(), ctx.tenant, actorOf(ctx), row.id, { status: 'closed' }, ctx.lang);
      if (!r.ok) return 'notFound' in r ? t('見つかりません。', 'Not found.') : { ja: Object.values(r.errors).join(' '), en: Object.values(r.errors).join(' ') };
    },
  };
}

/**
 * Duplicate: a copy of the job's settings as a new draft, for the same client, without shifts
 * (add them on the copy's page, many at once). The copy's history starts with its creation; the
 * original's records that it was duplicated, and as what.
 */
function duplicateAction(def: () => ResourceDef): RecordAction {
  return {
    name: 'duplicate',
    label: t('複製する（下書き・シフトなし）', 'Duplicate (as a draft, without shifts)'),
    done: t('下書きとして複製しました。一覧の先頭にあります。', 'Duplicated as a draft: it is at the top of the list.'),
    async run(row, ctx) {
      const d = def();
      const input: Record<string, unknown> = {};
      for (const field of d.fields) if (field.name in row) input[field.name] = row[field.name];
      input.title_ja = `${String(row.title_ja).slice(0, 190)}（コピー）`;
      input.title_en = `${String(row.title_en).slice(0, 192)} (copy)`;
      input.status = 'draft';
      const r = await createRow(ctx.db, d, ctx.tenant, actorOf(ctx), input, ctx.lang);
      if (!r.ok) return 'notFound' in r ? t('見つかりません。', 'Not found.') : { ja: Object.values(r.errors).join(' '), en: Object.values(r.errors).join(' ') };
      await recordAudit(ctx.db, d, actorOf(ctx), 'update', row, { duplicate: { from: null, to: `${String(r.row.title_ja)} (${r.row.id})` } });
    },
  };
}

const SHARED = {
  table: 'jobs',
  labelField: 'title_ja',
  defaultSort: { field: 'created_at', dir: 'desc' as const },
  scope: companyClientScope('client_id'),
  // A job someone applied to keeps its applications, attendance and pay: close it instead.
  keptBy: [{ table: 'applications', column: 'job_id', what: t('応募', 'applications') }],
  beforeWrite,
  validate,
  auditLabels: {
    duplicate: t('複製', 'Duplicated as'),
    shifts: t('シフト', 'Shifts'),
  },
};

const sample = (kind: 'daily' | 'other'): Record<string, unknown> => ({
  client_id: '$client',
  title_ja: kind === 'daily' ? 'イベント会場の設営（日払い）' : 'カフェのホールスタッフ',
  title_en: kind === 'daily' ? 'Event venue set-up (daily pay)' : 'Café floor staff',
  description_ja: '会場の設営と片付けです。',
  description_en: 'Setting up and clearing the venue.',
  job_type_id: null,
  ssw_field: null,
  simple_labour: null,
  supervisor: null,
  pay_type_id: null,
  wage: 1300,
  overtime_id: null,
  job_week_id: null,
  read_skill_id: null,
  industry_id: null,
  category_id: null,
  prefecture: '東京都',
  city: '江東区',
  station: '国際展示場駅',
  languages: ['en'],
  visa_type_ids: [],
  headcount: 5,
  status: 'draft',
  publish_from: '2027-01-01',
  publish_until: '2027-03-31',
});

export const jobResource: ResourceDef = {
  ...SHARED,
  name: 'job',
  plural: 'jobs',
  title: t('求人', 'Job'),
  titlePlural: t('求人', 'Jobs'),
  fixed: { kind: 'other' },
  fields: jobFields('other'),
  actions: [duplicateAction(() => jobResource), closeAction(() => jobResource)],
  sample: sample('other'),
  screens: [
    { path: '/admin/jobs/list', mode: 'list' },
    { path: '/admin/jobs/add', mode: 'create' },
    { path: '/admin/jobs/[id]', mode: 'detail' },
  ],
};

/** Filled seats over capacity of the job's shifts from today on (Japan), e.g. "12/20 (60%)". */
const fillRate = (table: string) => sql<string | null>`(
  select case when sum(s.capacity) > 0
    then sum(s.filled) || '/' || sum(s.capacity) || ' (' || round(100.0 * sum(s.filled) / sum(s.capacity)) || '%)' end
  from job_daily_shifts s
  where s.job_id = ${sql.ref(`${table}.id`)} and s.date >= (now() at time zone 'Asia/Tokyo')::date
)`;

export const dailyJobResource: ResourceDef = {
  ...SHARED,
  name: 'dailyJob',
  plural: 'dailyJobs',
  title: t('日払い求人', 'Daily job'),
  titlePlural: t('日払い求人', 'Daily jobs'),
  fixed: { kind: 'daily' },
  fields: jobFields('daily'),
  computed: [{ name: 'fill_rate', label: t('充足率（今後のシフト）', 'Fill rate (upcoming shifts)'), sql: fillRate, list: true }],
  actions: [duplicateAction(() => dailyJobResource), closeAction(() => dailyJobResource)],
  sample: sample('daily'),
  screens: [
    { path: '/v3/admin/jobs/list', mode: 'list' },
    { path: '/v3/admin/jobs/add', mode: 'create' },
    { path: '/v3/admin/jobs/[id]', mode: 'detail' },
  ],
};

export const JOB_RESOURCES: ResourceDef[] = [jobResource, dailyJobResource];
