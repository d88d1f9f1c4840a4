import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { OPS } from '../../server/api/operations.ts';
import { msg } from '../../shared/messages.ts';
import { stampText } from '../../shared/format.ts';
import { createGraphQLClient } from '../api/graphql-client.ts';
import { createSubscriptionClient } from '../api/ws-client.ts';
import { createStore } from '../stores/create-store.ts';
import { NOTIFICATION_STATE, reduceNotifications, type NotificationItem, type NotificationPage } from '../stores/notifications.ts';
import { useHydrated } from './use-hydrated.ts';

export interface NotificationBellProps {
  lang: 'ja' | 'en';
}

/** What the API gives for a notification. */
interface Item extends NotificationItem {
  type: 1 | 2;
  title: string;
  body: string;
  link: string | null;
  created_at: string;
}

/** SPEC §4: 20 a page; a shorter page finishes the list. */
const PAGE_SIZE = 20;
const store = createStore('notifications', reduceNotifications, NOTIFICATION_STATE);
const api = createGraphQLClient();

function warn(what: string, err: unknown) {
  console.warn(`notifications: ${what}`, err);
}

async function loadPage(kind: 1 | 2, current: number) {
  const d = await api.query<{ notifications: NotificationPage }>(OPS.Notifications, { type: kind, current, size: PAGE_SIZE }, { policy: 'no-cache' });
  store.dispatch({ type: kind === 1 ? 'recentLoaded' : 'documentLoaded', page: d.notifications });
}

/**
 * The notification bell in the admin header (SPEC §3 "Notification state", §4
 * "Notifications"): the unread count of notifications and documents, a panel with both lists
 * (page 1 replaces, later pages append, finished when a page is shorter than its size), items
 * marked read one by one as they are opened, and new ones arriving live over the graphql-ws
 * subscription. The state is the pure reducer of client/stores/notifications.ts.
 */
export default function NotificationBell({ lang }: NotificationBellProps) {
  useSignals();
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<1 | 2>(1);
  const [failed, setFailed] = useState(false);
  const [listening, setListening] = useState(false);
  const s = useHydrated() ? store.state.value : NOTIFICATION_STATE;

  useEffect(() => {
    api
      .query<{ notificationCount: { notification: number; document: number } }>(OPS.NotificationCount, {}, { policy: 'no-cache' })
      .then((d) => store.dispatch({ type: 'countLoaded', ...d.notificationCount }))
      .catch((err) => warn('count', err));
    const subscriptions = createSubscriptionClient();
    // graphql-ws acknowledges no subscription itself; our server sends a ping naming one once it is
    // on the event bus (server/api/ws.ts). This client carries only this subscription, so any such
    // ping is its own. A lost connection is not listening until the subscription, sent again on the
    // new connection, has its ping again.
    const heard = [
      subscriptions.on('ping', (received, payload) => {
        if (received && payload?.subscribed !== undefined) setListening(true);
      }),
      subscriptions.on('closed', () => setListening(false)),
    ];
    const stop = subscriptions.subscribe<{ notificationAdded: Item }>(
      { query: OPS.NotificationAdded },
      {
        next: (r) => {
          if (r.data?.notificationAdded) store.dispatch({ type: 'added', item: r.data.notificationAdded });
        },
        error: (err) => warn('subscription', err),
        complete: () => {},
      },
    );
    return () => {
      for (const off of heard) off();
      stop();
      void subscriptions.dispose();
    };
  }, []);

  const list = (tab === 1 ? s.recentList : s.documentList) as Item[];
  const page = tab === 1 ? s.recentPage : s.documentPage;
  const finished = tab === 1 ? s.recentFinished : s.documentFinished;

  function more(kind: 1 | 2, current: number) {
    setFailed(false);
    loadPage(kind, current).catch((err) => {
      setFailed(true);
      warn('page', err);
    });
  }

  function toggle() {
    const next = !open;
    setOpen(next);
    if (next && page === 0) more(tab, 1);
  }

  function choose(kind: 1 | 2) {
    setTab(kind);
    if ((kind === 1 ? s.recentPage : s.documentPage) === 0) more(kind, 1);
  }

  async function openItem(item: Item) {
    if (item.is_read !== 1) {
      store.dispatch({ type: 'markRead', kind: item.type, id: item.id });
      await api.mutate(OPS.MarkNotificationRead, { id: item.id }).catch((err) => warn('mark read', err));
    }
    if (item.link) location.assign(item.link);
  }

  return (
    // data-counted: the first count has come from the server (a number read before it is not yet the user's).
    // data-listening: new notifications reach it now (one sent before would not raise the number).
    <div className="badge-bell notification-bell" data-counted={s.count_worked ? '' : undefined} data-listening={listening ? '' : undefined}>
      <button type="button" className="icon-btn" aria-expanded={open} title={msg(lang, 'notifications.title')} onClick={toggle} data-testid="notification-bell">
        {/* A text, not aria-label: the count drawn beside the icon is part of the button's name. */}
        <span className="visually-hidden">{msg(lang, 'notifications.title')}</span>
        <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
          <path d="M13.73 21a2 2 0 0 1-3.46 0" />
        </svg>
        {s.count > 0 && (
          <span className="badge" data-testid="notification-count">
            {s.count}
          </span>
        )}
      </button>
      {open && (
        <div className="badge-bell-panel notification-panel" role="dialog" aria-label={msg(lang, 'notifications.title')}>
          <div className="notification-tabs" role="tablist">
            {([1, 2] as const).map((kind) => (
              <button key={kind} type="button" role="tab" aria-selected={tab === kind} className={tab === kind ? 'is-current' : ''} onClick={() => choose(kind)}>
                {msg(lang, kind === 1 ? 'notifications.recent' : 'notifications.documents')}
                {(kind === 1 ? s.noti_count : s.doc_count) > 0 && <span className="badge">{kind === 1 ? s.noti_count : s.doc_count}</span>}
              </button>
            ))}
          </div>
          {failed && <p className="chat-empty">{msg(lang, 'notifications.failed')}</p>}
          {list.length === 0 && page > 0 && !failed ? (
            <p className="chat-empty">{msg(lang, 'notifications.none')}</p>
          ) : (
            <ul>
              {list.map((n) => (
                <li key={n.id} className={n.is_read === 1 ? 'is-seen' : 'is-new'}>
                  <button type="button" className="btn-link notification-item" onClick={() => void openItem(n)}>
                    <span className="notification-title">{n.title}</span>
                    {n.body && <span className="notification-body">{n.body}</span>}
                    <time dateTime={n.created_at}>{stampText(n.created_at, lang)}</time>
                  </button>
                </li>
              ))}
            </ul>
          )}
          {page > 0 && !finished && (
            <button type="button" className="btn btn-small notification-more" onClick={() => more(tab, page + 1)}>
              {msg(lang, 'notifications.more')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
