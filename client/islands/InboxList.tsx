import { useEffect, useRef, useState } from 'react';
import { OPS } from '../../server/api/operations.ts';
import { previewText } from '../chat/preview.ts';
import { shiftDaySuffix } from '../chat/row-labels.ts';
import { loadLive } from '../chat/load-live.ts';
import { createGraphQLClient } from '../api/graphql-client.ts';
import { dayTimeText } from '../../shared/format.ts';
import { pickLang, type Lang } from '../../shared/i18n.ts';
import { msg, type MessageKey } from '../../shared/messages.ts';

/** A conversation as the API's inbox lists it (the fields the row draws). */
export interface InboxApiRow {
  id: string;
  kind: string;
  candidateName: string;
  companyName: string;
  companyNameEn: string;
  jobTitleJa: string | null;
  jobTitleEn: string | null;
  shiftDate: string | null;
  status: string;
  assigneeName: string | null;
  unread: number;
  lastMessageAt: string | null;
  lastMessage: string;
}

/** One row of the inbox list, drawn the same on the server and after a live update. */
export interface InboxListRow {
  id: string;
  name: string;
  kind: string;
  status: string;
  job: string | null;
  /** The daily shift's day (YYYY-MM-DD) of a shift conversation, else null. */
  shiftDay: string | null;
  company: string;
  assignee: string | null;
  unread: number;
  at: string | null;
  last: string;
}

export const toListRow = (r: InboxApiRow, lang: Lang): InboxListRow => ({
  id: r.id,
  name: r.candidateName,
  kind: r.kind,
  status: r.status,
  job: r.jobTitleJa === null ? null : pickLang(lang, r.jobTitleJa, r.jobTitleEn ?? ''),
  shiftDay: r.shiftDate,
  company: pickLang(lang, r.companyName, r.companyNameEn),
  assignee: r.assigneeName,
  unread: r.unread,
  at: r.lastMessageAt,
  last: r.lastMessage,
});

export interface InboxListProps {
  lang: Lang;
  rows: InboxListRow[];
  /** The open conversation (?c=), or null. */
  selected: string | null;
  /** The list's query string without `c` (the filters, the page): each row's link adds its `c`. */
  query: string;
  /** The filter of the first page, to ask the API again when a message comes; null on a later page (it stays as drawn). */
  live: Record<string, unknown> | null;
  /** Platform staff see every company's conversations: each row names its company. */
  showCompany: boolean;
}

const STATUS_KEYS: Record<string, MessageKey> = { open: 'inbox.status.open', resolved: 'inbox.status.resolved', snoozed: 'inbox.status.snoozed' };
const KIND_KEYS: Record<string, MessageKey> = { application: 'inbox.kind.application', shift: 'inbox.kind.shift', support: 'inbox.kind.support', scout: 'inbox.kind.scout' };
/** How long after a message the list asks the API again (a burst of messages costs one query). */
const REFRESH_MS = 300;

/**
 * The staff inbox's list (/admin/inbox, docs/inbox.md): drawn by the server as links (it works
 * without JavaScript), then live over the page's one chat socket (client/chat/live.ts): a new
 * message moves its conversation to the top and raises its unread count at once, and the first
 * page is asked again from the API so filters, statuses and counts stay the server's.
 */
export default function InboxList({ lang, rows: initial, selected, query, live, showCompany }: InboxListProps) {
  const [rows, setRows] = useState(initial);
  const selectedRef = useRef(selected);
  selectedRef.current = selected;

  useEffect(() => {
    if (!live) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const api = createGraphQLClient();
    const refresh = () => {
      timer = null;
      api
        .query<{ inbox: { rows: InboxApiRow[] } }>(OPS.InboxList, { filter: live, after: null }, { policy: 'no-cache' })
        .then((d) => {
          if (!stopped) setRows(d.inbox.rows.map((r) => toListRow(r, lang)));
        })
        .catch((err: unknown) => console.warn('inbox: refresh failed', err));
    };
    let off: (() => void) | undefined;
    void loadLive().then(({ connectChat }) => {
      if (stopped) return;
      off = connectChat('admin').on('newMessage', (m) => {
        setRows((list) => {
          const row = list.find((r) => r.id === m.conversation_id);
          if (!row) return list;
          const fromCandidate = m.sender_role === 'candidate';
          // A candidate's message reopens the conversation (the database's trigger does the same).
          const moved: InboxListRow = {
            ...row,
            at: m.created_at,
            last: previewText(m.message_type, m.content, lang),
            unread: row.unread + (fromCandidate && m.conversation_id !== selectedRef.current ? 1 : 0),
            status: fromCandidate ? 'open' : row.status,
          };
          return [moved, ...list.filter((r) => r.id !== m.conversation_id)];
        });
        if (timer) clearTimeout(timer);
        timer = setTimeout(refresh, REFRESH_MS);
      });
    });
    return () => {
      stopped = true;
      off?.();
      if (timer) clearTimeout(timer);
    };
  }, [live, lang]);

  const href = (id: string) => `?${query ? `${query}&` : ''}c=${encodeURIComponent(id)}`;
  return (
    <ul className="inbox-list" data-testid="inbox-list">
      {rows.length === 0 && <li className="inbox-empty">{msg(lang, 'inbox.empty')}</li>}
      {rows.map((r) => {
        const isSelected = r.id === selected;
        const unread = isSelected ? 0 : r.unread;
        return (
          <li key={r.id} data-conversation={r.id} className={`${unread > 0 ? 'is-unread' : 'is-read'}${isSelected ? ' is-selected' : ''}`}>
            <a href={href(r.id)} aria-current={isSelected ? 'page' : undefined}>
              <span className="inbox-row-head">
                <span className="inbox-name">{r.name}</span>
                {unread > 0 && (
                  <span className="inbox-unread" data-testid="inbox-unread" title={msg(lang, 'inbox.unread', { count: unread })}>
                    <span aria-hidden="true">{unread}</span>
                    <span className="visually-hidden">{msg(lang, 'inbox.unread', { count: unread })}</span>
                  </span>
                )}
                {r.at && (
                  <time className="inbox-time" dateTime={r.at}>
                    {dayTimeText(r.at, lang)}
                  </time>
                )}
              </span>
              <span className="inbox-row-meta">
                <span className="inbox-kind">{KIND_KEYS[r.kind] ? msg(lang, KIND_KEYS[r.kind]!) : r.kind}</span>
                {r.status !== 'open' && (
                  <span className={`inbox-status is-${r.status}`} data-status={r.status}>
                    {STATUS_KEYS[r.status] ? msg(lang, STATUS_KEYS[r.status]!) : r.status}
                  </span>
                )}
                {r.job && (
                  <span className="inbox-job">
                    {r.job}
                    {shiftDaySuffix(lang, r.shiftDay)}
                  </span>
                )}
                {showCompany && <span className="inbox-company">{r.company}</span>}
                {r.assignee && <span className="inbox-assignee">{msg(lang, 'inbox.assignedTo', { name: r.assignee })}</span>}
              </span>
              <span className={`inbox-last${r.last ? '' : ' is-none'}`}>{r.last || msg(lang, 'inbox.noMessages')}</span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
