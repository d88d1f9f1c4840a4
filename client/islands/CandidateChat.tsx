import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import { type ConversationRow, RECENT_SIZE } from '../../server/chat/events.ts';
import { ChatThread } from '../chat/ChatThread.tsx';
import { connectChat, loadHistory, loadRecent, markSeen, refOf } from '../chat/live.ts';
import { candidateOrder, companyNameIn as companyName, jobTitleIn, shiftDaySuffix } from '../chat/row-labels.ts';
import { chat, chatV3, rows } from '../chat/state.ts';
import { useUnreadTitle } from '../chat/title.ts';
import { dateText, stampText } from '../../shared/format.ts';
import { msg } from '../../shared/messages.ts';
import { EmptyState } from '../../views/ui/EmptyState.tsx';

export interface CandidateChatProps {
  lang: 'ja' | 'en';
  /** A conversation to open at once (?c=). */
  initial?: string | null;
}

/** How many pages the page looks through for the conversation asked for with ?c=. */
const MAX_PAGES_FOR_INITIAL = 10;
const NARROW = '(max-width: 720px)';

const jobHref = (row: ConversationRow) => (row.job_id ? `${row.type === 1 ? '/daily' : '/part-time'}/${row.job_id}` : null);

/**
 * The candidate's chat page (/staff/chat): their conversations with the companies they
 * applied to (and each company's support conversation) on the left, the chosen one on the right.
 * Everything travels over the page's one chat socket (client/chat/live.ts, candidate mode: no
 * graphql-ws); the thread itself is the shared ChatThread.
 */
