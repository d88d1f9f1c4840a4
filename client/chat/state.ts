import { signal } from '@preact/signals-react';
import type { ConversationRow } from '../../server/chat/events.ts';
import type { PendingMessage } from '../api/chat-socket.ts';
import { type ChatAction, type ChatEffect, type ChatState, CHAT_STATE, stepChat } from '../stores/chat.ts';
import { CHAT_V3_STATE, type ChatV3Action, type ChatV3State, reduceChatV3 } from '../stores/chat-v3.ts';
import { createStore } from '../stores/create-store.ts';
import { persistState } from '../stores/persist.ts';

/**
 * The stores every chat island shares, without the connection (client/chat/live.ts, loaded
 * when the chat is used). Islands are
 * separate React roots, but esbuild's code splitting gives them this one module instance, so the
 * chat dock, the badge bell, the windows and the support chat use one socket and one state.
 *
 * - `chat`: SPEC §3 "Chat store" (recent list, badges, open conversations), through stepChat; its
 *   effects (seen notices to the server) are carried out by live.ts, kept until it is loaded.
 * - `chatV3`: SPEC §3 "Chat V3 state" (windows and their messages).
 * - `rows`: the full ConversationRow of every conversation seen in a recent page (names, job, shift).
 * - `pending`: the outbox (messages written but not yet stored), for "sending…" marks.
 * - `seenBy`: how far the other party has read each conversation, for read marks.
 */
let effectHandler: ((effect: ChatEffect) => void) | null = null;
/** Seen notices asked for before the connection code was loaded. */
const waiting: ChatEffect[] = [];
const chatSignal = signal<ChatState>(CHAT_STATE);
export const chat = {
  state: chatSignal,
  dispatch(action: ChatAction) {
    const step = stepChat(chatSignal.value, action);
    if (step.state !== chatSignal.value) {
      chatSignal.value = step.state;
      persistState('chat', step.state);
    }
    for (const effect of step.effects) {
      if (effectHandler) effectHandler(effect);
      else if (effect.type === 'sendSeenAdmin') waiting.push(effect);
    }
  },
};
export const chatV3 = createStore<ChatV3State, ChatV3Action>('chatV3', reduceChatV3, CHAT_V3_STATE);
export const rows = signal<Record<string, ConversationRow>>({});
export const pending = signal<PendingMessage[]>([]);
export const seenBy = signal<Record<string, number>>({});
/** The chat's session has ended (the socket was refused or the server closed it): offer to sign in again. */
export const sessionEnded = signal(false);
/** Who of the other party is writing in each conversation (names), for "… is typing". */
export const typingIn = signal<Record<string, string>>({});
/** The support conversations listed so far (the support chat's own list), newest message first. */
export const supportRows = signal<ConversationRow[]>([]);

/** The connection code (live.ts) carries out the chat store's effects, the waiting ones first. */
export function handleChatEffects(fn: (effect: ChatEffect) => void): void {
  effectHandler = fn;
  for (const effect of waiting.splice(0)) fn(effect);
}
