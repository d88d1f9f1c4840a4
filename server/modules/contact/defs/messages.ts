import { isPlatform } from '../../../access/tenancy.ts';
import { msgText } from '../../../../shared/texts/index.ts';
import { LANG_NAMES } from '../../../../shared/i18n.ts';
import { CONTACT_MESSAGE_STATES, CONTACT_TOPICS, CONTACT_TOPIC_LABELS } from '../../../../shared/contact.ts';
import { defineReadModel, personColumn, stateFilter, type ReadRow } from '../../../resources/read-model.ts';
import type { HookContext } from '../../../resources/define.ts';
import { markContactMessages } from '../service.ts';

/**
 * What people wrote with the public contact form (/staff/contact), for the platform to answer
 * (/admin/staff/contact, the staff registry's code 150001, docs/operations.md "Contact messages"):
 * newest first, the ones still to answer marked. Each is also mailed to the support address when it
 * arrives. Only the platform sees them: they are written to Tsunagu, not to a company.
 */
const TOPICS = CONTACT_TOPICS.map((value) => ({ value, label: msgText(CONTACT_TOPIC_LABELS[value]) }));
const LANGUAGES = (['ja', 'en'] as const).map((value) => ({ value, label: { ja: LANG_NAMES[value], en: LANG_NAMES[value] } }));

/** Marks the rows answered (by the caller, now) or back to new; the rows already so are left alone. */
const mark = (to: 'new' | 'answered') => async (rows: ReadRow[], ctx: HookContext) => {
  await markContactMessages(
    ctx.db,
    ctx.user,
    rows.map((r) => r.id),
    to,
  );
};

export const contactMessagesReadModel = defineReadModel({
  name: 'contactMessage',
  plural: 'contactMessages',
  title: msgText('contact.list.message'),
  titlePlural: msgText('contact.list.messages'),
  source: (db, tenant) => (isPlatform(tenant) ? db.selectFrom('contact_messages as m').where('m.kind', '=', 'contact') : null),
  id: 'm.id',
  columns: [
    { name: 'status', label: msgText('res.common.state'), type: 'badge', sql: 'm.status', states: CONTACT_MESSAGE_STATES, sortable: true, notNull: true },
    { name: 'receivedAt', label: msgText('contact.list.received'), type: 'datetime', sql: 'm.created_at', sortable: true, notNull: true },
    { ...personColumn('name', msgText('contact.name')), sql: 'm.name' },
    { name: 'topic', label: msgText('contact.topic'), type: 'choice', sql: 'm.topic', options: TOPICS },
    { name: 'message', label: msgText('contact.message'), type: 'text', sql: 'm.message', search: true, wide: true },
    { name: 'email', label: msgText('res.common.email'), type: 'text', sql: 'm.email', search: true },
    { name: 'phone', label: msgText('contact.list.phone'), type: 'text', sql: 'm.phone' },
    { name: 'lang', label: msgText('contact.list.language'), type: 'choice', sql: 'm.lang', options: LANGUAGES },
    { name: 'answeredBy', label: msgText('contact.list.answeredBy'), type: 'text', sql: 'm.answered_by_name' },
    { name: 'answeredAt', label: msgText('contact.list.answeredAt'), type: 'datetime', sql: 'm.answered_at', sortable: true },
  ],
  filters: [
    stateFilter('status', msgText('res.common.state'), 'm.status', CONTACT_MESSAGE_STATES),
    { name: 'topic', label: msgText('contact.topic'), kind: 'select', options: TOPICS, where: (eb, v) => eb('m.topic', '=', v) },
  ],
  defaultSort: { column: 'receivedAt', dir: 'desc' },
  paging: 'keyset',
  screens: [{ path: '/admin/staff/contact' }],
  actions: [
    { name: 'answered', label: msgText('contact.list.markAnswered'), done: msgText('contact.list.markedAnswered'), bulk: true, rows: { status: ['new'] }, run: mark('answered') },
    { name: 'reopen', label: msgText('contact.list.reopen'), done: msgText('contact.list.reopened'), rows: { status: ['answered'] }, run: mark('new') },
  ],
});
