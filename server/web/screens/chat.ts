import { SUPPORT_CHAT_SCREEN } from './admin/support-chat.tsx';
import { defineWebFeature } from './feature.ts';

/** The chat's screens (server/chat/feature.ts): the support chat of the back office, and the inbox's report (server/modules/inbox/feature.ts). */
export const chatWeb = defineWebFeature({
  feature: 'chat',
  screens: [SUPPORT_CHAT_SCREEN],
});
