import { sql } from 'kysely';
import { hasNoTenant, isPlatform } from '../../../access/tenancy.ts';
import { msgText } from '../../../../shared/texts/index.ts';
import { pickLangSql } from '../../../resources/pick-lang-sql.ts';
import { appliedToTenant, dateFilter, defineReadModel, flagColumn, personColumn, stateFilter } from '../../../resources/read-model.ts';
import { CARD_CHECK_STATES } from '../../../../shared/states.ts';
import { nationalityColumn, visaFilter } from '../../staff/defs/staff.ts';

/**
 * Residence-card checks (SPEC §2 /admin/worker/rcCheckCandidate 160004,
 * docs/workforce.md): each person's latest uploaded card — waiting ones first — with what staff
 * check against the images: the number and whether it has the printed format, the residence
 * status, the expiry (flagged within 90 days) and the permission for activity outside status.
 * The name opens the card on the same screen (`?card=`, server/modules/workforce/screens/card-checks.tsx)
 * with both images and the decision. Companies see the cards of people who applied to them
 * (DESIGN §5); a client user those of its own jobs; the platform all.
 */
export const cardChecksReadModel = defineReadModel({
  name: 'residenceCard',
  plural: 'residenceCards',
  title: msgText('res.common.residenceCard'),
  titlePlural: msgText('res.cardChecks.residenceCards'),
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
    return q.where(appliedToTenant(tenant, 'rc.user_id'));
  },
  id: 'rc.id',
  columns: [
    // Alphabetical happens to be the queue's order: pending, rejected, reupload, verified.
    { name: 'state', label: msgText('res.common.state'), type: 'badge', sql: 'rc.status', states: CARD_CHECK_STATES, sortable: true, notNull: true },
    personColumn('name', msgText('res.common.name'), { download: 'card' }),
    { name: 'email', label: msgText('res.common.email'), type: 'text', sql: 'u.email', search: true },
    nationalityColumn('p.nationality'),
    { name: 'cardNumber', label: msgText('res.cardChecks.cardNumber'), type: 'text', sql: 'rc.card_number', search: true },
    flagColumn('numberFormat', msgText('res.cardChecks.numberFormat'), sql`rc.card_number ~ '^[A-Z]{2}[0-9]{8}[A-Z]{2}$'`, [
      { value: 'ok', label: msgText('res.cardChecks.matches'), tone: 'success' },
      { value: 'bad', label: msgText('res.cardChecks.doesNotMatch'), tone: 'danger' },
    ]),
    { name: 'visaType', label: msgText('res.common.residenceStatus'), type: 'text', sql: (lang) => pickLangSql(lang, 'v.ja', 'v.en') },
    { name: 'expiry', label: msgText('res.common.cardExpiry'), type: 'date', sql: 'rc.expiry', sortable: true, soon: 90 },
    flagColumn('permission', msgText('res.common.permissionOutsideStatus'), sql`rc.permission_outside_status`, [
      { value: 'yes', label: msgText('res.cardChecks.yes'), tone: 'neutral' },
      { value: 'no', label: msgText('res.cardChecks.no'), tone: 'neutral' },
    ]),
    { name: 'uploadedAt', label: msgText('res.cardChecks.uploaded'), type: 'datetime', sql: 'rc.created_at', sortable: true, notNull: true },
    { name: 'decidedBy', label: msgText('res.cardChecks.checked'), type: 'text', sql: () => sql`nullif(rc.decided_by_name, '')` },
  ],
  filters: [stateFilter('state', msgText('res.common.state'), 'rc.status', CARD_CHECK_STATES), visaFilter('rc.visa_type_id'), dateFilter('expiry', msgText('res.common.cardExpiry'), 'rc.expiry')],
  defaultSort: { column: 'state', dir: 'asc' },
  paging: 'offset',
  screens: [{ path: '/admin/worker/rcCheckCandidate' }],
});
