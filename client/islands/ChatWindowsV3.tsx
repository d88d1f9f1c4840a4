import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { loadLive } from '../chat/load-live.ts';
import { readSavedChat, updateSavedChat } from '../chat/restore.ts';
import { chatV3, rows } from '../chat/state.ts';
import { msg } from '../../shared/messages.ts';

export interface ChatWindowsV3Props {
  lang: 'ja' | 'en';
}

/** The windows and their thread code (and the chat socket), fetched when the first window opens. */
const ChatWindows = lazy(() => import('../chat/ChatWindows.tsx'));

/**
 * The chat windows of the back office (SPEC §4 "Chat V3"): nothing until a conversation is
 * opened (the dock, the bell), then the windows, loaded on that click (client/chat/ChatWindows.tsx)
 * with a loading mark meanwhile.
 */
export default function ChatWindowsV3({ lang }: ChatWindowsV3Props) {
  useSignals();
  const windows = chatV3.state.value.openConversationV3;
  const restored = useRef(false);

  // Writes the open windows for the next page, keeping the drafts and scroll positions of those still open.
  const save = () =>
    updateSavedChat('admin', (s) => {
      const open = chatV3.state.value.openConversationV3;
      const list = open.map((w) => rows.value[w.conversationId] ?? s.rows.find((r) => r.id === w.conversationId)).filter((r) => r !== undefined);
      const ids = new Set(list.map((r) => r.id));
      const keep = <T,>(m: Record<string, T>) => Object.fromEntries(Object.entries(m).filter(([id]) => ids.has(id)));
      return { rows: list, mini: Object.fromEntries(open.map((w) => [w.conversationId, w.isMini])), drafts: keep(s.drafts), scroll: keep(s.scroll) };
    });

  // The windows open on the previous page come back (client/chat/restore.ts), minimised or not;
  // nothing is written until they have (the first, empty render must not erase them).
  useEffect(() => {
    const saved = readSavedChat('admin');
    if (!saved.rows.length) {
      restored.current = true;
      return;
    }
    void loadLive()
      .then(async (live) => {
        for (const row of saved.rows) {
          await live.openWindow(row);
          if (saved.mini[row.id]) {
            const w = chatV3.state.value.openConversationV3.find((x) => x.conversationId === row.id);
            if (w) chatV3.dispatch({ type: 'minimise', ref: w });
          }
        }
      })
      .finally(() => {
        restored.current = true;
        save();
      });
  }, []);

  // Every later change of the open windows is written for the next page.
  useEffect(() => {
    if (restored.current) save();
  }, [windows]);
  if (!chatV3.state.value.openConversationV3.length) return <div className="chat-windows" />;
  return (
    <Suspense
      fallback={
        <div className="chat-windows">
          <section className="chat-window" aria-busy="true" data-testid="chat-window-loading">
            <p className="chat-empty">{msg(lang, 'chat.loading')}</p>
          </section>
        </div>
      }
    >
      <ChatWindows lang={lang} />
    </Suspense>
  );
}
