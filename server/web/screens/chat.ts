import { SUPPORT_CHAT_SCREEN } from './admin/support-chat.tsx';
import { defineWebFeature } from './feature.ts';

/** The chat's screens (server/chat/feature.ts): the support chat of the back office. */
export const chatWeb = defineWebFeature({
  feature: 'chat',
  screens: [SUPPORT_CHAT_SCREEN],
});
