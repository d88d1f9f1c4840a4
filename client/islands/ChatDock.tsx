import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import { chat, connectChat, loadRecent, openWindow, rows } from '../chat/live.ts';
import { useUnreadTitle } from '../chat/title.ts';

export interface ChatDockProps {
  lang: 'ja' | 'en';
}

const L = {
  ja: { title: 'チャット', recent: '最近のチャット', empty: 'まだ会話はありません。応募があるとここに表示されます。', more: 'さらに読み込む', loading: '読み込み中…', offline: '再接続しています…', unread: '未読', close: '閉じる' },
  en: { title: 'Chat', recent: 'Recent chats', empty: 'No conversations yet. They appear here when candidates apply.', more: 'Load more', loading: 'Loading…', offline: 'Reconnecting…', unread: 'unread', close: 'Close' },
};

const when = (iso: string, lang: 'ja' | 'en') => {
  const d = new Date(iso);
  const today = new Date().toDateString() === d.toDateString();
  return d.toLocaleString(lang === 'ja' ? 'ja-JP' : 'en-GB', today ? { hour: '2-digit', minute: '2-digit' } : { month: 'numeric', day: 'numeric' });
};

/**
 * The chat dock on every back-office page (issue 6): the recent conversations (SPEC §4 "Recent
 * conversations": 30 a page, more as the list scrolls), unread marks, and a click opens the
 * conversation's window (ChatWindowsV3).
 */
export default function ChatDock({ lang }: ChatDockProps) {
  useSignals();
  const t = L[lang];
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const sentinel = useRef<HTMLLIElement>(null);
  const s = chat.state.value;
  const unread = s.dailyBadges.length + s.otherBadges.length;
  useUnreadTitle(unread);

  useEffect(() => {
    connectChat('admin');
  }, []);

  async function more() {
    if (loading || s.recentFinished) return;
    setLoading(true);
    await loadRecent(s.recentPage + 1);
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
    <div className="chat-dock" data-testid="chat-dock">
      <button type="button" className="chat-dock-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
        {t.title}
        {unread > 0 && (
          <span className="badge" data-testid="chat-dock-unread" aria-label={`${unread} ${t.unread}`}>
            {unread}
          </span>
        )}
      </button>
      {open && (
        <section className="chat-dock-panel" aria-label={t.recent}>
          <header>
            <h2>{t.recent}</h2>
            {!s.connected && s.recentWorked && <span className="chat-offline">{t.offline}</span>}
            <button type="button" className="btn-link" onClick={() => setOpen(false)}>
              {t.close}
            </button>
          </header>
          <ul className="chat-recent">
            {s.recentWorked && s.recentList.length === 0 && <li className="chat-empty">{t.empty}</li>}
            {s.recentList.map((c) => {
              const row = rows.value[c.id];
              return (
                <li key={c.id} className={c.is_read ? 'is-read' : 'is-unread'} data-conversation={c.id}>
                  <button type="button" onClick={() => row && void openWindow(row)}>
                    <span className="chat-recent-name">
                      {row?.candidate_name ?? c.message_user_name}
                      {!c.is_read && <span className="dot" aria-label={t.unread} />}
                    </span>
                    <span className="chat-recent-job">
                      {row?.job_title}
                      {row?.shift_date ? ` · ${row.shift_date}` : ''}
                    </span>
                    <span className="chat-recent-last">{c.last_message}</span>
                    <time dateTime={c.message_date}>{when(c.message_date, lang)}</time>
                  </button>
                </li>
              );
            })}
            {!s.recentFinished && s.recentWorked && (
              <li ref={sentinel} className="chat-more">
                <button type="button" className="btn-link" onClick={() => void more()} disabled={loading}>
                  {loading ? t.loading : t.more}
                </button>
              </li>
            )}
            {!s.recentWorked && <li className="chat-empty">{t.loading}</li>}
          </ul>
        </section>
      )}
    </div>
  );
}
