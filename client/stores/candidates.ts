/**
 * The candidate, shukkin (attendance) and kakunin (confirmation) lists of SPEC §3 "Candidate lists"
 * and §4 "Candidate, shukkin and kakunin lists". Chat events of a candidate route update the list
 * belonging to that route (SPEC §2 "Chat-related route behaviour"), so those actions name the list.
 */

export interface CandidateRootTranslate {
  language_key: 'ja' | 'en';
  name: string;
}

/** One entry of a candidate's status path. */
export interface CandidateRoot {
  status_id: string;
  translate: CandidateRootTranslate[];
}

export interface CandidateRow {
  id: string;
  roots: CandidateRoot[];
  /** A node of the company's status tree (a uuid, docs/pipeline.md). */
  candidate_status_id: string;
  chat_status: number;
  conversation_id: string;
  is_read: number;
  message_count: number;
  updated_at: string;
  /** Kakunin rows only. */
  candidate_name?: string;
  [key: string]: unknown;
}

export type CandidateListName = 'candidates' | 'shukkins' | 'kakunins';

export const CANDIDATE_LISTS: readonly CandidateListName[] = ['candidates', 'shukkins', 'kakunins'];

export interface CandidatesState {
  candidates: CandidateRow[];
  row_count: number;
  shukkins: CandidateRow[];
  /** SPEC §3 names no count for shukkins; the socket response carries one all the same. */
  shukkin_count: number;
  kakunins: CandidateRow[];
  kakunin_size: number;
}

export type CandidatesAction =
  /** The socket's "value and count" response (SPEC §7). */
  | { type: 'loaded'; list: CandidateListName; value: CandidateRow[]; count: number }
  | { type: 'fetchFailed'; list: CandidateListName }
  | { type: 'candidateAdded'; list: CandidateListName; candidate: CandidateRow }
  | { type: 'statusChanged'; id: string; candidate_status_id: string; roots: CandidateRoot[]; chat_status: number }
  /** The person was checked into `list`: they leave the other two. */
  | { type: 'checked'; list: CandidateListName; id: string }
  | {
      type: 'messageReceived';
      list: CandidateListName;
      conversation_id: string;
      /** True when the candidate (the other party) sent it. */
      fromOtherParty: boolean;
      /** Whether the row's chat window is open (the dispatcher knows, from the chat V3 state). */
      windowOpen: boolean;
      updated_at: string;
    }
  | { type: 'seen'; list: CandidateListName; conversation_id: string };

export const CANDIDATES_STATE: CandidatesState = {
  candidates: [],
  row_count: 0,
  shukkins: [],
  shukkin_count: 0,
  kakunins: [],
  kakunin_size: 0,
};

const COUNT_FIELD = { candidates: 'row_count', shukkins: 'shukkin_count', kakunins: 'kakunin_size' } as const;

const time = (date: string) => {
  const t = Date.parse(date);
  return Number.isNaN(t) ? 0 : t;
};

/** Newest updated_at first; Array#sort is stable, so equal times keep their order. */
export const sortByUpdatedAt = (list: CandidateRow[]) => [...list].sort((a, b) => time(b.updated_at) - time(a.updated_at));

function mapRow(state: CandidatesState, list: CandidateListName, match: (r: CandidateRow) => boolean, change: (r: CandidateRow) => CandidateRow): CandidatesState {
  if (!state[list].some(match)) return state;
  return { ...state, [list]: state[list].map((r) => (match(r) ? change(r) : r)) };
}

export function reduceCandidates(state: CandidatesState, action: CandidatesAction): CandidatesState {
  switch (action.type) {
    case 'loaded':
      return { ...state, [action.list]: action.value, [COUNT_FIELD[action.list]]: action.count };
    case 'fetchFailed':
      // SPEC §8: a failed fetch empties its list.
      return { ...state, [action.list]: [], [COUNT_FIELD[action.list]]: 0 };
    case 'candidateAdded': {
      const rows = state[action.list];
      const c = action.candidate;
      const known = rows.some((r) => r.id === c.id);
      return { ...state, [action.list]: known ? rows.map((r) => (r.id === c.id ? { ...r, ...c } : r)) : [c, ...rows] };
    }
    case 'statusChanged': {
      const { id, candidate_status_id, roots, chat_status } = action;
      return CANDIDATE_LISTS.reduce(
        (s, list) =>
          mapRow(
            s,
            list,
            (r) => r.id === id,
            (r) => ({ ...r, candidate_status_id, roots, chat_status }),
          ),
        state,
      );
    }
    case 'checked': {
      let next = state;
      for (const list of CANDIDATE_LISTS) {
        if (list === action.list || !next[list].some((r) => r.id === action.id)) continue;
        next = { ...next, [list]: next[list].filter((r) => r.id !== action.id) };
      }
      return next;
    }
    case 'messageReceived': {
      const unread = action.fromOtherParty && !action.windowOpen;
      const match = (r: CandidateRow) => r.conversation_id === action.conversation_id;
      const next = mapRow(state, action.list, match, (r) => ({
        ...r,
        is_read: unread ? 0 : 1,
        message_count: unread ? r.message_count + 1 : 0,
        updated_at: action.updated_at,
      }));
      return next === state ? state : { ...next, [action.list]: sortByUpdatedAt(next[action.list]) };
    }
    case 'seen':
      return mapRow(
        state,
        action.list,
        (r) => r.conversation_id === action.conversation_id,
        (r) => ({ ...r, is_read: 1, message_count: 0 }),
      );
  }
}
