/**
 * The chat store of SPEC §3 "Chat store" and §4 "Socket" and "Recent conversations".
 *
 * Pure: the side effects the spec asks for (the seen notice to the server, closing the socket)
 * come back from `stepChat` as data for the caller to perform; `reduceChat` keeps only the state.
 * The socket object itself never lives here (the state is written to local storage as JSON), only
 * its id and the connected flag.
 */

import { type ConversationFields, RECENT_SIZE } from '../../server/chat/events.ts';

/** SPEC §9: the recent conversation page size; a shorter page finishes the list. */
export const RECENT_PAGE_SIZE = RECENT_SIZE;

/** SPEC §3 "Conversation fields" (the server sends them in its recent pages). */
export type Conversation = ConversationFields;

/** A badge list entry (SPEC §3): the conversation's id and whether the badge has been seen (1). */
export interface BadgeEntry {
  id: string;
  isSee: number;
}

/** A recent chat page from the socket (SPEC §7): current page number and its rows. */
export interface RecentPage {
  current: number;
  data: Conversation[];
}

/** A member message event (SPEC §7) for a conversation of the recent list. */
export interface ChatMessageEvent {
  conversation_id: string;
  message_type: number;
  message_user_name: string;
  message_content: string;
  message_date: string;
  /** True when the other party (the candidate or worker) sent it, false for the admin side. */
  fromOtherParty: boolean;
}

/** The badge response of SPEC §7; our server adds each list's total when it cuts the list (BADGE_LIMIT). */
export interface BadgeResponse {
  dailyChats: BadgeEntry[];
  otherChats: BadgeEntry[];
  workerDailyIcCount: number;
  workerOtherIcCount: number;
  dailyChatsTotal?: number;
  otherChatsTotal?: number;
}

/** How many unread conversations a response counts beyond the entries it lists. */
export const beyond = (list: readonly BadgeEntry[], total: number | undefined) => Math.max(0, (total ?? list.length) - list.length);

/** SPEC §3 gives no fields for these; they are kept as the server sends them. */
export type ProfileInfo = Record<string, unknown>;
export interface SupportMessage {
  id: string;
  conversation_id: string;
  [key: string]: unknown;
}
export interface SupportSeenNotice {
  conversation_id: string;
  [key: string]: unknown;
}

export interface ChatState {
  /** The live connection's id; null when there is none. */
  socketId: string | null;
  connected: boolean;
  recentList: Conversation[];
  recentPage: number;
  recentFinished: boolean;
  recentWorked: boolean;
  dailyBadges: BadgeEntry[];
  otherBadges: BadgeEntry[];
  /** Unread conversations past the end of each list (the server lists the newest only). */
  dailyBadgesMore: number;
  otherBadgesMore: number;
  workerDailyIcCount: number;
  workerOtherIcCount: number;
  /** The first badge list has come from the server: until then the counts drawn from the badges are none, whatever the person has. */
  badgesWorked: boolean;
  /** The type 2 conversation on screen. */
  currentConversation: Conversation | null;
  /** The type 1 conversation windows, each conversation once. */
  openConversations: Conversation[];
  profileInfo: ProfileInfo | null;
  supportBadges: BadgeEntry[];
  supportBadgesMore: number;
  /**
   * The conversations whose badges the person saw here with no news since. A badge list asked for
   * before the server stored that (or answered after it) still says unseen: it must not bring the
   * count back.
   */
  seenBadgeIds: string[];
  /**
   * From the bell's opening until the server has stored the seen (null otherwise): the
   * conversations with news since the opening. A badge list that arrives meanwhile was counted
   * before the seen was stored, so every other entry of it is seen too.
   */
  badgesSeeing: string[] | null;
  newestSupportMessage: SupportMessage | null;
  supportSeenNotice: SupportSeenNotice | null;
}

export type ChatAction =
  // Socket (SPEC §4 "Socket").
  | { type: 'connected'; socketId: string }
  | { type: 'connectFailed' }
  | { type: 'disconnect' }
  | { type: 'logout' }
  // Server → client (SPEC §7 "Socket messages received").
  | { type: 'recentLoaded'; page: RecentPage }
  | { type: 'badgesLoaded'; badges: BadgeResponse }
  | { type: 'messageReceived'; message: ChatMessageEvent }
  | { type: 'seen'; conversation_id: string }
  | { type: 'conversationAdded'; conversation: Conversation }
  | { type: 'supportBadgesLoaded'; badges: BadgeEntry[]; total?: number }
  | { type: 'supportMessageReceived'; message: SupportMessage }
  | { type: 'supportSeen'; notice: SupportSeenNotice }
  // The person's own actions.
  | { type: 'openConversation'; conversation: Conversation }
  | { type: 'closeConversation'; conversation_id: string }
  | { type: 'resetChat' }
  | { type: 'seeBadges' }
  /** The server has stored the seen of the badges (its answer to seeBadges). */
  | { type: 'badgesSeenStored' }
  | { type: 'setProfileInfo'; profile: ProfileInfo | null };

