import { sql } from 'kysely';
import { tenantScopedQuery } from '../../../access/tenancy.ts';
import { msgText } from '../../../../shared/texts/index.ts';
import { pickLangSql } from '../../../resources/pick-lang-sql.ts';
import { defineReadModel, flagColumn, idFilter, langText, stateOptions, type BadgeState } from '../../../resources/read-model.ts';
import { companyOptions } from '../../companies/defs/organizations.ts';

/**
 * The surveys list (/v3/admin/survey 400001, docs/surveys.md): the company's
 * surveys with how many questions, recipients and answers each has; the title opens the
 * survey's own page on the same screen (`?id=`, its panel in server/modules/surveys/screens/builder.tsx).
 * A company sees its own; the platform every company's; a client user none (surveys are the
 * staffing company's tool).
 */
/** A survey is a draft until it is sent. */
const SENT_STATES: readonly [BadgeState, BadgeState] = [
  { value: 'draft', label: msgText('res.surveys.notSent'), tone: 'warning' },
  { value: 'sent', label: msgText('res.surveys.sent'), tone: 'success' },
];

export const surveysReadModel = defineReadModel({
  name: 'survey',
  plural: 'surveys',
  title: msgText('survey.title'),
  titlePlural: msgText('res.surveys.surveys'),
  source: (db, tenant) => {
    const q = db.selectFrom('surveys as s').innerJoin('companies as c', 'c.id', 's.company_id');
    return tenantScopedQuery(q, tenant, { company: 's.company_id', client: false });
  },
  id: 's.id',
  columns: [
    { name: 'title', label: msgText('res.common.title'), type: 'text', sql: langText('s.title'), search: true, sortable: true, notNull: true, download: 'id' },
    { name: 'company', label: msgText('res.common.staffingCompany'), type: 'text', sql: (lang) => pickLangSql(lang, 'c.name', 'c.name_en'), sortable: true },
    flagColumn('status', msgText('res.common.statusState'), sql`s.sent_at is null`, SENT_STATES),
    { name: 'questions', label: msgText('res.surveys.questions'), type: 'number', sql: () => sql`(select count(*) from survey_questions q where q.survey_id = s.id)::int` },
    { name: 'recipients', label: msgText('res.surveys.sentCount'), type: 'number', sql: () => sql`(select count(*) from survey_recipients r where r.survey_id = s.id)::int`, sortable: true },
    { name: 'responses', label: msgText('res.surveys.answers'), type: 'number', sql: () => sql`(select count(*) from survey_responses p where p.survey_id = s.id)::int`, sortable: true },
    { name: 'createdBy', label: msgText('res.surveys.made'), type: 'text', sql: 's.created_by_name', search: true },
    { name: 'createdAt', label: msgText('res.surveys.created'), type: 'datetime', sql: 's.created_at', sortable: true, notNull: true },
    { name: 'sentAt', label: msgText('res.common.sent'), type: 'datetime', sql: 's.sent_at', sortable: true },
  ],
  filters: [
    {
      name: 'status',
      label: msgText('res.common.statusState'),
      kind: 'select',
      options: stateOptions(SENT_STATES),
      where: (eb, v) => (v === 'sent' ? eb('s.sent_at', 'is not', null) : eb('s.sent_at', 'is', null)),
    },
    idFilter('company', msgText('res.common.staffingCompany'), companyOptions, 's.company_id'),
  ],
  defaultSort: { column: 'createdAt', dir: 'desc' },
  paging: 'offset',
  screens: [{ path: '/v3/admin/survey' }],
});
