import type { Client } from 'graphql-ws';
import { OPS } from '../../server/api/operations.ts';
import {
  ATTACHMENTS_PATH,
  type ChatMessage,
  type ConversationRow,
  MESSAGE_IMAGE,
  MESSAGE_TEXT,
  type SeenNotice,
  type StatusNotice,
  TYPING_EVERY_MS,
  TYPING_SHOW_MS,
  type TypingNotice,
} from '../../server/chat/events.ts';
import { ChatConnection } from '../api/chat-socket.ts';
import { createSubscriptionClient } from '../api/ws-client.ts';
import { previewText } from './preview.ts';
import { type Conversation } from '../stores/chat.ts';
import { type ChatMessageV3, type ConversationRef } from '../stores/chat-v3.ts';
import { pageIdentity, setStorageScope } from '../stores/persist.ts';
import { chat, chatV3, handleChatEffects, pending, rows, seenBy, sessionEnded, supportRows, typingIn } from './state.ts';

/**
 * The page's one chat connection, over the stores of client/chat/state.ts. Islands load
 * this module (socket.io, graphql-ws) with a dynamic import when the chat is used, so a page's
 * first load does not carry it; esbuild's code splitting gives every island the
 * same module instance, so they share one socket.
 */
const typingTimers = new Map<string, ReturnType<typeof setTimeout>>();
/** When each writer's last message arrived, per conversation (`conversation:user`). */
const lastMessageAt = new Map<string, number>();
function typingStopped(conversationId: string) {
  const timer = typingTimers.get(conversationId);
  if (timer) clearTimeout(timer);
  typingTimers.delete(conversationId);
  if (conversationId in typingIn.value) {
    const { [conversationId]: _gone, ...rest } = typingIn.value;
    typingIn.value = rest;
  }
}

let connection: ChatConnection | null = null;
let subscriptions: Client | null = null;
const windowSubscriptions = new Map<string, () => void>();

export const refOf = (row: ConversationRow): ConversationRef => ({ conversationId: row.id, jobDailyShiftId: row.shift_id, candidateId: row.candidate_id });

/** SPEC §3 conversation fields from a full row. */
export const toConversation = (row: ConversationRow): Conversation => ({
  id: row.id,
  conversation_id: row.conversation_id,
  is_read: row.is_read,
  message_type: row.message_type,
  message_user_name: row.message_user_name,
  message_content: row.message_content,
  message_date: row.message_date,
  last_message: row.last_message,
  type: row.type,
});

function remember(list: ConversationRow[]) {
  if (!list.length) return;
  const next = { ...rows.value };
  const seen = { ...seenBy.value };
  for (const raw of list) {
    const r = { ...raw, last_message: previewText(raw.message_type, raw.last_message), message_content: previewText(raw.message_type, raw.message_content) };
    next[r.id] = r;
    seen[r.id] = Math.max(seen[r.id] ?? 0, r.other_seen_seq);
  }
  rows.value = next;
  seenBy.value = seen;
}

/**
 * Asks the server for the badges again, at most once per BADGE_REFRESH_MS: a burst of messages or
 * seen notices (every open back-office page hears its whole company) costs one query, not one each.
 */
const BADGE_REFRESH_MS = 250;

/**
 * Logs a failed chat call as a warning (SPEC §8: no message to the person). Two failures are not
 * worth reporting: a call refused because the session has ended (logout, in this tab or another:
 * the page is on its way to the login), and a call cut off by a lost connection (on reconnect the
 * page asks for its recent page and badges again and resends its seen notices).
 */
export function warn(what: string, err: unknown) {
  const code = (err as { code?: string } | null)?.code;
  if (code === 'session' || code === 'disconnected') return;
  console.warn(`chat: ${what} failed`, err);
}

let badgeTimer: ReturnType<typeof setTimeout> | null = null;
function refreshBadges() {
  if (badgeTimer) return;
  badgeTimer = setTimeout(() => {
    badgeTimer = null;
    connection?.badges().catch((err) => warn('badges', err));
  }, BADGE_REFRESH_MS);
}