/** What the caller must do after a step; `sendSeenAdmin` is the socket event of SPEC §7. */
export type ChatEffect = { type: 'sendSeenAdmin'; conversation_id: string } | { type: 'closeSocket' };

export interface ChatStep {
  state: ChatState;
  effects: ChatEffect[];
}

export const CHAT_STATE: ChatState = {
  socketId: null,
  connected: false,
  recentList: [],
  recentPage: 0,
  recentFinished: false,
  recentWorked: false,
  dailyBadges: [],
  otherBadges: [],
  dailyBadgesMore: 0,
  otherBadgesMore: 0,
  workerDailyIcCount: 0,
  workerOtherIcCount: 0,
  badgesWorked: false,
  currentConversation: null,
  openConversations: [],
  profileInfo: null,
  supportBadges: [],
  supportBadgesMore: 0,
  seenBadgeIds: [],
  badgesSeeing: null,
  newestSupportMessage: null,
  supportSeenNotice: null,
};

const time = (date: string) => {
  const t = Date.parse(date);
  return Number.isNaN(t) ? 0 : t;
};

/** Newest message first; Array#sort is stable, so equal dates keep their order. */
export const sortByMessageDate = (list: Conversation[]) => [...list].sort((a, b) => time(b.message_date) - time(a.message_date));

const seenAdmin = (conversation_id: string): ChatEffect => ({ type: 'sendSeenAdmin', conversation_id });

/** The conversation is on screen: the current one or an open window. */
function isOpen(state: ChatState, conversationId: string) {
  return state.currentConversation?.conversation_id === conversationId || state.openConversations.some((c) => c.conversation_id === conversationId);
}

/** Adds a badge entry once per conversation. */
function withBadge(list: BadgeEntry[], id: string) {
  return list.some((b) => b.id === id) ? list : [...list, { id, isSee: 0 }];
}

const seeAll = (list: BadgeEntry[]) => (list.every((b) => b.isSee === 1) ? list : list.map((b) => ({ ...b, isSee: 1 })));

function onMessage(state: ChatState, message: ChatMessageEvent): ChatState {
  const row = state.recentList.find((c) => c.conversation_id === message.conversation_id);
  // Only a conversation of the recent list is updated; a new one arrives as conversationAdded.
  if (!row) return state;
  const read = isOpen(state, message.conversation_id) || !message.fromOtherParty;
  const updated: Conversation = {
    ...row,
    is_read: read ? 1 : 0,
    message_type: message.message_type,
    message_user_name: message.message_user_name,
    message_content: message.message_content,
    message_date: message.message_date,
    last_message: message.message_content,
  };
  const recentList = sortByMessageDate(state.recentList.map((c) => (c === row ? updated : c)));
  if (read) return { ...state, recentList };
  return {
    ...state,
    recentList,
    dailyBadges: row.type === 1 ? withBadge(state.dailyBadges, row.conversation_id) : state.dailyBadges,
    otherBadges: row.type === 2 ? withBadge(state.otherBadges, row.conversation_id) : state.otherBadges,
  };
}

function onPage(state: ChatState, page: RecentPage): ChatState {
  let recentList: Conversation[];
  if (page.current === 1) recentList = page.data;
  else {
    // Offset paging shifts rows when a conversation jumps to the top, so a later page can repeat one.
    const known = new Set(state.recentList.map((c) => c.id));
    recentList = [...state.recentList, ...page.data.filter((c) => !known.has(c.id))];
  }
  return { ...state, recentList, recentPage: page.current, recentFinished: page.data.length < RECENT_PAGE_SIZE, recentWorked: true };
}

