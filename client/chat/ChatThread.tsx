import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import { type ChatMessage, type ConversationRow, IMAGE_TYPES, MAX_CONTENT_LENGTH, MAX_IMAGE_BYTES, MESSAGE_IMAGE } from '../../server/chat/events.ts';
import { messageKey } from '../stores/chat-v3.ts';
import { attachmentUrl, connectChat, markSeen, refOf, sayTyping, sendImage, sendMessage } from './live.ts';
import { chatV3, pending, seenBy, sessionEnded, typingIn } from './state.ts';
import { readSavedChat, updateSavedChat } from './restore.ts';
import { previewText } from './preview.ts';
import { linkParts } from './links.ts';
import { dayTimeText } from '../../shared/format.ts';
import { msg } from '../../shared/messages.ts';

export type Lang = 'ja' | 'en';

/**
 * One conversation's messages and the box to write in, shared by the admin chat
 * windows, the support chat and the candidate's chat page. Messages come from the chat V3 store;
 * what is written goes through the connection's outbox and shows as "sending…" until stored.
 * Messages of the person's own side show "Read" once the other party has seen them.
 */
export function ChatThread({ row, lang, mode, autoFocus, fill }: { row: ConversationRow; lang: Lang; mode: 'admin' | 'candidate'; autoFocus?: boolean; fill?: { text: string; n: number } | null }) {
  useSignals();
  // The draft and the scroll position come back after a page change (restore.ts).
  const [text, setText] = useState(() => (typeof window === 'undefined' || mode !== 'admin' ? '' : (readSavedChat(mode).drafts[row.id] ?? '')));
  const savedScroll = useRef<number | undefined>(typeof window === 'undefined' ? undefined : readSavedChat(mode).scroll[row.id]);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const listRef = useRef<HTMLOListElement>(null);
  const boxRef = useRef<HTMLTextAreaElement>(null);
  const ref = refOf(row);
  const messages = (chatV3.state.value.conversationMessages[messageKey(ref)] ?? []) as unknown as ChatMessage[];
  const waiting = pending.value.filter((p) => p.conversation_id === row.id);
  const seen = seenBy.value[row.id] ?? 0;
  const mine = (m: ChatMessage) => (mode === 'admin' ? m.sender_role !== 'candidate' : m.sender_role === 'candidate');
  const last = messages[messages.length - 1];
  // This site's addresses in a message become links (a survey's answer page); none while rendered on the server.
  const origin = typeof location === 'undefined' ? null : location.origin;

  // Keep the newest message in view; the first time the messages are there, where the person left it.
  useEffect(() => {
    const el = listRef.current;
    if (!el) return;
    if (savedScroll.current !== undefined && messages.length) {
      el.scrollTop = savedScroll.current;
      savedScroll.current = undefined;
      return;
    }
    el.scrollTop = el.scrollHeight;
  }, [messages.length, waiting.length]);

  // A message from the other party arriving while the thread is on screen is read at once.
  const lastSeq = last?.seq ?? 0;
  const lastFromOther = last ? !mine(last) : false;
  useEffect(() => {
    if (lastFromOther && document.visibilityState === 'visible') markSeen(row.id);
  }, [row.id, lastSeq, lastFromOther, mode]);

  // A text put into the box from outside (the inbox's canned replies), to edit before sending; `n` counts the puts.
  const fillCount = fill?.n ?? 0;
  useEffect(() => {
    if (!fill) return;
    setText(fill.text);
    updateSavedChat(mode, (s) => ({ ...s, drafts: { ...s.drafts, [row.id]: fill.text } }));
    boxRef.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- each put once, counted by `n`
  }, [fillCount]);

  function submit() {
    const content = text.trim();
    if (!content) return;
    if (content.length > MAX_CONTENT_LENGTH) {
      setError(msg(lang, 'chat.tooLong', { max: MAX_CONTENT_LENGTH }));
      return;
    }
    setError(null);
    setText('');
    updateSavedChat(mode, (s) => {
      const { [row.id]: _sent, ...drafts } = s.drafts;
      return { ...s, drafts };
    });
    const { stored } = sendMessage(row.id, content);
    // The chatbot answers a candidate's first messages (SPEC §7 sendBotMember).
    if (mode === 'candidate') void stored.then(() => connectChat(mode).bot(row.id)).catch(() => {});
  }

  async function attach(file: File | undefined) {
    if (!file) return;
    if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return setError(msg(lang, 'chat.notImage'));
    if (file.size > MAX_IMAGE_BYTES) return setError(msg(lang, 'chat.imageTooLarge', { mb: MAX_IMAGE_BYTES / 1024 / 1024 }));
    setError(null);
    setUploading(true);
    try {
      await sendImage(row.id, file);
    } catch (err) {
      console.warn('chat: image upload failed', err);
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setUploading(false);
    }
  }

  return (
    <div className="chat-thread" data-conversation={row.id}>
      {sessionEnded.value && (
        <p className="chat-session-ended" role="alert" data-testid="chat-session-ended">
          {msg(lang, 'session.chatEnded')}{' '}
          <a href={`${mode === 'admin' ? '/login' : '/staff/login'}?next=${encodeURIComponent(location.pathname + location.search)}`}>{msg(lang, 'session.signInAgain')}</a>
        </p>
      )}
      <ol
        className="chat-messages"
        ref={listRef}
        aria-live="polite"
        onScroll={(e) => {
          const top = e.currentTarget.scrollTop;
          updateSavedChat(mode, (s) => ({ ...s, scroll: { ...s.scroll, [row.id]: top } }));
        }}
      >
        {messages.length === 0 && waiting.length === 0 && <li className="chat-empty">{msg(lang, 'chat.empty')}</li>}
        {messages.map((m) => (
          <li key={m.id} className={`chat-message ${mine(m) ? 'is-mine' : 'is-theirs'} is-${m.sender_role}`} data-seq={m.seq}>
            <span className="chat-sender">{m.sender_role === 'bot' ? msg(lang, 'chat.bot') : m.sender_name}</span>
            {m.message_type === MESSAGE_IMAGE ? (
              <a className="chat-content chat-image" href={attachmentUrl(m.content)} target="_blank" rel="noopener">
                <img src={attachmentUrl(m.content)} alt={msg(lang, 'chat.image')} loading="lazy" />
              </a>
            ) : (
              <span className="chat-content">
                {linkParts(m.content, origin).map((part, i) =>
                  typeof part === 'string' ? (
                    part
                  ) : part.external ? (
                    <a key={i} className="chat-link is-external" href={part.href} target="_blank" rel="noopener noreferrer nofollow ugc">
                      {part.text}
                      <span aria-hidden="true"> ↗</span>
                      <span className="visually-hidden"> ({msg(lang, 'chat.externalLink', { host: new URL(part.href).host })})</span>
                    </a>
                  ) : (
                    <a key={i} className="chat-link" href={part.href}>
                      {part.text}
                    </a>
                  ),
                )}
              </span>
            )}
            <span className="chat-meta">
              <time dateTime={m.created_at}>{dayTimeText(m.created_at, lang)}</time>
              {mine(m) && m.seq <= seen && <span className="chat-read">{msg(lang, 'chat.read')}</span>}
            </span>
          </li>
        ))}
        {waiting.map((p) => (
          <li key={p.client_msg_id} className="chat-message is-mine is-pending" data-pending={p.refused ? 'refused' : 'sending'}>
            <span className="chat-content">{previewText(p.message_type, p.message_content, lang)}</span>
            <span className="chat-meta">
              {p.refused ? (
                <>
                  {msg(lang, 'chat.refused')}: {p.refused}{' '}
                  <button type="button" className="btn-link" onClick={() => connectChat(mode).discard(p.client_msg_id)}>
                    {msg(lang, 'chat.dismiss')}
                  </button>
                </>
              ) : p.attempts > 0 ? (
                msg(lang, 'chat.retrying')
              ) : (
                msg(lang, 'chat.sending')
              )}
            </span>
          </li>
        ))}
      </ol>
      <p className="chat-typing" aria-live="polite">
        {typingIn.value[row.id] ? msg(lang, 'chat.typing', { name: typingIn.value[row.id]! }) : ''}
      </p>
      <form
        className="chat-compose"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <textarea
          ref={boxRef}
          aria-label={msg(lang, 'chat.label')}
          placeholder={msg(lang, 'chat.placeholder')}
          title={msg(lang, 'chat.hint')}
          value={text}
          rows={2}
          maxLength={MAX_CONTENT_LENGTH + 1}
          autoFocus={autoFocus}
          aria-invalid={error ? true : undefined}
          onChange={(e) => {
            setText(e.target.value);
            const draft = e.target.value;
            updateSavedChat(mode, (s) => ({ ...s, drafts: { ...s.drafts, [row.id]: draft } }));
            if (e.target.value.trim()) sayTyping(row.id);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              submit();
            }
          }}
        />
        <label className="chat-attach" title={msg(lang, 'chat.attach')}>
          <span className="visually-hidden">{msg(lang, 'chat.attach')}</span>
          <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <rect x="3" y="3" width="18" height="18" rx="2" />
            <circle cx="8.5" cy="8.5" r="1.5" />
            <path d="M21 15l-5-5L5 21" />
          </svg>
          <input
            type="file"
            accept={IMAGE_TYPES.join(',')}
            disabled={uploading}
            onChange={(e) => {
              void attach(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </label>
        <button type="submit" className="btn btn-primary btn-small" disabled={!text.trim()}>
          {msg(lang, 'chat.send')}
        </button>
        {uploading && (
          <p className="chat-uploading" role="status">
            {msg(lang, 'chat.uploading')}
          </p>
        )}
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </div>
  );
}
