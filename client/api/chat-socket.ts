import { io, type Socket } from 'socket.io-client';
import {
  BACKFILL_LIMIT,
  type Ack,
  type BadgesPayload,
  type ChangeStatusPayload,
  type ChatMessage,
  type ClientToServerEvents,
  type ConversationRow,
  type RecentChatsPage,
  type RecentChatsPayload,
  type ServerToClientEvents,
  type StatusNotice,
} from '../../server/chat/events.ts';
import { BACKOFF, backoffDelay } from './ws-client.ts';

export type ChatSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A message the person wrote that the server has not acknowledged yet. */
export interface PendingMessage {
  client_msg_id: string;
  conversation_id: string;
  message_type: number;
  message_content: string;
  /** How many times sending failed (each failure is logged as a warning and retried). */
  attempts: number;
  /** Set when the server refused it for good (invalid, forbidden): it is kept, not retried. */
  refused?: string;
}

export interface ChatConnectionOptions {
  /** Where the page's server is; the browser's own origin by default. */
  url?: string;
  /** Outside the browser: a back-office or candidate JWT (in the browser the httpOnly cookie is used). */
  token?: string;
  /** Keeps unsent messages across page loads (the browser's localStorage by default). */
  storage?: (Pick<Storage, 'getItem' | 'setItem'> & Partial<Pick<Storage, 'removeItem'>>) | null;
  /** Where failed sends are reported (SPEC §8: warnings only, no message to the person). */
  log?: Pick<Console, 'warn'>;
  /** How long one send waits for its acknowledgement. */
  ackTimeoutMs?: number;
  /** Reconnect on its own (default true). */
  reconnection?: boolean;
  /** Which session the page speaks for when the browser holds both (back office first by default). */
  as?: 'admin' | 'candidate';
  /**
   * Whose outbox this is (`admin:<user id>` or `candidate:<user id>`, client/stores/persist.ts):
   * unsent messages are kept under it, so a person who signs in after another on the same browser
   * never sends, nor sees, the first one's messages.
   */
  identity?: string;
}

type Listener<E extends keyof ServerToClientEvents> = ServerToClientEvents[E];

export const OUTBOX_KEY = 'tsunagu.chat.outbox';
/** Failures that retrying cannot fix. */
const FINAL = new Set(['invalid', 'forbidden']);