export function stepChat(state: ChatState, action: ChatAction): ChatStep {
  const only = (next: ChatState): ChatStep => ({ state: next, effects: [] });
  switch (action.type) {
    case 'connected':
      return only({ ...state, socketId: action.socketId, connected: true });
    case 'connectFailed':
      // SPEC §4: a failed connect clears the connection only if one existed.
      return only(state.socketId === null ? state : { ...state, socketId: null, connected: false });
    case 'disconnect':
      return { state: { ...state, socketId: null, connected: false }, effects: state.socketId === null ? [] : [{ type: 'closeSocket' }] };
    case 'logout':
      return only(CHAT_STATE);
    case 'recentLoaded':
      return only(onPage(state, action.page));
    case 'badgesLoaded': {
      const b = action.badges;
      const seeing = state.badgesSeeing;
      const seen = new Set(state.seenBadgeIds);
      if (seeing) for (const e of [...b.dailyChats, ...b.otherChats]) if (!seeing.includes(e.id)) seen.add(e.id);
      const keepSeen = (list: BadgeEntry[]) => (seen.size === 0 ? list : list.map((e) => (e.isSee !== 1 && seen.has(e.id) ? { ...e, isSee: 1 } : e)));
      return only({
        ...state,
        dailyBadges: keepSeen(b.dailyChats),
        otherBadges: keepSeen(b.otherChats),
        dailyBadgesMore: beyond(b.dailyChats, b.dailyChatsTotal),
        otherBadgesMore: beyond(b.otherChats, b.otherChatsTotal),
        workerDailyIcCount: b.workerDailyIcCount,
        workerOtherIcCount: b.workerOtherIcCount,
        badgesWorked: true,
        seenBadgeIds: seeing ? [...seen] : state.seenBadgeIds,
      });
    }
    case 'messageReceived': {
      const m = action.message;
      // News un-sees the conversation, listed here or not.
      const unseen = m.fromOtherParty && state.seenBadgeIds.includes(m.conversation_id) ? { ...state, seenBadgeIds: state.seenBadgeIds.filter((id) => id !== m.conversation_id) } : state;
      const next = m.fromOtherParty && unseen.badgesSeeing ? { ...unseen, badgesSeeing: [...unseen.badgesSeeing, m.conversation_id] } : unseen;
      return only(onMessage(next, m));
    }
    case 'seen': {
      const id = action.conversation_id;
      return only({
        ...state,
        recentList: state.recentList.map((c) => (c.conversation_id === id && c.is_read !== 1 ? { ...c, is_read: 1 } : c)),
        dailyBadges: state.dailyBadges.filter((b) => b.id !== id),
        otherBadges: state.otherBadges.filter((b) => b.id !== id),
      });
    }
    case 'conversationAdded':
      return only(state.recentList.some((c) => c.id === action.conversation.id) ? state : { ...state, recentList: [action.conversation, ...state.recentList] });
    case 'supportBadgesLoaded':
      return only({ ...state, supportBadges: action.badges, supportBadgesMore: beyond(action.badges, action.total) });
    case 'supportMessageReceived':
      return only({ ...state, newestSupportMessage: action.message });
    case 'supportSeen':
      return only({ ...state, supportSeenNotice: action.notice });
    case 'openConversation': {
      const c = action.conversation;
      const effects = [seenAdmin(c.conversation_id)];
      if (c.type === 2) return { state: { ...state, currentConversation: c }, effects };
      const already = state.openConversations.some((o) => o.conversation_id === c.conversation_id);
      return { state: already ? state : { ...state, openConversations: [...state.openConversations, c] }, effects };
    }
    case 'closeConversation': {
      const id = action.conversation_id;
      if (!isOpen(state, id)) return only(state);
      return {
        state: {
          ...state,
          openConversations: state.openConversations.filter((c) => c.conversation_id !== id),
          currentConversation: state.currentConversation?.conversation_id === id ? null : state.currentConversation,
        },
        effects: [seenAdmin(id)],
      };
    }
    case 'resetChat': {
      const ids = [...state.openConversations.map((c) => c.conversation_id), ...(state.currentConversation ? [state.currentConversation.conversation_id] : [])];
      return { state: { ...state, openConversations: [], currentConversation: null }, effects: [...new Set(ids)].map(seenAdmin) };
    }
    case 'seeBadges':
      return only({
        ...state,
        dailyBadges: seeAll(state.dailyBadges),
        otherBadges: seeAll(state.otherBadges),
        seenBadgeIds: [...state.dailyBadges, ...state.otherBadges].map((b) => b.id),
        badgesSeeing: [],
      });
    case 'badgesSeenStored':
      return only(state.badgesSeeing === null ? state : { ...state, badgesSeeing: null });
    case 'setProfileInfo':
      return only({ ...state, profileInfo: action.profile });
  }
}

export function reduceChat(state: ChatState, action: ChatAction): ChatState {
  return stepChat(state, action).state;
}
