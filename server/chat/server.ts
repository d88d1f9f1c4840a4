import type http from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { parse as parseCookies } from 'cookie';
import { Redis } from 'ioredis';
import { type ColumnType, type Generated, type Kysely, sql } from 'kysely';
import { Server, type Socket } from 'socket.io';
import { z } from 'zod';
import type { Services } from '../api/context.ts';
import { ownsRow, tenantOf } from '../api/tenancy.ts';
import type { Database } from '../db/database.ts';
import type { Lang, Text } from '../i18n.ts';
import type { SessionUser } from '../modules/auth/service.ts';
import type { JobTables } from '../modules/jobs/tables.ts';
import {
  BACKFILL_LIMIT,
  type ChatErrorCode,
  type ChatFailure,
  type ChatMessage,
  type ClientToServerEvents,
  MAX_CONTENT_LENGTH,
  type SenderRole,
  type ServerToClientEvents,
} from './events.ts';

/** The tables of migration 0009. */
interface ChatTables {
  messages: {
    id: Generated<string>;
    conversation_id: string;
    seq: ColumnType<string, number, never>;
    sender_id: string | null;
    sender_role: SenderRole;
    message_type: number;
    content: string;
    client_msg_id: string | null;
    created_at: ColumnType<Date, Date | undefined, never>;
  };
  conversation_reads: {
    conversation_id: string;
    user_id: string;
    last_seq: ColumnType<string, number, number>;
    updated_at: ColumnType<Date, Date | undefined, Date>;
  };
}
type ChatDb = Kysely<Database & JobTables & ChatTables>;

interface SocketData {
  token: string;
  aud: 'admin' | 'candidate';
  userId: string;
  lang: Lang;
}
type ChatSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

const MAX_PAYLOAD = 64 * 1024;

const ERRORS: Record<ChatErrorCode, Text> = {
  invalid: { ja: '送信内容が正しくありません。', en: 'The message is not valid.' },
  forbidden: { ja: 'この会話にはアクセスできません。', en: 'You cannot access this conversation.' },
  rate: { ja: '送信が多すぎます。しばらくしてから再度お試しください。', en: 'Too many messages. Please wait a moment and try again.' },
  session: { ja: 'セッションが終了しました。再度ログインしてください。', en: 'Your session has ended. Please log in again.' },
  server: { ja: 'サーバーエラーが発生しました。', en: 'A server error occurred.' },
};

const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
const SendMessage = z.object({
  conversation_id: uuid,
  message_type: z.number().int().min(1).max(100),
  message_content: z.string().trim().min(1).max(MAX_CONTENT_LENGTH),
  client_msg_id: z.string().min(1).max(100),
});
const Seen = z.object({ conversation_id: uuid });
const Backfill = z.object({ conversation_id: uuid, after_seq: z.number().int().min(0) });

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

const toMessage = (r: {
  id: string;
  conversation_id: string;
  seq: string | number;
  sender_id: string | null;
  sender_role: SenderRole;
  message_type: number;
  content: string;
  client_msg_id: string | null;
  created_at: Date;
}): ChatMessage => ({
  id: r.id,
  conversation_id: r.conversation_id,
  seq: Number(r.seq),
  sender_id: r.sender_id,
  sender_role: r.sender_role,
  message_type: r.message_type,
  content: r.content,
  client_msg_id: r.client_msg_id,
  created_at: r.created_at.toISOString(),
});

