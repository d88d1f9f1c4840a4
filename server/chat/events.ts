/**
 * The chat's socket.io events (SPEC §7, issue 6), shared by the server and its clients so both
 * sides type the same payloads and acknowledgements.
 */

export type SenderRole = 'staff' | 'candidate' | 'bot';

/** A stored message, as acknowledged, broadcast and backfilled. `seq` counts 1, 2, 3 ... per conversation. */
export interface ChatMessage {
  id: string;
  conversation_id: string;
  seq: number;
  sender_id: string | null;
  sender_role: SenderRole;
  message_type: number;
  content: string;
  client_msg_id: string | null;
  created_at: string;
}

/** Why an event was refused: a stable code, and `message` in the caller's language. */
export type ChatErrorCode = 'invalid' | 'forbidden' | 'rate' | 'session' | 'server';
export interface ChatFailure {
  ok: false;
  error: ChatErrorCode;
  message: string;
}

export type Ack<T> = ({ ok: true } & T) | ChatFailure;

export interface SendMessagePayload {
  conversation_id: string;
  message_type: number;
  message_content: string;
  /** The client's own id for this message: a resend with the same id returns the stored message. */
  client_msg_id: string;
}

export interface SeenPayload {
  conversation_id: string;
}

export interface BackfillPayload {
  conversation_id: string;
  /** The last seq the client saw (0 for none). */
  after_seq: number;
}

export interface SeenNotice {
  conversation_id: string;
  user_id: string;
  last_seq: number;
}

export interface ClientToServerEvents {
  sendMessageMember(payload: SendMessagePayload, ack: (r: Ack<{ message: ChatMessage }>) => void): void;
  sendSeenAdmin(payload: SeenPayload, ack?: (r: Ack<{ last_seq: number }>) => void): void;
  backfill(payload: BackfillPayload, ack: (r: Ack<{ messages: ChatMessage[] }>) => void): void;
  /** Joins a conversation's room (to receive its newMessage and seenAdmin events). */
  joinConversation(payload: SeenPayload, ack?: (r: Ack<Record<never, never>>) => void): void;
}

export interface ServerToClientEvents {
  newMessage(message: ChatMessage): void;
  seenAdmin(notice: SeenNotice): void;
}

/** Most messages one backfill answers; a client asks again after the last seq it got. */
export const BACKFILL_LIMIT = 500;
export const MAX_CONTENT_LENGTH = 4000;
