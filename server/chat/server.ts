import type http from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { parse as parseCookies } from 'cookie';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { warnThrottled } from '../events/bus.ts';
import { forgetSessions } from '../modules/auth/session-cache.ts';
import type { ChatDeps, ChatIo, ChatServices, ChatSocket, SocketData } from './context.ts';
import type { ClientToServerEvents, ServerToClientEvents } from './events.ts';
import { socketLimits } from './limits.ts';
import { candidateMail } from './mail.ts';
import { loadConversation, statusNotice } from './queries.ts';
import { audience, placeInRooms, userRoom } from './rooms.ts';
import { bindEvents, sessionOf, viewerFor } from './socket.ts';

const MAX_PAYLOAD = 64 * 1024;

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

export interface ChatServer {
  io: ChatIo;
  close(): Promise<void>;
}

/**
 * The chat's socket.io server at /socket.io on the app's HTTP server: the transport
 * (socket.io, the Redis adapter, the handshake) and what the event bus tells the sockets. The
 * handshake authenticates once (auth.token, or the same-origin session cookie); every event then
 * checks the session and the caller's right to that conversation again (socket.ts, one handler per
 * event in handlers.ts). Messages are stored (with their seq, deduplicated by client_msg_id) before
 * they are acknowledged or broadcast.
 */
export function createChatServer(services: ChatServices, server: http.Server): ChatServer {
  const db = services.db;
  const log = services.log;
  const mail = candidateMail(services);
  const io: ChatIo = new Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>(server, {
    path: '/socket.io',
    serveClient: false,
    // socket.io's default transports: a client opens with HTTP long-polling and upgrades to
    // WebSocket (a default socket.io-client, or one behind a proxy that refuses WebSocket); the
    // browser's own client (client/api/chat-socket.ts) asks for WebSocket at once. Long-polling
    // spreads one session over many requests, so several processes need sticky routing by session
    // id: server/cluster.ts for `npm run start:cluster`, the load balancer otherwise
    // (docs/operations.md).
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

  const deps: ChatDeps = {
    db,
    bus: services.bus,
    log,
    mailer: services.mailer,
    publicUrl: services.publicUrl,
    auth: services.auth,
    roleMaps: services.roleMaps,
    mail,
    io,
  };
  const limits = socketLimits(services.bus);

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
        const user = await sessionOf(deps, c.token, c.aud);
        if (user) {
          socket.data = { token: c.token, aud: c.aud, userId: user.id, lang: user.lang, rooms: [] };
          await socket.join(userRoom(user.id));
          await placeInRooms(socket as ChatSocket, await viewerFor(deps, user));
          return next();
        }
      }
      next(new Error('unauthorized'));
    } catch (err) {
      log.error({ err }, 'chat handshake failed');
      next(new Error('unauthorized'));
    }
  });

  const unsubscribe = [
    services.bus.subscribe('session.revoked', ({ userId }) => {
      io.local.in(userRoom(userId)).disconnectSockets(true);
    }),
    // A user's role, company or client changed: that user's open sockets move rooms now.
    // A user's role or tenant changed: the change has committed, but this process's session row
    // may still be the old one until the NOTIFY arrives, so it is read again.
    services.bus.subscribe('chat.rooms.refresh', ({ userId }) => {
      forgetSessions(db);
      refreshRooms(userId);
    }),
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
          if (c) io.local.to(audience(c)).emit('statusChanged', await statusNotice(db, c));
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
        const user = await sessionOf(deps, socket.data.token, socket.data.aud);
        if (!user) socket.disconnect(true);
        else await placeInRooms(socket, await viewerFor(deps, user));
      }
    })().catch((err) => log.warn({ err }, 'chat: refreshing rooms failed'));
  }

  io.on('connection', (socket: ChatSocket) => bindEvents(deps, limits, socket));

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
