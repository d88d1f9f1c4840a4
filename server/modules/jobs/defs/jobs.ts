import { sql } from 'kysely';
import { hasNoTenant } from '../../../access/tenancy.ts';
import { z } from 'zod';
import { pickLang, type Text } from '../../../../shared/i18n.ts';
import { PREFECTURES } from '../prefectures.ts';
import { createRow, recordAudit, updateRow, type Actor, type WriteResult } from '../../../resources/repo.ts';
import {
  companyClientScope,
  f,
  inBoth,
  type BeforeWriteResult,
  type FieldDef,
  type HookContext,
  type Option,
  type OptionContext,
  type RecordAction,
  type ResourceDef,
  type ResourceValidateContext,
  type WriteChange,
} from '../../../resources/define.ts';
import { msg, msgText } from '../../../../shared/texts/index.ts';
import { cachedReference } from '../../enums/reference-cache.ts';
import { enumOptions, idChoice, languageOptions, visaOptions } from '../../staff/defs/staff.ts';
import { allIndustryOptions } from '../../templates/defs/templates.ts';
import { clientOptions } from '../../auth/defs/users.ts';
import { todayInJapan } from '../../../../shared/time.ts';
import { wageKindOfType, wageRefusal } from '../../payroll/wage-kind.ts';
import { SSW_FIELDS } from '../../workforce/work-limits.ts';

/**
 * Jobs on the back office, one table and two definitions told apart by `kind`:
 *
 * - `job`: regular and part-time jobs (kind 'other') on /admin/jobs/list (110001), /admin/jobs/add
 *   (110003) and the record page /admin/jobs/[id] (110001);
 * - `dailyJob`: daily spot work (kind 'daily') on /v3/admin/jobs/list (330001), /v3/admin/jobs/add
 *   (330002) and /v3/admin/jobs/[id] (330001), whose record page also manages the job's shifts
 *   (server/web/admin/job-shifts.tsx over the `shifts` field and the addJobShifts/deleteJobShift
 *   operations of server/modules/jobs/api/job-shifts.ts).
 *
 * Tenancy (DESIGN.md §5): company users see their company's jobs; client users only their own
 * client's, and the jobs they add are their client's whatever they send; platform users see
 * everything and pick the client, and the job belongs to that client's company (beforeWrite).
 */

const blankable = (max: number) => z.preprocess((v) => (v === null || v === undefined ? '' : v), z.string().trim().max(max));

export const JOB_STATUSES: Option[] = [
  { value: 'draft', label: msgText('res.common.draft') },
  { value: 'open', label: msgText('res.jobs.open') },
  { value: 'paused', label: msgText('res.jobs.paused') },
  { value: 'closed', label: msgText('res.jobs.closed') },
];

const PREFECTURE_OPTIONS: Option[] = PREFECTURES.map((p) => ({ value: p.ja, label: p }));

/** Industries and categories are platform-wide templates every company picks from (reference data, cached per process). */
async function industryChoices({ tenant, db }: OptionContext): Promise<Option[]> {
  if (hasNoTenant(tenant)) return [];
  return allIndustryOptions(db);
}

