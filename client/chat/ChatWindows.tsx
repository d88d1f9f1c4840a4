import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { ChatThread } from './ChatThread.tsx';
import { closeWindow, connectChat, subscribeWindow, warn } from './live.ts';
import { jobTitleIn, shiftDaySuffix } from './row-labels.ts';
import { chatV3, rows } from './state.ts';
import { msg } from '../../shared/messages.ts';

/**
 * The open chat windows (SPEC §4 "Chat V3"), loaded by the ChatWindowsV3 island when the first
 * window opens: one per conversation and shift, each minimised or restored on
 * its own, new messages over the graphql-ws subscription.
 */
export default function ChatWindows({ lang }: { lang: 'ja' | 'en' }) {
  useSignals();
  const windows = chatV3.state.value.openConversationV3;

  useEffect(() => {
    for (const w of windows) subscribeWindow(w.conversationId);
  }, [windows]);

  return (
    <div className="chat-windows">
      {windows.map((w) => {
        const row = rows.value[w.conversationId];
        return (
          <section key={`${w.conversationId}:${w.jobDailyShiftId ?? ''}`} className={`chat-window${w.isMini ? ' is-mini' : ''}`} aria-label={w.name} data-testid="chat-window">
            <header>
              <button type="button" className="chat-window-title" onClick={() => chatV3.dispatch({ type: w.isMini ? 'restore' : 'minimise', ref: w })}>
                <strong>{w.name}</strong>
                {row?.job_title && (
                  <small>
                    {jobTitleIn(lang, row)}
                    {shiftDaySuffix(lang, row.shift_date)}
                  </small>
                )}
              </button>
              <button
                type="button"
                className="icon-btn"
                aria-label={w.isMini ? msg(lang, 'chat.restore') : msg(lang, 'chat.minimise')}
                title={w.isMini ? msg(lang, 'chat.restore') : msg(lang, 'chat.minimise')}
                onClick={() => chatV3.dispatch({ type: w.isMini ? 'restore' : 'minimise', ref: w })}
              >
                {w.isMini ? '▴' : '▾'}
              </button>
              <button type="button" className="icon-btn" aria-label={msg(lang, 'chat.close')} title={msg(lang, 'chat.close')} onClick={() => closeWindow(w)}>
                ×
              </button>
            </header>
            {!w.isMini && row && (
              <>
                {!row.support && (
                  <p className="chat-status">
                    {row.chat_status === 1 ? msg(lang, 'chat.botAnswering') : msg(lang, 'chat.staff')}{' '}
                    <button
                      type="button"
                      className="btn-link"
                      onClick={() =>
                        void connectChat('admin')
                          .changeStatus({ conversation_id: row.id, chat_status: row.chat_status === 1 ? 2 : 1 })
                          .catch((err) => warn('status change', err))
                      }
                    >
                      {row.chat_status === 1 ? msg(lang, 'chat.toStaff') : msg(lang, 'chat.toBot')}
                    </button>
                  </p>
                )}
                <ChatThread row={row} lang={lang} mode="admin" autoFocus />
              </>
            )}
          </section>
        );
      })}
    </div>
  );
}
