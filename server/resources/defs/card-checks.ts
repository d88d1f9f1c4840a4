import { sql } from 'kysely';
import { hasNoTenant, isPlatform, tenantScopedQuery } from '../../access/tenancy.ts';
import { t } from '../define.ts';
import { dateWindow, defineReadModel, type BadgeState } from '../read-model.ts';
import { visaOptions } from './staff.ts';

const STATES: BadgeState[] = [
  { value: 'pending', label: t('確認待ち', 'Waiting for a check'), tone: 'warning' },
  { value: 'reupload', label: t('再アップロード依頼', 'Re-upload asked'), tone: 'info' },
  { value: 'rejected', label: t('却下', 'Rejected'), tone: 'danger' },
  { value: 'verified', label: t('確認済み', 'Verified'), tone: 'success' },
];

/**
 * Residence-card checks (SPEC §2 /admin/worker/rcCheckCandidate 160004,
 * docs/workforce.md): each person's latest uploaded card — waiting ones first — with what staff
 * check against the images: the number and whether it has the printed format, the residence
 * status, the expiry (flagged within 90 days) and the permission for activity outside status.
 * The name opens the card on the same screen (`?card=`, server/web/screens/admin/card-checks.tsx)
 * with both images and the decision. Companies see the cards of people who applied to them
 * (DESIGN §5); a client user those of its own jobs; the platform all.
 */
export const cardChecksReadModel = defineReadModel({
  name: 'residenceCard',
  plural: 'residenceCards',
  title: t('在留カード', 'Residence card'),
  titlePlural: t('在留カード', 'Residence cards'),
  source: (db, tenant) => {
    if (hasNoTenant(tenant)) return null;
    const q = db
      .selectFrom('residence_cards as rc')
      .innerJoin('users as u', 'u.id', 'rc.user_id')
      .leftJoin('candidate_profiles as p', 'p.user_id', 'u.id')
      .leftJoin('visa_types as v', 'v.id', 'rc.visa_type_id')
      .where('rc.status', '!=', 'replaced')
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('residence_cards as n').select('n.id').whereRef('n.user_id', '=', 'rc.user_id').whereRef('n.created_at', '>', 'rc.created_at'))));
    // The platform sees every card; a company those of people who applied to it (a client: to its jobs).
    if (isPlatform(tenant)) return q;
    return q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('applications as a')
          .select('a.id')
          .whereRef('a.candidate_id', '=', 'rc.user_id')
          .$call((s) => tenantScopedQuery(s, tenant, { company: 'a.company_id', client: 'a.client_id' }) ?? s.where(sql<boolean>`false`)),
      ),
    );
  },
  id: 'rc.id',
  columns: [
    // Alphabetical happens to be the queue's order: pending, rejected, reupload, verified.
    { name: 'state', label: t('状態', 'State'), type: 'badge', sql: 'rc.status', states: STATES, sortable: true, notNull: true },
    { name: 'name', label: t('氏名', 'Name'), type: 'text', sql: 'u.name', sortable: true, search: true, notNull: true, download: 'card' },
    { name: 'email', label: t('メール', 'Email'), type: 'text', sql: 'u.email', search: true },
    { name: 'nationality', label: t('国籍', 'Nationality'), type: 'text', sql: 'p.nationality' },
    { name: 'cardNumber', label: t('カード番号', 'Card number'), type: 'text', sql: 'rc.card_number', search: true },
    {
      name: 'numberFormat',
      label: t('番号の形式', 'Number format'),
      type: 'badge',
      sql: () => sql`case when rc.card_number ~ '^[A-Z]{2}[0-9]{8}[A-Z]{2}$' then 'ok' else 'bad' end`,
      states: [
        { value: 'ok', label: t('正しい', 'Matches'), tone: 'success' },
        { value: 'bad', label: t('不一致', 'Does not match'), tone: 'danger' },
      ],
    },
    { name: 'visaType', label: t('在留資格', 'Residence status'), type: 'text', sql: (lang) => (lang === 'ja' ? sql`v.ja` : sql`coalesce(nullif(v.en, ''), v.ja)`) },
    { name: 'expiry', label: t('在留期限', 'Card expiry'), type: 'date', sql: 'rc.expiry', sortable: true, soon: 90 },
    {
      name: 'permission',
      label: t('資格外活動許可', 'Permission outside status'),
      type: 'badge',
      sql: () => sql`case when rc.permission_outside_status then 'yes' else 'no' end`,
      states: [
        { value: 'yes', label: t('あり', 'Yes'), tone: 'neutral' },
        { value: 'no', label: t('なし', 'No'), tone: 'neutral' },
      ],
    },
    { name: 'uploadedAt', label: t('アップロード', 'Uploaded'), type: 'datetime', sql: 'rc.created_at', sortable: true, notNull: true },
    { name: 'decidedBy', label: t('確認者', 'Checked by'), type: 'text', sql: () => sql`nullif(rc.decided_by_name, '')` },
  ],
  filters: [
    { name: 'state', label: t('状態', 'State'), kind: 'select', options: STATES.map((s) => ({ value: s.value, label: s.label })), where: (eb, v) => eb('rc.status', '=', v) },
    { name: 'visa', label: t('在留資格', 'Residence status'), kind: 'select', options: visaOptions, where: (eb, v) => (/^\d{1,9}$/.test(v) ? eb('rc.visa_type_id', '=', Number(v)) : sql<boolean>`false`) },
    { name: 'expiry', label: t('在留期限', 'Card expiry'), kind: 'date', where: (_, v) => dateWindow('rc.expiry', v) },
  ],
  defaultSort: { column: 'state', dir: 'asc' },
  paging: 'offset',
  screens: [{ path: '/admin/worker/rcCheckCandidate' }],
});