async function categoryChoices({ tenant, db }: OptionContext): Promise<Option[]> {
  if (hasNoTenant(tenant)) return [];
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
      ? inBoth((lang) => msg(lang, 'res.jobs.categoryOfIndustry', { industry: pickLang(lang, r.industry_ja, r.industry_en), category: pickLang(lang, r.name_ja, r.name_en) }))
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
    f.ref('client_id', msgText('res.common.client'), clientOptions, {
      list: true,
      filter: true,
      createOnly: true,
      hint: msgText('res.jobs.clientJobCannot'),
    }),
    f.text('title_ja', msgText('res.jobs.titleJapanese'), { max: 200, list: true, sortable: true, search: true }),
    f.text('title_en', msgText('res.jobs.titleEnglish'), { max: 200, list: true, sortable: true, search: true }),
    f.textarea('description_ja', msgText('res.jobs.descriptionJapanese'), { max: 10_000, schema: blankable(10_000) }),
    f.textarea('description_en', msgText('res.jobs.descriptionEnglish'), { max: 10_000, schema: blankable(10_000) }),
    idChoice('job_type_id', msgText('res.jobs.jobType'), enumOptions('jobTypes'), { list: kind === 'other', filter: true }),
    // What the placement rules read of the work (docs/workforce.md "The data behind the rules");
    // blank: the job type's default.
    {
      ...f.select(
        'ssw_field',
        msgText('res.jobs.specifiedSkilledWorker'),
        SSW_FIELDS.map(([ja, en]) => ({ value: ja, label: { ja, en } })),
      ),
      schema: z.preprocess((v) => (v === '' || v === undefined ? null : v), z.enum(SSW_FIELDS.map(([ja]) => ja) as [string, ...string[]]).nullable()),
      hint: msgText('res.jobs.specifiedSkilledWorkerPlaced', { rule: '特定技能運用要領' }),
    },
    {
      ...f.select('simple_labour', msgText('res.jobs.simpleManualWork'), [
        { value: 'true', label: msgText('res.jobs.yesPickingPacking') },
        { value: 'false', label: msgText('list.no') },
      ]),
      schema: z.preprocess((v) => (v === '' || v === undefined || v === null ? null : v === true || v === 'true' ? true : v === false || v === 'false' ? false : v), z.boolean().nullable()),
      hint: msgText('res.jobs.peopleEngineerSpecialist'),
    },
    f.text('supervisor', msgText('res.jobs.clientsSupervisorDispatched'), {
      max: 100,
      required: false,
      hint: msgText('res.jobs.enteredDispatchLedger', { rule: '労働者派遣法施行規則第31条' }),
    }),
    idChoice('pay_type_id', msgText('res.jobs.payType'), enumOptions('payTypes')),
    f.number('wage', msgText('res.jobs.payYen'), {
      min: 0,
      max: 10_000_000,
      cell: 'money',
      list: true,
      sortable: true,
      hint: msgText('res.jobs.unitPayType'),
    }),
    // Money (docs/payroll.md): what the client is billed per hour (the staffing company's price,
    // not the client's to set or read beside the wage), and how the shifts are paid.
    f.number('bill_rate', msgText('res.jobs.billRateYen'), {
      min: 0,
      max: 1_000_000,
      cell: 'money',
      required: false,
      hint: msgText('res.jobs.whatClientBilled'),
      tenants: ['platform', 'company'],
    }),
    {
      ...f.select(
        'pay_mode',
        msgText('res.jobs.paid'),
        [
          { value: 'daily', label: msgText('res.jobs.dailyPerShift') },
          { value: 'monthly', label: msgText('res.jobs.monthlyPayRun') },
        ],
        { default: kind === 'daily' ? 'daily' : 'monthly' },
      ),
      // Left out of a form or call: the job keeps its mode (a new job: by its kind).
      schema: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(['daily', 'monthly']).optional()),
    },
    idChoice('overtime_id', msgText('res.common.overtime'), enumOptions('overtimes')),
    idChoice('job_week_id', msgText('job.jobWeek'), enumOptions('jobWeeks')),
    idChoice('read_skill_id', msgText('res.jobs.japaneseReadingNeeded'), enumOptions('readSkills')),
    f.ref('industry_id', msgText('res.common.industry'), industryChoices, { required: false }),
    f.ref('category_id', msgText('res.jobs.category'), categoryChoices, { required: false }),
    f.select('prefecture', msgText('res.common.prefecture'), PREFECTURE_OPTIONS, { list: true, filter: true, sortable: true }),
    f.text('city', msgText('res.common.city'), { max: 100, search: true, schema: blankable(100) }),
    f.text('station', msgText('res.jobs.nearestStation'), { max: 100, search: true, schema: blankable(100) }),
    f.text('city_en', msgText('res.jobs.cityEnglish'), { max: 100, search: true, schema: blankable(100), hint: msgText('res.jobs.shownEnglishPages') }),
    f.text('station_en', msgText('res.jobs.nearestStationEnglish'), { max: 100, search: true, schema: blankable(100), hint: msgText('res.jobs.stationEnglishExample') }),
    f.multi('languages', msgText('res.jobs.languagesUsedWork'), languageOptions, { filter: true }),
    idMulti('visa_type_ids', msgText('job.visaTypes'), visaOptions, {
      hint: msgText('res.jobs.noneChosenAnyone'),
    }),
    f.number('headcount', msgText('res.jobs.headcount'), { min: 1, max: 10_000, default: 1 }),
    f.select('status', msgText('res.common.status'), JOB_STATUSES, {
      list: true,
      filter: true,
      sortable: true,
      default: 'draft',
      hint: msgText('res.jobs.openJobsInside'),
    }),
    f.date('publish_from', msgText('res.jobs.publishFrom'), { sortable: true }),
    f.date('publish_until', msgText('res.jobs.publishUntil'), {
      list: true,
      sortable: true,
      filter: true,
      hint: msgText('res.jobs.publicThroughDay'),
    }),
  ];
}

