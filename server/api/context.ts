import type { Lang } from '../../shared/i18n.ts';
import type { SessionUser } from '../modules/auth/service.ts';
import type { Services } from '../services.ts';

/** One operation's caller. The same shape over HTTP, WebSocket and in-process calls. */
export interface ApiContext {
  services: Services;
  user: SessionUser | null;
  lang: Lang;
  ip: string;
}
