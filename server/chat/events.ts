/**
 * The chat's socket.io events (SPEC §7), shared by the server and its clients so both
 * sides type the same payloads and acknowledgements.
 */
import { DEFAULT_LANG, isLang } from '../../shared/i18n.ts';
import { msg } from '../../shared/messages.ts';

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
  /** Who sent it, for display: a staff member's or candidate's name, or the bot's. */
  sender_name: string;
  /** The conversation's type (SPEC §3): 1 daily, 2 other. */
  conversation_type: 1 | 2;
  /** True for a support conversation (no job: /v3/admin/supportChat). */
  support: boolean;
}

/** Why an event was refused: a stable code, and `message` in the caller's language. */
export type ChatErrorCode = 'invalid' | 'forbidden' | 'rate' | 'session' | 'server';
export interface ChatFailure {
  ok: false;
  error: ChatErrorCode;
  message: string;
  /** With `rate`: the milliseconds until the socket may send again (its limit's window ends). */
  retry_after_ms?: number;
}

export type Ack<T> = ({ ok: true } & T) | ChatFailure;

export interface SendMessagePayload {
  conversation_id: string;
  message_type: number;
  message_content: string;
  /**
   * The client's own id for this message: a resend with the same id returns the stored message.
   * SPEC §7's payload has none; without it the server gives the message one (`server:<uuid>`), and
   * a resend is then a new message.
   */
  client_msg_id?: string;
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

/** Someone is writing in a conversation (not stored; shown for TYPING_SHOW_MS after the last one). */
export interface TypingNotice {
  conversation_id: string;
  user_id: string;
  name: string;
  sender_role: 'staff' | 'candidate';
}
/** A writer's page says it is typing at most this often... */
export const TYPING_EVERY_MS = 2_500;
/** ...and the other side shows it this long after the last notice (or until the message arrives). */
export const TYPING_SHOW_MS = 6_000;

/** 1: the chatbot answers the candidate; 2: a person has taken over (the bot stays quiet). */
export type ChatStatus = 1 | 2;

/** SPEC §3 "Conversation fields" (also the chat store's conversation, client/stores/chat.ts). */
export interface ConversationFields {
  id: string;
  conversation_id: string;
  is_read: number;
  message_type: number;
  message_user_name: string;
  message_content: string;
  message_date: string;
  last_message: string;
  /** 1 daily, 2 other. */
  type: 1 | 2;
}

/**
 * A row of the recent conversation list: SPEC §3's fields plus what a chat window needs to show
 * it. `id` and `conversation_id` are the conversation's id.
 */
export interface ConversationRow extends ConversationFields {
  support: boolean;
  /** Messages from the other party the caller has not seen. */
  unread: number;
  last_seq: number;
  /** How far the other party has read (their last seen seq): the caller's messages up to it show as read. */
  other_seen_seq: number;
  candidate_id: string;
  candidate_name: string;
  company_name: string;
  /** The company's English name ('' when it has none): English pages show it, with the Japanese as fallback. */
  company_name_en: string;
  job_id: string | null;
  /** The job's title in Japanese (null: a support conversation); `jobTitleIn` (client/chat/row-labels.ts) picks the reader's. */
  job_title: string | null;
  /** The job's title in English ('' when it has none). */
  job_title_en: string | null;
  shift_id: string | null;
  shift_date: string | null;
  application_id: string | null;
  candidate_status_id: string | null;
  chat_status: ChatStatus;
}

/** Conversations by id (the badge bell's entries past the loaded recent pages). */
export interface ConversationsPayload {
  /** At most 3 × BADGE_LIMIT ids: every entry of the three badge lists. */
  ids: string[];
}

export interface RecentChatsPayload {
  /** 1-based page of RECENT_PAGE_SIZE rows, newest message first. */
  page: number;
  /** Job conversations (the chat dock), support conversations, or both. */
  kind?: 'job' | 'support' | 'all';
}

/** SPEC §7 "Recent chat pages": the current page and its rows. */
export interface RecentChatsPage {
  current: number;
  size: number;
  kind: 'job' | 'support' | 'all';
  data: ConversationRow[];
}

export interface BadgeEntryWire {
  id: string;
  isSee: number;
}

/**
 * The most entries a badge list carries: the conversations with the newest messages. A platform
 * user can have tens of thousands of unread conversations; the totals below count them all.
 */
export const BADGE_LIMIT = 100;

/** SPEC §7 "Badge responses", plus the support chat's own badge list. */
export interface BadgesPayload {
  /** At most BADGE_LIMIT entries each, newest message first. */
  dailyChats: BadgeEntryWire[];
  otherChats: BadgeEntryWire[];
  /** Unread messages from candidates and workers in daily / other conversations. */
  workerDailyIcCount: number;
  workerOtherIcCount: number;
  supportChats: BadgeEntryWire[];
  /** The unread conversations of each list, listed or not (a list is cut at BADGE_LIMIT). */
  dailyChatsTotal: number;
  otherChatsTotal: number;
  supportChatsTotal: number;
}

export interface ChangeStatusPayload {
  conversation_id: string;
  /** The application's candidate status: a node of the company's candidateStatus tree that a declared move reaches (docs/pipeline.md). */
  candidate_status_id?: string;
  chat_status?: ChatStatus;
}

/** Sent to everyone who can see the conversation when its status changes (SPEC §4). */
export interface StatusNotice {
  conversation_id: string;
  application_id: string | null;
  candidate_id: string;
  candidate_status_id: string | null;
  roots: { status_id: string; translate: { language_key: 'ja' | 'en'; name: string }[] }[];
  chat_status: ChatStatus;
}

export interface ClientToServerEvents {
  sendMessageMember(payload: SendMessagePayload, ack: (r: Ack<{ message: ChatMessage }>) => void): void;
  sendSeenAdmin(payload: SeenPayload, ack?: (r: Ack<{ last_seq: number }>) => void): void;
  backfill(payload: BackfillPayload, ack: (r: Ack<{ messages: ChatMessage[] }>) => void): void;
  /** Joins a conversation's room (to receive its newMessage and seenAdmin events). */
  joinConversation(payload: SeenPayload, ack?: (r: Ack<Record<never, never>>) => void): void;
  /** The caller is writing in the conversation: the other people of it hear `typing`. */
  typing(payload: SeenPayload, ack?: (r: Ack<Record<never, never>>) => void): void;
  /** Asks the chatbot to answer the candidate's latest message (a no-op once a person has taken over). */
  sendBotMember(payload: SeenPayload, ack?: (r: Ack<{ message: ChatMessage | null }>) => void): void;
  changeStatus(payload: ChangeStatusPayload, ack?: (r: Ack<{ status: StatusNotice }>) => void): void;
  /** Answered with a `recentChats` event to this socket, then the ack. */
  getRecentChats(payload: RecentChatsPayload, ack?: (r: Ack<Record<never, never>>) => void): void;
  /** Answered with a `badges` event to this socket, then the ack. */
  /** The rows of these conversations (those the caller may see; others are left out), as the recent pages draw them. */
  getConversations(payload: ConversationsPayload, ack: (r: Ack<{ data: ConversationRow[] }>) => void): void;
  getBadges(payload: Record<string, never>, ack?: (r: Ack<Record<never, never>>) => void): void;
  /** The person looked at the badge list: every current badge becomes isSee 1, here and in their other tabs. */
  seeBadges(payload: Record<string, never>, ack?: (r: Ack<Record<never, never>>) => void): void;
}

export interface ServerToClientEvents {
  newMessage(message: ChatMessage): void;
  seenAdmin(notice: SeenNotice): void;
  recentChats(page: RecentChatsPage): void;
  badges(badges: BadgesPayload): void;
  statusChanged(notice: StatusNotice): void;
  /** A new application (its conversation opened): the applicant lists of the company redraw. */
  applicationAdded(notice: { application_id: string; conversation_id: string }): void;
  typing(notice: TypingNotice): void;
}

/** Most messages one backfill answers; a client asks again after the last seq it got. */
export const BACKFILL_LIMIT = 500;
export const MAX_CONTENT_LENGTH = 4000;
/** message_type: 1 text; 2 an image, whose content is the id of an uploaded attachment. */
export const MESSAGE_TEXT = 1;
export const MESSAGE_IMAGE = 2;

/**
 * How a message reads in a list, a notice or a mail: text as it is, an image (whose content is
 * only an attachment id) as a label in the reader's language.
 */
export function previewText(messageType: number, content: string, lang: string): string {
  if (messageType !== MESSAGE_IMAGE) return content;
  return msg(isLang(lang) ? lang : DEFAULT_LANG, 'chat.imagePreview');
}
/** Largest image a person may send (bytes: a phone camera's full-size photo; what is kept is at most 2048 px, see cleanImage), and the kinds accepted. */
export const MAX_IMAGE_BYTES = 15 * 1024 * 1024;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
/** Where an attachment is uploaded (POST ?conversation_id=) and served (GET /{id}). */
export const ATTACHMENTS_PATH = '/chat/attachments';
/** SPEC §9: the recent conversation page size. */
export const RECENT_SIZE = 30;