/** A platform caller picks only the client: the job belongs to that client's company. */
async function beforeWrite(values: Record<string, unknown>, ctx: HookContext, change: WriteChange): Promise<BeforeWriteResult> {
  if (change.mode === 'update') return { values: {} };
  if (typeof values.client_id !== 'string') return { errors: { client_id: msg(ctx.lang, 'error.required') } };
  const client = await ctx.db.selectFrom('clients').select('company_id').where('id', '=', values.client_id).executeTakeFirst();
  if (!client) return { errors: { client_id: msg(ctx.lang, 'validation.choice') } };
  // Company and client users already carry their tenant's company (the scope assigned it).
  if (values.company_id && values.company_id !== client.company_id) return { errors: { client_id: msg(ctx.lang, 'validation.choice') } };
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
 * are planned (server/modules/jobs/api/job-shifts.ts).
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
      const r = wageRefusal({
        kind,
        wage: amount,
        prefecture: String(prefecture ?? ''),
        day: String(s.last),
        plan: { start: s.start_time.slice(0, 5), end: s.end_time.slice(0, 5), breakMinutes: s.break_minutes },
      });
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
    return { publish_until: msg(ctx.lang, 'res.jobs.lastDayBeforeFirst') };
  }
  return {};
}

const actorOf = (ctx: HookContext): Actor => ({ id: ctx.user.id, name: ctx.user.name, context: ctx });
/** A record action's answer when its write was refused: the record is gone, or the field errors in one line. */
const refusalOf = (r: Exclude<WriteResult, { ok: true }>): Text => {
  if ('notFound' in r) return msgText('error.notFound');
  const text = Object.values(r.errors).join(' ');
  return { ja: text, en: text };
};

/** Close: status "closed" (audited as a change of status), so the job leaves the public boards. */
function closeAction(def: () => ResourceDef): RecordAction {
  return {
    name: 'close',
    label: msgText('res.jobs.closeJob'),
    done: msgText('res.jobs.jobClosed'),
    rows: { status: JOB_STATUSES.map((o) => o.value).filter((v) => v !== 'closed') },
    async run(row, ctx) {
      if (row.status === 'closed') return msgText('res.jobs.jobAlreadyClosed');
      const r = await updateRow(ctx.db, def(), ctx.tenant, actorOf(ctx), row.id, { status: 'closed' }, ctx.lang);
      if (!r.ok) return refusalOf(r);
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
    label: msgText('res.jobs.duplicateDraftWithout'),
    done: msgText('res.jobs.duplicatedDraftTop'),
    async run(row, ctx) {
      const d = def();
      const input: Record<string, unknown> = {};
      for (const field of d.fields) if (field.name in row) input[field.name] = row[field.name];
      input.title_ja = msg('ja', 'res.jobs.copyOf', { title: String(row.title_ja).slice(0, 190) });
      input.title_en = msg('en', 'res.jobs.copyOf', { title: String(row.title_en).slice(0, 192) });
      input.status = 'draft';
      const r = await createRow(ctx.db, d, ctx.tenant, actorOf(ctx), input, ctx.lang);
      if (!r.ok) return refusalOf(r);
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
  keptBy: [{ table: 'applications', column: 'job_id', what: msgText('res.jobs.applications') }],
  beforeWrite,
  validate,
  auditLabels: {
    duplicate: msgText('res.jobs.duplicated'),
    shifts: msgText('res.common.shifts'),
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
  title: msgText('res.common.job'),
  titlePlural: msgText('res.jobs.jobs'),
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
  title: msgText('res.jobs.dailyJob'),
  titlePlural: msgText('res.common.dailyJobs'),
  fixed: { kind: 'daily' },
  fields: jobFields('daily'),
  computed: [{ name: 'fill_rate', label: msgText('res.jobs.fillRateUpcoming'), sql: fillRate, list: true }],
  actions: [duplicateAction(() => dailyJobResource), closeAction(() => dailyJobResource)],
  sample: sample('daily'),
  screens: [
    { path: '/v3/admin/jobs/list', mode: 'list' },
    { path: '/v3/admin/jobs/add', mode: 'create' },
    { path: '/v3/admin/jobs/[id]', mode: 'detail' },
  ],
};

export const JOB_RESOURCES: ResourceDef[] = [jobResource, dailyJobResource];
