import { useHydrated } from './use-hydrated.ts';
import { CHAT_STATE } from '../stores/chat.ts';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import { type ChatMessage, type ConversationRow, RECENT_SIZE } from '../../server/chat/events.ts';
import { ChatThread } from '../chat/ChatThread.tsx';
import { connectChat, loadHistory, loadRecent, refOf, subscribeMessages, toConversation } from '../chat/live.ts';
import { chat, chatV3, rows, supportRows } from '../chat/state.ts';
import { type ChatMessageV3, messageKey } from '../stores/chat-v3.ts';
import { previewText } from '../chat/preview.ts';
import { companyNameIn } from '../chat/row-labels.ts';
import { stampText } from '../../shared/format.ts';
import { msg } from '../../shared/messages.ts';

export interface SupportChatProps {
  lang: 'ja' | 'en';
  /** A conversation to open at once (?c= from the badge bell). */
  initial?: string | null;
  /** Platform staff see every company's support chats: each row then names its company. */
  showCompany?: boolean;
}

/** Conversations with messages first, newest message first; the rest keep the server's order. */
function ordered(list: ConversationRow[]): ConversationRow[] {
  const stamp = (r: ConversationRow) => (r.last_seq > 0 ? Date.parse(r.message_date) || 0 : -1);
  return [...list].sort((a, b) => stamp(b) - stamp(a));
}

/** How many pages the page follows to find the conversation of ?c= before saying it is not there. */
const MAX_PAGES_FOR_INITIAL = 10;

/**
 * /v3/admin/supportChat (420001): the support conversations (no job) on the left, the
 * chosen one's thread on the right. Lists and history come over the page's chat socket
 * (client/chat/live.ts); the notice of a new message in another conversation rides the graphql-ws
 * subscription (DESIGN.md §7).
 */
