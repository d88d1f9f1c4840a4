import { type Kysely, sql } from 'kysely';
import { createNotifyFunction, createStatementTrigger, dropTrigger } from '../migration-kit.ts';

/**
 * The session rows (who a token belongs to, in which role and tenant, and whether it is still
 * good) are cached in every process (server/modules/auth/session-cache.ts). Any write that can
 * change one sends NOTIFY tsunagu_sessions once per statement: a user added, removed, or changed
 * in a column a session reads (logout and password changes move session_version; deactivation,
 * a role or tenant change, a new name, e-mail or language). PostgreSQL delivers it when the
 * transaction commits; last_login_at and the other columns send nothing.
 */
const EVENTS = 'insert or update of email, name, role, company_id, client_id, lang, active, session_version or delete or truncate';

export async function up(db: Kysely<any>): Promise<void> {
  await createNotifyFunction(db, 'tsunagu_sessions_changed', `'tsunagu_sessions'`, `''`);
  await createStatementTrigger(db, 'users_sessions_changed', EVENTS, 'users', 'tsunagu_sessions_changed');
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTrigger(db, 'users_sessions_changed', 'users');
  await sql`drop function if exists tsunagu_sessions_changed()`.execute(db);
}
