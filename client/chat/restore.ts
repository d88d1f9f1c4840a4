import type { ConversationRow } from '../../server/chat/events.ts';
import { pageIdentity } from '../stores/persist.ts';

/**
 * Chat windows that survive navigation: every page change is a page load, so the open windows
 * (their conversations and whether minimised), each thread's draft and its scroll position are
 * kept in this browser's local storage under the signed-in person's identity
 * (`tsunagu:admin:<id>:chatWindows`, `tsunagu:candidate:<id>:…`), read back by the next page, and
 * removed with everything else of that identity at logout (persist.ts clearIdentity). Another
 * person signing in on the same browser has another identity, so never sees them.
 */
export interface SavedChat {
  rows: ConversationRow[];
  mini: Record<string, boolean>;
  drafts: Record<string, string>;
  scroll: Record<string, number>;
}

const EMPTY: SavedChat = { rows: [], mini: {}, drafts: {}, scroll: {} };

const keyFor = (kind: 'admin' | 'candidate'): string | null => {
  const identity = pageIdentity(kind);
  return identity === 'anonymous' ? null : `tsunagu:${identity}:chatWindows`;
};

export function readSavedChat(kind: 'admin' | 'candidate'): SavedChat {
  const key = keyFor(kind);
  if (!key) return EMPTY;
  try {
    const raw = globalThis.localStorage?.getItem(key);
    const parsed = raw ? (JSON.parse(raw) as Partial<SavedChat>) : null;
    return parsed ? { rows: Array.isArray(parsed.rows) ? parsed.rows : [], mini: parsed.mini ?? {}, drafts: parsed.drafts ?? {}, scroll: parsed.scroll ?? {} } : EMPTY;
  } catch {
    return EMPTY;
  }
}

export function updateSavedChat(kind: 'admin' | 'candidate', update: (s: SavedChat) => SavedChat): void {
  const key = keyFor(kind);
  if (!key) return;
  try {
    const next = update(readSavedChat(kind));
    if (!next.rows.length && !Object.keys(next.drafts).length) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, JSON.stringify(next));
  } catch {
    // Storage full or disabled: the windows still work, they just do not come back.
  }
}
