/**
 * The chat V3 state of SPEC §3 "Chat V3 state" and §4 "Chat V3": the open chat windows and the
 * messages of each, stored under `messageKey` (conversation, shift and candidate ids).
 */

/** What identifies a window and its stored messages. */
export interface ConversationRef {
  conversationId: string;
  /** The job daily shift the conversation is about; null when it is about no shift. */
  jobDailyShiftId: string | null;
  candidateId: string;
}

export interface ChatWindowV3 extends ConversationRef {
  image: string | null;
  name: string;
  isMini: boolean;
}

export interface ChatMessageV3 {
  id: string;
  /** The sequence number within the conversation, when the server sent it. */
  seq?: number;
  [key: string]: unknown;
}

export interface ChatV3State {
  openConversationV3: ChatWindowV3[];
  /** messageKey(ref) → messages, oldest first. */
  conversationMessages: Record<string, ChatMessageV3[]>;
}

export type ChatV3Action =
  | { type: 'open'; window: Omit<ChatWindowV3, 'isMini'> }
  | { type: 'minimise'; ref: ConversationRef }
  | { type: 'restore'; ref: ConversationRef }
  | { type: 'close'; ref: ConversationRef }
  /** An array is a history page (placed before what is stored); a single message is new (after). */
  | { type: 'messageReceived'; ref: ConversationRef; message: ChatMessageV3 | ChatMessageV3[] }
  | { type: 'clear' };

export const CHAT_V3_STATE: ChatV3State = { openConversationV3: [], conversationMessages: {} };

/** The one key messages are stored under (SPEC §4): conversation, shift and candidate ids. */
export function messageKey(ref: ConversationRef): string {
  return JSON.stringify([ref.conversationId, ref.jobDailyShiftId ?? null, ref.candidateId]);
}

const sameWindow = (ref: ConversationRef) => (w: ChatWindowV3) => messageKey(w) === messageKey(ref);

/** SPEC §4: a window exists for the same conversation, and the same shift when one is given. */
const matchesOpen = (ref: ConversationRef) => (w: ChatWindowV3) => w.conversationId === ref.conversationId && (ref.jobDailyShiftId == null || w.jobDailyShiftId === ref.jobDailyShiftId);

function setMini(state: ChatV3State, ref: ConversationRef, isMini: boolean, match = sameWindow(ref)): ChatV3State {
  const target = state.openConversationV3.find(match);
  if (!target || target.isMini === isMini) return state;
  return { ...state, openConversationV3: state.openConversationV3.map((w) => (w === target ? { ...w, isMini } : w)) };
}

const hasAllSeq = (list: ChatMessageV3[]) => list.every((m) => typeof m.seq === 'number');

/**
 * Arrays go before the stored messages, a single message after (SPEC §4). A message whose id is
 * already stored is replaced in place, never doubled (a resend after a reconnect). When
 * every message carries a sequence number the list is ordered by it, so a backfill or a late
 * delivery still lands in place; in the ordinary case that is the same order the rule gives.
 */
export function mergeMessages(stored: ChatMessageV3[], incoming: ChatMessageV3 | ChatMessageV3[]): ChatMessageV3[] {
  const batch = Array.isArray(incoming) ? incoming : [incoming];
  const byId = new Map<string, ChatMessageV3>();
  for (const m of batch) byId.set(m.id, m); // the last copy of a repeated id wins
  const updatedStored = stored.map((m) => byId.get(m.id) ?? m);
  const storedIds = new Set(stored.map((m) => m.id));
  const added: ChatMessageV3[] = [];
  for (const m of byId.values()) if (!storedIds.has(m.id)) added.push(m);
  const merged = Array.isArray(incoming) ? [...added, ...updatedStored] : [...updatedStored, ...added];
  return hasAllSeq(merged) ? merged.sort((a, b) => (a.seq as number) - (b.seq as number)) : merged;
}

export function reduceChatV3(state: ChatV3State, action: ChatV3Action): ChatV3State {
  switch (action.type) {
    case 'open': {
      const existing = state.openConversationV3.find(matchesOpen(action.window));
      if (existing) return setMini(state, existing, false, (w) => w === existing);
      return { ...state, openConversationV3: [...state.openConversationV3, { ...action.window, isMini: false }] };
    }
    case 'minimise':
      return setMini(state, action.ref, true);
    case 'restore':
      return setMini(state, action.ref, false);
    case 'close': {
      const key = messageKey(action.ref);
      const { [key]: _removed, ...conversationMessages } = state.conversationMessages;
      return { openConversationV3: state.openConversationV3.filter((w) => !sameWindow(action.ref)(w)), conversationMessages };
    }
    case 'messageReceived': {
      const key = messageKey(action.ref);
      const stored = state.conversationMessages[key] ?? [];
      return { ...state, conversationMessages: { ...state.conversationMessages, [key]: mergeMessages(stored, action.message) } };
    }
    case 'clear':
      return CHAT_V3_STATE;
  }
}
