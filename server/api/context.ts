import type { Lang } from '../../shared/i18n.ts';
import type { Tenant } from '../access/tenancy.ts';
import type { SessionUser } from '../modules/auth/service.ts';
import type { Services } from '../services.ts';

/** One operation's caller. The same shape over HTTP, WebSocket and in-process calls. */
export interface ApiContext {
  services: Services;
  user: SessionUser | null;
  /** Whose rows the caller may see and change (server/access/tenancy.ts `tenantOf`): none without a session. */
  tenant: Tenant;
  /** The session token the caller sent (back office or candidate), when it is valid. */
  token?: string | undefined;
  lang: Lang;
  ip: string;
}
