/**
 * A message the product posts in a candidate's conversation from outside the chat server (a status
 * move from the lists, a kakunin request, the note a candidate wrote when applying): stored like
 * any message (seq, counters, idempotent by `key`), then announced on the bus so every process's
 * chat server tells its own sockets (`relay`) and graphql-ws subscribers hear it.
 */
import type { DB } from '../db/connect.ts';
import type { EventBus } from '../events/bus.ts';
import { MAX_CONTENT_LENGTH, MESSAGE_TEXT, type ChatMessage, type SenderRole } from './events.ts';
import { type ChatDb, loadConversation } from './queries.ts';
import { storeMessage } from './store.ts';

/** `text` in the conversation as `from` wrote it (a person, or the chatbot with no id). */
export async function postMessage(dbIn: DB, bus: EventBus, conversationId: string, from: { id: string | null; role: SenderRole }, text: string, key: string): Promise<ChatMessage | null> {
  const db: ChatDb = dbIn;
  const c = await loadConversation(db, conversationId);
  if (!c || !text.trim()) return null;
  const { message, created } = await storeMessage(db, c, from.id, from.role, { message_type: MESSAGE_TEXT, message_content: text.slice(0, MAX_CONTENT_LENGTH), client_msg_id: key.slice(0, 100) });
  if (created) await bus.publish('chat.message', { message, conversation: c, relay: true });
  return message;
}

/** A note from the chatbot's side: it does not take the conversation over from the bot. */
export const postNotice = (db: DB, bus: EventBus, conversationId: string, text: string, key: string): Promise<ChatMessage | null> =>
  postMessage(db, bus, conversationId, { id: null, role: 'bot' }, text, key);
