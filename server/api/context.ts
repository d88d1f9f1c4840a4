import type { Timers } from '../time.ts';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { DB } from '../db/connect.ts';
import type { EventBus } from '../events/bus.ts';
import type { Lang } from '../../shared/i18n.ts';
import type { Mailer } from '../mail.ts';
import type { AuthService, SessionUser } from '../modules/auth/service.ts';
import type { RoleMapCache } from '../modules/roles/role-maps.ts';
import type { AdService } from '../modules/ads/service.ts';

/** Everything the API's resolvers and REST handlers may use. Built once in createApp. */
export interface Services {
  config: Config;
  db: DB;
  log: Logger;
  auth: AuthService;
  roleMaps: RoleMapCache;
  bus: EventBus;
  mailer: Mailer;
  /** An absolute address of the public site (PUBLIC_URL) for a path, for links in mail. */
  publicUrl: (path: string) => string;
  /** What the server waits with (real timers; a test's clock in tests). */
  timers: Timers;
  /** The current ads of the public boards, cached, with their counters (docs/ads.md). */
  ads: AdService;
}

/** One operation's caller. The same shape over HTTP, WebSocket and in-process calls. */
export interface ApiContext {
  services: Services;
  user: SessionUser | null;
  lang: Lang;
  ip: string;
}
