/**
 * The public site's contact form (/staff/contact) and free-trial signup (/v3/trial): each posts to
 * its own page and, once the API accepts it, shows the page again with its thank-you panel.
 */
import { operation } from '../../../api/documents.ts';
import { ContactPage } from '../../../../views/pages/public/Contact.tsx';
import { TrialPage } from '../../../../views/pages/public/Trial.tsx';
import type { Screen } from '../../../web/screen.ts';
import { sentForm } from '../../../web/sent-form.tsx';

/** The operations only this screen sends, typed from their text (server/api/documents.ts `operation`). */
const OWN = {
  SubmitContact: operation(/* GraphQL */ `mutation SubmitContact($input: ContactInput!) { submitContact(input: $input) }`),
  SubmitTrial: operation(/* GraphQL */ `mutation SubmitTrial($input: TrialInput!) { submitTrial(input: $input) }`),
};

const contact = sentForm(
  '/staff/contact',
  ['name', 'email', 'phone', 'topic', 'message'],
  ({ call }, v) => call(OWN.SubmitContact, { input: { ...v, topic: v.topic ?? '', name: v.name ?? '', email: v.email ?? '', message: v.message ?? '' } }),
  ContactPage,
);

const trial = sentForm(
  '/v3/trial',
  ['company_name', 'contact_name', 'email', 'phone', 'message'],
  ({ call }, v) => call(OWN.SubmitTrial, { input: { company_name: v.company_name ?? '', contact_name: v.contact_name ?? '', email: v.email ?? '', phone: v.phone ?? '', message: v.message } }),
  TrialPage,
);

export const screens: readonly Screen[] = [contact, trial];
