import { defineFeature } from '../../feature.ts';
import { startInboxMail } from './digest.ts';
import { seedDemoInbox } from './seed.ts';

/**
 * The staff inbox (docs/inbox.md): every conversation's status, assignee, history, private notes,
 * canned replies and the weekly response report, over the chat's conversations; an assignment or
 * mention left unseen is mailed to the away colleague (digest.ts). API:
 * api/inbox.ts; its pages: screens/inbox.tsx and the report's, screens/report.tsx.
 */
export const inboxFeature = defineFeature({
  name: 'inbox',
  routes: ['/admin/inbox', '/admin/inbox/report', '/admin/inbox/replies'],
  // Canned replies of the demo company, and one conversation assigned to its staff member.
  seed: [(db, demo) => seedDemoInbox(db, demo.company)],
  // On the reminders' beat (REMINDER_INTERVAL_SECONDS; 0 turns the background jobs off).
  jobs: [{ name: 'inbox-mail', start: ({ config, services }) => (config.reminderIntervalSeconds > 0 ? startInboxMail(services, config.reminderIntervalSeconds * 1000) : null) }],
});
