import type http from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { parse as parseCookies } from 'cookie';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { Server, type Socket } from 'socket.io';
import { z } from 'zod';
import type { Services } from '../api/context.ts';
import { warnThrottled } from '../events/bus.ts';
import type { Lang } from '../../shared/i18n.ts';
import { msg, type MessageKey } from '../../shared/messages.ts';
import type { SessionUser } from '../modules/auth/service.ts';
import { statusRoots } from '../modules/templates/status-tree.ts';
import { declaredMove } from '../modules/pipeline/statuses.ts';
import { announceMoves } from '../modules/pipeline/announce.ts';
import type { StatusMove } from '../modules/templates/status-tree.ts';
import { canEnter } from '../access/guard.ts';
import { LIST_CODES } from '../access/codes.ts';
import { botSetup, pickBotReply } from './bot.ts';
import {
  BACKFILL_LIMIT,
  type ChatErrorCode,
  type ChatFailure,
  type ChatMessage,
  type ClientToServerEvents,
  MAX_CONTENT_LENGTH,
  MESSAGE_IMAGE,
  MESSAGE_TEXT,
  type SenderRole,
  type ServerToClientEvents,
  type StatusNotice,
} from './events.ts';
import { candidateMail } from './mail.ts';
import { storeMessage, type StoredMessageInput } from './store.ts';
import {
  badgesFor,
  type ChatDb,
  type ConversationAccess,
  kindOf,
  loadConversation,
  mayAccess,
  messagesAfter,
  recentConversations,
  type Viewer,
  viewerOf,
} from './queries.ts'

interface SocketData {
  token: string;
  aud: 'admin' | 'candidate';
  userId: string;
  lang: Lang;
  /** The tenant rooms the socket was put in for the user's tenant and chat codes. */
  rooms: string[];
}
type ChatSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

const MAX_PAYLOAD = 64 * 1024;

const ERRORS: Record<ChatErrorCode, MessageKey> = {
  invalid: 'chat.errInvalid',
  forbidden: 'chat.errForbidden',
  rate: 'chat.errRate',
  session: 'chat.errSession',
  server: 'chat.errServer',
};

const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
const SendMessage = z.object({
  conversation_id: uuid,
  message_type: z.union([z.literal(MESSAGE_TEXT), z.literal(MESSAGE_IMAGE)]),
  message_content: z.string().trim().min(1).max(MAX_CONTENT_LENGTH),
  client_msg_id: z.string().min(1).max(100),
});
const Seen = z.object({ conversation_id: uuid });
const Backfill = z.object({ conversation_id: uuid, after_seq: z.number().int().min(0) });
const ChangeStatus = z
  .object({ conversation_id: uuid, candidate_status_id: uuid.optional(), chat_status: z.union([z.literal(1), z.literal(2)]).optional() })
  .refine((p) => p.candidate_status_id !== undefined || p.chat_status !== undefined);
const Recent = z.object({ page: z.number().int().min(1).max(10_000), kind: z.enum(['job', 'support', 'all']).default('job') });
const Empty = z.object({}).passthrough().optional();

