import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { DB } from './db/connect.ts';
import type { EventBus } from './events/bus.ts';
import type { Mailer } from './mail.ts';
import type { Outbound } from './net/outbound.ts';
import type { AuthService } from './modules/auth/service.ts';
import type { AdService } from './modules/ads/service.ts';
import type { RoleMapCache } from './modules/roles/role-maps.ts';
import type { Timers } from './time.ts';

/*
 * Types only, below the API: the API's resolvers and handlers get these services, and so do the
 * layers under it that the API hands them to (resource hooks, the chat's upload routes), which
 * may not import server/api (docs/architecture.md "Layers and the import rule").
 */

/** Everything the API's resolvers and REST handlers (and the resource hooks and chat routes they call) may use. Built once in createApp. */
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
  /** Every request to an address a user gave (job import, Romuten, banner images) goes through it (docs/outbound.md). */
  outbound: Outbound;
}
