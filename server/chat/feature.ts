import { defineFeature } from '../feature.ts';
import { seedDemoChats } from './seed.ts';

/** The chat between companies and candidates, and the support chat (socket.io: server/chat/server.ts). */
export const chatFeature = defineFeature({
  name: 'chat',
  routes: ['/v3/admin/supportChat', '/staff/chat'],
  // A few conversations with the first company, read and unread.
  seed: [(db, demo) => seedDemoChats(db, demo.company)],
});
