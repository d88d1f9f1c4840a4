import { sql } from 'kysely';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { RoleMap, RoleMaps } from '../../auth/default-roles.ts';
import type { DB } from '../../db/connect.ts';
import { NotifyListener } from '../../db/notify.ts';

/** PostgreSQL channel that says "the role maps changed"; every process listens (DESIGN.md §5). */
export const ROLE_MAPS_CHANNEL = 'tsunagu_role_maps';

export async function loadRoleMaps(db: DB): Promise<RoleMaps> {
  const [pages, actions] = await Promise.all([
    db.selectFrom('page_roles').select(['code', 'role']).orderBy('code').orderBy('role').execute(),
    db.selectFrom('action_roles').select(['code', 'role']).orderBy('code').orderBy('role').execute(),
  ]);
  const toMap = (rows: { code: number; role: string }[]): RoleMap => {
    const map: RoleMap = {};
    for (const r of rows) (map[String(r.code)] ??= []).push(r.role);
    return map;
  };
  return { pageRoles: toMap(pages), actionRoles: toMap(actions) };
}

/** Replaces both maps in one transaction and tells every process (NOTIFY is sent on commit). */
export async function saveRoleMaps(db: DB, maps: RoleMaps): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const [table, map] of [
      ['page_roles', maps.pageRoles],
      ['action_roles', maps.actionRoles],
    ] as const) {
      await trx.deleteFrom(table).execute();
      const rows = Object.entries(map).flatMap(([code, roles]) => roles.map((role) => ({ code: Number(code), role })));
      if (rows.length) await trx.insertInto(table).values(rows).execute();
    }
    await sql`select pg_notify(${ROLE_MAPS_CHANNEL}, '')`.execute(trx);
  });
}

/**
 * The role maps, cached in memory and dropped whenever any process changes them
 * (LISTEN/NOTIFY on the database every process already shares, so no Redis is needed for this).
 * While the listener is not connected the cache is not trusted, so a missed notice can't leave
 * stale permissions behind.
 */
export class RoleMapCache {
  private cached: Promise<RoleMaps> | null = null;
  private generation = 0;
  private readonly listener: NotifyListener;
  private readonly changeListeners = new Set<() => void>();

  constructor(
    private readonly db: DB,
    pool: pg.Pool,
    log?: Logger,
  ) {
    this.listener = new NotifyListener(
      pool,
      ROLE_MAPS_CHANNEL,
      {
        onNotify: () => {
          this.invalidate();
          for (const listener of this.changeListeners) listener();
        },
        onConnected: () => this.invalidate(),
        onLost: () => this.invalidate(),
      },
      log,
    );
  }

  get(): Promise<RoleMaps> {
    if (this.cached && this.listener.connected) return this.cached;
    const gen = this.generation;
    const p = loadRoleMaps(this.db);
    this.cached = p;
    p.catch(() => {
      if (this.generation === gen) this.cached = null;
    });
    return p;
  }

  invalidate(): void {
    this.generation++;
    this.cached = null;
  }

  /**
   * Calls `listener` whenever any process changed the role maps (on the NOTIFY, which every
   * process receives after the change has committed, so `get()` then returns the new maps).
   * Returns the function that stops it.
   */
  onChange(listener: () => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  listen(): Promise<void> {
    return this.listener.listen();
  }

  async close(): Promise<void> {
    this.listener.close();
  }
}