const userRoom = (id: string) => `user:${id}`;
const convRoom = (id: string) => `conversation:${id}`;

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
  const db = services.db as unknown as ChatDb;
  const log = services.log;
  const io = new Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>(server, {
    path: '/socket.io',
    serveClient: false,
    maxHttpBufferSize: MAX_PAYLOAD,
    // The app's own upgrade handler answers other paths.
    destroyUpgrade: false,
    // socket.io's cors option does not stop a websocket handshake from another origin; this does.
    allowRequest: (req, callback) => callback(null, sameOrigin(req)),
  });

  const redisClients: Redis[] = [];
  if (services.config.redisUrl) {
    const pub = new Redis(services.config.redisUrl, { maxRetriesPerRequest: 3 });
    const sub = pub.duplicate();
    for (const c of [pub, sub]) c.on('error', (err) => log.warn({ err }, 'chat redis connection error'));
    redisClients.push(pub, sub);
    io.adapter(createAdapter(pub, sub, { key: `${services.config.redisPrefix}socket.io` }));
  }

  async function authenticate(token: string, aud: 'admin' | 'candidate'): Promise<SessionUser | null> {
    const r = await services.auth.resolve(token, aud);
    return r.kind === 'ok' ? r.user : null;
  }

  io.use(async (socket, next) => {
    try {
      const req = socket.request;
      const candidates: { token: string; aud: 'admin' | 'candidate' }[] = [];
      const authToken = (socket.handshake.auth as Record<string, unknown> | undefined)?.token;
      if (typeof authToken === 'string' && authToken) candidates.push({ token: authToken, aud: 'admin' }, { token: authToken, aud: 'candidate' });
      else if (req.headers.cookie && req.headers.origin && sameOrigin(req)) {
        const cookies = parseCookies(req.headers.cookie);
        if (cookies.token) candidates.push({ token: cookies.token, aud: 'admin' });
        if (cookies.candidate_token) candidates.push({ token: cookies.candidate_token, aud: 'candidate' });
      }
      for (const c of candidates) {
        const user = await authenticate(c.token, c.aud);
        if (user) {
          socket.data = { token: c.token, aud: c.aud, userId: user.id, lang: user.lang };
          return next();
        }
      }
      next(new Error('unauthorized'));
    } catch (err) {
      log.error({ err }, 'chat handshake failed');
      next(new Error('unauthorized'));
    }
  });

  /** The conversation if this user may act on it: its own (candidate) or of its tenant (staff). */
  async function conversationFor(user: SessionUser, conversationId: string) {
    const row = await db
      .selectFrom('conversations as c')
      .leftJoin('jobs as j', 'j.id', 'c.job_id')
      .select(['c.id', 'c.company_id', 'c.candidate_id', 'j.client_id'])
      .where('c.id', '=', conversationId)
      .executeTakeFirst();
    if (!row) return null;
    if (user.role === 'candidate') return row.candidate_id === user.id ? row : null;
    return ownsRow(tenantOf(user), { companyId: row.company_id, clientId: row.client_id }) ? row : null;
  }

  async function store(conversationId: string, sender: SessionUser, role: SenderRole, p: z.output<typeof SendMessage>) {
    return db.transaction().execute(async (trx) => {
      // One writer per conversation at a time, in any number of processes: seq has no gaps or twins.
      await sql`select id from conversations where id = ${conversationId} for update`.execute(trx);
      const existing = await trx
        .selectFrom('messages')
        .selectAll()
        .where('conversation_id', '=', conversationId)
        .where('client_msg_id', '=', p.client_msg_id)
        .executeTakeFirst();
      if (existing) return { message: toMessage(existing), created: false };
      const inserted = await trx
        .insertInto('messages')
        .values({
          conversation_id: conversationId,
          seq: sql<number>`(select coalesce(max(seq), 0) + 1 from messages where conversation_id = ${conversationId})`,
          sender_id: sender.id,
          sender_role: role,
          message_type: p.message_type,
          content: p.message_content,
          client_msg_id: p.client_msg_id,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx.updateTable('conversations').set({ last_message_at: inserted.created_at }).where('id', '=', conversationId).execute();
      return { message: toMessage(inserted), created: true };
    });
  }

  const unsubscribe = services.bus.subscribe('session.revoked', ({ userId }) => {
    io.local.in(userRoom(userId)).disconnectSockets(true);
  });

  io.on('connection', (socket: ChatSocket) => {
    const { userId } = socket.data;
    void socket.join(userRoom(userId));
    const sends = bucket(20, 10_000);
    const others = bucket(60, 10_000);
    const fail = (error: ChatErrorCode): ChatFailure => ({ ok: false, error, message: ERRORS[error][socket.data.lang] });

    if (socket.data.aud === 'candidate') {
      // A candidate hears every conversation of its own.
      void db
        .selectFrom('conversations')
        .select('id')
        .where('candidate_id', '=', userId)
        .execute()
        .then((rows) => socket.join(rows.map((r) => convRoom(r.id))))
        .catch((err) => log.warn({ err }, 'chat: joining conversations failed'));
    }

    /**
     * Runs one event: rate, session (logout or deactivation since the handshake), payload and the
     * right to the conversation are checked every time; the answer goes to `ack` if there is one.
     */
    function handle<S extends z.ZodType<{ conversation_id: string }>, R extends { ok: true }>(
      schema: S,
      limiter: () => boolean,
      run: (user: SessionUser, payload: z.output<S>) => Promise<R>,
    ) {
      return async (payload: unknown, ack?: unknown) => {
        const reply = typeof ack === 'function' ? (ack as (r: R | ChatFailure) => void) : () => {};
        try {
          if (!limiter()) return reply(fail('rate'));
          const user = await authenticate(socket.data.token, socket.data.aud);
          if (!user) {
            reply(fail('session'));
            socket.disconnect(true);
            return;
          }
          socket.data.lang = user.lang;
          const parsed = schema.safeParse(payload);
          if (!parsed.success) return reply(fail('invalid'));
          if (!(await conversationFor(user, parsed.data.conversation_id))) return reply(fail('forbidden'));
          reply(await run(user, parsed.data));
        } catch (err) {
          log.error({ err }, 'chat event failed');
          reply(fail('server'));
        }
      };
    }

    socket.on(
      'sendMessageMember',
      handle(SendMessage, sends, async (user, p) => {
        const { message, created } = await store(p.conversation_id, user, socket.data.aud === 'candidate' ? 'candidate' : 'staff', p);
        await socket.join(convRoom(p.conversation_id));
        // Stored first; a resend of a stored message is answered, not broadcast again.
        if (created) io.to(convRoom(p.conversation_id)).emit('newMessage', message);
        return { ok: true as const, message };
      }),
    );

    socket.on(
      'sendSeenAdmin',
      handle(Seen, others, async (user, p) => {
        const row = await db
          .insertInto('conversation_reads')
          .values({
            conversation_id: p.conversation_id,
            user_id: user.id,
            last_seq: sql<number>`(select coalesce(max(seq), 0) from messages where conversation_id = ${p.conversation_id})`,
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
        io.to(convRoom(p.conversation_id)).emit('seenAdmin', { conversation_id: p.conversation_id, user_id: user.id, last_seq });
        return { ok: true as const, last_seq };
      }),
    );

    socket.on(
      'backfill',
      handle(Backfill, others, async (_user, p) => {
        const rows = await db
          .selectFrom('messages')
          .selectAll()
          .where('conversation_id', '=', p.conversation_id)
          .where('seq', '>', sql<string>`${p.after_seq}`)
          .orderBy('seq')
          .limit(BACKFILL_LIMIT)
          .execute();
        await socket.join(convRoom(p.conversation_id));
        return { ok: true as const, messages: rows.map(toMessage) };
      }),
    );

    socket.on(
      'joinConversation',
      handle(Seen, others, async (_user, p) => {
        await socket.join(convRoom(p.conversation_id));
        return { ok: true as const };
      }),
    );
  });

  return {
    io,
    async close() {
      unsubscribe();
      io.local.disconnectSockets(true);
      // Not io.close(): that would close the HTTP server, which belongs to the caller.
      io.engine.close();
      await Promise.allSettled(redisClients.map((c) => c.quit()));
    },
  };
}