const newId = () => (globalThis.crypto?.randomUUID ? globalThis.crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`);

function defaultStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/**
 * The chat's socket.io connection (SPEC §7), shared by the admin islands, the candidate
 * chat page and the tests. It adds what socket.io does not guarantee:
 *
 * - **Nothing lost**: every message goes through an outbox with its own `client_msg_id`. It stays
 *   there (and in localStorage, so a reload keeps it) until the server acknowledges it as stored;
 *   a failed or timed-out send is logged as a warning and retried with the SPEC §9 backoff (a
 *   send over the socket's limit: when the server says the limit's window ends), and resent
 *   after a reconnect. The server treats a repeated `client_msg_id` as the same message.
 * - **Nothing missed**: the connection remembers the last `seq` it saw per conversation and, after
 *   every reconnect, asks the server to backfill what came after it; backfilled messages reach the
 *   same `newMessage` listeners (listeners must tolerate a message they already have: the reducers
 *   merge by id).
 * - Reconnect backoff 100 ms → 10 s, factor 2, no jitter (SPEC §9).
 */
export class ChatConnection {
  readonly socket: ChatSocket;
  private readonly outbox: PendingMessage[] = [];
  private readonly lastSeq = new Map<string, number>();
  private readonly storage: (Pick<Storage, 'getItem' | 'setItem'> & Partial<Pick<Storage, 'removeItem'>>) | null;
  private readonly outboxKey: string;
  private readonly log: Pick<Console, 'warn'>;
  private readonly ackTimeoutMs: number;
  private flushing = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private connectedOnce = false;
  private closed = false;
  private readonly changeListeners = new Set<() => void>();

  constructor(opts: ChatConnectionOptions = {}) {
    this.storage = opts.storage === undefined ? defaultStorage() : opts.storage;
    this.outboxKey = opts.identity ? `${OUTBOX_KEY}:${opts.identity}` : OUTBOX_KEY;
    this.log = opts.log ?? console;
    this.ackTimeoutMs = opts.ackTimeoutMs ?? 5_000;
    this.outbox.push(...this.loadOutbox());
    const url = opts.url ?? (typeof location === 'undefined' ? '' : location.origin);
    this.socket = io(url, {
      path: '/socket.io',
      transports: ['websocket'],
      forceNew: true,
      withCredentials: true,
      reconnection: opts.reconnection ?? true,
      reconnectionDelay: BACKOFF.minMs,
      reconnectionDelayMax: BACKOFF.maxMs,
      randomizationFactor: 0,
      auth: { ...(opts.token ? { token: opts.token } : {}), ...(opts.as ? { as: opts.as } : {}) },
    });
    this.socket.on('newMessage', (m) => this.saw(m));
    this.socket.on('connect', () => {
      const again = this.connectedOnce;
      this.connectedOnce = true;
      if (again) void this.catchUp();
      void this.flush();
    });
  }

  /** Listens to a server event; returns the function that stops listening. */
  on<E extends keyof ServerToClientEvents>(event: E, listener: Listener<E>): () => void {
    this.socket.on(event, listener as never);
    return () => {
      this.socket.off(event, listener as never);
    };
  }

  /** Called whenever the outbox changes (a message queued, stored or refused). */
  onOutboxChange(listener: () => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /** The messages not yet stored by the server, oldest first. */
  pending(conversationId?: string): PendingMessage[] {
    return this.outbox.filter((m) => conversationId === undefined || m.conversation_id === conversationId);
  }

  /**
   * Queues a message and sends it as soon as the socket can. Resolves with the stored message
   * (which also arrives as `newMessage`); rejects only when the server refused it for good.
   */
  send(conversationId: string, content: string, messageType = 1): { client_msg_id: string; stored: Promise<ChatMessage> } {
    const pending: PendingMessage = { client_msg_id: newId(), conversation_id: conversationId, message_type: messageType, message_content: content, attempts: 0 };
    const stored = new Promise<ChatMessage>((resolve, reject) => this.waiters.set(pending.client_msg_id, { resolve, reject }));
    stored.catch(() => {}); // a caller that does not wait must not see an unhandled rejection
    this.outbox.push(pending);
    this.outboxChanged();
    void this.flush();
    return { client_msg_id: pending.client_msg_id, stored };
  }

  /** Removes a refused message from the outbox (the person dismissed it). */
  discard(clientMsgId: string): void {
    const i = this.outbox.findIndex((m) => m.client_msg_id === clientMsgId);
    if (i >= 0) {
      this.outbox.splice(i, 1);
      this.outboxChanged();
    }
  }

  /** Remembers how far the caller has seen a conversation, so a reconnect backfills after it. */
  track(conversationId: string, lastSeq = 0): void {
    this.lastSeq.set(conversationId, Math.max(lastSeq, this.lastSeq.get(conversationId) ?? 0));
  }

  untrack(conversationId: string): void {
    this.lastSeq.delete(conversationId);
  }

  /** Everything after `afterSeq` in a conversation (all pages), oldest first; also joins its room. */
  async history(conversationId: string, afterSeq = 0): Promise<ChatMessage[]> {
    const all: ChatMessage[] = [];
    let after = afterSeq;
    for (;;) {
      // A page that starts at or before what was seen has no hole: every message it holds counts as seen.
      const complete = after <= (this.lastSeq.get(conversationId) ?? 0);
      const r = await this.request('backfill', { conversation_id: conversationId, after_seq: after });
      all.push(...r.messages);
      for (const m of r.messages) this.saw(m, complete);
      if (r.messages.length < BACKFILL_LIMIT) return all;
      after = r.messages[r.messages.length - 1]!.seq;
    }
  }

  seen(conversationId: string): Promise<{ last_seq: number }> {
    return this.request('sendSeenAdmin', { conversation_id: conversationId });
  }

  /** Asks for a recent page; it arrives as the `recentChats` event (and is returned here too). */
  recent(payload: RecentChatsPayload): Promise<RecentChatsPage> {
    return this.answeredBy(
      'recentChats',
      (p) => p.current === payload.page && p.kind === (payload.kind ?? 'job'),
      () => this.request('getRecentChats', payload),
    );
  }

  /** The rows of these conversations that the person may see. */
  async conversations(ids: string[]): Promise<ConversationRow[]> {
    return (await this.request('getConversations', { ids })).data;
  }

  /** Asks for the badges; they arrive as the `badges` event (and are returned here too). */
  badges(): Promise<BadgesPayload> {
    return this.answeredBy(
      'badges',
      () => true,
      () => this.request('getBadges', {}),
    );
  }

  seeBadges(): Promise<unknown> {
    return this.request('seeBadges', {});
  }

  bot(conversationId: string): Promise<{ message: ChatMessage | null }> {
    return this.request('sendBotMember', { conversation_id: conversationId });
  }

  changeStatus(payload: ChangeStatusPayload): Promise<{ status: StatusNotice }> {
    return this.request('changeStatus', payload);
  }

  /** Says the person is writing in a conversation; dropped when not connected (it is only a hint). */
  typing(conversationId: string): void {
    if (this.socket.connected) this.socket.emit('typing', { conversation_id: conversationId });
  }

  join(conversationId: string): Promise<unknown> {
    return this.request('joinConversation', { conversation_id: conversationId });
  }

  close(): void {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.socket.disconnect();
  }

  /**
   * Logout: the unsent messages belong to the person leaving, so they go too — from memory and
   * from storage — and nothing is sent or stored after this (a send in flight is not retried).
   */
  forgetAll(): void {
    this.close();
    this.outbox.length = 0;
    try {
      this.storage?.removeItem?.(this.outboxKey);
    } catch {
      // Storage disabled: nothing was kept there.
    }
    for (const l of this.changeListeners) l();
  }

  // ------------------------------------------------------------------ internals

  private readonly waiters = new Map<string, { resolve: (m: ChatMessage) => void; reject: (e: Error) => void }>();

  /** One acknowledged event; a refusal becomes an Error with the server's code and message. */
  private async request<E extends 'backfill' | 'sendSeenAdmin' | 'getRecentChats' | 'getConversations' | 'getBadges' | 'seeBadges' | 'sendBotMember' | 'changeStatus' | 'joinConversation'>(
    event: E,
    payload: Parameters<ClientToServerEvents[E]>[0],
  ): Promise<Extract<Parameters<NonNullable<Parameters<ClientToServerEvents[E]>[1]>>[0], { ok: true }>> {
    const emit = this.socket.timeout(this.ackTimeoutMs).emitWithAck as unknown as (e: string, p: unknown) => Promise<Ack<object>>;
    let r: Ack<object>;
    try {
      r = await emit.call(this.socket.timeout(this.ackTimeoutMs), event, payload);
    } catch (err) {
      // No answer: the socket went away before it came ('disconnected': every page asks again on
      // reconnect, see client/chat/live.ts) or the server is slow ('timeout').
      throw Object.assign(err instanceof Error ? err : new Error(String(err)), { code: this.socket.connected ? 'timeout' : 'disconnected' });
    }
    if (!r.ok) throw Object.assign(new Error(r.message), { code: r.error });
    return r as never;
  }

  /** Runs `ask` and resolves with the first matching event it causes. */
  private answeredBy<E extends 'recentChats' | 'badges'>(event: E, match: (p: Parameters<ServerToClientEvents[E]>[0]) => boolean, ask: () => Promise<unknown>) {
    return new Promise<Parameters<ServerToClientEvents[E]>[0]>((resolve, reject) => {
      const listener = (p: Parameters<ServerToClientEvents[E]>[0]) => {
        if (!match(p)) return;
        this.socket.off(event, listener as never);
        resolve(p);
      };
      this.socket.on(event, listener as never);
      ask().catch((err) => {
        this.socket.off(event, listener as never);
        reject(err);
      });
    });
  }

  /**
   * Moves a tracked conversation's last seen seq, but never over a hole: a broadcast can be lost
   * (Redis pub/sub between processes is at most once) or come after a later one, and a last seq
   * past a message never received would make every backfill skip it for good. A message after a
   * hole fetches what is missing instead.
   */
  private saw(m: ChatMessage, complete = false) {
    const last = this.lastSeq.get(m.conversation_id);
    if (last === undefined) return;
    if (complete || m.seq <= last + 1) this.track(m.conversation_id, m.seq);
    else void this.fillGap(m.conversation_id);
  }

  /** Conversations being backfilled after a hole; true when another hole showed up meanwhile. */
  private readonly filling = new Map<string, boolean>();

  private async fillGap(conversationId: string) {
    if (this.filling.has(conversationId)) {
      this.filling.set(conversationId, true);
      return;
    }
    // Disconnected: the backfill after the reconnect fetches it.
    if (!this.socket.connected) return;
    try {
      do {
        this.filling.set(conversationId, false);
        const after = this.lastSeq.get(conversationId);
        if (after === undefined) return;
        const missed = await this.history(conversationId, after);
        const listeners = this.socket.listeners('newMessage');
        for (const m of missed) for (const l of listeners) l(m);
      } while (this.filling.get(conversationId));
    } catch (err) {
      this.log.warn('chat: fetching missed messages failed', conversationId, err);
    } finally {
      this.filling.delete(conversationId);
    }
  }

  /** After a reconnect: what was missed in every tracked conversation goes to the listeners. */
  private async catchUp() {
    for (const [conversationId, after] of this.lastSeq) {
      try {
        const missed = await this.history(conversationId, after);
        const listeners = this.socket.listeners('newMessage');
        for (const m of missed) for (const l of listeners) l(m);
      } catch (err) {
        this.log.warn('chat: backfill after reconnect failed', conversationId, err);
      }
    }
  }

  /** Sends the outbox in order, one at a time; a failure schedules a retry with backoff. */
  private async flush(): Promise<void> {
    if (this.flushing || this.closed) return;
    this.flushing = true;
    try {
      for (;;) {
        const next = this.outbox.find((m) => !m.refused);
        if (!next || !this.socket.connected) return;
        let r: Ack<{ message: ChatMessage }>;
        try {
          r = await this.socket.timeout(this.ackTimeoutMs).emitWithAck('sendMessageMember', {
            conversation_id: next.conversation_id,
            message_type: next.message_type,
            message_content: next.message_content,
            client_msg_id: next.client_msg_id,
          });
        } catch (err) {
          r = { ok: false, error: 'server', message: err instanceof Error ? err.message : String(err) };
        }
        if (r.ok) {
          this.outbox.splice(this.outbox.indexOf(next), 1);
          this.outboxChanged();
          this.waiters.get(next.client_msg_id)?.resolve(r.message);
          this.waiters.delete(next.client_msg_id);
          continue;
        }
        next.attempts += 1;
        this.log.warn(`chat: sending a message failed (${r.error}: ${r.message}); attempt ${next.attempts}`);
        if (FINAL.has(r.error)) {
          next.refused = r.message;
          this.outboxChanged();
          this.waiters.get(next.client_msg_id)?.reject(Object.assign(new Error(r.message), { code: r.error }));
          this.waiters.delete(next.client_msg_id);
          continue;
        }
        this.outboxChanged();
        if (!this.retryTimer) {
          // Over the socket's send limit, the server says when its window ends: try again then,
          // not after a backoff that may have grown past it.
          const wait = r.error === 'rate' && r.retry_after_ms !== undefined ? Math.min(Math.max(r.retry_after_ms, BACKOFF.minMs), BACKOFF.maxMs) : backoffDelay(next.attempts - 1);
          this.retryTimer = setTimeout(() => {
            this.retryTimer = null;
            void this.flush();
          }, wait);
        }
        return;
      }
    } finally {
      this.flushing = false;
    }
  }

  private outboxChanged() {
    // A closed connection (logged out, page gone) writes nothing more.
    if (this.closed) return;
    try {
      this.storage?.setItem(this.outboxKey, JSON.stringify(this.outbox));
    } catch {
      // A full or disabled storage only loses the reload safety net, not the message in memory.
    }
    for (const l of this.changeListeners) l();
  }

  private loadOutbox(): PendingMessage[] {
    try {
      const raw = this.storage?.getItem(this.outboxKey);
      const list = raw ? (JSON.parse(raw) as PendingMessage[]) : [];
      return Array.isArray(list) ? list.filter((m) => m && typeof m.client_msg_id === 'string' && typeof m.conversation_id === 'string') : [];
    } catch {
      return [];
    }
  }
}
