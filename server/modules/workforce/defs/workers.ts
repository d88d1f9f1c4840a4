import { sql } from 'kysely';
import { hasNoTenant, tenantScopedQuery } from '../../../access/tenancy.ts';
import { msg, msgText } from '../../../../shared/texts/index.ts';
import type { Lang } from '../../../../shared/i18n.ts';
import { pickLangSql } from '../../../resources/pick-lang-sql.ts';
import { appliedToTenant, defineReadModel, flagColumn, personColumn } from '../../../resources/read-model.ts';
import { profileColumns, profileFilters } from '../../staff/defs/staff.ts';

/** The person's languages by name in the reader's language, in their order; a code the languages table does not name stays a code. */
const languageNamesSql = (lang: Lang) =>
  sql<string>`(select string_agg(coalesce(nullif(${pickLangSql(lang, 'lg.ja', 'lg.en')}, ''), c.code), ${sql.lit(msg(lang, 'list.separator'))} order by c.n)
  from unnest(p.languages) with ordinality as c(code, n) left join languages lg on lg.code = c.code)`;

/** The tenants on the employer's side of a worker: the staffing company and the platform (docs/workforce.md). */
const EMPLOYER = ['platform', 'company'] as const;

/**
 * Workers (SPEC §2 /admin/worker 160001): the people who applied to the
 * tenant's jobs — a client user sees those of its own jobs — with what a company checks before
 * placing someone: residence status, card expiry (flagged within 90 days), languages, whether a
 * bank account for pay is registered, and shifts worked for the tenant. One person, read from
 * their registration (users + candidate_profiles); companies see only people who applied to them
 * (DESIGN §5). A name opens the worker's record on the same screen (`?id=`, server/web/screens/
 * admin/worker-record.tsx); the record's API asks this list's rule who may open whom.
 */
export const workersReadModel = defineReadModel({
  name: 'worker',
  plural: 'workers',
  title: msgText('res.common.worker'),
  titlePlural: msgText('res.workers.workers'),
  source: (db, tenant) => {
    if (hasNoTenant(tenant)) return null;
    // One person (docs/workforce.md): the rows of the tenant's staff registry linked to the person
    // (a client user has no registry).
    const registry = db
      .selectFrom('staff')
      .select(['person_user_id', sql<number>`count(*)::int`.as('n')])
      .where('person_user_id', 'is not', null)
      .$call((s) => tenantScopedQuery(s, tenant, { company: 'company_id', client: false }) ?? s.where(sql<boolean>`false`))
      .groupBy('person_user_id')
      .as('reg');
    const q = db
      .selectFrom('users as u')
      .innerJoin('candidate_profiles as p', 'p.user_id', 'u.id')
      .leftJoin('visa_types as v', 'v.id', 'p.visa_type_id')
      .leftJoin(registry, 'reg.person_user_id', 'u.id')
      .where('u.role', '=', 'candidate');
    // Who applied to the tenant (a client: to its jobs); the platform sees everyone who applied anywhere.
    return q.where(appliedToTenant(tenant, 'u.id'));
  },
  id: 'u.id',
  columns: [
    personColumn('name', msgText('res.common.name'), { download: 'id' }),
    { name: 'email', label: msgText('res.common.email'), type: 'text', sql: 'u.email', search: true },
    ...profileColumns,
    // Whether staff verified the card (the residence-card check, 160004): no shift without it.
    flagColumn('card', msgText('res.common.cardCheck'), sql`p.card_verified`, [
      { value: 'verified', label: msgText('res.common.verified'), tone: 'success' },
      { value: 'unverified', label: msgText('res.common.notVerified'), tone: 'warning' },
    ]),
    { name: 'languages', label: msgText('res.workers.languages'), type: 'text', sql: languageNamesSql },
    // Pay and the staff registry are the employer's: a client user (the 派遣先) reads neither.
    {
      ...flagColumn('bank', msgText('res.workers.payAccount'), sql`exists (select 1 from bank_accounts b where b.user_id = u.id)`, [
        { value: 'yes', label: msgText('res.workers.registered'), tone: 'success' },
        { value: 'no', label: msgText('res.workers.missing'), tone: 'warning' },
      ]),
      tenants: EMPLOYER,
    },
    // Whether the person is a row of the caller's staff registry (linked on /admin/staff).
    {
      ...flagColumn('registry', msgText('res.workers.staffRegistry'), sql`reg.n is not null`, [
        { value: 'linked', label: msgText('res.workers.linked'), tone: 'success' },
        { value: 'none', label: msgText('res.workers.notInRegistry'), tone: 'neutral' },
      ]),
      tenants: EMPLOYER,
    },
    { name: 'joined', label: msgText('res.workers.registeredOn'), type: 'date', sql: () => sql`(u.created_at at time zone 'Asia/Tokyo')::date`, sortable: true },
  ],
  filters: [...profileFilters],
  defaultSort: { column: 'name', dir: 'asc' },
  paging: 'keyset',
  screens: [{ path: '/admin/worker' }],
});
