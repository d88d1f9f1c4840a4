/**
 * A note the product posts in a candidate's conversation from outside the chat server (a status
 * move from the lists, a kakunin request): stored like any message (seq, counters, idempotent by
 * `key`), from the chatbot's side (it does not take the conversation over from the bot), then
 * announced on the bus so every process's chat server tells its own sockets (`relay`) and
 * graphql-ws subscribers hear it.
 */
import type { DB } from '../db/connect.ts';
import type { EventBus } from '../events/bus.ts';
import { MAX_CONTENT_LENGTH, MESSAGE_TEXT, type ChatMessage } from './events.ts';
import { type ChatDb, loadConversation } from './queries.ts';
import { storeMessage } from './store.ts';

export async function postNotice(dbIn: DB, bus: EventBus, conversationId: string, text: string, key: string): Promise<ChatMessage | null> {
  const db: ChatDb = dbIn;
  const c = await loadConversation(db, conversationId);
  if (!c || !text.trim()) return null;
  const { message, created } = await storeMessage(db, c, null, 'bot', { message_type: MESSAGE_TEXT, message_content: text.slice(0, MAX_CONTENT_LENGTH), client_msg_id: key.slice(0, 100) });
  if (created) await bus.publish('chat.message', { message, conversation: c, relay: true });
  return message;
}
