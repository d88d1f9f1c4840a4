import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense } from 'react';
import { chatV3 } from '../chat/state.ts';
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