/** A token bucket: `capacity` events at once, refilled at `capacity / windowMs`. */
function bucket(capacity: number, windowMs: number): () => boolean {
  let tokens = capacity;
  let last = Date.now();
  return () => {
    const now = Date.now();
    tokens = Math.min(capacity, tokens + ((now - last) * capacity) / windowMs);
    last = now;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}

function sameOrigin(req: http.IncomingMessage): boolean {
  const origin = req.headers.origin;
  // No Origin: not a browser (browsers always send it on cross-origin and websocket requests).
  if (!origin) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

const userRoom = (id: string) => `user:${id}`;
const convRoom = (id: string) => `conversation:${id}`;

/**
 * The rooms a back-office socket listens in: one per kind of conversation its role may open
 * (CHAT_CODES), scoped to its tenant. A conversation's events go to the rooms of its kind and
 * owners, so nobody hears a conversation they could not open.
 */
function tenantRooms(viewer: Viewer): string[] {
  if (viewer.candidate) return [];
  const t = viewer.tenant;
  const scope = t.kind === 'platform' ? 'platform' : t.kind === 'company' ? `company:${t.companyId}` : t.kind === 'client' ? `client:${t.clientId}` : null;
  if (!scope) return [];
  return [...viewer.kinds].filter((k) => !(k === 'support' && t.kind === 'client')).map((k) => `${scope}:${k}`);
}

/** Everyone who may hear about a conversation. */
function audience(c: ConversationAccess): string[] {
  const kind = kindOf(c);
  const rooms = [convRoom(c.id), userRoom(c.candidate_id), `platform:${kind}`, `company:${c.company_id}:${kind}`];
  if (c.client_id && kind !== 'support') rooms.push(`client:${c.client_id}:${kind}`);
  return rooms;
}

export interface ChatServer {
  io: Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
  close(): Promise<void>;
}

/**
 * The chat's socket.io server at /socket.io on the app's HTTP server (issue 6). The handshake
 * authenticates once (auth.token, or the same-origin session cookie); every event then checks the
 * session and the caller's right to that conversation again. Messages are stored (with their seq,
 * deduplicated by client_msg_id) before they are acknowledged or broadcast.
 */
export function createChatServer(services: Services, server: http.Server): ChatServer {
  const db: ChatDb = services.db;
  const log = services.log;
  const mail = candidateMail(services);
  const io = new Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>(server, {
    path: '/socket.io',
    serveClient: false,
    // WebSocket only, no long-polling: one TCP connection per client, so several processes behind
    // one port or a load balancer need no sticky sessions (a polling client's requests would land
    // on processes that do not know its session). Every client (client/api/chat-socket.ts) asks for it.
    transports: ['websocket'],
    maxHttpBufferSize: MAX_PAYLOAD,
    // The app's own upgrade handler answers other paths.
    destroyUpgrade: false,
    // socket.io's cors option does not stop a websocket handshake from another origin; this does.
    allowRequest: (req, callback) => callback(null, sameOrigin(req)),
  });

  const redisClients: Redis[] = [];
  if (services.config.redisUrl) {
    // Redis may go away (docs/operations.md): the adapter still delivers to this process's own
    // sockets, and its publishes to the others fail at once (no offline queue) instead of queueing;
    // the subscriber reconnects and subscribes again by itself. The adapter does not wait for its
    // publishes, so their failures are caught here: an unhandled rejection would end the process.
    const pub = new Redis(services.config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    const sub = new Redis(services.config.redisUrl, { maxRetriesPerRequest: null });
    for (const c of [pub, sub]) c.on('error', (err) => log.warn({ err: { message: err.message, code: (err as { code?: string }).code } }, 'chat redis connection error'));
    const publish = pub.publish.bind(pub) as (channel: string, message: string | Buffer) => Promise<number>;
    (pub as unknown as { publish: typeof publish }).publish = (channel, message) => {
      const sent = publish(channel, message);
      sent.catch((err) => warnThrottled(log, 'chat redis: a broadcast to the other processes failed', err));
      return sent;
    };
    redisClients.push(pub, sub);
    io.adapter(createAdapter(pub, sub, { key: `${services.config.redisPrefix}socket.io` }));
  }

  async function authenticate(token: string, aud: 'admin' | 'candidate'): Promise<SessionUser | null> {
    const r = await services.auth.resolve(token, aud);
    return r.kind === 'ok' ? r.user : null;
  }

  async function viewer(user: SessionUser): Promise<Viewer> {
    return viewerOf(user, await services.roleMaps.get());
  }

  /** Puts the socket in the rooms its user's tenant and codes give, leaving the ones they no longer give. */
  async function placeInRooms(socket: ChatSocket, user: SessionUser) {
    const rooms = tenantRooms(await viewer(user));
    const stale = socket.data.rooms.filter((r) => !rooms.includes(r));
    for (const r of stale) await socket.leave(r);
    if (stale.length) {
      // Rights were narrowed: conversation rooms are joined again through events that check them.
      for (const r of socket.rooms) if (r.startsWith('conversation:')) await socket.leave(r);
    }
    await socket.join(rooms);
    socket.data.rooms = rooms;
  }

  io.use(async (socket, next) => {
    try {
      const req = socket.request;
      const candidates: { token: string; aud: 'admin' | 'candidate' }[] = [];
      const auth = (socket.handshake.auth ?? {}) as Record<string, unknown>;
      // `as` names the session a page speaks for when a browser holds both (a staff member trying
      // the candidate site): the candidate chat page connects as the candidate, the back office as
      // its user. Without it the back-office session comes first.
      const as = auth.as;
      if (as !== undefined && as !== 'admin' && as !== 'candidate') return next(new Error('unauthorized'));
      const authToken = auth.token;
      if (typeof authToken === 'string' && authToken) candidates.push({ token: authToken, aud: 'admin' }, { token: authToken, aud: 'candidate' });
      else if (req.headers.cookie && req.headers.origin && sameOrigin(req)) {
        const cookies = parseCookies(req.headers.cookie);
        if (cookies.token) candidates.push({ token: cookies.token, aud: 'admin' });
        if (cookies.candidate_token) candidates.push({ token: cookies.candidate_token, aud: 'candidate' });
      }
      if (as) candidates.splice(0, candidates.length, ...candidates.filter((c) => c.aud === as));
      for (const c of candidates) {
        const user = await authenticate(c.token, c.aud);
        if (user) {
          socket.data = { token: c.token, aud: c.aud, userId: user.id, lang: user.lang, rooms: [] };
          await socket.join(userRoom(user.id));
          await placeInRooms(socket as ChatSocket, user);
          return next();
        }
      }
      next(new Error('unauthorized'));
    } catch (err) {
      log.error({ err }, 'chat handshake failed');
      next(new Error('unauthorized'));
    }
  });

  const store = (c: ConversationAccess, senderId: string | null, role: SenderRole, p: StoredMessageInput) => storeMessage(db, c, senderId, role, p);

  async function statusOf(c: ConversationAccess): Promise<StatusNotice> {
    const row = await db
      .selectFrom('conversations as c')
      .leftJoin('applications as a', 'a.id', 'c.application_id')
      .select(['c.chat_status', 'a.candidate_status_id'])
      .where('c.id', '=', c.id)
      .executeTakeFirstOrThrow();
    const statusId = row.candidate_status_id ?? null;
    const statuses = statusId
      ? await db
          .selectFrom('candidate_statuses')
          .select(['id', 'parent_id', 'name_ja', 'name_en'])
          .where((eb) => eb.or([eb('company_id', '=', c.company_id), eb('company_id', 'is', null)]))
          .execute()
      : [];
    return {
      conversation_id: c.id,
      application_id: c.application_id,
      candidate_id: c.candidate_id,
      candidate_status_id: statusId,
      roots: statusId ? statusRoots(statuses, statusId) : [],
      chat_status: row.chat_status,
    };
  }

  async function broadcast(c: ConversationAccess, message: ChatMessage, tookOver: boolean) {
    io.to(audience(c)).emit('newMessage', message);
    await services.bus.publish('chat.message', { message, conversation: c });
    if (tookOver) io.to(audience(c)).emit('statusChanged', await statusOf(c));
  }

  const unsubscribe = [
    services.bus.subscribe('session.revoked', ({ userId }) => {
      io.local.in(userRoom(userId)).disconnectSockets(true);
    }),
    // A user's role, company or client changed: that user's open sockets move rooms now.
    services.bus.subscribe('chat.rooms.refresh', ({ userId }) => refreshRooms(userId)),
    // The role maps changed (in any process): every open socket follows the new codes. This comes
    // on the database's NOTIFY, after this process's role cache has been dropped, so the rooms are
    // computed from the new maps (a bus event could arrive before the NOTIFY, and use the old ones).
    services.roleMaps.onChange(() => refreshRooms()),
    // A message the API stored (a status move's note to the candidate, server/chat/post.ts): every
    // process tells its own sockets; the bus already reached every process.
    services.bus.subscribe('chat.message', ({ message, conversation, relay }) => {
      if (relay) io.local.to(audience(conversation)).emit('newMessage', message);
    }),
    // A new application: the company's applicant lists hear of it.
    services.bus.subscribe('application.added', ({ applicationId, conversationId }) => {
      loadConversation(db, conversationId)
        .then((c) => {
          if (c) io.local.to(audience(c)).emit('applicationAdded', { application_id: applicationId, conversation_id: conversationId });
        })
        .catch((err: unknown) => warnThrottled(log, 'telling sockets of a new application failed', err));
    }),
    // Applications moved through the status tree outside the chat (the lists, the candidate's
    // confirmation): everyone who sees the conversation hears the new status (SPEC §4).
    services.bus.subscribe('application.moved', ({ conversationIds }) => {
      void Promise.all(
        conversationIds.map(async (id) => {
          const c = await loadConversation(db, id);
          if (c) io.local.to(audience(c)).emit('statusChanged', await statusOf(c));
        }),
      ).catch((err: unknown) => warnThrottled(log, 'telling sockets of a status move failed', err));
    }),
  ];

  /** Places a user's sockets (or every socket of this process) in the rooms their rights give now. */
  function refreshRooms(userId?: string) {
    void (async () => {
      const sockets = userId ? await io.local.in(userRoom(userId)).fetchSockets() : await io.local.fetchSockets();
      for (const remote of sockets) {
        const socket = io.sockets.sockets.get(remote.id) as ChatSocket | undefined;
        if (!socket) continue;
        const user = await authenticate(socket.data.token, socket.data.aud);
        if (!user) socket.disconnect(true);
        else await placeInRooms(socket, user);
      }
    })().catch((err) => log.warn({ err }, 'chat: refreshing rooms failed'));
  }

  io.on('connection', (socket: ChatSocket) => {
    const sends = bucket(20, 10_000);
    const others = bucket(60, 10_000);
    /** Which side this socket writes for (fixed at the handshake). */
    const side = socket.data.aud === 'candidate' ? 'candidate' : 'staff';
    const fail = (error: ChatErrorCode): ChatFailure => ({ ok: false, error, message: msg(socket.data.lang, ERRORS[error]) });

    /** Checks rate and session (logout or deactivation since the handshake) and validates the payload. */
    async function begin<S extends z.ZodType>(limiter: () => boolean, schema: S, payload: unknown): Promise<ChatFailure | { user: SessionUser; viewer: Viewer; p: z.output<S> }> {
      if (!limiter()) return fail('rate');
      const user = await authenticate(socket.data.token, socket.data.aud);
      if (!user) {
        setImmediate(() => socket.disconnect(true));
        return fail('session');
      }
      socket.data.lang = user.lang;
      const parsed = schema.safeParse(payload);
      if (!parsed.success) return fail('invalid');
      return { user, viewer: await viewer(user), p: parsed.data };
    }

    /** Runs one event and answers `ack` (if the client sent one); errors never reach the client's stack. */
    function on<S extends z.ZodType>(limiter: () => boolean, schema: S, run: (ctx: { user: SessionUser; viewer: Viewer; p: z.output<S> }) => Promise<object>) {
      return async (payload: unknown, ack?: unknown) => {
        const reply = typeof ack === 'function' ? (ack as (r: object) => void) : () => {};
        try {
          const ctx = await begin(limiter, schema, payload);
          if ('ok' in ctx) return reply(ctx);
          reply(await run(ctx));
        } catch (err) {
          log.error({ err }, 'chat event failed');
          reply(fail('server'));
        }
      };
    }

    /** An event about one conversation: the caller must be allowed in it (tenant, codes, own). */
    function onConversation<S extends z.ZodType<{ conversation_id: string }>>(
      limiter: () => boolean,
      schema: S,
      run: (ctx: { user: SessionUser; viewer: Viewer; p: z.output<S>; c: ConversationAccess }) => Promise<object>,
    ) {
      return on(limiter, schema, async (ctx) => {
        const c = await loadConversation(db, ctx.p.conversation_id);
        if (!c || !mayAccess(ctx.viewer, c)) return fail('forbidden');
        return run({ ...ctx, c });
      });
    }

    socket.on(
      'sendMessageMember',
      onConversation(sends, SendMessage, async ({ user, c, p }) => {
        // An image message carries the id of an image uploaded to this same conversation.
        if (p.message_type === MESSAGE_IMAGE) {
          const image = uuid.safeParse(p.message_content).success
            ? await db.selectFrom('chat_attachments').select('id').where('id', '=', p.message_content).where('conversation_id', '=', c.id).executeTakeFirst()
            : undefined;
          if (!image) return fail('invalid');
        }
        const { message, created, tookOver } = await store(c, user.id, side, p);
        await socket.join(convRoom(c.id));
        // Stored first; a resend of a stored message is answered, not broadcast again.
        if (created) {
          await broadcast(c, message, tookOver);
          if (side === 'staff') mail.afterStaffMessage(c, message);
        }
        return { ok: true, message };
      }),
    );

    // Someone is writing: everyone else who may open the conversation hears it (nothing stored).
    socket.on(
      'typing',
      onConversation(others, Seen, async ({ user, c }) => {
        socket.to(audience(c)).emit('typing', { conversation_id: c.id, user_id: user.id, name: user.name, sender_role: side });
        return { ok: true };
      }),
    );

    socket.on(
      'sendBotMember',
      onConversation(sends, Seen, async ({ c }) => {
        // The bot answers the candidate's latest message, once (its client_msg_id is derived from it).
        const last = await db
          .selectFrom('messages')
          .select(['id', 'content'])
          .where('conversation_id', '=', c.id)
          .where('sender_role', '=', 'candidate')
          .orderBy('seq', 'desc')
          .limit(1)
          .executeTakeFirst();
        if (!last) return { ok: true, message: null };
        const clientMsgId = `bot:${last.id}`;
        const status = await db.selectFrom('conversations').select('chat_status').where('id', '=', c.id).executeTakeFirstOrThrow();
        const earlier = await db.selectFrom('messages').select('content').where('conversation_id', '=', c.id).where('sender_role', '=', 'bot').execute();
        const answered = await db.selectFrom('messages').select('seq').where('conversation_id', '=', c.id).where('client_msg_id', '=', clientMsgId).executeTakeFirst();
        if (answered) {
          const [again] = await messagesAfter(db, c, Number(answered.seq) - 1, 1);
          return { ok: true, message: again ?? null };
        }
        if (status.chat_status !== 1 || c.job_id === null) return { ok: true, message: null };
        const setup = await botSetup(db, c.company_id, c.type === 1 ? 'daily' : 'other');
        if (!setup.enabled) return { ok: true, message: null };
        const candidate = await db.selectFrom('users').select('lang').where('id', '=', c.candidate_id).executeTakeFirstOrThrow();
        const reply = pickBotReply(setup.templates, last.content, new Set(earlier.map((e) => e.content)), candidate.lang);
        if (!reply) return { ok: true, message: null };
        const { message, created } = await store(c, null, 'bot', { message_type: 1, message_content: reply.slice(0, MAX_CONTENT_LENGTH), client_msg_id: clientMsgId });
        if (created) await broadcast(c, message, false);
        return { ok: true, message };
      }),
    );

    socket.on(
      'changeStatus',
      onConversation(others, ChangeStatus, async ({ user, viewer: v, c, p }) => {
        // The candidate's status is the company's business, not the candidate's.
        if (v.candidate) return fail('forbidden');
        let move: StatusMove | undefined;
        let checkedFrom: string | undefined;
        if (p.candidate_status_id) {
          if (!c.application_id) return fail('invalid');
          // The same rule as the applicant lists: a move the company's tree declares, by someone
          // who works the list it enters (docs/pipeline.md).
          const current = await db.selectFrom('applications').select('candidate_status_id').where('id', '=', c.application_id).executeTakeFirstOrThrow();
          checkedFrom = current.candidate_status_id;
          if (current.candidate_status_id !== p.candidate_status_id) {
            move = await declaredMove(services.db, c.company_id, current.candidate_status_id, p.candidate_status_id);
            if (!move) return fail('invalid');
            const maps = await services.roleMaps.get();
            if (!LIST_CODES[move.list].some((code) => canEnter(maps, user.role, code))) return fail('forbidden');
          }
        }
        const done = await db.transaction().execute(async (trx) => {
          const before = await trx
            .selectFrom('conversations as c')
            .leftJoin('applications as a', 'a.id', 'c.application_id')
            .select(['c.chat_status', 'a.candidate_status_id'])
            .where('c.id', '=', c.id)
            .forUpdate('c')
            .executeTakeFirstOrThrow();
          // Someone moved it since the check: the move checked is no longer the one it would make.
          if (checkedFrom !== undefined && before.candidate_status_id !== checkedFrom) return false;
          const changes: Record<string, { from: unknown; to: unknown }> = {};
          if (p.candidate_status_id !== undefined && c.application_id && p.candidate_status_id !== before.candidate_status_id) {
            await trx.updateTable('applications').set({ candidate_status_id: p.candidate_status_id, updated_at: new Date() }).where('id', '=', c.application_id).execute();
            // The same key as the lists' moves: one status history per application.
            changes.status = { from: before.candidate_status_id, to: p.candidate_status_id };
          }
          if (p.chat_status !== undefined && p.chat_status !== before.chat_status) {
            await trx.updateTable('conversations').set({ chat_status: p.chat_status }).where('id', '=', c.id).execute();
            changes.chat_status = { from: before.chat_status, to: p.chat_status };
          }
          // Who changed what, in the same transaction (the application's history).
          if (Object.keys(changes).length) {
            await trx
              .insertInto('audit_log')
              .values({ entity: 'application', entity_id: c.application_id ?? c.id, action: 'update', actor_id: user.id, actor_name: user.name, company_id: c.company_id, changes: JSON.stringify(changes) })
              .execute();
          }
          return true;
        });
        if (!done) return fail('invalid');
        const status = await statusOf(c);
        io.to(audience(c)).emit('statusChanged', status);
        // The candidate hears of it in the chat and by mail, as from the lists (the sockets were just told).
        if (move && c.application_id) {
          announceMoves(services, [{ applicationId: c.application_id, kind: move.kind }], { broadcast: false, actor: { id: user.id, name: user.name } }).catch((err: unknown) => warnThrottled(log, 'telling the candidate of a status move failed', err));
        }
        return { ok: true, status };
      }),
    );

    socket.on(
      'sendSeenAdmin',
      onConversation(others, Seen, async ({ user, c }) => {
        const row = await db
          .insertInto('conversation_reads')
          .values({
            conversation_id: c.id,
            user_id: user.id,
            last_seq: sql<number>`(select coalesce(max(seq), 0) from messages where conversation_id = ${c.id})`,
          })
          .onConflict((oc) =>
            oc.columns(['conversation_id', 'user_id']).doUpdateSet({
              last_seq: sql<number>`greatest(conversation_reads.last_seq, excluded.last_seq)`,
              updated_at: new Date(),
            }),
          )
          .returning('last_seq')
          .executeTakeFirstOrThrow();
        const last_seq = Number(row.last_seq);
        io.to(audience(c)).emit('seenAdmin', { conversation_id: c.id, user_id: user.id, last_seq });
        return { ok: true, last_seq };
      }),
    );

    socket.on(
      'backfill',
      onConversation(others, Backfill, async ({ c, p }) => {
        const messages = await messagesAfter(db, c, p.after_seq, BACKFILL_LIMIT);
        await socket.join(convRoom(c.id));
        return { ok: true, messages };
      }),
    );

    socket.on(
      'joinConversation',
      onConversation(others, Seen, async ({ c }) => {
        await socket.join(convRoom(c.id));
        return { ok: true };
      }),
    );

    socket.on(
      'getRecentChats',
      on(others, Recent, async ({ viewer: v, p }) => {
        const data = await recentConversations(db, v, p.page, p.kind);
        socket.emit('recentChats', { current: p.page, size: data.length, kind: p.kind, data });
        return { ok: true };
      }),
    );

    socket.on(
      'getBadges',
      on(others, Empty, async ({ viewer: v }) => {
        socket.emit('badges', await badgesFor(db, v));
        return { ok: true };
      }),
    );

    socket.on(
      'seeBadges',
      on(others, Empty, async ({ user, viewer: v }) => {
        await db
          .insertInto('chat_badge_seen')
          .values({ user_id: user.id, seen_at: new Date() })
          .onConflict((oc) => oc.column('user_id').doUpdateSet({ seen_at: new Date() }))
          .execute();
        // The person's other tabs (and processes) get the seen badges too.
        io.to(userRoom(user.id)).emit('badges', await badgesFor(db, v));
        return { ok: true };
      }),
    );
  });

  return {
    io,
    async close() {
      for (const u of unsubscribe) u();
      mail.close();
      // Closing the connections, not disconnecting the sockets: a socket.io disconnect packet
      // ("io server disconnect") tells the client never to reconnect, so after a deploy or restart
      // its outbox would wait and the conversation stay silent until the page was reloaded. Dropped
      // connections make clients reconnect (with backoff), resend and backfill.
      // Not io.close(): that would close the HTTP server, which belongs to the caller.
      io.engine.close();
      await Promise.allSettled(redisClients.map((c) => c.quit()));
    },
  };
}