export default function CandidateChat({ lang, initial = null }: CandidateChatProps) {
  useSignals();
  const [page, setPage] = useState(0);
  const [finished, setFinished] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [failed, setFailed] = useState(false);
  /** A recent page is being asked for (one at a time). */
  const [busy, setBusy] = useState(false);
  const [everConnected, setEverConnected] = useState(false);
  const [sessionLost, setSessionLost] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(initial);
  const [notFound, setNotFound] = useState(false);
  /**
   * How far the candidate has read each conversation (a seq), as far as this page knows: from the
   * recent pages, what they opened or wrote here, and seen notices from their other tabs. It only
   * grows, so a page the server answered just before a seen notice cannot bring a dot back; a
   * conversation is unread while its newest message is past it.
   */
  const [readTo, setReadTo] = useState<Record<string, number>>({});
  /**
   * How many messages of the company each conversation holds unread, as far as this page knows:
   * the server's count from the recent pages, one more for each message that arrives while the
   * conversation is not on screen, none once it is read.
   */
  const [counts, setCounts] = useState<Record<string, number>>({});
  /** `readTo` as of the last render, for the socket's handlers (set up once). */
  const readRef = useRef(readTo);
  readRef.current = readTo;
  const [historyLoaded, setHistoryLoaded] = useState<Record<string, true>>({});
  const pageRef = useRef(0);
  const inflight = useRef(false);
  const currentRef = useRef<string | null>(null);
  const threadRef = useRef<HTMLElement>(null);

  const all = rows.value;
  const unread = (row: ConversationRow) => row.last_seq > (readTo[row.id] ?? 0);
  // Every row of this page's socket is the candidate's own: the server sends them nothing else.
  // Unread first, then newest: a company's new message brings its conversation to the top.
  const list = candidateOrder(Object.values(all), unread);
  const loaded = page > 0;
  const waitingForInitial = !!selectedId && !all[selectedId];
  const current: ConversationRow | undefined = selectedId ? all[selectedId] : loaded ? list[0] : undefined;
  const connected = chat.state.value.connected;
  const markRead = (id: string, seq: number) => {
    setReadTo((r) => ((r[id] ?? 0) >= seq ? r : { ...r, [id]: seq }));
    if (seq >= (rows.value[id]?.last_seq ?? 0)) setCounts((n) => (n[id] ? { ...n, [id]: 0 } : n));
  };
  useUnreadTitle(list.filter((row) => row.id !== current?.id && unread(row)).length);

  async function request(p: number) {
    if (inflight.current) return;
    inflight.current = true;
    setBusy(true);
    setFailed(false);
    await loadRecent(p, 'all');
    inflight.current = false;
    setBusy(false);
    if (pageRef.current < p) setFailed(true);
  }

  // The connection, the first page, and the events this list reacts to.
  useEffect(() => {
    const c = connectChat('candidate');
    let connectedBefore = c.socket.connected;
    if (connectedBefore) setEverConnected(true);
    const offPage = c.on('recentChats', (p) => {
      // `unread` counts the other party's messages after the candidate's last seen seq.
      setReadTo((r) => {
        let next = r;
        for (const row of p.data) {
          const seq = row.unread > 0 ? Math.max(0, row.last_seq - row.unread) : row.last_seq;
          if ((next[row.id] ?? 0) < seq) next = { ...next, [row.id]: seq };
        }
        return next;
      });
      setCounts((n) => ({ ...n, ...Object.fromEntries(p.data.map((row) => [row.id, row.unread])) }));
      if (p.kind !== 'all') return;
      if (p.current >= pageRef.current) {
        pageRef.current = p.current;
        setPage(p.current);
        setFinished(p.data.length < RECENT_SIZE);
      }
    });
    const offMessage = c.on('newMessage', (m) => {
      // The candidate's own messages, and the other party's in the thread on screen (ChatThread
      // sends the seen notice for those), are read; others make the conversation unread.
      const onScreen = currentRef.current === m.conversation_id && document.visibilityState === 'visible';
      if (m.sender_role === 'candidate' || onScreen) markRead(m.conversation_id, m.seq);
      // The first unread message counts from one, whatever an older page said before it was read.
      else setCounts((n) => ({ ...n, [m.conversation_id]: (readRef.current[m.conversation_id] ?? 0) >= m.seq - 1 ? 1 : (n[m.conversation_id] ?? 0) + 1 }));
    });
    const offSeen = c.on('seenAdmin', (n) => {
      const row = rows.value[n.conversation_id];
      if (row && n.user_id === row.candidate_id) markRead(n.conversation_id, n.last_seq);
    });
    const onConnect = () => {
      setEverConnected(true);
      setSessionLost(false);
      // After a reconnect the list is asked for again (the open thread is backfilled by the connection).
      if (connectedBefore || pageRef.current === 0) void request(1);
      connectedBefore = true;
    };
    const onConnectError = () => {
      // A refused handshake (logged out, session expired) is not retried by socket.io.
      if (!c.socket.active) setSessionLost(true);
    };
    c.socket.on('connect', onConnect);
    c.socket.on('connect_error', onConnectError);
    void request(1);
    return () => {
      offPage();
      offMessage();
      offSeen();
      c.socket.off('connect', onConnect);
      c.socket.off('connect_error', onConnectError);
    };
  }, []);

  // ?c= names a conversation that is not on the pages loaded so far: look further, then give up.
  useEffect(() => {
    if (!loaded || !waitingForInitial || busy) return;
    if (!finished && !failed && page < MAX_PAGES_FOR_INITIAL) void more();
    else {
      setNotFound(true);
      setSelectedId(null);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded, waitingForInitial, finished, failed, page, busy]);

  // Opening a conversation: its window in the V3 store (so new messages reach it), its history,
  // backfill after reconnects, and the seen notice.
  const currentId = current?.id ?? null;
  useEffect(() => {
    currentRef.current = currentId;
    if (!currentId) return;
    const row = rows.value[currentId];
    if (!row) return;
    // The first conversation, shown by default, stays chosen when another one moves to the top.
    setSelectedId((s) => s ?? row.id);
    const c = connectChat('candidate');
    chatV3.dispatch({ type: 'open', window: { ...refOf(row), image: null, name: companyName(lang, row) } });
    c.track(row.id, row.last_seq);
    let live = true;
    void loadHistory(row).then(() => {
      if (live) setHistoryLoaded((h) => ({ ...h, [row.id]: true }));
    });
    markSeen(row.id);
    markRead(row.id, row.last_seq);
    // The address names the open conversation, so a reload or a shared link comes back to it.
    const url = new URL(location.href);
    if (url.searchParams.get('c') !== row.id) {
      url.searchParams.set('c', row.id);
      history.replaceState(history.state, '', url);
    }
    // The mail switch under the chat (a plain form) comes back to this conversation after saving.
    const back = document.querySelector<HTMLInputElement>('form.chat-mail-setting input[name=c]');
    if (back) back.value = row.id;
    return () => {
      live = false;
    };
  }, [currentId, lang]);

  // Coming back to the tab: what arrived in the open conversation meanwhile is read now.
  useEffect(() => {
    const onVisible = () => {
      const id = currentRef.current;
      const row = id ? rows.value[id] : undefined;
      if (document.visibilityState !== 'visible' || !row || !unread(row)) return;
      connectChat('candidate')
        .seen(row.id)
        .catch(() => {});
      markRead(row.id, row.last_seq);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  });

  async function more() {
    if (loadingMore || finished || inflight.current) return;
    setLoadingMore(true);
    await request(pageRef.current + 1);
    setLoadingMore(false);
  }

  function choose(row: ConversationRow) {
    setNotFound(false);
    setSelectedId(row.id);
    // On a phone the thread is under the list: bring it into view.
    if (window.matchMedia?.(NARROW).matches) requestAnimationFrame(() => threadRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' }));
  }

  const status = sessionLost ? (
    <p className="candidate-chat-status is-error" role="alert">
      {msg(lang, 'candidateChat.sessionLost')} <a href={`/staff/login?next=${encodeURIComponent('/staff/chat')}`}>{msg(lang, 'candidateChat.relogin')}</a>
    </p>
  ) : everConnected && !connected ? (
    <p className="candidate-chat-status" role="status" data-testid="chat-offline">
      {msg(lang, 'chat.offline')}
    </p>
  ) : null;

  if (!loaded) {
    return (
      <div className="candidate-chat is-loading" data-testid="candidate-chat">
        {status}
        {failed ? (
          <p className="candidate-chat-note" role="alert">
            {msg(lang, 'candidateChat.failed')}{' '}
            <button type="button" className="btn-link" onClick={() => void request(1)}>
              {msg(lang, 'candidateChat.retry')}
            </button>
          </p>
        ) : (
          <p className="candidate-chat-note" role="status">
            {everConnected ? msg(lang, 'chat.loading') : msg(lang, 'candidateChat.connecting')}
          </p>
        )}
      </div>
    );
  }

  if (list.length === 0) {
    return (
      <div className="candidate-chat is-empty" data-testid="candidate-chat">
        {status}
        <EmptyState
          text={msg(lang, 'candidateChat.empty')}
          links={[
            { href: '/daily', label: msg(lang, 'candidateChat.findDaily') },
            { href: '/part-time', label: msg(lang, 'candidateChat.findPartTime') },
          ]}
        />
      </div>
    );
  }

  return (
    <div className="candidate-chat" data-testid="candidate-chat">
      {status}
      {notFound && (
        <p className="candidate-chat-note" role="status">
          {msg(lang, 'candidateChat.notFound')}
        </p>
      )}
      <div className="candidate-chat-layout">
        <nav className="candidate-chat-list" aria-label={msg(lang, 'candidateChat.conversations')}>
          <ul>
            {list.map((row) => {
              const active = row.id === current?.id;
              const isUnread = !active && unread(row);
              return (
                <li key={row.id} className={[active && 'is-active', isUnread && 'is-unread'].filter(Boolean).join(' ') || undefined} data-conversation={row.id}>
                  <button type="button" aria-current={active ? 'true' : undefined} onClick={() => choose(row)}>
                    <span className="cc-company">
                      <span className="cc-name">{companyName(lang, row)}</span>
                      {isUnread && (
                        <span className="cc-count" data-testid="unread-count" aria-label={msg(lang, 'chat.unreadCount', { count: Math.max(1, counts[row.id] ?? 0) })}>
                          {Math.max(1, counts[row.id] ?? 0)}
                        </span>
                      )}
                    </span>
                    <span className="cc-job">
                      {row.support ? <span className="cc-support">{msg(lang, 'chat.support')}</span> : jobTitleIn(lang, row)}
                      {shiftDaySuffix(lang, row.shift_date)}
                    </span>
                    <span className="cc-last">{row.last_message || msg(lang, 'candidateChat.noMessages')}</span>
                    {row.last_seq > 0 && (
                      <time className="cc-time" dateTime={row.message_date}>
                        {stampText(row.message_date, lang)}
                      </time>
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
          {failed && (
            <p className="candidate-chat-note" role="alert">
              {msg(lang, 'candidateChat.failed')}
            </p>
          )}
          {!finished && (
            <button type="button" className="button button-secondary button-small candidate-chat-more" onClick={() => void more()} disabled={loadingMore}>
              {loadingMore ? msg(lang, 'chat.loading') : msg(lang, 'chat.more')}
            </button>
          )}
        </nav>
        <section className="candidate-chat-thread" ref={threadRef} aria-label={current ? companyName(lang, current) : msg(lang, 'candidateChat.conversations')}>
          {current ? (
            <>
              <header className="candidate-chat-head">
                <h2>{companyName(lang, current)}</h2>
                <p>
                  {current.support ? (
                    <>
                      <span className="cc-support">{msg(lang, 'chat.support')}</span> {msg(lang, 'candidateChat.supportLead')}
                    </>
                  ) : (
                    <>
                      {jobHref(current) ? <a href={jobHref(current)!}>{jobTitleIn(lang, current)}</a> : jobTitleIn(lang, current)}
                      {current.shift_date && (
                        <>
                          {' · '}
                          {msg(lang, 'search.date')} {dateText(current.shift_date, lang)}
                        </>
                      )}
                    </>
                  )}
                </p>
              </header>
              {historyLoaded[current.id] ? (
                <ChatThread key={current.id} row={current} lang={lang} mode="candidate" />
              ) : (
                <p className="candidate-chat-note" role="status">
                  {msg(lang, 'chat.loading')}
                </p>
              )}
            </>
          ) : (
            <p className="candidate-chat-note">{waitingForInitial ? msg(lang, 'chat.loading') : msg(lang, 'candidateChat.choose')}</p>
          )}
        </section>
      </div>
    </div>
  );
}
