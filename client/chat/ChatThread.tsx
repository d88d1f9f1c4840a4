import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import { type ChatMessage, type ConversationRow, IMAGE_TYPES, MAX_CONTENT_LENGTH, MAX_IMAGE_BYTES, MESSAGE_IMAGE } from '../../server/chat/events.ts';
import { messageKey } from '../stores/chat-v3.ts';
import { attachmentUrl, chatV3, connectChat, markSeen, pending, refOf, sayTyping, seenBy, sendImage, sendMessage, typingIn } from './live.ts';
import { previewText } from './preview.ts';

export type Lang = 'ja' | 'en';

const L = {
  ja: {
    empty: 'まだメッセージはありません。',
    placeholder: 'メッセージを入力',
    hint: 'Enterで送信、Shift+Enterで改行',
    send: '送信',
    sending: '送信中…',
    retrying: '再送信しています…',
    refused: '送信できませんでした',
    dismiss: '削除',
    read: '既読',
    tooLong: `メッセージは${MAX_CONTENT_LENGTH}文字以内で入力してください。`,
    bot: 'ボット',
    label: 'メッセージ',
    attach: '画像を送る',
    uploading: '画像を送信中…',
    image: '画像',
    imageTooLarge: `画像は${MAX_IMAGE_BYTES / 1024 / 1024}MB以内にしてください。`,
    notImage: 'PNG・JPEG・GIF・WebPの画像を選んでください。',
    typing: (name: string) => `${name}さんが入力中…`,
  },
  en: {
    empty: 'No messages yet.',
    placeholder: 'Write a message',
    hint: 'Enter sends; Shift+Enter starts a new line',
    send: 'Send',
    sending: 'Sending…',
    retrying: 'Retrying…',
    refused: 'Could not be sent',
    dismiss: 'Remove',
    read: 'Read',
    tooLong: `Messages can be at most ${MAX_CONTENT_LENGTH} characters.`,
    bot: 'Bot',
    label: 'Message',
    attach: 'Send an image',
    uploading: 'Sending the image…',
    image: 'Image',
    imageTooLarge: `Images can be at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`,
    notImage: 'Choose a PNG, JPEG, GIF or WebP image.',
    typing: (name: string) => `${name} is typing…`,
  },
};

const time = (iso: string, lang: Lang) => new Date(iso).toLocaleString(lang === 'ja' ? 'ja-JP' : 'en-GB', { month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit' });

/**
 * One conversation's messages and the box to write in (issue 6), shared by the admin chat
 * windows, the support chat and the candidate's chat page. Messages come from the chat V3 store;
 * what is written goes through the connection's outbox and shows as "sending…" until stored.
 * Messages of the person's own side show "Read" once the other party has seen them.
 */
export function ChatThread({ row, lang, mode, autoFocus }: { row: ConversationRow; lang: Lang; mode: 'admin' | 'candidate'; autoFocus?: boolean }) {
  useSignals();
  const t = L[lang];
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const listRef = useRef<HTMLOListElement>(null);
  const ref = refOf(row);
  const messages = (chatV3.state.value.conversationMessages[messageKey(ref)] ?? []) as unknown as ChatMessage[];
  const waiting = pending.value.filter((p) => p.conversation_id === row.id);
  const seen = seenBy.value[row.id] ?? 0;
  const mine = (m: ChatMessage) => (mode === 'admin' ? m.sender_role !== 'candidate' : m.sender_role === 'candidate');
  const last = messages[messages.length - 1];

  // Keep the newest message in view.
  useEffect(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length, waiting.length]);

  // A message from the other party arriving while the thread is on screen is read at once.
  const lastSeq = last?.seq ?? 0;
  const lastFromOther = last ? !mine(last) : false;
  useEffect(() => {
    if (lastFromOther && document.visibilityState === 'visible') markSeen(row.id);
  }, [row.id, lastSeq, lastFromOther, mode]);

  function submit() {
    const content = text.trim();
    if (!content) return;
    if (content.length > MAX_CONTENT_LENGTH) {
      setError(t.tooLong);
      return;
    }
    setError(null);
    setText('');
    const { stored } = sendMessage(row.id, content);
    // The chatbot answers a candidate's first messages (SPEC §7 sendBotMember).
    if (mode === 'candidate') void stored.then(() => connectChat(mode).bot(row.id)).catch(() => {});
  }

  async function attach(file: File | undefined) {
    if (!file) return;
    if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return setError(t.notImage);
    if (file.size > MAX_IMAGE_BYTES) return setError(t.imageTooLarge);
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
      <ol className="chat-messages" ref={listRef} aria-live="polite">
        {messages.length === 0 && waiting.length === 0 && <li className="chat-empty">{t.empty}</li>}
        {messages.map((m) => (
          <li key={m.id} className={`chat-message ${mine(m) ? 'is-mine' : 'is-theirs'} is-${m.sender_role}`} data-seq={m.seq}>
            <span className="chat-sender">{m.sender_role === 'bot' ? t.bot : m.sender_name}</span>
            {m.message_type === MESSAGE_IMAGE ? (
              <a className="chat-content chat-image" href={attachmentUrl(m.content)} target="_blank" rel="noopener">
                <img src={attachmentUrl(m.content)} alt={t.image} loading="lazy" />
              </a>
            ) : (
              <span className="chat-content">{m.content}</span>
            )}
            <span className="chat-meta">
              <time dateTime={m.created_at}>{time(m.created_at, lang)}</time>
              {mine(m) && m.seq <= seen && <span className="chat-read">{t.read}</span>}
            </span>
          </li>
        ))}
        {waiting.map((p) => (
          <li key={p.client_msg_id} className="chat-message is-mine is-pending" data-pending={p.refused ? 'refused' : 'sending'}>
            <span className="chat-content">{previewText(p.message_type, p.message_content, lang)}</span>
            <span className="chat-meta">
              {p.refused ? (
                <>
                  {t.refused}: {p.refused}{' '}
                  <button type="button" className="btn-link" onClick={() => connectChat(mode).discard(p.client_msg_id)}>
                    {t.dismiss}
                  </button>
                </>
              ) : p.attempts > 0 ? (
                t.retrying
              ) : (
                t.sending
              )}
            </span>
          </li>
        ))}
      </ol>
      <p className="chat-typing" aria-live="polite">
        {typingIn.value[row.id] ? t.typing(typingIn.value[row.id]!) : ''}
      </p>
      <form
        className="chat-compose"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <textarea
          aria-label={t.label}
          placeholder={t.placeholder}
          title={t.hint}
          value={text}
          rows={2}
          maxLength={MAX_CONTENT_LENGTH + 1}
          autoFocus={autoFocus}
          aria-invalid={error ? true : undefined}
          onChange={(e) => {
            setText(e.target.value);
            if (e.target.value.trim()) sayTyping(row.id);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              submit();
            }
          }}
        />
        <label className="chat-attach" title={t.attach}>
          <span className="visually-hidden">{t.attach}</span>
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
          {t.send}
        </button>
        {uploading && (
          <p className="chat-uploading" role="status">
            {t.uploading}
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

