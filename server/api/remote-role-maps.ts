import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import type { RoleMaps } from '../auth/default-roles.ts';

/** The subscription that says "the role maps changed" (server/modules/auth/api/session.ts). */
const ROLE_MAPS_CHANGED = /* GraphQL */ `subscription RoleMapsChanged { roleMapsChanged }`;

/**
 * The role maps of a web tier apart from the API (API_URL), cached like the API's own
 * (server/modules/roles/role-maps.ts) and dropped the same way: the API process hears PostgreSQL's
 * NOTIFY and passes it on over the `roleMapsChanged` subscription, which this cache holds open on
 * /graphqlws with the token of a signed-in person (the same readers as the roleMaps query). The
 * cache is trusted only while that subscription is live: each new subscription drops it (a change
 * may have happened while none was open), and a closed one (the API gone, the token revoked) makes
 * every request read the maps again until a later request opens a new one.
 */
export class RemoteRoleMapCache {
  private cached: Promise<RoleMaps> | null = null;
  private live = false;
  private client: Client | null = null;
  private token: string | undefined;
  private closed = false;

  constructor(
    private readonly wsUrl: string,
    private readonly load: (token: string | undefined) => Promise<RoleMaps>,
  ) {}

  get(token?: string): Promise<RoleMaps> {
    if (token) this.token = token;
    if (this.cached && this.live) return this.cached;
    this.subscribe();
    const p = this.load(token);
    this.cached = p;
    p.catch(() => {
      if (this.cached === p) this.cached = null;
    });
    return p;
  }

  /** Drops the cached maps (a change made through this web tier: no need to wait for the notice). */
  invalidate(): void {
    this.cached = null;
  }

  /** True while the change subscription is open and has answered (for tests and health). */
  get listening(): boolean {
    return this.live;
  }

  private subscribe(): void {
    if (this.client || !this.token || this.closed) return;
    const client = createClient({
      url: this.wsUrl,
      webSocketImpl: WebSocket,
      lazy: true,
      retryAttempts: 0,
      connectionParams: () => ({ Authorization: `Bearer ${this.token}` }),
    });
    this.client = client;
    const stop = () => {
      if (this.client !== client) return;
      this.client = null;
      this.live = false;
      this.cached = null;
      void client.dispose();
    };
    client.on('closed', stop);
    client.subscribe<{ roleMapsChanged: number }>(
      { query: ROLE_MAPS_CHANGED },
      {
        next: () => {
          // The first answer says the subscription is open; it and every later one drop the cache.
          this.cached = null;
          this.live = true;
        },
        error: stop,
        complete: stop,
      },
    );
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = null;
    this.live = false;
    if (client) await client.dispose();
  }
}
