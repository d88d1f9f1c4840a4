/**
 * The public contact form's topics and a message's handling state, read by the form
 * (/staff/contact), its API and the platform's list of messages (/admin/staff/contact).
 */
import { badgeStates } from './list-kinds.ts';
import type { MessageKey } from './messages.ts';

/** The topics of the contact form, in the order of the select. */
export const CONTACT_TOPICS = ['work', 'visa', 'pay', 'company', 'other'] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

export const CONTACT_TOPIC_LABELS: Record<ContactTopic, MessageKey> = {
  work: 'contact.topicWork',
  visa: 'contact.topicVisa',
  pay: 'contact.topicPay',
  company: 'contact.topicCompany',
  other: 'contact.topicOther',
};

/** A message waits for an answer until someone of the platform marks it answered (and may reopen it). */
export const CONTACT_MESSAGE_STATES = badgeStates({
  new: ['contact.state.new', 'warning'],
  answered: ['contact.state.answered', 'success'],
});