export default function SupportChat({ lang, initial = null, showCompany = false }: SupportChatProps) {
  useSignals();
  const [selectedId, setSelectedId] = useState<string | null>(initial);
  const [lastPage, setLastPage] = useState<{ current: number; size: number } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [badgesReady, setBadgesReady] = useState(false);
  const [notice, setNotice] = useState<ChatMessage | null>(null);
  const selectedRef = useRef(selectedId);
  selectedRef.current = selectedId;

  // Until hydrated, what the server drew: the chat state other islands may have filled already comes after.
  const hydrated = useHydrated();
  const s = hydrated ? chat.state.value : CHAT_STATE;
  const live = (r: ConversationRow) => rows.value[r.id] ?? r;
  const list = hydrated ? ordered(supportRows.value.map(live)) : [];
  const selected = selectedId && hydrated ? (list.find((r) => r.id === selectedId) ?? rows.value[selectedId]) : undefined;
  const hasMore = lastPage !== null && lastPage.size >= RECENT_SIZE;
  const badgeOf = (id: string) => s.supportBadges.find((b) => b.id === id);

  // The connection, the first page, and the events this page follows.
  useEffect(() => {
    const c = connectChat('admin');
    const refresh = () => {
      void loadRecent(1, 'support');
      void c.badges().catch(() => {});
      // After a reconnect the thread asks again (merged by id, so nothing is doubled).
      const id = selectedRef.current;
      const row = id ? rows.value[id] : undefined;
      if (row) void loadHistory(row);
    };
    const offs = [
      c.on('recentChats', (p) => {
        if (p.kind === 'support') setLastPage({ current: p.current, size: p.data.length });
      }),
      c.on('badges', () => setBadgesReady(true)),
      // The chosen conversation's new messages go into its thread (the V3 windows' store, without a window).
      c.on('newMessage', (m) => {
        if (!m.support) return;
        const row = rows.value[m.conversation_id];
        if (!row) return;
        const ref = refOf(row);
        const loaded = m.conversation_id === selectedRef.current || chatV3.state.value.conversationMessages[messageKey(ref)];
        if (loaded) chatV3.dispatch({ type: 'messageReceived', ref, message: m as unknown as ChatMessageV3 });
      }),
    ];
    c.socket.on('connect', refresh);
    if (c.socket.connected) refresh();
    else void loadRecent(1, 'support'); // sent as soon as the socket is up

    // SPEC §3 "newest support message" over graphql-ws: a notice for candidates' messages elsewhere.
    const unsubscribe = subscribeMessages({ support: true }, (m) => {
      if (!supportRows.value.some((r) => r.id === m.conversation_id)) void loadRecent(1, 'support');
      if (m.sender_role !== 'candidate' || m.conversation_id === selectedRef.current) return;
      setNotice(m);
    });
    return () => {
      for (const off of offs) off();
      c.socket.off('connect', refresh);
      unsubscribe();
    };
  }, []);

  // Opening the chosen conversation: its history, the backfill mark, and the chat store's current conversation (seen notice).
  const openRow = selected ?? null;
  const openKey = openRow?.id ?? null;
  useEffect(() => {
    if (!openRow) return;
    const c = connectChat('admin');
    c.track(openRow.id, 0);
    chat.dispatch({ type: 'openConversation', conversation: toConversation(openRow) });
    void loadHistory(openRow).then(() => c.track(openRow.id, rows.value[openRow.id]?.last_seq ?? openRow.last_seq));
    return () => {
      c.untrack(openRow.id);
      chat.dispatch({ type: 'closeConversation', conversation_id: openRow.id });
    };
    // Only a different conversation opens again; the row's own updates do not.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the row's id on purpose (above)
  }, [openKey]);

  // ?c= names a conversation further down the list: follow the pages until it turns up.
  useEffect(() => {
    if (!selectedId || selected || !hasMore || !lastPage || lastPage.current >= MAX_PAGES_FOR_INITIAL || loadingMore) return;
    void more();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- more() is a new function each render; it reads the state listed here
  }, [selectedId, selected, hasMore, lastPage, loadingMore]);

  async function more() {
    if (loadingMore || !lastPage) return;
    setLoadingMore(true);
    await loadRecent(lastPage.current + 1, 'support');
    setLoadingMore(false);
  }

  function select(id: string | null) {
    setSelectedId(id);
    if (notice && notice.conversation_id === id) setNotice(null);
    try {
      const url = new URL(location.href);
      if (id) url.searchParams.set('c', id);
      else url.searchParams.delete('c');
      history.replaceState(history.state, '', url);
    } catch {
      // Only the address bar is not updated.
    }
  }

  const listReady = lastPage !== null;
  /** The list is complete (or followed far enough) and ?c= is not in it. */
  const gaveUp = listReady && (!hasMore || lastPage.current >= MAX_PAGES_FOR_INITIAL);
  const noticeRow = notice ? (rows.value[notice.conversation_id] ?? null) : null;

  return (
    <div className={`support-chat${selectedId ? ' has-selection' : ''}`} data-testid="support-chat">
      {!s.connected && (
        <p className="support-chat-status" role="status">
          {listReady ? msg(lang, 'supportChat.offline') : msg(lang, 'supportChat.connecting')}
        </p>
      )}
      {notice && (
        <div className="support-chat-notice" role="status" data-testid="support-chat-notice">
          <button type="button" className="support-chat-notice-open" onClick={() => select(notice.conversation_id)} title={msg(lang, 'supportChat.open')}>
            <strong>{msg(lang, 'supportChat.notice')}:</strong> <span className="support-chat-notice-name">{noticeRow?.candidate_name ?? notice.sender_name}</span>:{' '}
            <span className="support-chat-notice-text">{previewText(notice.message_type, notice.content, lang)}</span>
          </button>
          <button type="button" className="icon-btn" aria-label={msg(lang, 'supportChat.dismiss')} title={msg(lang, 'supportChat.dismiss')} onClick={() => setNotice(null)}>
            ×
          </button>
        </div>
      )}
      <div className="support-chat-columns">
        <section className="support-chat-list" aria-label={msg(lang, 'supportChat.list')}>
          <ul>
            {!listReady && <li className="chat-empty">{msg(lang, 'chat.loading')}</li>}
            {listReady && list.length === 0 && <li className="chat-empty">{msg(lang, 'supportChat.empty')}</li>}
            {list.map((r) => {
              const badge = badgeOf(r.id);
              const isSelected = r.id === selectedId;
              // The badge list holds the newest unread conversations; past its end, the row's own mark.
              const unread = !isSelected && (badgesReady && (badge || s.supportBadgesMore === 0) ? !!badge : r.is_read === 0);
              return (
                <li key={r.id} className={`${unread ? 'is-unread' : 'is-read'}${isSelected ? ' is-selected' : ''}`} data-conversation={r.id}>
                  <button type="button" aria-current={isSelected ? 'true' : undefined} onClick={() => select(r.id)}>
                    <span className="support-chat-row-head">
                      <span className="support-chat-name">{r.candidate_name}</span>
                      {unread && (
                        <span
                          className={`dot${badge && badge.isSee !== 1 ? ' is-new' : ''}`}
                          role="img"
                          aria-label={badge && badge.isSee !== 1 ? msg(lang, 'supportChat.fresh') : msg(lang, 'candidateChat.unread')}
                          title={badge && badge.isSee !== 1 ? msg(lang, 'supportChat.fresh') : msg(lang, 'candidateChat.unread')}
                        />
                      )}
                      {r.last_seq > 0 && (
                        <time dateTime={r.message_date} className="support-chat-time">
                          {stampText(r.message_date, lang)}
                        </time>
                      )}
                    </span>
                    {showCompany && (
                      <span className="support-chat-company">
                        {msg(lang, 'supportChat.company')}: {companyNameIn(lang, r)}
                      </span>
                    )}
                    <span className={`support-chat-last${r.last_seq > 0 ? '' : ' is-none'}`}>
                      {r.last_seq > 0 ? `${r.message_user_name && r.message_user_name !== r.candidate_name ? `${r.message_user_name}: ` : ''}${r.last_message}` : msg(lang, 'supportChat.noMessages')}
                    </span>
                  </button>
                </li>
              );
            })}
            {listReady && hasMore && (
              <li className="chat-more">
                <button type="button" className="btn-link" onClick={() => void more()} disabled={loadingMore}>
                  {loadingMore ? msg(lang, 'chat.loading') : msg(lang, 'chat.more')}
                </button>
              </li>
            )}
          </ul>
        </section>
        <section className="support-chat-pane" aria-label={selected ? selected.candidate_name : msg(lang, 'chat.support')}>
          {selected ? (
            <>
              <header className="support-chat-pane-head">
                <button type="button" className="btn-link support-chat-back" onClick={() => select(null)}>
                  ← {msg(lang, 'supportChat.back')}
                </button>
                <h2>{selected.candidate_name}</h2>
                {showCompany && <span className="support-chat-company">{companyNameIn(lang, selected)}</span>}
              </header>
              <ChatThread key={selected.id} row={selected} lang={lang} mode="admin" />
            </>
          ) : (
            <p className="chat-empty support-chat-placeholder">{selectedId && gaveUp ? msg(lang, 'supportChat.notFound') : selectedId ? msg(lang, 'chat.loading') : msg(lang, 'supportChat.choose')}</p>
          )}
        </section>
      </div>
    </div>
  );
}