/** Seen notices cut off by a lost connection, sent again on reconnect. */
const unsentSeen = new Set<string>();

export function markSeen(conversationId: string) {
  connection?.seen(conversationId).catch((err) => {
    if ((err as { code?: string }).code === 'disconnected') unsentSeen.add(conversationId);
    warn('seen notice', err);
  });
}

/** The window's messages after a message arrives (from the socket, the subscription or a backfill). */
function addToWindow(message: ChatMessage) {
  const row = rows.value[message.conversation_id];
  if (!row) return;
  const ref = refOf(row);
  const open = chatV3.state.value.openConversationV3.some((w) => w.conversationId === ref.conversationId);
  if (open) chatV3.dispatch({ type: 'messageReceived', ref, message: message as unknown as ChatMessageV3 });
}

// SPEC §4: logout resets the whole chat store (which closes the socket). The logout forms announce
// it (client/boot.ts), whether or not the page has a chat island loaded.
if (typeof document !== 'undefined') {
  document.addEventListener('tsunagu:logout', () => {
    connection?.forgetAll();
    connection = null;
    pending.value = [];
    chat.dispatch({ type: 'logout' });
  });
}

/** The chat connection of this page, made on first use. `mode` is who is on the page. */
export function connectChat(mode: 'admin' | 'candidate' = 'admin'): ChatConnection {
  if (connection) return connection;
  const identity = pageIdentity(mode);
  setStorageScope(identity);
  const c = new ChatConnection({ as: mode, identity });
  connection = c;
  c.onOutboxChange(() => {
    pending.value = c.pending();
  });
  pending.value = c.pending();
  c.socket.on('connect', () => {
    chat.dispatch({ type: 'connected', socketId: c.socket.id ?? 'socket' });
    // The back office's dock lists job conversations; a candidate sees all of its own.
    void loadRecent(1, mode === 'admin' ? 'job' : 'all');
    refreshBadges();
    const unsent = [...unsentSeen];
    unsentSeen.clear();
    for (const id of unsent) markSeen(id);
  });
  c.socket.on('connect_error', (err) => {
    chat.dispatch({ type: 'connectFailed' });
    // Refused for its session (expired or revoked): the waiting messages stay in the outbox (local
    // storage, this identity) and go once the person has signed in again and a page reconnects.
    if (err.message === 'unauthorized') sessionEnded.value = true;
  });
  c.socket.on('disconnect', (reason) => {
    // The server closed it (a revoked session): reconnecting will tell whether the session is over.
    if (reason === 'io server disconnect') c.socket.connect();
    // Not the store's disconnect (that closes the socket): the connection comes back by itself.
    chat.state.value = { ...chat.state.value, connected: false };
  });
  c.on('recentChats', (page) => {
    remember(page.data);
    if (page.kind === 'support') {
      const data = page.data.map((r) => rows.value[r.id] ?? r);
      supportRows.value = page.current === 1 ? data : [...supportRows.value, ...data.filter((r) => !supportRows.value.some((s) => s.id === r.id))];
      return;
    }
    chat.dispatch({ type: 'recentLoaded', page: { current: page.current, data: page.data.map((r) => toConversation(rows.value[r.id] ?? r)) } });
  });
  c.on('badges', (b) => {
    chat.dispatch({ type: 'badgesLoaded', badges: b });
    chat.dispatch({ type: 'supportBadgesLoaded', badges: b.supportChats, total: b.supportChatsTotal });
  });
  c.on('newMessage', (m) => {
    // The message the other party was typing has come.
    if ((mode === 'admin') === (m.sender_role === 'candidate')) {
      if (m.sender_id) lastMessageAt.set(`${m.conversation_id}:${m.sender_id}`, Date.now());
      typingStopped(m.conversation_id);
    }
    const known = rows.value[m.conversation_id];
    // The bot answers for the company, but an automatic answer does not mean a person has read the
    // candidate's question: in the back office it leaves an unread conversation unread.
    const fromOtherParty =
      mode === 'admin'
        ? m.sender_role === 'candidate' || (m.sender_role === 'bot' && chat.state.value.recentList.find((r) => r.id === m.conversation_id)?.is_read === 0)
        : m.sender_role !== 'candidate';
    const text = previewText(m.message_type, m.content);
    if (known) {
      rows.value = {
        ...rows.value,
        [m.conversation_id]: {
          ...known,
          message_type: m.message_type,
          message_content: text,
          last_message: text,
          message_date: m.created_at,
          message_user_name: m.sender_name,
          last_seq: Math.max(known.last_seq, m.seq),
        },
      };
    }
    // Also for a conversation not listed here: its news un-sees its badge.
    chat.dispatch({
      type: 'messageReceived',
      message: { conversation_id: m.conversation_id, message_type: m.message_type, message_user_name: m.sender_name, message_content: text, message_date: m.created_at, fromOtherParty },
    });
    if (!known) {
      // A conversation this page has not listed yet (a new application): the first page again.
      void loadRecent(1, m.support ? 'support' : 'job');
    }
    if (m.support) chat.dispatch({ type: 'supportMessageReceived', message: { ...m } });
    // The socket feeds the windows too (a candidate page has no graphql-ws); the reducer merges by id.
    addToWindow(m);
    if (fromOtherParty) refreshBadges();
  });
  c.on('seenAdmin', (n: SeenNotice) => {
    const row = rows.value[n.conversation_id];
    // Someone of the other party read it: read marks. The caller itself: badges and unread state.
    const mine = mode === 'admin' ? row && n.user_id !== row.candidate_id : row && n.user_id === row.candidate_id;
    if (row && !mine) seenBy.value = { ...seenBy.value, [n.conversation_id]: Math.max(seenBy.value[n.conversation_id] ?? 0, n.last_seq) };
    else {
      chat.dispatch({ type: 'seen', conversation_id: n.conversation_id });
      chat.dispatch({ type: 'supportSeen', notice: { ...n } });
      refreshBadges();
    }
  });
  c.on('typing', (n: TypingNotice) => {
    // Only the other party's typing is shown (colleagues writing in the same conversation are not).
    if ((mode === 'admin') !== (n.sender_role === 'candidate')) return;
    // A notice overtaken by the message it announced (the server handles events concurrently).
    if (Date.now() - (lastMessageAt.get(`${n.conversation_id}:${n.user_id}`) ?? 0) < 1000) return;
    const timer = typingTimers.get(n.conversation_id);
    if (timer) clearTimeout(timer);
    typingTimers.set(
      n.conversation_id,
      setTimeout(() => typingStopped(n.conversation_id), TYPING_SHOW_MS),
    );
    if (typingIn.value[n.conversation_id] !== n.name) typingIn.value = { ...typingIn.value, [n.conversation_id]: n.name };
  });
  c.on('statusChanged', (s: StatusNotice) => {
    const row = rows.value[s.conversation_id];
    if (row) rows.value = { ...rows.value, [s.conversation_id]: { ...row, chat_status: s.chat_status, candidate_status_id: s.candidate_status_id } };
  });
  return c;
}

