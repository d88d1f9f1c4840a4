import { useHydrated } from './use-hydrated.ts';
import { CHAT_STATE } from '../stores/chat.ts';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import { loadLive } from '../chat/load-live.ts';
import { jobTitleIn } from '../chat/row-labels.ts';
import { chat, rows } from '../chat/state.ts';
import { useUnreadTitle } from '../chat/title.ts';
import { stampText } from '../../shared/format.ts';
import { msg } from '../../shared/messages.ts';

export interface ChatDockProps {
  lang: 'ja' | 'en';
}

/**
 * The chat dock on every back-office page: the recent conversations (SPEC §4 "Recent
 * conversations": 30 a page, more as the list scrolls), unread marks, and a click opens the
 * conversation's window (ChatWindowsV3).
 */
export default function ChatDock({ lang }: ChatDockProps) {
  useSignals();
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const sentinel = useRef<HTMLLIElement>(null);
  // Until hydrated, what the server drew (another island may have filled the shared chat state already).
  const s = useHydrated() ? chat.state.value : CHAT_STATE;
  const unread = s.dailyBadges.length + s.dailyBadgesMore + s.otherBadges.length + s.otherBadgesMore;
  useUnreadTitle(unread);

  useEffect(() => {
    void loadLive().then((live) => live.connectChat('admin'));
  }, []);

  async function more() {
    if (loading || s.recentFinished) return;
    setLoading(true);
    await (await loadLive()).loadRecent(s.recentPage + 1);
    setLoading(false);
  }

  // Infinite paging: the next page loads when the end of the list scrolls into view.
  useEffect(() => {
    const el = sentinel.current;
    if (!open || !el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) void more();
    });
    io.observe(el);
    return () => io.disconnect();
  });

  return (
    // data-counted: the first badge list has come from the server (a number read before it is not yet the person's).
    <div className="chat-dock" data-testid="chat-dock" data-counted={s.badgesWorked ? '' : undefined}>
      <button type="button" className="chat-dock-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
        {msg(lang, 'common.chat')}
        {unread > 0 && (
          <span className="badge" data-testid="chat-dock-unread" aria-label={msg(lang, 'chat.unreadCount', { count: unread })}>
            {unread}
          </span>
        )}
      </button>
      {open && (
        <section className="chat-dock-panel" aria-label={msg(lang, 'chat.recent')}>
          <header>
            <h2>{msg(lang, 'chat.recent')}</h2>
            {!s.connected && s.recentWorked && <span className="chat-offline">{msg(lang, 'chat.offline')}</span>}
            <button type="button" className="btn-link" onClick={() => setOpen(false)}>
              {msg(lang, 'chat.close')}
            </button>
          </header>
          <ul className="chat-recent">
            {s.recentWorked && s.recentList.length === 0 && <li className="chat-empty">{msg(lang, 'chat.noConversations')}</li>}
            {s.recentList.map((c) => {
              const row = rows.value[c.id];
              return (
                <li key={c.id} className={c.is_read ? 'is-read' : 'is-unread'} data-conversation={c.id}>
                  <button
                    type="button"
                    onClick={() => {
                      if (!row) return;
                      // The list steps aside for the window it opens (on a phone it would cover it).
                      setOpen(false);
                      void loadLive().then((live) => live.openWindow(row));
                    }}
                  >
                    <span className="chat-recent-name">
                      {row?.candidate_name ?? c.message_user_name}
                      {!c.is_read && <span className="dot" aria-label={msg(lang, 'chat.unread')} />}
                    </span>
                    <span className="chat-recent-job">
                      {row ? jobTitleIn(lang, row) : null}
                      {row?.shift_date ? ` · ${row.shift_date}` : ''}
                    </span>
                    <span className="chat-recent-last">{c.last_message}</span>
                    <time dateTime={c.message_date}>{stampText(c.message_date, lang)}</time>
                  </button>
                </li>
              );
            })}
            {!s.recentFinished && s.recentWorked && (
              <li ref={sentinel} className="chat-more">
                <button type="button" className="btn-link" onClick={() => void more()} disabled={loading}>
                  {loading ? msg(lang, 'chat.loading') : msg(lang, 'chat.more')}
                </button>
              </li>
            )}
            {!s.recentWorked && <li className="chat-empty">{msg(lang, 'chat.loading')}</li>}
          </ul>
        </section>
      )}
    </div>
  );
}
