import type pg from 'pg';
import type { Logger } from 'pino';
import type { DB } from '../../db/connect.ts';
import { cachedOn, NotifiedCache, wroteTable } from '../../db/notified-cache.ts';

/**
 * The session rows, cached per process: every page view checks its token against the
 * user's row (active, session_version, role and tenant), and for a warm page that check was one of
 * its two statements. Migration 0038 makes any write to users that can change a session (logout,
 * a password change, deactivation, a role, tenant, name, e-mail or language change, a user added
 * or removed) send NOTIFY tsunagu_sessions; every process drops its copy when the writing
 * transaction commits, and the process that wrote drops its own at once (`wroteTable`, as the
 * resource engine does after each write and AuthService after a logout or password change), so a
 * revoked token is refused on that process's next request and on the others' within the notice's
 * delivery. While the listener is disconnected nothing is cached (server/db/notified-cache.ts).
 */
export const SESSION_CHANNEL = 'tsunagu_sessions';
export const SESSION_TABLES = ['users'];

export const createSessionCache = (db: DB, pool: pg.Pool, log?: Logger) => new NotifiedCache(db, pool, { channel: SESSION_CHANNEL, tables: SESSION_TABLES, max: 10_000 }, log);

/** A user's session row through the process's cache (loaded when there is none). Callers must not change the value. */
export function cachedSession<T>(db: DB, userId: string, load: () => Promise<T>): Promise<T> {
  return cachedOn(db, SESSION_CHANNEL, userId, load);
}

/**
 * Drops this process's session rows now, for news of a user change that came another way than the
 * NOTIFY: a bus event published after the change committed may reach another process before the
 * notice does (the chat moving a user's open sockets to the rooms of a new role or company).
 */
export function forgetSessions(db: DB): void {
  wroteTable(db, SESSION_TABLES[0]!);
}
