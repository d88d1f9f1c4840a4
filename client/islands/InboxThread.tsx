import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { type ChatMessage, type ConversationRow, MESSAGE_TEXT } from '../../server/chat/events.ts';
import { ChatThread } from '../chat/ChatThread.tsx';
import { connectChat, loadHistory, refOf, toConversation } from '../chat/live.ts';
import { chat, chatV3, rows } from '../chat/state.ts';
import { translateHref, writtenIn } from '../chat/translate.ts';
import { type ChatMessageV3, messageKey } from '../stores/chat-v3.ts';
import { LANG_NAMES, type Lang } from '../../shared/i18n.ts';
import { msg } from '../../shared/messages.ts';

export interface InboxThreadProps {
  lang: Lang;
  row: ConversationRow;
  /** The company's canned replies filled for this conversation, in the candidate's language. */
  replies: { id: string; title: string; text: string }[];
  /** TRANSLATE_URL_TEMPLATE ({text}, {lang}), or null: then only the language is named. */
  translateTemplate: string | null;
}

/**
 * The open conversation of the staff inbox (docs/inbox.md): the shared ChatThread (messages,
 * sending, images) over the page's one chat socket, a canned-reply picker that puts the filled
 * text into the compose box to edit, and a hint when the candidate writes in the other language.
 */
export default function InboxThread({ lang, row, replies, translateTemplate }: InboxThreadProps) {
  useSignals();
  const [fill, setFill] = useState<{ text: string; n: number } | null>(null);

  useEffect(() => {
    const c = connectChat('admin');
    if (!rows.value[row.id]) rows.value = { ...rows.value, [row.id]: row };
    const ref = refOf(row);
    const off = c.on('newMessage', (m) => {
      if (m.conversation_id === row.id) chatV3.dispatch({ type: 'messageReceived', ref, message: m as unknown as ChatMessageV3 });
    });
    const refresh = () => void loadHistory(row).then(() => c.track(row.id, rows.value[row.id]?.last_seq ?? row.last_seq));
    c.track(row.id, 0);
    chat.dispatch({ type: 'openConversation', conversation: toConversation(row) });
    // After a reconnect the thread asks again (merged by id, so nothing is doubled).
    c.socket.on('connect', refresh);
    refresh();
    return () => {
      off();
      c.socket.off('connect', refresh);
      c.untrack(row.id);
      chat.dispatch({ type: 'closeConversation', conversation_id: row.id });
    };
  }, [row]);

  const messages = (chatV3.state.value.conversationMessages[messageKey(refOf(row))] ?? []) as unknown as ChatMessage[];
  const lastOfCandidate = messages.findLast((m) => m.sender_role === 'candidate' && m.message_type === MESSAGE_TEXT);
  const written = lastOfCandidate ? writtenIn(lastOfCandidate.content) : null;

  return (
    <div className="inbox-thread">
      {lastOfCandidate && written && written !== lang && (
        <p className="inbox-translate" data-testid="inbox-translate">
          {msg(lang, 'inbox.writtenIn', { language: LANG_NAMES[written] })}
          {translateTemplate && (
            <>
              {' · '}
              <a href={translateHref(translateTemplate, lastOfCandidate.content, lang)} target="_blank" rel="noopener noreferrer nofollow">
                {msg(lang, 'inbox.translate', { language: LANG_NAMES[lang] })}
              </a>
            </>
          )}
        </p>
      )}
      <ChatThread row={row} lang={lang} mode="admin" fill={fill} />
      {replies.length > 0 && (
        <div className="inbox-canned">
          <label>
            <span className="visually-hidden">{msg(lang, 'inbox.cannedLabel')}</span>
            <select
              data-testid="inbox-canned"
              value=""
              onChange={(e) => {
                const reply = replies.find((r) => r.id === e.target.value);
                if (reply) setFill((f) => ({ text: reply.text, n: (f?.n ?? 0) + 1 }));
              }}
            >
              <option value="">{msg(lang, 'inbox.canned')}</option>
              {replies.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.title}
                </option>
              ))}
            </select>
          </label>
        </div>
      )}
    </div>
  );
}
