import type { Lang } from '../../shared/i18n.ts';
import type { SessionUser } from '../modules/auth/service.ts';
import type { Services } from '../services.ts';

/** One operation's caller. The same shape over HTTP, WebSocket and in-process calls. */
export interface ApiContext {
  services: Services;
  user: SessionUser | null;
  /** The session token the caller sent (back office or candidate), when it is valid. */
  token?: string | undefined;
  lang: Lang;
  ip: string;
}
