import { defineFeature } from '../../feature.ts';
import { seedDemoInbox } from './seed.ts';

/**
 * The staff inbox (docs/inbox.md): every conversation's status, assignee, history, private notes,
 * canned replies and the weekly response report, over the chat's conversations. API:
 * server/api/graphql/inbox.ts; its pages: server/web/screens/inbox.tsx and the report's, server/web/screens/admin/inbox-report.tsx.
 */
export const inboxFeature = defineFeature({
  name: 'inbox',
  routes: ['/admin/inbox', '/admin/inbox/report'],
  // Canned replies of the demo company, and one conversation assigned to its staff member.
  seed: [(db, demo) => seedDemoInbox(db, demo.company)],
});