const typingSent = new Map<string, number>();
/** The person is writing in a conversation: tells the other side, at most once per TYPING_EVERY_MS. */
export function sayTyping(conversationId: string): void {
  const now = Date.now();
  if (now - (typingSent.get(conversationId) ?? 0) < TYPING_EVERY_MS) return;
  typingSent.set(conversationId, now);
  connection?.typing(conversationId);
}

/** Asks for a recent page (SPEC §7); the answer arrives as the recentChats event. */
export async function loadRecent(page: number, kind: 'job' | 'support' | 'all' = 'job'): Promise<void> {
  try {
    await connection?.recent({ page, kind });
  } catch (err) {
    warn('recent page', err);
  }
}

/** Asked for already (loaded, or on its way): each row is asked for once. */
const rowsAsked = new Set<string>();

/**
 * The rows of conversations the page has not loaded (the badge bell's entries past the recent
 * pages): names and job titles from the server, so the bell can name and open every entry.
 */
export async function loadRows(ids: readonly string[]): Promise<void> {
  const missing = ids.filter((id) => !rows.value[id] && !rowsAsked.has(id));
  if (!missing.length) return;
  for (const id of missing) rowsAsked.add(id);
  try {
    remember(await connectChat().conversations(missing));
  } catch (err) {
    for (const id of missing) rowsAsked.delete(id);
    warn('conversation rows', err);
  }
}

