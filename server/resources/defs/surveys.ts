import { sql } from 'kysely';
import { tenantScopedQuery } from '../../access/tenancy.ts';
import { t } from '../define.ts';
import { defineReadModel, langText, uuidOr } from '../read-model.ts';
import { companyOptions } from './organizations.ts';

/**
 * The surveys list (/v3/admin/survey 400001, docs/surveys.md): the company's
 * surveys with how many questions, recipients and answers each has; the title opens the
 * survey's own page on the same screen (`?id=`, its panel in server/web/screens/admin/surveys.tsx).
 * A company sees its own; the platform every company's; a client user none (surveys are the
 * staffing company's tool).
 */
export const surveysReadModel = defineReadModel({
  name: 'survey',
  plural: 'surveys',
  title: t('アンケート', 'Survey'),
  titlePlural: t('アンケート', 'Surveys'),
  source: (db, tenant) => {
    const q = db.selectFrom('surveys as s').innerJoin('companies as c', 'c.id', 's.company_id');
    return tenantScopedQuery(q, tenant, { company: 's.company_id', client: false });
  },
  id: 's.id',
  columns: [
    { name: 'title', label: t('タイトル', 'Title'), type: 'text', sql: langText('s.title'), search: true, sortable: true, notNull: true, download: 'id' },
    { name: 'company', label: t('派遣会社', 'Staffing company'), type: 'text', sql: (lang) => sql`coalesce(nullif(${sql.ref(lang === 'en' ? 'c.name_en' : 'c.name')}, ''), c.name)`, sortable: true },
    {
      name: 'status',
      label: t('状態', 'Status'),
      type: 'badge',
      sql: () => sql`case when s.sent_at is null then 'draft' else 'sent' end`,
      states: [
        { value: 'draft', label: t('未送信', 'Not sent'), tone: 'warning' },
        { value: 'sent', label: t('送信済み', 'Sent'), tone: 'success' },
      ],
    },
    { name: 'questions', label: t('質問数', 'Questions'), type: 'number', sql: () => sql`(select count(*) from survey_questions q where q.survey_id = s.id)::int` },
    { name: 'recipients', label: t('送信数', 'Sent to'), type: 'number', sql: () => sql`(select count(*) from survey_recipients r where r.survey_id = s.id)::int`, sortable: true },
    { name: 'responses', label: t('回答数', 'Answers'), type: 'number', sql: () => sql`(select count(*) from survey_responses p where p.survey_id = s.id)::int`, sortable: true },
    { name: 'createdBy', label: t('作成者', 'Made by'), type: 'text', sql: 's.created_by_name', search: true },
    { name: 'createdAt', label: t('作成日時', 'Created'), type: 'datetime', sql: 's.created_at', sortable: true, notNull: true },
    { name: 'sentAt', label: t('送信日時', 'Sent'), type: 'datetime', sql: 's.sent_at', sortable: true },
  ],
  filters: [
    {
      name: 'status',
      label: t('状態', 'Status'),
      kind: 'select',
      options: [
        { value: 'draft', label: t('未送信', 'Not sent') },
        { value: 'sent', label: t('送信済み', 'Sent') },
      ],
      where: (eb, v) => (v === 'sent' ? eb('s.sent_at', 'is not', null) : eb('s.sent_at', 'is', null)),
    },
    { name: 'company', label: t('派遣会社', 'Staffing company'), kind: 'select', options: companyOptions, where: (eb, v) => eb('s.company_id', '=', uuidOr(v)) },
  ],
  defaultSort: { column: 'createdAt', dir: 'desc' },
  paging: 'offset',
  screens: [{ path: '/v3/admin/survey' }],
});
