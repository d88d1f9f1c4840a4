import { useEffect, useState } from 'react';
import { dateTimeText } from '../../shared/format.ts';
import { msg } from '../../shared/messages.ts';
import { connectChat, warn } from '../chat/live.ts';
import { chatV3 } from '../chat/state.ts';
import { createStore } from '../stores/create-store.ts';
import { CANDIDATES_STATE, reduceCandidates, type CandidateListName, type CandidateRow } from '../stores/candidates.ts';
import { useHydrated } from './use-hydrated.ts';

export interface LiveApplicantsProps {
  lang: 'ja' | 'en';
  /** The SPEC §3 list this screen shows. */
  list: CandidateListName;
  rows: (Pick<CandidateRow, 'id' | 'conversation_id' | 'candidate_status_id' | 'chat_status' | 'is_read' | 'message_count' | 'updated_at'> & { candidate_id: string })[];
  count: number;
  /** Which list each status the caller sees belongs to (a move to a status of another list takes the row off this one). */
  statusList: Record<string, 'candidate' | 'kakunin' | 'shukkin'>;
  /** The page is sorted by last change, newest first: a new message moves its row to the top. */
  byUpdated: boolean;
}

const LIST_OF = { candidate: 'candidates', kakunin: 'kakunins', shukkin: 'shukkins' } as const;
const store = createStore('applicants', reduceCandidates, CANDIDATES_STATE);

/**
 * Keeps an applicant list current (SPEC §4 "Candidate, shukkin and kakunin
 * lists"): the server draws the list; this island feeds the chat socket's events for it into the
 * pure reducer of client/stores/candidates.ts and brings the page up to date — unread counts and
 * the order by last change in place (new message, seen), the list redrawn by the server when a row
 * arrives or leaves (a new application, a status move by anyone, a check into another list). A
 * failed redraw empties nothing on screen but says the list may be out of date.
 */
export default function LiveApplicants({ lang, list, rows, count, statusList, byUpdated }: LiveApplicantsProps) {
  const hydrated = useHydrated();
  const [listening, setListening] = useState(false);

  useEffect(() => {
    if (!hydrated) return;
    const section = document.querySelector<HTMLElement>('section.read-model');
    if (!section) return;
    const load = (value: LiveApplicantsProps['rows'], n: number) => store.dispatch({ type: 'loaded', list, value: value.map((r) => ({ ...r, roots: [] })), count: n });
    load(rows, count);

    let redraw: ReturnType<typeof setTimeout> | null = null;
    /** The server draws the list again (same address: filters, sort and page kept); rows and counts follow. */
    const refresh = () => {
      if (redraw) clearTimeout(redraw);
      redraw = setTimeout(() => {
        fetch(location.href, { headers: { accept: 'text/html' }, credentials: 'same-origin' })
          .then(async (res) => {
            if (!res.ok) throw new Error(`HTTP ${res.status}`);
            const doc = new DOMParser().parseFromString(await res.text(), 'text/html');
            for (const sel of ['.table-card', '.pager']) {
              const fresh = doc.querySelector(`section.read-model ${sel}`);
              const old = section.querySelector(sel);
              if (fresh && old) old.replaceWith(document.importNode(fresh, true));
            }
            const props = doc.querySelector('script[data-island-props="LiveApplicants"]')?.textContent;
            if (props) {
              const p = JSON.parse(props) as LiveApplicantsProps;
              load(p.rows, p.count);
            }
            section.removeAttribute('data-stale');
          })
          .catch((err: unknown) => {
            // SPEC §8: a failed fetch empties the list (in the store); the page says so rather than showing nothing.
            store.dispatch({ type: 'fetchFailed', list });
            section.setAttribute('data-stale', msg(lang, 'live.stale'));
            warn('redrawing the applicant list', err);
          });
      }, 150);
    };

    /** The unread count and last change of rows the reducer changed, and their order. */
    const patch = () => {
      const current = store.state.value[list];
      const tbody = section.querySelector('tbody');
      for (const r of current) {
        const tr = section.querySelector<HTMLTableRowElement>(`tr[data-row-id="${CSS.escape(r.id)}"]`);
        if (!tr) continue;
        const unread = tr.querySelector('td[data-col="unread"]');
        if (unread) unread.textContent = String(r.message_count);
        const updated = tr.querySelector('td[data-col="updatedAt"]');
        if (updated) updated.textContent = dateTimeText(r.updated_at, lang);
        tr.classList.toggle('is-unread', r.is_read === 0);
        if (byUpdated && tbody) tbody.appendChild(tr);
      }
    };

    const rowOf = (conversationId: string) => store.state.value[list].find((r) => r.conversation_id === conversationId);
    const c = connectChat('admin');
    const off = [
      c.on('applicationAdded', () => refresh()),
      c.on('statusChanged', (s) => {
        const row = store.state.value[list].find((r) => r.conversation_id === s.conversation_id || r.id === s.application_id);
        const target = s.candidate_status_id ? statusList[s.candidate_status_id] : undefined;
        if (row && s.candidate_status_id) {
          store.dispatch({
            type: 'statusChanged',
            id: row.id,
            candidate_status_id: s.candidate_status_id,
            roots: s.roots.map((x) => ({ status_id: x.status_id, translate: x.translate })),
            chat_status: s.chat_status,
          });
          // Checked into another list: it leaves this one (SPEC §4).
          if (target && LIST_OF[target] !== list && s.application_id) store.dispatch({ type: 'checked', list: LIST_OF[target], id: row.id });
        }
        // A row came, went or changed its badge and buttons: the server draws them.
        if (row || (target && LIST_OF[target] === list)) refresh();
      }),
      c.on('newMessage', (m) => {
        if (!rowOf(m.conversation_id)) return;
        const windowOpen = chatV3.state.value.openConversationV3.some((w) => w.conversationId === m.conversation_id);
        store.dispatch({ type: 'messageReceived', list, conversation_id: m.conversation_id, fromOtherParty: m.sender_role === 'candidate', windowOpen, updated_at: m.created_at });
        patch();
      }),
      c.on('seenAdmin', (n) => {
        const row = rowOf(n.conversation_id);
        // The company read it (the candidate reading the company's answers changes nothing here).
        if (!row || n.user_id === row.candidate_id) return;
        store.dispatch({ type: 'seen', list, conversation_id: n.conversation_id });
        patch();
      }),
    ];
    // The server puts the socket in its rooms before it lets it connect: connected, and with the
    // listeners above, the list hears every change from now on (none while the socket is away).
    const heard = () => setListening(c.socket.connected);
    c.socket.on('connect', heard);
    c.socket.on('disconnect', heard);
    heard();
    return () => {
      for (const o of off) o();
      c.socket.off('connect', heard);
      c.socket.off('disconnect', heard);
      if (redraw) clearTimeout(redraw);
    };
  }, [hydrated, list, rows, count, statusList, byUpdated, lang]);

  // data-listening: the list's changes reach it now (one made before would not show without a reload).
  return <span className="live-indicator" aria-live="polite" data-testid="live-applicants" data-listening={listening ? '' : undefined} />;
}
