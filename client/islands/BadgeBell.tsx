import { useHydrated } from './use-hydrated.ts';
import { type BadgeEntry, CHAT_STATE } from '../stores/chat.ts';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { loadLive } from '../chat/load-live.ts';
import { jobTitleIn } from '../chat/row-labels.ts';
import { chat, rows } from '../chat/state.ts';
import { msg } from '../../shared/messages.ts';
import { numberText } from '../../shared/format.ts';

export interface BadgeBellProps {
  lang: 'ja' | 'en';
  /** The person may open /v3/admin/supportChat (420001). */
  support: boolean;
}

/**
 * The badge bell in the header: how many conversations have news the person has not
 * looked at (SPEC §3 badge lists, isSee 0). Opening it marks every badge seen (SPEC §4 "Seeing
 * the badges"), stored on the server so it stays seen in other tabs and after a reload.
 */
export default function BadgeBell({ lang, support }: BadgeBellProps) {
  useSignals();
  const [open, setOpen] = useState(false);
  // Until hydrated, what the server drew (the dock may have filled the shared chat state already).
  const s = useHydrated() ? chat.state.value : CHAT_STATE;
  const entries = [...s.dailyBadges, ...s.otherBadges, ...(support ? s.supportBadges : [])];
  const fresh = entries.filter((b) => b.isSee !== 1).length;
  const total = s.workerDailyIcCount + s.workerOtherIcCount;
  // Each list holds the newest unread conversations (BADGE_LIMIT): past a cut list's end there are
  // more, unseen too when its last entry is.
  const cut: [BadgeEntry[], number][] = [
    [s.dailyBadges, s.dailyBadgesMore],
    [s.otherBadges, s.otherBadgesMore],
    ...(support ? [[s.supportBadges, s.supportBadgesMore] as [BadgeEntry[], number]] : []),
  ];
  const more = cut.reduce((n, [, m]) => n + m, 0);
  const freshMore = cut.some(([list, m]) => m > 0 && list.at(-1)?.isSee !== 1);

  useEffect(() => {
    void loadLive().then((live) => live.connectChat('admin'));
    // Names for the support badges (the dock lists job conversations only).
    if (support) void loadLive().then((live) => live.loadRecent(1, 'support'));
  }, [support]);

  // Entries past the conversations the page loaded (the dock's first pages) get their rows from the
  // server when the bell is open: every entry is named and opens its conversation.
  const unnamed = open ? entries.filter((b) => !rows.value[b.id]).map((b) => b.id) : [];
  const unnamedKey = unnamed.join(',');
  useEffect(() => {
    if (unnamedKey) void loadLive().then((live) => live.loadRows(unnamedKey.split(',')));
  }, [unnamedKey]);

  function toggle() {
    const next = !open;
    setOpen(next);
    if (next && fresh > 0) {
      chat.dispatch({ type: 'seeBadges' });
      void loadLive().then((live) =>
        live
          .connectChat('admin')
          .seeBadges()
          .catch((err) => live.warn('seeing badges', err))
          .finally(() => chat.dispatch({ type: 'badgesSeenStored' })),
      );
    }
  }

  return (
    // data-counted: the first badge list has come from the server (a number read before it is not yet the person's).
    <div className="badge-bell" data-counted={s.badgesWorked ? '' : undefined}>
      {/* Its name is a text, not aria-label: the count drawn beside the icon is part of what it says. */}
      <button type="button" className="icon-btn" aria-expanded={open} title={msg(lang, 'chat.unreadChats')} onClick={toggle} data-testid="badge-bell">
        <span className="visually-hidden">{msg(lang, 'chat.unreadChats')}</span>
        <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
        </svg>
        {fresh > 0 && (
          <span className="badge" data-testid="badge-bell-count">
            {fresh}
            {freshMore ? '+' : ''}
          </span>
        )}
      </button>
      {open && (
        <div className="badge-bell-panel" role="dialog" aria-label={msg(lang, 'chat.unreadChats')}>
          {entries.length === 0 ? (
            <p className="chat-empty">{msg(lang, 'chat.none')}</p>
          ) : (
            <>
              {total > 0 && <p className="muted">{msg(lang, 'chat.unreadMessages', { count: total })}</p>}
              <ul>
                {entries.map((b) => {
                  const row = rows.value[b.id];
                  const isSupport = s.supportBadges.includes(b);
                  return (
                    <li key={b.id} className={b.isSee ? 'is-seen' : 'is-new'}>
                      {isSupport ? (
                        <a href={`/v3/admin/supportChat?c=${encodeURIComponent(b.id)}`}>
                          {msg(lang, 'chat.support')}: {row?.candidate_name ?? msg(lang, 'chat.loading')}
                        </a>
                      ) : row ? (
                        <button type="button" className="btn-link" onClick={() => void loadLive().then((live) => live.openWindow(row))}>
                          {row.candidate_name}
                          {row.job_title ? ` — ${jobTitleIn(lang, row)}` : ''}
                        </button>
                      ) : (
                        <span className="muted">{msg(lang, 'chat.loading')}</span>
                      )}
                    </li>
                  );
                })}
              </ul>
              {more > 0 && <p className="muted">{msg(lang, more === 1 ? 'chat.moreUnreadOne' : 'chat.moreUnread', { count: numberText(more, lang) })}</p>}
            </>
          )}
        </div>
      )}
    </div>
  );
}
