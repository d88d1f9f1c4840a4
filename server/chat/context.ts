/**
 * What the chat's socket event handlers work with (server/chat/handlers.ts): the socket.io types
 * of this server and the context object each handler takes. Types only.
 */
import type { Server, Socket } from 'socket.io';
import type { Lang } from '../../shared/i18n.ts';
import type { AuthService, SessionUser } from '../modules/auth/service.ts';
import type { AnnounceDeps } from '../modules/pipeline/announce.ts';
import type { RoleMapCache } from '../modules/roles/role-maps.ts';
import type { ChatErrorCode, ChatFailure, ClientToServerEvents, ServerToClientEvents } from './events.ts';
import type { Config } from '../config.ts';
import type { CandidateMail, MailDeps } from './mail.ts';
import type { ConversationAccess, Viewer } from './queries.ts';

export interface SocketData {
  token: string;
  aud: 'admin' | 'candidate';
  userId: string;
  lang: Lang;
  /** The tenant rooms the socket was put in for the user's tenant and chat codes. */
  rooms: string[];
}
export type ChatIo = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type ChatSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** What createChatServer is given: the part of the API's Services the chat uses (the chat does not import the API). */
export interface ChatServices extends AnnounceDeps, MailDeps {
  config: Pick<Config, 'redisUrl' | 'redisPrefix' | 'chatMailDelaySeconds'>;
  auth: AuthService;
  roleMaps: RoleMapCache;
}

/** What the chat's handlers use. */
export interface ChatDeps extends AnnounceDeps {
  auth: AuthService;
  roleMaps: RoleMapCache;
  /** Mail to a candidate about an answer left unread (server/chat/mail.ts). */
  mail: CandidateMail;
  io: ChatIo;
}

/** One event's caller, checked: a live session, its rights, and the socket it came on. */
export interface EventContext extends ChatDeps {
  socket: ChatSocket;
  user: SessionUser;
  viewer: Viewer;
  /** Which side this socket writes for (fixed at the handshake). */
  side: 'candidate' | 'staff';
  /** The refusal `{ ok: false, error, message }` in the caller's language. */
  fail(error: ChatErrorCode): ChatFailure;
}

/** An event about one conversation the caller may open (tenant, codes, own). */
export interface ConversationContext extends EventContext {
  c: ConversationAccess;
}