/** Opens a conversation's window (V3 state) and the chat store's open list; loads its history. */
export async function openWindow(row: ConversationRow): Promise<void> {
  const c = connectChat();
  remember([row]);
  chatV3.dispatch({ type: 'open', window: { ...refOf(row), image: null, name: row.candidate_name } });
  chat.dispatch({ type: 'openConversation', conversation: toConversation(row) });
  await loadHistory(row);
  c.track(row.id, rows.value[row.id]?.last_seq ?? 0);
}

/** Fetches a conversation's messages (all of them: conversations are short) into its window. */
export async function loadHistory(row: ConversationRow): Promise<void> {
  const c = connectChat();
  try {
    const history = await c.history(row.id, 0);
    chatV3.dispatch({ type: 'messageReceived', ref: refOf(row), message: history as unknown as ChatMessageV3[] });
  } catch (err) {
    warn('history', err);
  }
}

export function closeWindow(ref: ConversationRef): void {
  chatV3.dispatch({ type: 'close', ref });
  chat.dispatch({ type: 'closeConversation', conversation_id: ref.conversationId });
  connection?.untrack(ref.conversationId);
  windowSubscriptions.get(ref.conversationId)?.();
  windowSubscriptions.delete(ref.conversationId);
}

/** Queues a message; it is sent (and retried, never lost) by the connection's outbox. */
export function sendMessage(conversationId: string, content: string, messageType: number = MESSAGE_TEXT): { client_msg_id: string; stored: Promise<ChatMessage> } {
  return connectChat().send(conversationId, content, messageType);
}

/** The URL an image message's attachment is served at. */
export const attachmentUrl = (id: string) => `${ATTACHMENTS_PATH}/${encodeURIComponent(id)}`;

/**
 * Uploads an image to a conversation and sends it as an image message (message_type 2). The
 * upload is checked on the server (kind, size, the person's right to the conversation); its error
 * message, in the page's language, is what the promise rejects with.
 */
export async function sendImage(conversationId: string, file: Blob): Promise<void> {
  const res = await fetch(`${ATTACHMENTS_PATH}?conversation_id=${encodeURIComponent(conversationId)}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': file.type || 'application/octet-stream' },
    body: file,
  });
  const body = (await res.json().catch(() => ({}))) as { id?: string; message?: string };
  if (!res.ok || !body.id) throw new Error(body.message ?? `HTTP ${res.status}`);
  sendMessage(conversationId, body.id, MESSAGE_IMAGE);
}

/**
 * New messages over graphql-ws (DESIGN.md §7): the V3 windows of the back office subscribe per
 * conversation, the support chat to all support messages. Returns the unsubscribe function.
 */
export function subscribeMessages(variables: { conversationId?: string; support?: boolean }, onMessage: (m: ChatMessage) => void): () => void {
  subscriptions ??= createSubscriptionClient();
  return subscriptions.subscribe<{ chatMessageAdded: ChatMessage }>(
    { query: OPS.ChatMessageAdded, variables },
    {
      next: (r) => {
        if (r.data?.chatMessageAdded) onMessage(r.data.chatMessageAdded);
      },
      error: (err) => warn('subscription', err),
      complete: () => {},
    },
  );
}

/** A V3 window hears its conversation over graphql-ws while it is open. */
export function subscribeWindow(conversationId: string): void {
  if (windowSubscriptions.has(conversationId)) return;
  windowSubscriptions.set(
    conversationId,
    subscribeMessages({ conversationId }, (m) => addToWindow(m)),
  );
}

// Last, once `connection` exists: seen notices asked for before this module was loaded go out now.
handleChatEffects((effect) => {
  if (effect.type === 'sendSeenAdmin') markSeen(effect.conversation_id);
  else if (effect.type === 'closeSocket') {
    connection?.close();
    connection = null;
  }
});
