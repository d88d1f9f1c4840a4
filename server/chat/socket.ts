/**
 * Binds the socket events of one connection to their handlers (server/chat/handlers.ts). Before a
 * handler runs, every event is counted against the socket's limit (limits.ts), the session is
 * checked again (logout or deactivation since the handshake), the payload validated (payloads.ts)
 * and, for an event about a conversation, the caller's right to it checked (`mayAccess`). The
 * handler's answer is the acknowledgement; a failure is `{ ok: false, error, message }` and an
 * error never reaches the client's stack.
 */
import type { z } from 'zod';
import { msg, type MessageKey } from '../../shared/messages.ts';
import type { SessionUser } from '../modules/auth/service.ts';
import type { ChatDeps, ChatSocket, ConversationContext, EventContext } from './context.ts';
import type { ChatErrorCode, ChatFailure } from './events.ts';
import * as handlers from './handlers.ts';
import type { LimitKind, SocketLimits } from './limits.ts';
import { Backfill, ChangeStatus, Conversations, Empty, OneConversation, Recent, SendMessage } from './payloads.ts';
import { loadConversation, mayAccess, type Viewer, viewerOf } from './queries.ts';

const ERRORS: Record<ChatErrorCode, MessageKey> = {
  invalid: 'chat.errInvalid',
  forbidden: 'chat.errForbidden',
  rate: 'chat.errRate',
  session: 'chat.errSession',
  server: 'chat.errServer',
};

/** The session behind a token, or null once it is gone (logout, reset, deactivation). */
export async function sessionOf(deps: Pick<ChatDeps, 'auth'>, token: string, aud: 'admin' | 'candidate'): Promise<SessionUser | null> {
  const r = await deps.auth.resolve(token, aud);
  return r.kind === 'ok' ? r.user : null;
}

/** Who the user is to the chat under the current role maps. */
export async function viewerFor(deps: Pick<ChatDeps, 'roleMaps'>, user: SessionUser): Promise<Viewer> {
  return viewerOf(user, await deps.roleMaps.get());
}

type Run<S extends z.ZodType, C> = (ctx: C, p: z.output<S>) => Promise<object>;

export function bindEvents(deps: ChatDeps, limits: SocketLimits, socket: ChatSocket): void {
  const side = socket.data.aud === 'candidate' ? 'candidate' : 'staff';
  const fail = (error: ChatErrorCode): ChatFailure => ({ ok: false, error, message: msg(socket.data.lang, ERRORS[error]) });

  /** Checks rate and session and validates the payload: the event's context, or the refusal. */
  async function begin<S extends z.ZodType>(limit: LimitKind, schema: S, payload: unknown): Promise<ChatFailure | { ctx: EventContext; p: z.output<S> }> {
    const rate = await limits.check(limit, socket.id);
    if (!rate.allowed) return { ...fail('rate'), retry_after_ms: rate.retryAfterMs };
    const user = await sessionOf(deps, socket.data.token, socket.data.aud);
    if (!user) {
      setImmediate(() => socket.disconnect(true));
      return fail('session');
    }
    socket.data.lang = user.lang;
    const parsed = schema.safeParse(payload);
    if (!parsed.success) return fail('invalid');
    return { ctx: { ...deps, socket, user, viewer: await viewerFor(deps, user), side, fail }, p: parsed.data };
  }

  /** Runs one event and answers `ack` (if the client sent one). */
  function on<S extends z.ZodType>(limit: LimitKind, schema: S, run: Run<S, EventContext>) {
    return async (payload: unknown, ack?: unknown) => {
      const reply = typeof ack === 'function' ? (ack as (r: object) => void) : () => {};
      try {
        const checked = await begin(limit, schema, payload);
        if ('ok' in checked) return reply(checked);
        reply(await run(checked.ctx, checked.p));
      } catch (err) {
        deps.log.error({ err }, 'chat event failed');
        reply(fail('server'));
      }
    };
  }

  /** An event about one conversation: the caller must be allowed in it (tenant, codes, own). */
  function onConversation<S extends z.ZodType<{ conversation_id: string }>>(limit: LimitKind, schema: S, run: Run<S, ConversationContext>) {
    return on(limit, schema, async (ctx, p) => {
      const c = await loadConversation(ctx.db, p.conversation_id);
      if (!c || !mayAccess(ctx.viewer, c)) return fail('forbidden');
      return run({ ...ctx, c }, p);
    });
  }

  socket.on('sendMessageMember', onConversation('sends', SendMessage, handlers.sendMessageMember));
  socket.on('sendBotMember', onConversation('sends', OneConversation, handlers.sendBotMember));
  socket.on('typing', onConversation('others', OneConversation, handlers.typing));
  socket.on('changeStatus', onConversation('others', ChangeStatus, handlers.changeStatus));
  socket.on('sendSeenAdmin', onConversation('others', OneConversation, handlers.sendSeenAdmin));
  socket.on('backfill', onConversation('others', Backfill, handlers.backfill));
  socket.on('joinConversation', onConversation('others', OneConversation, handlers.joinConversation));
  socket.on('getRecentChats', on('others', Recent, handlers.getRecentChats));
  socket.on('getConversations', on('others', Conversations, handlers.getConversations));
  socket.on('getBadges', on('others', Empty, handlers.getBadges));
  socket.on('seeBadges', on('others', Empty, handlers.seeBadges));
}
